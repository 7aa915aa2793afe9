// Function templates, class templates, template<int N> kernels and explicit template arguments.
#include <stdio.h>

template <typename T>
__device__ __host__ T square(T x)
{
	return x * x;
}

template <typename T, int N>
struct FixedVec {
	T v[N];
	__device__ __host__ T sum() const
	{
		T s = 0;
		for (int i = 0; i < N; i++)
			s += v[i];
		return s;
	}
};

template <int BLOCK>
__global__ void block_sum(const int *in, int *out)
{
	__shared__ int s[BLOCK];
	int t = threadIdx.x;
	s[t] = in[blockIdx.x * BLOCK + t];
	__syncthreads();
	for (int stride = BLOCK / 2; stride > 0; stride >>= 1) {
		if (t < stride)
			s[t] += s[t + stride];
		__syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}

template <typename T>
__global__ void apply_square(T *data, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		data[i] = square(data[i]);
}

template <typename T>
__global__ void vec_sums(T *out)
{
	FixedVec<T, 4> fv;
	for (int i = 0; i < 4; i++)
		fv.v[i] = (T)(threadIdx.x + i);
	out[threadIdx.x] = fv.sum();
}

int main(void)
{
	int in[64], out[4];
	for (int i = 0; i < 64; i++)
		in[i] = i;
	int *din, *dout;
	cudaMalloc(&din, sizeof in);
	cudaMalloc(&dout, sizeof out);
	cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
	block_sum<16><<<4, 16>>>(din, dout);
	cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
	printf("block_sum<16>: %d %d %d %d\n", out[0], out[1], out[2], out[3]);
	block_sum<64><<<1, 64>>>(din, dout);
	cudaMemcpy(out, dout, sizeof(int), cudaMemcpyDeviceToHost);
	printf("block_sum<64>: %d\n", out[0]);
	double dd[3] = {1.5, -2.0, 0.25};
	double *ddd;
	cudaMalloc(&ddd, sizeof dd);
	cudaMemcpy(ddd, dd, sizeof dd, cudaMemcpyHostToDevice);
	apply_square<double><<<1, 32>>>(ddd, 3);
	cudaMemcpy(dd, ddd, sizeof dd, cudaMemcpyDeviceToHost);
	printf("apply_square<double>: %.4f %.4f %.4f\n", dd[0], dd[1], dd[2]);
	apply_square<<<1, 32>>>(din, 5);
	cudaMemcpy(in, din, 5 * sizeof(int), cudaMemcpyDeviceToHost);
	printf("apply_square (deduced int): %d %d %d %d %d\n", in[0], in[1], in[2], in[3], in[4]);
	float fs[3];
	float *dfs;
	cudaMalloc(&dfs, sizeof fs);
	vec_sums<float><<<1, 3>>>(dfs);
	cudaMemcpy(fs, dfs, sizeof fs, cudaMemcpyDeviceToHost);
	printf("FixedVec<float,4>::sum: %.1f %.1f %.1f\n", fs[0], fs[1], fs[2]);
	printf("host square<long>(100000) = %ld\n", square<long>(100000L));
	return 0;
}
