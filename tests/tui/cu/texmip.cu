#include <cstdio>
#include <cstring>

__global__ void k(cudaTextureObject_t t, float *out)
{
	float v = tex2DLod<float>(t, 0.5f, 0.5f, 0.25f);
	out[threadIdx.x] = v;
}

int main()
{
	float l0[2][2] = { { 4.0f, 4.0f }, { 4.0f, 4.0f } }, l1 = 8.0f;
	cudaChannelFormatDesc ch = cudaCreateChannelDesc<float>();
	cudaMipmappedArray_t mm;
	cudaMallocMipmappedArray(&mm, &ch, make_cudaExtent(2, 2, 0), 2);
	cudaArray_t a0, a1;
	cudaGetMipmappedArrayLevel(&a0, mm, 0);
	cudaGetMipmappedArrayLevel(&a1, mm, 1);
	cudaMemcpy2DToArray(a0, 0, 0, l0, sizeof(l0[0]), sizeof(l0[0]), 2, cudaMemcpyHostToDevice);
	cudaMemcpy2DToArray(a1, 0, 0, &l1, sizeof(float), sizeof(float), 1, cudaMemcpyHostToDevice);
	cudaResourceDesc rd;
	memset(&rd, 0, sizeof(rd));
	rd.resType = cudaResourceTypeMipmappedArray;
	rd.res.mipmap.mipmap = mm;
	cudaTextureDesc td;
	memset(&td, 0, sizeof(td));
	td.normalizedCoords = 1;
	td.mipmapFilterMode = cudaFilterModeLinear;
	td.maxMipmapLevelClamp = 1.0f;
	cudaTextureObject_t t;
	cudaCreateTextureObject(&t, &rd, &td, NULL);
	float *d;
	cudaMalloc(&d, sizeof(float));
	k<<<1, 1>>>(t, d);
	float r;
	cudaMemcpy(&r, d, sizeof(r), cudaMemcpyDeviceToHost);
	printf("%g\n", r);
	cudaDestroyTextureObject(t);
	cudaFreeMipmappedArray(mm);
	return 0;
}
