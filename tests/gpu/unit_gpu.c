/*
 * unit_gpu.c - TAP tests of the GPU paths that need no GPU (docs/gpu.md):
 * the runtime's backend hooks driven by a fake GPU (device allocations at
 * the GPU's addresses, launches handed over with their packed arguments,
 * device memory mirrored both ways, kernel time on the event clock, a
 * device fault as the sticky error), kernel argument packing, the driver's
 * result codes, and the driver loader's failure without libcuda.
 */
#include "front.h"
#include "gpu.h"
#include "machine.h"
#include "session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"

static const char prog[] =
	"#include <stdio.h>\n"
	"__device__ int dev_scale = 3;\n"
	"__global__ void times10(int *p, int n, int *sym) { p[threadIdx.x] *= 10 + 0 * n * *sym; }\n"
	"__global__ void bump(int *m) { m[0]++; }\n"
	"__global__ void crash(int *p) { p[-100000000] = 1; }\n"
	"int main(void)\n"
	"{\n"
	"\tint h[4] = { 1, 2, 3, 4 };\n"
	"\tint *d, *m, *s;\n"
	"\tcudaMalloc(&d, sizeof(h));\n"
	"\tprintf(\"gpu address %d\\n\", (unsigned long long)d == 0x7f0000100000ull);\n"
	"\tcudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);\n"
	"\tcudaGetSymbolAddress((void **)&s, dev_scale);\n"
	"\tcudaEvent_t a, b;\n"
	"\tcudaEventCreate(&a);\n"
	"\tcudaEventCreate(&b);\n"
	"\tcudaEventRecord(a, 0);\n"
	"\ttimes10<<<1, 4>>>(d, 4, s);\n"
	"\tcudaEventRecord(b, 0);\n"
	"\tcudaEventSynchronize(b);\n"
	"\tfloat ms = 0;\n"
	"\tcudaEventElapsedTime(&ms, a, b);\n"
	"\tprintf(\"kernel time %d\\n\", ms >= 5.0f);\n"
	"\tcudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);\n"
	"\tprintf(\"%d %d %d %d\\n\", h[0], h[1], h[2], h[3]);\n"
	"\tcudaMallocManaged(&m, 8);\n"
	"\tm[0] = 41;\n"
	"\tbump<<<1, 1>>>(m);\n"
	"\tcudaDeviceSynchronize();\n"
	"\tprintf(\"managed %d\\n\", m[0]);\n"
	"\tcudaFree(d);\n"
	"\tcrash<<<1, 1>>>(m);\n"
	"\tcudaError_t e = cudaDeviceSynchronize();\n"
	"\tprintf(\"after the fault: %d %s\\n\", (int)e, cudaGetErrorString(e));\n"
	"\treturn 0;\n"
	"}\n";

struct fake {
	const struct ir_module *mod;
	uint64_t next;
	int allocs, frees, launches, managed;
	int args_ok, sym_seen, mirror_ok;
};

static int fake_alloc(void *ctx, uint64_t size, int managed, uint64_t *addr)
{
	struct fake *f = ctx;
	*addr = f->next;
	f->next += (size + 0xfffff) & ~(uint64_t)0xfffff;
	f->allocs++;
	f->managed += managed;
	return 0;
}

static int fake_free(void *ctx, uint64_t addr)
{
	struct fake *f = ctx;
	f->frees++;
	return 0;
}

/* "runs" the kernel on the emulator's copy of device memory, as the GPU
 * would on its own copy before the backend copies it back */
static int fake_launch(void *ctx, struct machine *m, const struct machine_gpu_launch *l, uint64_t *ns)
{
	struct fake *f = ctx;
	const struct ir_func *fn = &f->mod->funcs[l->func];
	f->launches++;
	*ns = 5000000;
	void *ptrs[8];
	uint8_t buf[64];
	memcpy(buf, l->param, l->param_size < sizeof(buf) ? l->param_size : sizeof(buf));
	gpu_pack_args(fn, buf, ptrs);
	uint64_t p0;
	memcpy(&p0, ptrs[0], 8);
	size_t n = 0;
	struct machine_devmem *mem = machine_device_memory(m, &n);
	struct machine_devmem *hit = NULL;
	for (size_t i = 0; i < n; i++) {
		if (mem[i].addr == p0)
			hit = &mem[i];
		if (mem[i].obj >= 0 && mem[i].size == 4 && !strcmp(f->mod->objs[mem[i].obj].name, "dev_scale"))
			f->sym_seen = 1;
	}
	int r = 0;
	if (!strcmp(fn->name, "times10")) {
		int32_t nn;
		uint64_t sym;
		memcpy(&nn, ptrs[1], 4);
		memcpy(&sym, ptrs[2], 8);
		f->args_ok = fn->nparams == 3 && l->grid[0] == 1 && l->block[0] == 4 && nn == 4 && hit && sym != 0;
		if (hit)
			for (int k = 0; k < 4; k++) {
				int32_t v;
				memcpy(&v, hit->data + 4 * k, 4);
				v *= 10;
				memcpy(hit->data + 4 * k, &v, 4);
			}
	} else if (!strcmp(fn->name, "bump")) {
		f->mirror_ok = hit && hit->data[0] == 41;
		if (hit)
			hit->data[0]++;
	} else {
		r = 700;  /* cudaErrorIllegalAddress */
	}
	free(mem);
	return r;
}

static void test_fake_backend(void)
{
	struct compilation c;
	compilation_init(&c);
	int r = front_compile_string(&c, "fake.cu", prog, NULL);
	ok(r == 0, "the program compiles");
	if (r) {
		diag_render(&c.diags, &c.sm, stdout, 0);
		compilation_release(&c);
		return;
	}
	struct fake f = { c.mod, 0x7f0000100000ull, 0, 0, 0, 0, 0, 0, 0 };
	struct machine_gpu g = { &f, fake_alloc, fake_free, fake_launch, 0 };
	char *out = NULL;
	size_t outlen = 0;
	FILE *of = open_memstream(&out, &outlen);
	struct machine_opts o;
	machine_opts_init(&o);
	o.gpu = &g;
	o.out = of;
	struct machine *m = machine_new(c.mod, &o);
	char *argv[] = { "fake", NULL };
	int st = machine_run_main(m, 1, argv);
	machine_free(m);
	fclose(of);
	ok(st == 0, "the program exits 0 (%d)", st);
	ok(out && strstr(out, "gpu address 1\n") != NULL, "cudaMalloc returns the GPU's address");
	ok(f.launches == 3, "every launch goes to the backend, none to the emulator (%d)", f.launches);
	ok(f.args_ok, "the backend gets the grid, the block and the packed arguments");
	ok(f.sym_seen, "device module objects are in the device memory the backend mirrors");
	ok(out && strstr(out, "kernel time 1\n") != NULL, "the kernel's GPU time advances the event clock");
	ok(out && strstr(out, "10 20 30 40\n") != NULL, "what the kernel wrote comes back through cudaMemcpy");
	ok(f.mirror_ok, "a host write to managed memory reaches the backend before the launch");
	ok(out && strstr(out, "managed 42\n") != NULL, "the kernel's write to managed memory is seen by the host");
	ok(f.allocs == 2 && f.managed == 1 && f.frees == 1, "allocations and frees go to the GPU (%d %d %d)",
	   f.allocs, f.managed, f.frees);
	ok(out && strstr(out, "after the fault: 700 an illegal memory access was encountered\n") != NULL,
	   "a device fault is the sticky error with the runtime's string");
	if (tap_nfail)
		printf("# output:\n%s", out ? out : "");
	free(out);
	compilation_release(&c);
}

/* the GPU hands out an address again, in another size and shifted: the
 * emulator forgets the freed block that starts inside the new one (Thrust's
 * temporaries under --gpu read "freed" memory before) */
static const char reuse_prog[] =
	"#include <stdio.h>\n"
	"int main(void)\n"
	"{\n"
	"\tint *a, *b, h[1024], g[1024];\n"
	"\tcudaMalloc(&a, 2048);\n"
	"\tcudaFree(a);\n"
	"\tcudaMalloc(&b, 4096);\n"
	"\tfor (int i = 0; i < 1024; i++)\n"
	"\t\th[i] = 3 * i;\n"
	"\tcudaError_t e = cudaMemcpy(b, h, sizeof(h), cudaMemcpyHostToDevice);\n"
	"\tcudaError_t f = cudaMemcpy(g, b + 300, 100 * sizeof(int), cudaMemcpyDeviceToHost);\n"
	"\tprintf(\"reuse %d %d %d %d\\n\", (int)e, (int)f, g[99], (int)((char *)a - (char *)b));\n"
	"\treturn 0;\n"
	"}\n";

static int reuse_alloc(void *ctx, uint64_t size, int managed, uint64_t *addr)
{
	int *n = ctx;
	*addr = (*n)++ == 0 ? 0x7f0000100400ull : 0x7f0000100000ull;
	return 0;
}

static int reuse_free(void *ctx, uint64_t addr)
{
	return 0;
}

static int reuse_launch(void *ctx, struct machine *m, const struct machine_gpu_launch *l, uint64_t *ns)
{
	return 0;
}

static void test_reuse(void)
{
	struct compilation c;
	compilation_init(&c);
	int r = front_compile_string(&c, "reuse.cu", reuse_prog, NULL);
	ok(r == 0, "the address-reuse program compiles");
	if (r) {
		compilation_release(&c);
		return;
	}
	int n = 0;
	struct machine_gpu g = { &n, reuse_alloc, reuse_free, reuse_launch, 0 };
	char *out = NULL;
	size_t outlen = 0;
	FILE *of = open_memstream(&out, &outlen);
	struct machine_opts o;
	machine_opts_init(&o);
	o.gpu = &g;
	o.out = of;
	o.err = of;
	struct machine *m = machine_new(c.mod, &o);
	char *argv[] = { "reuse", NULL };
	int st = machine_run_main(m, 1, argv);
	machine_free(m);
	fclose(of);
	ok(st == 0 && out && strstr(out, "reuse 0 0 1197 1024\n") != NULL,
	   "a GPU address handed out again inside a freed block's range is the new block's (%d)", st);
	if (tap_nfail)
		printf("# output:\n%s", out ? out : "");
	free(out);
	compilation_release(&c);
}

static void test_pack(void)
{
	/* (int *p, int n, struct { int a, b, c; } s, double x): offsets 0 8 12 24 */
	uint8_t ty[4] = { IR_PTR, IR_S32, IR_PTR, IR_F64 };
	uint32_t size[4] = { 8, 4, 12, 8 }, align[4] = { 8, 4, 4, 8 };
	struct ir_func fn;
	memset(&fn, 0, sizeof(fn));
	fn.nparams = 4;
	fn.param_ty = ty;
	fn.param_size = size;
	fn.param_align = align;
	uint8_t buf[64];
	void *p[4];
	ok(gpu_pack_args(&fn, buf, p) == 4, "gpu_pack_args counts the parameters");
	ok((uint8_t *)p[0] == buf && (uint8_t *)p[1] == buf + 8 && (uint8_t *)p[2] == buf + 12 &&
	   (uint8_t *)p[3] == buf + 24, "each parameter at its natural alignment, as the emulator lays them out");
}

static void test_codes(void)
{
	ok(gpu_runtime_code(0) == 0 && gpu_runtime_code(700) == 700 && gpu_runtime_code(710) == 710 &&
	   gpu_runtime_code(2) == 2 && gpu_runtime_code(218) == 218 && gpu_runtime_code(200) == 98 &&
	   gpu_runtime_code(12345) == 999, "driver results map to the runtime's codes");
}

static void test_no_driver(void)
{
	struct strbuf err;
	strbuf_init(&err);
	setenv("WARPSTEP_LIBCUDA", "/nonexistent/libcuda.so.1", 1);
	struct gpu_driver *d = gpu_driver_open(&err);
	ok(d == NULL && !strncmp(strbuf_cstr(&err), "no CUDA driver: ", 16),
	   "without libcuda the loader says so (%s)", strbuf_cstr(&err));
	gpu_driver_close(d);
	unsetenv("WARPSTEP_LIBCUDA");
	strbuf_release(&err);
}

int main(void)
{
	tap_start();
	test_fake_backend();
	test_reuse();
	test_pack();
	test_codes();
	test_no_driver();
	return tap_end();
}
