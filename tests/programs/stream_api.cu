// Stream API that course programs call: priorities, cudaStreamWaitEvent,
// host functions and callbacks at their stream position, cudaMallocAsync /
// cudaFreeAsync, cudaMemset2D, cudaSetDeviceFlags, cudaChooseDevice,
// cudaHostRegister. Every value printed is fixed by the program's own order.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void fill(int *a, int n, int v)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] = v + i;
}

struct state {
	int *host;
	int n;
	int calls;
};

static void CUDART_CB host_fn(void *p)
{
	state *s = (state *)p;
	long sum = 0;
	for (int i = 0; i < s->n; i++)
		sum += s->host[i];
	s->calls++;
	printf("host function: sum %ld (the copy before it has finished)\n", sum);
}

static void CUDART_CB callback(cudaStream_t, cudaError_t status, void *p)
{
	state *s = (state *)p;
	s->calls++;
	printf("callback: status %s, first %d\n", cudaGetErrorName(status), s->host[0]);
}

int main(void)
{
	const int n = 1000;
	int least = 1, greatest = 1;
	cudaSetDeviceFlags(cudaDeviceScheduleAuto);
	cudaDeviceGetStreamPriorityRange(&least, &greatest);
	printf("priorities: least %d greatest %d\n", least, greatest);
	cudaStream_t hi, lo;
	cudaStreamCreateWithPriority(&hi, cudaStreamNonBlocking, greatest);
	cudaStreamCreateWithPriority(&lo, cudaStreamNonBlocking, least);
	int *d = NULL;
	if (cudaMallocAsync((void **)&d, n * sizeof(int), hi) != cudaSuccess)
		return 1;
	state s = { (int *)malloc(n * sizeof(int)), n, 0 };
	cudaEvent_t ev;
	cudaEventCreate(&ev);
	fill<<<(n + 255) / 256, 256, 0, hi>>>(d, n, 7);
	cudaEventRecord(ev, hi);
	cudaStreamWaitEvent(lo, ev, 0);
	cudaMemcpyAsync(s.host, d, n * sizeof(int), cudaMemcpyDeviceToHost, lo);
	cudaLaunchHostFunc(lo, host_fn, &s);
	fill<<<(n + 255) / 256, 256, 0, lo>>>(d, n, 100);
	cudaMemcpyAsync(s.host, d, n * sizeof(int), cudaMemcpyDeviceToHost, lo);
	cudaStreamAddCallback(lo, callback, &s, 0);
	cudaFreeAsync(d, lo);
	cudaStreamSynchronize(lo);
	printf("host functions run: %d, last %d\n", s.calls, s.host[n - 1]);

	size_t pitch = 0;
	char *p2 = NULL;
	cudaMallocPitch((void **)&p2, &pitch, 10, 4);
	cudaMemset2D(p2, pitch, 0, pitch, 4);
	cudaMemset2D(p2, pitch, 'x', 10, 4);
	char row[12] = { 0 };
	cudaMemcpy(row, p2 + 3 * pitch, 11, cudaMemcpyDeviceToHost);
	printf("memset2D: row 3 '%.10s', byte 10 is %d, pitch >= 10: %s\n", row, row[10], pitch >= 10 ? "yes" : "no");
	cudaFree(p2);

	cudaDeviceProp want = {};
	want.major = 9;
	int dev = -1;
	cudaChooseDevice(&dev, &want);
	printf("cudaChooseDevice: %d\n", dev);
	int *reg = (int *)malloc(64 * sizeof(int));
	printf("cudaHostRegister: %s\n", cudaGetErrorName(cudaHostRegister(reg, 64 * sizeof(int), cudaHostRegisterDefault)));
	printf("cudaHostUnregister: %s\n", cudaGetErrorName(cudaHostUnregister(reg)));
	free(reg);
	free(s.host);
	cudaStreamDestroy(hi);
	cudaStreamDestroy(lo);
	cudaEventDestroy(ev);
	return 0;
}
