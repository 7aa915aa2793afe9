// The 8-bit fixed-point weight of linear filtering, seen from a two-texel
// table {1, 2} read with normalized coordinates k * 0.05 (clamp): between the
// texel centres 0.25 and 0.75 the result moves in steps of 1/256, the
// coordinate's fraction rounded to the nearest 1/256 (0.3 reads
// 1 + 26/256, not 1 + 25.6/256).
#include <cstdio>
#include <cstring>

__global__ void lerp(cudaTextureObject_t t, float *out)
{
	out[threadIdx.x] = tex1D<float>(t, threadIdx.x * 0.05f);
}

int main()
{
	float h[2] = { 1.0f, 2.0f };
	cudaChannelFormatDesc ch = cudaCreateChannelDesc<float>();
	cudaArray_t a;
	cudaMallocArray(&a, &ch, 2);
	cudaMemcpyToArray(a, 0, 0, h, sizeof(h), cudaMemcpyHostToDevice);
	cudaResourceDesc rd;
	memset(&rd, 0, sizeof(rd));
	rd.resType = cudaResourceTypeArray;
	rd.res.array.array = a;
	cudaTextureDesc td;
	memset(&td, 0, sizeof(td));
	td.addressMode[0] = cudaAddressModeClamp;
	td.filterMode = cudaFilterModeLinear;
	td.normalizedCoords = 1;
	cudaTextureObject_t t;
	cudaCreateTextureObject(&t, &rd, &td, NULL);
	float *d, r[21];
	cudaMalloc(&d, sizeof(r));
	lerp<<<1, 21>>>(t, d);
	cudaMemcpy(r, d, sizeof(r), cudaMemcpyDeviceToHost);
	for (int k = 0; k < 21; k++)
		printf("%.9g -> %.9g (%a)\n", k * 0.05f, r[k], r[k]);
	cudaDestroyTextureObject(t);
	cudaFreeArray(a);
	cudaFree(d);
	return 0;
}
