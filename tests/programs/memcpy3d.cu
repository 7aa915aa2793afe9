// cudaMalloc3D, cudaMemcpy3D (host to device, device to device with offsets,
// device to host), cudaMemset3D, cudaMemcpy3DAsync, and the error codes of
// bad parameters.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void scale(cudaPitchedPtr p, int w, int h, int d)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y, z = blockIdx.z;
	if (x >= w || y >= h || z >= d)
		return;
	char *slice = (char *)p.ptr + (size_t)z * p.pitch * p.ysize;
	int *row = (int *)(slice + (size_t)y * p.pitch);
	row[x] = row[x] * 10 + 1;
}

int main()
{
	const int W = 5, H = 3, D = 4;
	static int h[D][H][W], back[D][H][W];
	for (int z = 0; z < D; z++)
		for (int y = 0; y < H; y++)
			for (int x = 0; x < W; x++)
				h[z][y][x] = z * 100 + y * 10 + x;
	cudaExtent ext = make_cudaExtent(W * sizeof(int), H, D);
	cudaPitchedPtr dp;
	cudaError_t e = cudaMalloc3D(&dp, ext);
	printf("malloc3d %d pitch>=width %d xsize %zu ysize %zu aligned %d\n", (int)e,
	       dp.pitch >= W * sizeof(int), dp.xsize, dp.ysize, (int)(dp.pitch % 128 == 0));

	cudaMemcpy3DParms up = {0};
	up.srcPtr = make_cudaPitchedPtr(h, W * sizeof(int), W, H);
	up.dstPtr = dp;
	up.extent = ext;
	up.kind = cudaMemcpyHostToDevice;
	printf("h2d %d\n", (int)cudaMemcpy3D(&up));
	scale<<<dim3(1, H, D), 32>>>(dp, W, H, D);

	/* a 2x2x2 box at (1 int, 1, 2) of the device volume into (0,0,0) of another */
	cudaPitchedPtr dq;
	cudaMalloc3D(&dq, make_cudaExtent(2 * sizeof(int), 2, 2));
	cudaMemset3D(dq, 0, make_cudaExtent(2 * sizeof(int), 2, 2));
	cudaMemcpy3DParms dd = {0};
	dd.srcPtr = dp;
	dd.srcPos = make_cudaPos(1 * sizeof(int), 1, 2);
	dd.dstPtr = dq;
	dd.extent = make_cudaExtent(2 * sizeof(int), 2, 2);
	dd.kind = cudaMemcpyDeviceToDevice;
	printf("d2d %d\n", (int)cudaMemcpy3DAsync(&dd, 0));
	int box[2][2][2];
	cudaMemcpy3DParms bk = {0};
	bk.srcPtr = dq;
	bk.dstPtr = make_cudaPitchedPtr(box, 2 * sizeof(int), 2, 2);
	bk.extent = make_cudaExtent(2 * sizeof(int), 2, 2);
	bk.kind = cudaMemcpyDeviceToHost;
	printf("d2h box %d\n", (int)cudaMemcpy3D(&bk));
	for (int z = 0; z < 2; z++)
		for (int y = 0; y < 2; y++)
			printf("box[%d][%d] = %d %d\n", z, y, box[z][y][0], box[z][y][1]);

	/* set slice 1 rows 0..2 to 0xff bytes, then bring the whole volume back */
	cudaPitchedPtr s1 = dp;
	s1.ptr = (char *)dp.ptr + dp.pitch * dp.ysize;
	printf("memset3d %d\n", (int)cudaMemset3D(s1, 0xff, make_cudaExtent(W * sizeof(int), H, 1)));
	cudaMemcpy3DParms down = {0};
	down.srcPtr = dp;
	down.dstPtr = make_cudaPitchedPtr(back, W * sizeof(int), W, H);
	down.extent = ext;
	down.kind = cudaMemcpyDeviceToHost;
	printf("d2h %d\n", (int)cudaMemcpy3D(&down));
	long sum = 0;
	for (int z = 0; z < D; z++)
		for (int y = 0; y < H; y++)
			for (int x = 0; x < W; x++)
				sum += back[z][y][x];
	printf("back[0][0][0] %d back[3][2][4] %d back[1][1][1] %d sum %ld\n", back[0][0][0],
	       back[3][2][4], back[1][1][1], sum);

	/* bad parameters */
	cudaMemcpy3DParms bad = down;
	bad.extent.width = dp.pitch + 4;
	printf("width over pitch %d\n", (int)cudaMemcpy3D(&bad));
	cudaGetLastError();
	bad = down;
	bad.srcPtr.ptr = 0;
	printf("no source %d\n", (int)cudaMemcpy3D(&bad));
	cudaGetLastError();
	bad = down;
	bad.kind = (cudaMemcpyKind)7;
	printf("bad kind %d\n", (int)cudaMemcpy3D(&bad));
	cudaGetLastError();
	bad = down;
	bad.extent.depth = 0;
	printf("empty %d\n", (int)cudaMemcpy3D(&bad));
	printf("memset wide %d\n", (int)cudaMemset3D(dp, 0, make_cudaExtent(dp.pitch + 1, 1, 1)));
	cudaGetLastError();
	cudaFree(dp.ptr);
	cudaFree(dq.ptr);
	return 0;
}
