/* runner.c: host program for the OpenCL versions of the bench kernels, meant to run under
 * Oclgrind (`oclgrind ./runner DIR NAME [SIZE]`). Sets up the same data as bench/NAME.cu, times
 * the kernel (enqueue to clFinish), verifies, prints "NAME checksum X ok" and "kernel_ms T".
 * NAME: vecadd, reduce_smem, matmul_tiled, histogram (reduce_shfl has no OpenCL 1.2 form).
 * SIZE is bench/NAME.cu's second argument: the log2 of the element count (8 to 26, default
 * 20), for matmul_tiled the matrix side (a multiple of 16 from 16 to 2048, default 256). */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static cl_context ctx;
static cl_command_queue q;
static cl_kernel kern;

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void die(const char *what, cl_int err)
{
	fprintf(stderr, "runner: %s failed (%d)\n", what, (int)err);
	exit(2);
}

/* xmalloc: malloc, or exit with a message when memory runs out */
static void *xmalloc(size_t bytes)
{
	void *p = malloc(bytes ? bytes : 1);
	if (!p) {
		fprintf(stderr, "runner: out of memory allocating %zu bytes\n", bytes);
		exit(2);
	}
	return p;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		perror(path);
		exit(2);
	}
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *s = xmalloc(n + 1);
	if (fread(s, 1, n, f) != (size_t)n)
		die("read", -1);
	s[n] = 0;
	fclose(f);
	return s;
}

static void setup(const char *dir, const char *name)
{
	cl_int err;
	cl_platform_id plat;
	cl_device_id dev;
	if ((err = clGetPlatformIDs(1, &plat, NULL)) != CL_SUCCESS)
		die("clGetPlatformIDs", err);
	if ((err = clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL)) != CL_SUCCESS)
		die("clGetDeviceIDs", err);
	ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	if (err != CL_SUCCESS)
		die("clCreateContext", err);
	q = clCreateCommandQueue(ctx, dev, 0, &err);
	if (err != CL_SUCCESS)
		die("clCreateCommandQueue", err);
	char path[1024];
	snprintf(path, sizeof path, "%s/%s.cl", dir, name);
	const char *src = slurp(path);
	cl_program prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
	if (err != CL_SUCCESS)
		die("clCreateProgramWithSource", err);
	if ((err = clBuildProgram(prog, 1, &dev, "", NULL, NULL)) != CL_SUCCESS) {
		char log[8192];
		clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
		fprintf(stderr, "%s\n", log);
		die("clBuildProgram", err);
	}
	kern = clCreateKernel(prog, name, &err);
	if (err != CL_SUCCESS)
		die("clCreateKernel", err);
}

static cl_mem buffer(size_t bytes, void *init)
{
	cl_int err;
	cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE | (init ? CL_MEM_COPY_HOST_PTR : 0), bytes, init, &err);
	if (err != CL_SUCCESS)
		die("clCreateBuffer", err);
	return m;
}

static double launch(int dims, const size_t *global, const size_t *local)
{
	double t0 = now_ms();
	cl_int err = clEnqueueNDRangeKernel(q, kern, dims, NULL, global, local, 0, NULL, NULL);
	if (err != CL_SUCCESS)
		die("clEnqueueNDRangeKernel", err);
	clFinish(q);
	return now_ms() - t0;
}

static void readback(cl_mem m, size_t bytes, void *dst)
{
	cl_int err = clEnqueueReadBuffer(q, m, CL_TRUE, 0, bytes, dst, 0, NULL, NULL);
	if (err != CL_SUCCESS)
		die("clEnqueueReadBuffer", err);
}

static int run_vecadd(int n)
{
	float *a = xmalloc(n * sizeof *a), *b = xmalloc(n * sizeof *b), *c = xmalloc(n * sizeof *c);
	for (int i = 0; i < n; i++) {
		a[i] = (float)(i & 1023);
		b[i] = (float)(i >> 10);
	}
	cl_mem da = buffer(n * sizeof *a, a), db = buffer(n * sizeof *b, b), dc = buffer(n * sizeof *c, NULL);
	clSetKernelArg(kern, 0, sizeof da, &da);
	clSetKernelArg(kern, 1, sizeof db, &db);
	clSetKernelArg(kern, 2, sizeof dc, &dc);
	clSetKernelArg(kern, 3, sizeof n, &n);
	size_t g = n, l = 256;
	double ms = launch(1, &g, &l);
	readback(dc, n * sizeof *c, c);
	double sum = 0;
	int bad = 0;
	for (int i = 0; i < n; i++) {
		sum += c[i];
		bad += c[i] != a[i] + b[i];
	}
	printf("vecadd checksum %.0f %s\nkernel_ms %.3f\n", sum, bad ? "FAIL" : "ok", ms);
	return bad != 0;
}

static int run_reduce_smem(int n)
{
	int blocks = n / 256;
	int *h = xmalloc(n * sizeof *h), *part = xmalloc(blocks * sizeof *part);
	long long want = 0;
	for (int i = 0; i < n; i++) {
		h[i] = (i * 7) % 101 - 50;
		want += h[i];
	}
	cl_mem din = buffer(n * sizeof *h, h), dp = buffer(blocks * sizeof *part, NULL);
	clSetKernelArg(kern, 0, sizeof din, &din);
	clSetKernelArg(kern, 1, sizeof dp, &dp);
	clSetKernelArg(kern, 2, sizeof n, &n);
	size_t g = n, l = 256;
	double ms = launch(1, &g, &l);
	readback(dp, blocks * sizeof *part, part);
	long long sum = 0;
	for (int b = 0; b < blocks; b++)
		sum += part[b];
	printf("reduce_smem checksum %lld %s\nkernel_ms %.3f\n", sum, sum == want ? "ok" : "FAIL", ms);
	return sum != want;
}

static int run_matmul_tiled(int n)
{
	size_t bytes = (size_t)n * n * sizeof(float);
	float *a = xmalloc(bytes), *b = xmalloc(bytes), *c = xmalloc(bytes);
	for (int i = 0; i < n * n; i++) {
		a[i] = (float)(i % 7 - 3);
		b[i] = (float)(i % 5 - 2);
	}
	cl_mem da = buffer(bytes, a), db = buffer(bytes, b), dc = buffer(bytes, NULL);
	clSetKernelArg(kern, 0, sizeof da, &da);
	clSetKernelArg(kern, 1, sizeof db, &db);
	clSetKernelArg(kern, 2, sizeof dc, &dc);
	clSetKernelArg(kern, 3, sizeof n, &n);
	size_t g[2] = {(size_t)n, (size_t)n}, l[2] = {16, 16};
	double ms = launch(2, g, l);
	readback(dc, bytes, c);
	int bad = 0;
	for (int i = 0; i < n; i += 17)
		for (int j = 0; j < n; j++) {
			float s = 0.0f;
			for (int k = 0; k < n; k++)
				s += a[i * n + k] * b[k * n + j];
			bad += s != c[i * n + j];
		}
	double sum = 0;
	for (int i = 0; i < n * n; i++)
		sum += c[i];
	printf("matmul_tiled checksum %.0f %s\nkernel_ms %.3f\n", sum, bad ? "FAIL" : "ok", ms);
	return bad != 0;
}

static int run_histogram(int n)
{
	unsigned char *h = xmalloc(n);
	unsigned int want[256] = {0}, got[256] = {0};
	unsigned x = 1;
	for (int i = 0; i < n; i++) {
		x = x * 1103515245u + 12345u;
		h[i] = (unsigned char)(x >> 16);
		want[h[i]]++;
	}
	cl_mem dd = buffer(n, h), db = buffer(sizeof got, got);
	clSetKernelArg(kern, 0, sizeof dd, &dd);
	clSetKernelArg(kern, 1, sizeof n, &n);
	clSetKernelArg(kern, 2, sizeof db, &db);
	size_t g = n, l = 256;
	double ms = launch(1, &g, &l);
	readback(db, sizeof got, got);
	int bad = 0;
	unsigned long long check = 0;
	for (int b = 0; b < 256; b++) {
		bad += got[b] != want[b];
		check += (unsigned long long)got[b] * (b + 1);
	}
	printf("histogram checksum %llu %s\nkernel_ms %.3f\n", check, bad ? "FAIL" : "ok", ms);
	return bad != 0;
}

int main(int argc, char **argv)
{
	if (argc != 3 && argc != 4) {
		fprintf(stderr, "usage: runner DIR NAME [SIZE]\n");
		return 2;
	}
	const char *name = argv[2];
	if (strcmp(name, "vecadd") && strcmp(name, "reduce_smem") && strcmp(name, "matmul_tiled") && strcmp(name, "histogram")) {
		fprintf(stderr, "runner: no OpenCL version of %s\n", name);
		return 3;
	}
	int mm = !strcmp(name, "matmul_tiled");
	long size = mm ? 256 : 20;
	if (argc == 4) {
		char *end;
		size = strtol(argv[3], &end, 10);
		if (*argv[3] == 0 || *end != 0 || (mm ? size < 16 || size > 2048 || size % 16 : size < 8 || size > 26)) {
			fprintf(stderr, "runner: size %s out of range for %s\n", argv[3], name);
			return 2;
		}
	}
	setup(argv[1], name);
	if (!strcmp(name, "vecadd"))
		return run_vecadd(1 << size);
	if (!strcmp(name, "reduce_smem"))
		return run_reduce_smem(1 << size);
	if (mm)
		return run_matmul_tiled((int)size);
	return run_histogram(1 << size);
}
