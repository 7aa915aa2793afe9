// super_edge: what tests/ir/super.t checks of the superinstructions beyond fold_ops
// (warpstep's own rules, not the GPU's): lanes of a warp storing to one word (the
// highest lane's value stays), a uniform divisor of 0 (the division-by-zero finding),
// a warp's loads ending at an allocation's last word, and loads past its end.
#include <stdio.h>

__global__ void same_word(int *out)
{
	int lane = threadIdx.x;
	out[lane / 16] = lane;
	out[2] = lane;
}

__global__ void by_zero(const int *d, int *out)
{
	int lane = threadIdx.x;
	out[lane] = (lane + 5) / d[0] + (lane + 5) % d[0];
}

__global__ void at_end(const int *a, int *out)
{
	int lane = threadIdx.x;
	int s = 0;
	for (int k = 0; k < 2; k++)
		s += a[32 * k + lane];
	out[lane] = s;
}

__global__ void past_end(const int *a, int *out)
{
	int lane = threadIdx.x;
	out[lane] = a[40 + lane];
}

int main(void)
{
	int h[64], *a, *out, *z;
	for (int i = 0; i < 64; i++)
		h[i] = i;
	cudaMalloc(&a, sizeof(h));
	cudaMalloc(&out, 64 * sizeof(int));
	cudaMalloc(&z, sizeof(int));
	cudaMemcpy(a, h, sizeof(h), cudaMemcpyHostToDevice);
	cudaMemset(z, 0, sizeof(int));
	same_word<<<1, 32>>>(out);
	int r[64];
	cudaMemcpy(r, out, 3 * sizeof(int), cudaMemcpyDeviceToHost);
	printf("same word: %d %d %d\n", r[2], r[1], r[0]);
	by_zero<<<1, 32>>>(z, out);
	cudaDeviceSynchronize();
	printf("zero: %d\n", 7);
	at_end<<<1, 32>>>(a, out);
	cudaMemcpy(r, out, 32 * sizeof(int), cudaMemcpyDeviceToHost);
	int s = 0;
	for (int i = 0; i < 32; i++)
		s += r[i];
	printf("end: %d\n", s);
	past_end<<<1, 32>>>(a, out);
	cudaError_t e = cudaDeviceSynchronize();
	printf("past end: %s\n", cudaGetErrorName(e));
	return 0;
}
