/*
 * unit_skipbody.c - a pass does not parse the bodies of the built-in
 * headers' functions it never lowers (parse_decl.c, skip_foreign_body): the
 * host pass skips the __device__-only ones, the device pass the
 * __host__-only ones; both parse __host__ __device__, constexpr and the
 * program's own functions.
 *
 * Each case preprocesses and parses one program as front.c does and looks
 * at the functions of each pass's program: which are defined, which have a
 * body, and from which file they come.
 */
#include "tap.h"
#include "parse_impl.h"
#include "pp.h"

#include <stdlib.h>
#include <string.h>

struct passes2 {
	struct arena a;
	struct srcmgr sm;
	struct diaglist dl;
	struct program *prog[2];
};

static void parse2(struct passes2 *r, const char *src)
{
	arena_init(&r->a);
	srcmgr_init(&r->sm);
	diaglist_init(&r->dl);
	size_t len = strlen(src);
	char *copy = xmalloc(len + 1);
	memcpy(copy, src, len + 1);
	uint32_t id = srcmgr_add(&r->sm, "t.cu", copy, len, 0);
	for (int dev = 0; dev < 2; dev++) {
		struct pp_opts o = { 0 };
		o.implicit_include = "cuda_runtime.h";
		o.cuda_arch = dev ? 900 : 0;
		struct token *t = pp_run(&r->a, &r->sm, &r->dl, id, &o);
		struct parse_opts po = { 0 };
		po.device_pass = dev;
		r->prog[dev] = parse_program(&r->a, &r->dl, t, &po);
	}
}

static void release2(struct passes2 *r)
{
	arena_release(&r->a);
	srcmgr_release(&r->sm);
	diaglist_release(&r->dl);
}

static struct obj *find_fn(struct program *p, const char *qname)
{
	for (struct obj *f = p->funcs; f; f = f->next)
		if (!strcmp(f->qname, qname))
			return f;
	return NULL;
}

/* counts over a pass's functions from the built-in headers */
struct counts {
	int skipped;     /* defined, no body */
	int wrong_skip;  /* skipped though the pass lowers its space, or constexpr */
	int parsed;
};

static struct counts count(struct program *p, int dev)
{
	struct counts c = { 0 };
	unsigned want = dev ? (SPC_DEVICE | SPC_GLOBAL) : SPC_HOST;
	for (struct obj *f = p->funcs; f; f = f->next) {
		if (!f->tok || !f->tok->from_builtin)
			continue;
		if (f->is_defined && !f->body) {
			c.skipped++;
			if ((f->space & want) || f->is_constexpr)
				c.wrong_skip++;
		} else if (f->body) {
			c.parsed++;
		}
	}
	return c;
}

int main(void)
{
	tap_start();
	struct passes2 r;
	parse2(&r, "#include <stdio.h>\n"
		   "__device__ float dsq(float x) { return __fmul_rn(x, x); }\n"
		   "float hsq(float x) { return x * x; }\n"
		   "__global__ void k(float *p) { p[threadIdx.x] = dsq(__sinf(p[0])); }\n"
		   "int main(void) { printf(\"%f\\n\", hsq(2.0f)); return 0; }\n");
	ok(r.dl.nerrors == 0, "the program parses without errors (got %d)", (int)r.dl.nerrors);
	struct counts h = count(r.prog[0], 0), d = count(r.prog[1], 1);
	ok(h.skipped >= 100, "host pass: the headers' __device__-only bodies are skipped (%d skipped, %d parsed)",
	   h.skipped, h.parsed);
	ok(d.skipped >= 100, "device pass: the headers' __host__-only bodies are skipped (%d skipped, %d parsed)",
	   d.skipped, d.parsed);
	ok(h.wrong_skip == 0 && d.wrong_skip == 0,
	   "no pass skips a body of its own space or a constexpr one (host %d, device %d)", h.wrong_skip,
	   d.wrong_skip);
	ok(h.parsed > 0 && d.parsed > 0, "both passes parse the bodies they lower (host %d, device %d)", h.parsed,
	   d.parsed);
	/* the program's own functions: every pass parses every body */
	const char *mine[] = { "dsq", "hsq", "k", "main" };
	for (int dev = 0; dev < 2; dev++)
		for (size_t i = 0; i < sizeof(mine) / sizeof(mine[0]); i++) {
			struct obj *f = find_fn(r.prog[dev], mine[i]);
			ok(f && f->body, "%s pass: the program's %s keeps its body", dev ? "device" : "host", mine[i]);
		}
	/* one function of each space only, from the headers */
	struct obj *f;
	f = find_fn(r.prog[0], "__vsads2");
	ok(f && f->is_defined && !f->body, "host pass: __vsads2 (__device__) is defined, its body not parsed");
	f = find_fn(r.prog[1], "__vsads2");
	ok(f && f->body, "device pass: __vsads2 is parsed");
	f = find_fn(r.prog[1], "cudaSetDeviceFlags");
	ok(f && f->is_defined && !f->body, "device pass: cudaSetDeviceFlags (__host__) is defined, its body not parsed");
	f = find_fn(r.prog[0], "cudaSetDeviceFlags");
	ok(f && f->body, "host pass: cudaSetDeviceFlags is parsed");
	release2(&r);

	/* a host function calling a __device__-only header function still gets
	 * the diagnostic of the call (the declaration is there, the body not) */
	parse2(&r, "int main(void) { float x = __vsads2(1u, 2u); return (int)x; }\n");
	int found = 0;
	for (size_t i = 0; i < r.dl.v.len; i++)
		if (r.dl.v.v[i].msg && strstr(r.dl.v.v[i].msg, "from host code"))
			found = 1;
	ok(found, "a __device__ header function called from host code is still reported");
	release2(&r);
	return tap_end();
}
