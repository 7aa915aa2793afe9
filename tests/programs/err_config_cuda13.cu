// The same launches as err_config.cu, with the launch-error codes of CUDA 13.0's
// runtime (--cuda-version 13), which the H100 recording shows.
// Launch errors: 1025 threads per block, a zero-sized grid, too much dynamic shared memory;
// cudaGetLastError clears the error, cudaPeekAtLastError does not.
// NOTE: the expected output follows the project's issue (cudaErrorInvalidConfiguration = 9 for a
// bad block/grid shape, as CUDA 12 and earlier report). Recorded on an H100 with CUDA 13.0, the
// runtime returns cudaErrorInvalidValue (1) for all of these instead.
#include <stdio.h>

__global__ void k(int *p)
{
	if (p)
		p[threadIdx.x] = 1;
}

static void show(const char *what)
{
	cudaError_t peek = cudaPeekAtLastError();
	cudaError_t e = cudaGetLastError();
	cudaError_t again = cudaGetLastError();
	printf("%-18s peek=%d last=%d (%s: %s) then=%d\n", what, (int)peek, (int)e, cudaGetErrorName(e), cudaGetErrorString(e), (int)again);
}

int main(void)
{
	k<<<1, 1024>>>(NULL);
	show("1024 threads");
	k<<<1, 1025>>>(NULL);
	show("1025 threads");
	k<<<0, 32>>>(NULL);
	show("empty grid");
	dim3 big(32, 32, 2);
	k<<<1, big>>>(NULL);
	show("block 32x32x2");
	k<<<1, 32, 1 << 20>>>(NULL);
	show("1 MiB shared");
	k<<<dim3(1, 70000), 32>>>(NULL);
	show("grid.y 70000");
	cudaError_t s = cudaDeviceSynchronize();
	printf("sync after errors: %s\n", cudaGetErrorString(s));
	return 0;
}
