// One lane of each warp adds to a global word (atom32_run's single-lane add, s21-shfl;
// WS_NO_ATOM1=1 turns it off): int and unsigned, the old value kept or not, sums that
// wrap, each warp's lane chosen by its index, a block of 80 threads (its last warp
// partial). Each warp adds to its own words, so the old values do not depend on the
// order the warps run in; the shared totals are order-independent sums.
#include <stdio.h>
#include <limits.h>

__global__ void one(int *ci, unsigned *cu, int *oi, unsigned *ou, int *total, unsigned *utotal)
{
	int wpb = (blockDim.x + 31) / 32, warp = blockIdx.x * wpb + threadIdx.x / 32, lane = threadIdx.x & 31;
	int nl = blockDim.x - (threadIdx.x & ~31u);
	int pick = (warp * 7) % (nl < 32 ? nl : 32);
	if (lane == pick) {
		int v = warp % 3 == 0 ? INT_MAX : -(warp * 1000003);
		oi[warp] = atomicAdd(&ci[warp], v);
		ou[warp] = atomicAdd(&cu[warp], 0xfffffff0u + (unsigned)warp);
		atomicAdd(total, v);
		atomicAdd(utotal, 0x80000000u + (unsigned)warp);
	}
}

int main()
{
	const int blocks = 6, threads = 80, warps = blocks * 3;
	int hci[warps], hoi[warps], total = 0;
	unsigned hcu[warps], hou[warps], utotal = 0;
	for (int w = 0; w < warps; w++) {
		hci[w] = w % 2 ? 7 * w : INT_MAX - w;
		hcu[w] = 100u * (unsigned)w;
	}
	int *ci, *oi, *dt;
	unsigned *cu, *ou, *du;
	cudaMalloc(&ci, sizeof hci);
	cudaMalloc(&cu, sizeof hcu);
	cudaMalloc(&oi, sizeof hoi);
	cudaMalloc(&ou, sizeof hou);
	cudaMalloc(&dt, sizeof(int));
	cudaMalloc(&du, sizeof(unsigned));
	cudaMemcpy(ci, hci, sizeof hci, cudaMemcpyHostToDevice);
	cudaMemcpy(cu, hcu, sizeof hcu, cudaMemcpyHostToDevice);
	cudaMemset(dt, 0, sizeof(int));
	cudaMemset(du, 0, sizeof(unsigned));
	one<<<blocks, threads>>>(ci, cu, oi, ou, dt, du);
	cudaMemcpy(hci, ci, sizeof hci, cudaMemcpyDeviceToHost);
	cudaMemcpy(hcu, cu, sizeof hcu, cudaMemcpyDeviceToHost);
	cudaMemcpy(hoi, oi, sizeof hoi, cudaMemcpyDeviceToHost);
	cudaMemcpy(hou, ou, sizeof hou, cudaMemcpyDeviceToHost);
	cudaMemcpy(&total, dt, sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(&utotal, du, sizeof(unsigned), cudaMemcpyDeviceToHost);
	for (int w = 0; w < warps; w++)
		printf("warp %2d: int old %d new %d, unsigned old %u new %u\n", w, hoi[w], hci[w], hou[w], hcu[w]);
	printf("totals %d %u\n", total, utotal);
	return 0;
}
