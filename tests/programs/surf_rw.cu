// Surface objects: surf2Dwrite then surf2Dread on a 4x3 int array (x in
// bytes), reads and writes past the edges with cudaBoundaryModeClamp (the
// coordinate is clamped) and cudaBoundaryModeZero (reads give 0, writes are
// dropped); surf1D, surf3D, surf2DLayered and surfCubemap round trips; the
// array read back with cudaMemcpy2DFromArray; a surface needs an array made
// with cudaArraySurfaceLoadStore.
#include <cstdio>
#include <cstring>

#define W 4
#define H 3

__global__ void fill(cudaSurfaceObject_t s)
{
	int x = threadIdx.x, y = threadIdx.y;
	surf2Dwrite(100 * y + x, s, x * (int)sizeof(int), y);
}

__global__ void edges(cudaSurfaceObject_t s, int *out)
{
	int i = threadIdx.x;    /* x from -2 to 5, y from -1 to 3 */
	int x = i % 8 - 2, y = i / 8 - 1;
	out[i] = surf2Dread<int>(s, x * 4, y, cudaBoundaryModeClamp);
	surf2Dread(&out[40 + i], s, x * 4, y, cudaBoundaryModeZero);
}

__global__ void edge_writes(cudaSurfaceObject_t s)
{
	/* clamped: lands on (3, 2); zero: dropped */
	surf2Dwrite(-1, s, 40, 7, cudaBoundaryModeClamp);
	surf2Dwrite(-2, s, -4, 0, cudaBoundaryModeZero);
}

__global__ void others(cudaSurfaceObject_t s1, cudaSurfaceObject_t s3, cudaSurfaceObject_t sl, cudaSurfaceObject_t sc,
		       float *out)
{
	int i = threadIdx.x;
	surf1Dwrite(i * 0.5f, s1, i * 4);
	surf3Dwrite(make_float2(i, -i), s3, (i % 2) * 8, (i / 2) % 2, i / 4);
	surf2DLayeredwrite(i + 0.25f, sl, (i % 2) * 4, (i / 2) % 2, i / 4);
	surfCubemapwrite((short)(i * 3), sc, (i / 6) * 2, 1, i % 6);
	__syncthreads();
	int j = 7 - i;
	out[i] = surf1Dread<float>(s1, j * 4);
	float2 v = surf3Dread<float2>(s3, (j % 2) * 8, (j / 2) % 2, j / 4);
	out[8 + i] = v.x + 10.0f * v.y;
	out[16 + i] = surf2DLayeredread<float>(sl, (j % 2) * 4, (j / 2) % 2, j / 4);
	out[24 + i] = surfCubemapread<short>(sc, (j / 6) * 2, 1, j % 6);
}

static cudaSurfaceObject_t surf(cudaArray_t a)
{
	cudaResourceDesc rd;
	memset(&rd, 0, sizeof(rd));
	rd.resType = cudaResourceTypeArray;
	rd.res.array.array = a;
	cudaSurfaceObject_t s = 0;
	cudaError_t e = cudaCreateSurfaceObject(&s, &rd);
	if (e != cudaSuccess)
		printf("cudaCreateSurfaceObject: %s\n", cudaGetErrorName(e));
	return s;
}

int main()
{
	cudaChannelFormatDesc ci = cudaCreateChannelDesc<int>();
	cudaArray_t a;
	cudaMallocArray(&a, &ci, W, H, cudaArraySurfaceLoadStore);
	cudaSurfaceObject_t s = surf(a);
	fill<<<1, dim3(W, H)>>>(s);
	int *d;
	cudaMalloc(&d, 80 * sizeof(int));
	edges<<<1, 40>>>(s, d);
	int r[80];
	cudaMemcpy(r, d, sizeof(r), cudaMemcpyDeviceToHost);
	for (int m = 0; m < 2; m++) {
		printf("%s:\n", m ? "zero" : "clamp");
		for (int y = 0; y < 5; y++) {
			printf(" ");
			for (int x = 0; x < 8; x++)
				printf(" %4d", r[m * 40 + y * 8 + x]);
			printf("\n");
		}
	}
	edge_writes<<<1, 1>>>(s);
	int back[H][W];
	cudaMemcpy2DFromArray(back, sizeof(back[0]), a, 0, 0, sizeof(back[0]), H, cudaMemcpyDeviceToHost);
	printf("array after the edge writes:\n");
	for (int y = 0; y < H; y++) {
		printf(" ");
		for (int x = 0; x < W; x++)
			printf(" %4d", back[y][x]);
		printf("\n");
	}

	cudaChannelFormatDesc cf = cudaCreateChannelDesc<float>(), cf2 = cudaCreateChannelDesc<float2>(),
			      cs = cudaCreateChannelDesc<short>();
	cudaArray_t a1, a3, al, ac;
	cudaMallocArray(&a1, &cf, 8, 0, cudaArraySurfaceLoadStore);
	cudaMalloc3DArray(&a3, &cf2, make_cudaExtent(2, 2, 2), cudaArraySurfaceLoadStore);
	cudaMalloc3DArray(&al, &cf, make_cudaExtent(2, 2, 2), cudaArrayLayered | cudaArraySurfaceLoadStore);
	cudaMalloc3DArray(&ac, &cs, make_cudaExtent(2, 2, 6), cudaArrayCubemap | cudaArraySurfaceLoadStore);
	cudaSurfaceObject_t s1 = surf(a1), s3 = surf(a3), sl = surf(al), sc = surf(ac);
	float *df;
	cudaMalloc(&df, 32 * sizeof(float));
	others<<<1, 8>>>(s1, s3, sl, sc, df);
	float rf[32];
	cudaMemcpy(rf, df, sizeof(rf), cudaMemcpyDeviceToHost);
	static const char *name[] = { "surf1D", "surf3D", "surf2DLayered", "surfCubemap" };
	for (int k = 0; k < 4; k++) {
		printf("%-13s", name[k]);
		for (int i = 0; i < 8; i++)
			printf(" %g", rf[k * 8 + i]);
		printf("\n");
	}

	/* no surface of an array made without cudaArraySurfaceLoadStore */
	cudaArray_t plain;
	cudaMallocArray(&plain, &ci, W, H);
	cudaResourceDesc rd;
	memset(&rd, 0, sizeof(rd));
	rd.resType = cudaResourceTypeArray;
	rd.res.array.array = plain;
	cudaSurfaceObject_t bad;
	printf("surface of a plain array: %s\n", cudaGetErrorName(cudaCreateSurfaceObject(&bad, &rd)));
	cudaGetLastError();
	cudaDestroySurfaceObject(s);
	cudaDestroySurfaceObject(s1);
	cudaDestroySurfaceObject(s3);
	cudaDestroySurfaceObject(sl);
	cudaDestroySurfaceObject(sc);
	cudaFreeArray(a);
	cudaFreeArray(a1);
	cudaFreeArray(a3);
	cudaFreeArray(al);
	cudaFreeArray(ac);
	cudaFreeArray(plain);
	cudaFree(d);
	cudaFree(df);
	return 0;
}
