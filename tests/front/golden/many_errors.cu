__global__ int bad_ret() { return 1; }
__host__ __global__ void bad_host() {}
struct S { __global__ void m(); };
__device__ int dev() { return 1; }
int host_fn() { return 2; }
__global__ void k(int *p) {
	*p = host_fn();
	threadIdx.x = 1;
	unsigned *q = &threadIdx.x;
	__shared__ int s = 3;
	(void)q;
}
__constant__ int cst;
__global__ void k2(void) { cst = 4; }
extern __shared__ float bad_dyn[10];
void host_code(int *p) {
	__shared__ int t;
	int x = dev();
	k(p);
	host_fn<<<1, 1>>>();
	int y = threadIdx.x;
	__device__ int z;
	(void)x; (void)y;
}
__global__ void k3(__grid_constant__ int v) {}
struct T { __shared__ int m; };
int main() { undeclared_thing = 1; int a = "x"; return 0 }
