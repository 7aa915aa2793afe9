// cudaReadModeNormalizedFloat: uchar4 texels read as floats in [0,1] (point
// and linear filtering, with and without sRGB), char2 in [-1,1] (-128 reads
// -1), ushort in [0,1]; tex1D with normalized coordinates on a 1D array
// (cudaMallocArray with height 0); the element-type read of the same uchar4
// array. Results as hex bits.
#include <cstdio>
#include <cstring>

#define N 6

__global__ void read4(cudaTextureObject_t t, float4 *out, float scale)
{
	int i = threadIdx.x;
	float x = (i * 0.8f + 0.3f) * scale;
	out[i] = tex1D<float4>(t, x);
}

__global__ void read2(cudaTextureObject_t t, float2 *out)
{
	int i = threadIdx.x;
	out[i] = tex1D<float2>(t, i + 0.5f);
}

__global__ void read1(cudaTextureObject_t t, float *out)
{
	int i = threadIdx.x;
	out[i] = tex1D<float>(t, i * 0.7f + 0.1f);
}

__global__ void readraw(cudaTextureObject_t t, uchar4 *out)
{
	int i = threadIdx.x;
	out[i] = tex1D<uchar4>(t, i + 0.5f);
}

static unsigned bits(float f)
{
	unsigned u;
	memcpy(&u, &f, 4);
	return u;
}

static cudaTextureObject_t make(cudaArray_t a, cudaTextureReadMode rm, cudaTextureFilterMode fm, int norm, int srgb)
{
	cudaResourceDesc rd;
	memset(&rd, 0, sizeof(rd));
	rd.resType = cudaResourceTypeArray;
	rd.res.array.array = a;
	cudaTextureDesc td;
	memset(&td, 0, sizeof(td));
	td.addressMode[0] = cudaAddressModeClamp;
	td.filterMode = fm;
	td.readMode = rm;
	td.normalizedCoords = norm;
	td.sRGB = srgb;
	cudaTextureObject_t t = 0;
	cudaError_t e = cudaCreateTextureObject(&t, &rd, &td, NULL);
	if (e != cudaSuccess)
		printf("create: %s\n", cudaGetErrorName(e));
	return t;
}

int main()
{
	uchar4 hu[N];
	char2 hc[N];
	unsigned short hs[N];
	for (int i = 0; i < N; i++) {
		hu[i] = make_uchar4(i * 51, 255 - i * 40, 7 + i * i, 200);
		hc[i] = make_char2((char)(-128 + i * 50), (char)(127 - i * 30));
		hs[i] = (unsigned short)(i * 13107 + 3);
	}
	cudaChannelFormatDesc cu = cudaCreateChannelDesc<uchar4>(), cc = cudaCreateChannelDesc<char2>(),
			      cs = cudaCreateChannelDesc<unsigned short>();
	cudaArray_t au, ac, as;
	cudaMallocArray(&au, &cu, N);
	cudaMallocArray(&ac, &cc, N);
	cudaMallocArray(&as, &cs, N);
	cudaMemcpy2DToArray(au, 0, 0, hu, sizeof(hu), sizeof(hu), 1, cudaMemcpyHostToDevice);
	cudaMemcpyToArray(ac, 0, 0, hc, sizeof(hc), cudaMemcpyHostToDevice);
	cudaMemcpyToArray(as, 0, 0, hs, sizeof(hs), cudaMemcpyHostToDevice);
	float4 *d4;
	float2 *d2;
	float *d1;
	uchar4 *draw;
	cudaMalloc(&d4, N * sizeof(float4));
	cudaMalloc(&d2, N * sizeof(float2));
	cudaMalloc(&d1, N * sizeof(float));
	cudaMalloc(&draw, N * sizeof(uchar4));
	static const char *title[] = { "uchar4 point texels", "uchar4 linear texels", "uchar4 linear normalized",
				       "uchar4 sRGB point", "uchar4 sRGB linear" };
	for (int c = 0; c < 5; c++) {
		int norm = c == 2;
		cudaTextureObject_t t = make(au, cudaReadModeNormalizedFloat, c == 0 || c == 3 ? cudaFilterModePoint : cudaFilterModeLinear,
					     norm, c >= 3);
		read4<<<1, N>>>(t, d4, norm ? 1.0f / N : 1.0f);
		float4 r[N];
		cudaMemcpy(r, d4, sizeof(r), cudaMemcpyDeviceToHost);
		printf("%s:\n", title[c]);
		for (int i = 0; i < N; i++)
			printf("  %08x %08x %08x %08x\n", bits(r[i].x), bits(r[i].y), bits(r[i].z), bits(r[i].w));
		cudaDestroyTextureObject(t);
	}
	cudaTextureObject_t t = make(ac, cudaReadModeNormalizedFloat, cudaFilterModePoint, 0, 0);
	read2<<<1, N>>>(t, d2);
	float2 r2[N];
	cudaMemcpy(r2, d2, sizeof(r2), cudaMemcpyDeviceToHost);
	printf("char2 normalized:");
	for (int i = 0; i < N; i++)
		printf(" (%d %d) %08x %08x", hc[i].x, hc[i].y, bits(r2[i].x), bits(r2[i].y));
	printf("\n");
	cudaDestroyTextureObject(t);
	t = make(as, cudaReadModeNormalizedFloat, cudaFilterModeLinear, 0, 0);
	read1<<<1, N>>>(t, d1);
	float r1[N];
	cudaMemcpy(r1, d1, sizeof(r1), cudaMemcpyDeviceToHost);
	printf("ushort normalized linear:");
	for (int i = 0; i < N; i++)
		printf(" %08x", bits(r1[i]));
	printf("\n");
	cudaDestroyTextureObject(t);
	t = make(au, cudaReadModeElementType, cudaFilterModePoint, 0, 0);
	readraw<<<1, N>>>(t, draw);
	uchar4 rr[N];
	cudaMemcpy(rr, draw, sizeof(rr), cudaMemcpyDeviceToHost);
	printf("uchar4 element type:");
	for (int i = 0; i < N; i++)
		printf(" %u,%u,%u,%u", rr[i].x, rr[i].y, rr[i].z, rr[i].w);
	printf("\n");
	cudaDestroyTextureObject(t);
	/* the rules of a texture description */
	cudaResourceDesc rd;
	memset(&rd, 0, sizeof(rd));
	rd.resType = cudaResourceTypeArray;
	rd.res.array.array = au;
	cudaTextureDesc td;
	memset(&td, 0, sizeof(td));
	td.filterMode = cudaFilterModeLinear;
	td.readMode = cudaReadModeElementType;
	printf("linear filtering of uchar4 as element type: %s\n", cudaGetErrorName(cudaCreateTextureObject(&t, &rd, &td, NULL)));
	cudaGetLastError();
	cudaFreeArray(au);
	cudaFreeArray(ac);
	cudaFreeArray(as);
	cudaFree(d4);
	cudaFree(d2);
	cudaFree(d1);
	cudaFree(draw);
	return 0;
}
