// The address of a function template's instance named with explicit template
// arguments, without a call: (void *)k<int> for cudaLaunchKernel and
// cudaLaunchCooperativeKernel, k<float> as the argument of a function
// template (the occupancy API), &f<T> and f<T> converted to a function
// pointer ([temp.arg.explicit]: the arguments determine the instance).
#include <stdio.h>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

template <typename T> __global__ void fill(T *a, T base)
{
	a[blockIdx.x * blockDim.x + threadIdx.x] = base + (T)(blockIdx.x * blockDim.x + threadIdx.x);
}

template <typename T> __global__ void rotate(T *a, int n)
{
	cg::grid_group g = cg::this_grid();
	unsigned i = g.thread_rank();
	T v = a[i];
	g.sync();
	a[(i + 1) % n] = v;
}

template <typename T> T twice(T x) { return x + x; }
template <typename T, int K> T times(T x) { return x * K; }

int main(void)
{
	int *di;
	float *df;
	cudaMalloc(&di, 64 * sizeof(int));
	cudaMalloc(&df, 64 * sizeof(float));
	int base = 100;
	void *args[] = {(void *)&di, (void *)&base};
	cudaError_t e = cudaLaunchKernel((void *)fill<int>, dim3(2), dim3(32), args, 0, 0);
	printf("cudaLaunchKernel(fill<int>): %s\n", cudaGetErrorString(e));
	float fb = 0.5f;
	void *fargs[] = {(void *)&df, (void *)&fb};
	e = cudaLaunchKernel((const void *)fill<float>, 1, 64, fargs);
	printf("cudaLaunchKernel(fill<float>): %s\n", cudaGetErrorString(e));
	int n = 64;
	void *rargs[] = {(void *)&di, (void *)&n};
	e = cudaLaunchCooperativeKernel((void *)rotate<int>, dim3(2), dim3(32), rargs, 0, 0);
	printf("cudaLaunchCooperativeKernel(rotate<int>): %s\n", cudaGetErrorString(e));
	int hi[64];
	float hf[64];
	cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost);
	cudaMemcpy(hf, df, sizeof hf, cudaMemcpyDeviceToHost);
	printf("ints: %d %d %d %d\n", hi[0], hi[1], hi[32], hi[63]);
	printf("floats: %.1f %.1f %.1f\n", hf[0], hf[1], hf[63]);

	int blocks = -1;
	e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, fill<float>, 256, 0);
	printf("occupancy of fill<float> at 256 threads: %s, %d blocks\n", cudaGetErrorString(e), blocks);
	cudaFuncAttributes fa;
	e = cudaFuncGetAttributes(&fa, rotate<int>);
	printf("cudaFuncGetAttributes(rotate<int>): %s, maxThreadsPerBlock %d\n", cudaGetErrorString(e), fa.maxThreadsPerBlock);

	int (*pi)(int) = twice<int>;
	double (*pd)(double) = &twice<double>;
	long (*pt)(long) = times<long, 7>;
	printf("twice<int>(21) = %d, twice<double>(1.25) = %g, times<long, 7>(6) = %ld\n", pi(21), pd(1.25), pt(6));
	printf("same instance: %d %d\n", (void *)pi == (void *)twice<int>, (const void *)fill<int> != (const void *)fill<float>);
	cudaFree(di);
	cudaFree(df);
	return 0;
}
