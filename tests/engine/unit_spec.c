/*
 * unit_spec.c - kernels specialised at launch (machine.c spec_of, inline.c
 * ir_specialize): a kernel launched 100 times with one block and grid shape
 * gets one copy, which all 100 launches run; another shape gets its own; the
 * output is the one of the kernel as compiled (no_spec), with fewer steps;
 * a clone of a machine mid-launch (clone.c spec_clone) ends as the original.
 */
#include <stdlib.h>

#include "unit_compile.h"

static const char *src =
	"#include <cstdio>\n"
	"__global__ void k(int *a, int n)\n"
	"{\n"
	"\tunsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;\n"
	"\tint v = 0;\n"
	"\tfor (unsigned s = blockDim.x / 2; s > 0; s >>= 1)\n"
	"\t\tv += t < s ? (int)(i % blockDim.x) : 1;\n"
	"\tif (i < n)\n"
	"\t\ta[i] += v + (int)gridDim.x;\n"
	"}\n"
	"int main()\n"
	"{\n"
	"\tint *d, h[512];\n"
	"\tcudaMalloc(&d, sizeof h);\n"
	"\tcudaMemset(d, 0, sizeof h);\n"
	"\tfor (int r = 0; r < 100; r++)\n"
	"\t\tk<<<4, 128>>>(d, 512);\n"
	"\tk<<<2, 256>>>(d, 512);\n"
	"\tcudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);\n"
	"\tlong long x = 0;\n"
	"\tfor (int i = 0; i < 512; i++)\n"
	"\t\tx += (long long)h[i] * (i % 7 + 1);\n"
	"\tprintf(\"sum %lld\\n\", x);\n"
	"\treturn 0;\n"
	"}\n";

struct res {
	char *out;
	uint64_t steps, made, used;
};

static struct machine *start(const struct compilation *c, int no_spec, FILE *o)
{
	struct machine_opts mo;
	machine_opts_init(&mo);
	mo.fast = 1;
	mo.no_spec = no_spec;
	mo.out = o;
	mo.err = o;
	struct machine *m = machine_new(c->mod, &mo);
	char *argv[] = { "p", NULL };
	machine_start(m, 1, argv);
	return m;
}

static struct res finish(struct machine *m, FILE *o)
{
	struct res r = { 0 };
	while (machine_run(m, 0) == MST_RUNNING)
		;
	r.steps = machine_steps(m);
	machine_spec_counts(m, &r.made, &r.used);
	machine_free(m);
	r.out = tap_slurp(o);
	fclose(o);
	return r;
}

int main(void)
{
	tap_start();
	struct compilation c;
	if (unit_compile(&c, src))
		return tap_end();
	ir_optimize_run(c.mod, &c.arena);
	FILE *o = tmpfile();
	struct res on = finish(start(&c, 0, o), o);
	o = tmpfile();
	struct res off = finish(start(&c, 1, o), o);
	ok(on.out && off.out && !strncmp(on.out, "sum ", 4) && !strcmp(on.out, off.out),
	   "the same output with and without copies (%s)", on.out ? on.out : "(none)");
	ok(on.made == 2 && on.used == 101, "101 launches of two shapes: 2 copies made, run by %llu launches",
	   (unsigned long long)on.used);
	ok(off.made == 0 && off.used == 0, "no_spec: none made (%llu), none run (%llu)",
	   (unsigned long long)off.made, (unsigned long long)off.used);
	ok(on.steps < off.steps, "the copies run fewer steps (%llu against %llu)", (unsigned long long)on.steps,
	   (unsigned long long)off.steps);
	/* a clone taken inside a launch of a copy: its grid and frames run the
	 * clone's own copy, and both end alike */
	o = tmpfile();
	struct machine *m = start(&c, 0, o);
	uint64_t made = 0, used = 0;
	for (int i = 0; i < 100000 && !used && machine_get_status(m) == MST_RUNNING; i++) {
		machine_run(m, 1);
		machine_spec_counts(m, &made, &used);
	}
	machine_run(m, 7); /* into the launch */
	FILE *o2 = tmpfile();
	struct machine *cl = machine_can_clone(m) ? machine_clone(m) : NULL;
	ok(cl != NULL, "a machine running a copy can be cloned");
	if (cl) {
		machine_set_output(cl, o2, o2);
		struct res a = finish(m, o), b = finish(cl, o2);
		ok(a.out && b.out && !strcmp(a.out, on.out) && !strcmp(b.out, on.out) && a.steps == b.steps,
		   "the clone ends as the original (%s, %llu steps)", b.out ? b.out : "(none)",
		   (unsigned long long)b.steps);
		free(a.out);
		free(b.out);
	} else {
		finish(m, o);
		fclose(o2);
	}
	free(on.out);
	free(off.out);
	compilation_release(&c);
	return tap_end();
}
