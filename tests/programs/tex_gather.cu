// tex2Dgather on a 4x4 uchar4 array made with cudaArrayTextureGather: each
// component 0..3 of the four texels bilinear filtering would use, in the
// guide's order (i0,j1) (i1,j1) (i1,j0) (i0,j0); as element type (uchar4)
// and as normalized float (float4); with clamp at the edges.
#include <cstdio>
#include <cstring>
#include <texture_types.h>
#include <channel_descriptor.h>
#include <texture_indirect_functions.h>
#include <surface_indirect_functions.h>

#define S 4

__constant__ float gx[5] = { 1.0f, 1.6f, 2.5f, 0.2f, 3.9f };
__constant__ float gy[5] = { 1.0f, 2.3f, 0.5f, 3.8f, 0.1f };

__global__ void g(cudaTextureObject_t t, cudaTextureObject_t tn, uchar4 *out, float4 *outn)
{
	int i = threadIdx.x / 4, comp = threadIdx.x % 4;
	out[threadIdx.x] = tex2Dgather<uchar4>(t, gx[i], gy[i], comp);
	tex2Dgather(&outn[threadIdx.x], tn, gx[i], gy[i], comp);
}

static unsigned bits(float f)
{
	unsigned u;
	memcpy(&u, &f, 4);
	return u;
}

int main()
{
	uchar4 h[S][S];
	for (int y = 0; y < S; y++)
		for (int x = 0; x < S; x++)
			h[y][x] = make_uchar4(10 * y + x, 100 + 10 * y + x, 200 + 10 * y + x, 4 * y + x);
	cudaChannelFormatDesc ch = cudaCreateChannelDesc<uchar4>();
	cudaArray_t a;
	printf("gather array: %s\n", cudaGetErrorName(cudaMallocArray(&a, &ch, S, S, cudaArrayTextureGather)));
	cudaMemcpy2DToArray(a, 0, 0, h, sizeof(h[0]), sizeof(h[0]), S, cudaMemcpyHostToDevice);
	cudaResourceDesc rd;
	memset(&rd, 0, sizeof(rd));
	rd.resType = cudaResourceTypeArray;
	rd.res.array.array = a;
	cudaTextureDesc td;
	memset(&td, 0, sizeof(td));
	td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
	td.filterMode = cudaFilterModePoint;
	td.readMode = cudaReadModeElementType;
	cudaTextureObject_t t, tn;
	cudaCreateTextureObject(&t, &rd, &td, NULL);
	td.readMode = cudaReadModeNormalizedFloat;
	cudaCreateTextureObject(&tn, &rd, &td, NULL);
	uchar4 *d;
	float4 *dn;
	cudaMalloc(&d, 20 * sizeof(uchar4));
	cudaMalloc(&dn, 20 * sizeof(float4));
	g<<<1, 20>>>(t, tn, d, dn);
	uchar4 r[20];
	float4 rn[20];
	cudaMemcpy(r, d, sizeof(r), cudaMemcpyDeviceToHost);
	cudaMemcpy(rn, dn, sizeof(rn), cudaMemcpyDeviceToHost);
	for (int k = 0; k < 20; k++)
		printf("point %d comp %d: %3u %3u %3u %3u | %08x %08x %08x %08x\n", k / 4, k % 4, r[k].x, r[k].y, r[k].z, r[k].w,
		       bits(rn[k].x), bits(rn[k].y), bits(rn[k].z), bits(rn[k].w));
	cudaDestroyTextureObject(t);
	cudaDestroyTextureObject(tn);
	cudaFreeArray(a);
	cudaFree(d);
	cudaFree(dn);
	return 0;
}
