// Mipmapped textures: cudaMallocMipmappedArray (levels clamped to
// 1 + floor(log2(largest extent))), cudaGetMipmappedArrayLevel (each level's
// extent through cudaArrayGetInfo; a level past the last is refused),
// cudaFreeMipmappedArray, a texture of resource type mipmapped array.
// Level l of the 2D texture holds 16 * (l + 1) everywhere but level 1, whose
// texel x holds 32 + x, so that a result tells which levels were read and
// how they were blended: tex2DLod at levels from -1 to 5, with point and
// linear mipmap filtering, mipmapLevelBias, minMipmapLevelClamp,
// maxMipmapLevelClamp (0, the default, reads level 0 only); tex2DGrad with
// gradients from 1/2 to 16 texels (level log2 of the longer gradient);
// tex1DLod and tex3DLod. Results as decimals (every blend here is exact).
#include <cstdio>
#include <cstring>

#define NL 10

__constant__ float lods[NL] = { -1.0f, 0.0f, 0.4f, 0.5f, 0.6f, 1.0f, 1.3f, 2.75f, 3.0f, 5.0f };
__constant__ float grads[NL] = { 0.25f, 0.5f, 1.0f, 1.5f, 2.0f, 3.0f, 4.0f, 6.0f, 8.0f, 16.0f };

__global__ void bylod(cudaTextureObject_t t, float *out)
{
	int i = threadIdx.x;
	out[i] = tex2DLod<float>(t, 0.3f, 0.6f, lods[i]);
}

__global__ void bygrad(cudaTextureObject_t t, float *out)
{
	int i = threadIdx.x;
	/* the gradients in normalized coordinates: grads[i] texels of level 0 along x */
	float g = grads[i] / 8.0f;
	out[i] = tex2DGrad<float>(t, 0.3f, 0.6f, make_float2(g, 0.0f), make_float2(0.0f, g / 2.0f));
}

__global__ void plain(cudaTextureObject_t t, float *out)
{
	int i = threadIdx.x;
	out[i] = tex2D<float>(t, (i + 0.5f) / 8.0f, 0.5f);
}

__global__ void lod1(cudaTextureObject_t t, float *out)
{
	int i = threadIdx.x;
	out[i] = tex1DLod<float>(t, 0.5f, lods[i]);
}

__global__ void lod3(cudaTextureObject_t t, float *out)
{
	int i = threadIdx.x;
	out[i] = tex3DLod<float>(t, 0.5f, 0.5f, 0.5f, lods[i]);
}

static cudaTextureObject_t make(cudaMipmappedArray_t mm, cudaTextureFilterMode mipf, float bias, float lo, float hi)
{
	cudaResourceDesc rd;
	memset(&rd, 0, sizeof(rd));
	rd.resType = cudaResourceTypeMipmappedArray;
	rd.res.mipmap.mipmap = mm;
	cudaTextureDesc td;
	memset(&td, 0, sizeof(td));
	td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = cudaAddressModeClamp;
	td.filterMode = cudaFilterModePoint;
	td.readMode = cudaReadModeElementType;
	td.normalizedCoords = 1;
	td.mipmapFilterMode = mipf;
	td.mipmapLevelBias = bias;
	td.minMipmapLevelClamp = lo;
	td.maxMipmapLevelClamp = hi;
	cudaTextureObject_t t = 0;
	cudaError_t e = cudaCreateTextureObject(&t, &rd, &td, NULL);
	if (e != cudaSuccess)
		printf("create: %s\n", cudaGetErrorName(e));
	return t;
}

static void show(const char *what, const float *d, int n)
{
	float r[NL];
	cudaMemcpy(r, d, n * sizeof(float), cudaMemcpyDeviceToHost);
	printf("%-34s", what);
	for (int i = 0; i < n; i++)
		printf(" %g", r[i]);
	printf("\n");
}

/* fill every level of mm (dims: 1, 2 or 3) with f(level, x) */
static void fill(cudaMipmappedArray_t mm, int levels, int dims)
{
	for (int l = 0; l < levels; l++) {
		cudaArray_t a;
		cudaGetMipmappedArrayLevel(&a, mm, l);
		cudaChannelFormatDesc c;
		cudaExtent e;
		unsigned fl;
		cudaArrayGetInfo(&c, &e, &fl, a);
		size_t w = e.width, h = e.height ? e.height : 1, d = e.depth ? e.depth : 1;
		printf("  level %d: %zu x %zu x %zu\n", l, e.width, e.height, e.depth);
		static float buf[4096];
		for (size_t i = 0; i < w * h * d; i++)
			buf[i] = l == 1 && dims == 2 ? 32.0f + (float)(i % w) : 16.0f * (l + 1);
		if (dims == 3) {
			cudaMemcpy3DParms p;
			memset(&p, 0, sizeof(p));
			p.srcPtr = make_cudaPitchedPtr(buf, w * sizeof(float), w, h);
			p.dstArray = a;
			p.extent = make_cudaExtent(w, h, d);
			p.kind = cudaMemcpyHostToDevice;
			cudaMemcpy3D(&p);
		} else {
			cudaMemcpy2DToArray(a, 0, 0, buf, w * sizeof(float), w * sizeof(float), h, cudaMemcpyHostToDevice);
		}
	}
}

int main()
{
	cudaChannelFormatDesc ch = cudaCreateChannelDesc<float>();
	cudaMipmappedArray_t mm, m1, m3;
	printf("2D 8x8, 10 levels asked: %s\n", cudaGetErrorName(cudaMallocMipmappedArray(&mm, &ch, make_cudaExtent(8, 8, 0), 10)));
	fill(mm, 4, 2);
	cudaArray_t a;
	printf("level 4: %s\n", cudaGetErrorName(cudaGetMipmappedArrayLevel(&a, mm, 4)));
	cudaGetLastError();
	float *d;
	cudaMalloc(&d, NL * sizeof(float));
	char what[64];
	static const struct { int f; float bias, lo, hi; } cfg[] = {
		{ 0, 0.0f, 0.0f, 0.0f }, { 0, 0.0f, 0.0f, 3.0f }, { 1, 0.0f, 0.0f, 3.0f },
		{ 1, 0.5f, 0.0f, 3.0f }, { 1, 0.0f, 1.0f, 2.5f },
	};
	for (int c = 0; c < 5; c++) {
		cudaTextureObject_t t = make(mm, (cudaTextureFilterMode)cfg[c].f, cfg[c].bias, cfg[c].lo, cfg[c].hi);
		bylod<<<1, NL>>>(t, d);
		snprintf(what, sizeof(what), "Lod %s bias %g clamp [%g, %g]:", cfg[c].f ? "linear" : "point ", cfg[c].bias,
			 cfg[c].lo, cfg[c].hi);
		show(what, d, NL);
		bygrad<<<1, NL>>>(t, d);
		snprintf(what, sizeof(what), "Grad %s bias %g clamp [%g, %g]:", cfg[c].f ? "linear" : "point ", cfg[c].bias,
			 cfg[c].lo, cfg[c].hi);
		show(what, d, NL);
		cudaDestroyTextureObject(t);
	}
	cudaTextureObject_t t = make(mm, cudaFilterModeLinear, 0.0f, 0.0f, 3.0f);
	plain<<<1, 8>>>(t, d);
	show("tex2D (level 0):", d, 8);
	cudaDestroyTextureObject(t);

	printf("1D 16, 5 levels: %s\n", cudaGetErrorName(cudaMallocMipmappedArray(&m1, &ch, make_cudaExtent(16, 0, 0), 5)));
	fill(m1, 5, 1);
	t = make(m1, cudaFilterModeLinear, 0.0f, 0.0f, 4.0f);
	lod1<<<1, NL>>>(t, d);
	show("tex1DLod linear:", d, NL);
	cudaDestroyTextureObject(t);

	printf("3D 4x4x4, 3 levels: %s\n", cudaGetErrorName(cudaMallocMipmappedArray(&m3, &ch, make_cudaExtent(4, 4, 4), 3)));
	fill(m3, 3, 3);
	t = make(m3, cudaFilterModeLinear, 0.0f, 0.0f, 2.0f);
	lod3<<<1, NL>>>(t, d);
	show("tex3DLod linear:", d, NL);
	cudaDestroyTextureObject(t);

	printf("free: %s %s %s\n", cudaGetErrorName(cudaFreeMipmappedArray(mm)), cudaGetErrorName(cudaFreeMipmappedArray(m1)),
	       cudaGetErrorName(cudaFreeMipmappedArray(m3)));
	cudaFree(d);
	return 0;
}
