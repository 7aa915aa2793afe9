// Class objects passed by value to a kernel arrive as the object: an 8-byte
// struct, a smaller one with a constructor, and a class with a copy
// constructor and destructor, which run on the host as the launch stub takes
// the argument by value (a temporary argument is not copied).
#include <cstdio>

struct Pair { int n; float scale; };

struct Small {
	int n;
	Small(int k) : n(k) {}
};

struct Params {
	int n;
	float scale;
	Params(int n_, float s) : n(n_), scale(s) {}
	Params(const Params &o) : n(o.n), scale(o.scale) { printf("copy\n"); }
	~Params() { printf("~Params\n"); }
};

__global__ void pair_kernel(Pair p) { printf("pair %d %g\n", p.n, p.scale); }
__global__ void small_kernel(Small s) { printf("small %d\n", s.n); }
__global__ void params_kernel(Params p)
{
	if (threadIdx.x == 0)
		printf("params %d %g\n", p.n, p.scale);
}

int main()
{
	Pair pr = { 3, 1.5f };
	pair_kernel<<<1, 1>>>(pr);
	cudaDeviceSynchronize();
	Small s(5);
	small_kernel<<<1, 1>>>(s);
	small_kernel<<<1, 1>>>(Small(6));
	cudaDeviceSynchronize();
	Params p(7, 2.5f);
	params_kernel<<<1, 2>>>(p);
	cudaDeviceSynchronize();
	params_kernel<<<1, 1>>>(Params(8, 0.5f));
	cudaDeviceSynchronize();
	printf("end\n");
	return 0;
}
