#include <cstdio>
#include <cstring>

__global__ void k(cudaTextureObject_t t, float *out)
{
	float x = 1.25f + threadIdx.x, y = 0.75f;
	float v = tex2D<float>(t, x, y);
	out[threadIdx.x] = v;
}

int main()
{
	float h[2][2] = { { 0.0f, 1.0f }, { 2.0f, 3.0f } };
	cudaChannelFormatDesc ch = cudaCreateChannelDesc<float>();
	cudaArray_t a;
	cudaMallocArray(&a, &ch, 2, 2);
	cudaMemcpy2DToArray(a, 0, 0, h, sizeof(h[0]), sizeof(h[0]), 2, cudaMemcpyHostToDevice);
	cudaResourceDesc rd;
	memset(&rd, 0, sizeof(rd));
	rd.resType = cudaResourceTypeArray;
	rd.res.array.array = a;
	cudaTextureDesc td;
	memset(&td, 0, sizeof(td));
	td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
	td.filterMode = cudaFilterModeLinear;
	cudaTextureObject_t t;
	cudaCreateTextureObject(&t, &rd, &td, NULL);
	float *d;
	cudaMalloc(&d, 2 * sizeof(float));
	k<<<1, 2>>>(t, d);
	float r[2];
	cudaMemcpy(r, d, sizeof(r), cudaMemcpyDeviceToHost);
	printf("%g %g\n", r[0], r[1]);
	return 0;
}
