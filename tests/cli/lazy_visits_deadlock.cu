/* lazy_visits.t: a deadlock after 6 barrier phases of 4 blocks (sched_visit's
 * chained visits end at the scan that finds no warp to run), then a launch */
#include <cstdio>
__global__ void phases(int *out, int n)
{
	__shared__ int s[256];
	int t = threadIdx.x;
	s[t] = t;
	for (int r = 0; r < n; r++) {
		__syncthreads();
		s[t] += s[(t + 1) % blockDim.x] & 7;
	}
	/* half of each warp waits at __syncwarp for lanes that wait at
	 * __syncthreads for it: a deadlock after n barrier phases */
	if ((t & 31) < 16)
		__syncwarp();
	else
		__syncthreads();
	out[blockIdx.x * blockDim.x + t] = s[t];
}
__global__ void after(int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = i * 3;
}
int main()
{
	int *out;
	cudaMalloc(&out, 1024 * sizeof(int));
	phases<<<4, 256>>>(out, 6);
	printf("phases: %d\n", (int)cudaDeviceSynchronize());
	after<<<4, 256>>>(out);
	printf("after: %d\n", (int)cudaDeviceSynchronize());
	static int h[1024];
	cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
	printf("%d %d %d\n", h[0], h[517], h[1023]);
	return 0;
}
