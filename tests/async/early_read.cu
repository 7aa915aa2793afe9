// A read of a memcpy_async destination before the wait: under --sched rr the
// copy lands at the wait, so the read sees the old value (-1) every time;
// under --sched random the copy lands at a random point in between, the same
// one for the same seed. Either way the read is an async-copy-read-before-wait.
#include <cstdio>
#include <cuda_pipeline.h>

__global__ void k(const int *in, int *out)
{
	__shared__ int s[32];
	int t = threadIdx.x;
	s[t] = -1;
	__syncwarp();
	__pipeline_memcpy_async(&s[t], &in[t], sizeof(int));
	__pipeline_commit();
	int x = t;
	for (int i = 0; i < 40; i++)
		x = (x * 3 + i) % 1000;
	int early = s[t];
	__pipeline_wait_prior(0);
	out[t] = early * 100000 + s[t] * 1000 + x % 10;
}

int main()
{
	int h[32], *in, *out;
	for (int i = 0; i < 32; i++)
		h[i] = i + 1;
	cudaMalloc(&in, sizeof(h));
	cudaMalloc(&out, sizeof(h));
	cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
	k<<<1, 32>>>(in, out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	int stale = 0;
	for (int i = 0; i < 32; i++)
		stale += h[i] < 0;
	printf("stale reads: %d of 32; thread 5: %d\n", stale, h[5]);
	return 0;
}
