// tex_probe.cu - print raw texture fetch results (hex bits) over sweeps of
// coordinates and levels of detail, to fit warpstep's texture unit
// (engine/machine/texture.c, docs/textures.md) to a GPU bit for bit.
// Build: nvcc -arch=sm_90 -o tex_probe tex_probe.cu; run: ./tex_probe [section]
// Sections: srgb (the decode table of every byte, and linear filtering of
// decoded texels), border (1D and 2D linear filtering with border texels),
// tri (3D arrays: copy in/out, point reads of every texel, trilinear samples
// of an impulse and of random texels, and 2D bilinear of random texels for
// comparison), mip (the level of detail: Lod sweeps, Grad sweeps in 1D and
// 2D, the level blend of untidy values), misc (signed 8- and 16-bit
// normalized and half-float texels under linear filtering); more (not in
// "all": half texels of both signs, every pair of signed 8-bit texels, Grad
// forms with gradients off the axes; recorded as tex_probe.h200/more.txt).
// more.txt's snorm8all lines were recorded before k2row indexed its output
// by block: both blocks wrote o[0..255], so each value of a "128" line is
// the a = 128 or the a = 1 result and the "1" lines are stale; only the
// diagonal (k0 = k1, where a does not matter) is certain. Every line is "tag args: results".
// The recording of an H200 is tools/hw/tex_probe.h200.txt.
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <cmath>
#include <cuda_fp16.h>

#define NMAX 4096

__global__ void k1(cudaTextureObject_t t, const float *x, float4 *o, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		o[i] = tex1D<float4>(t, x[i]);
}

__global__ void k2(cudaTextureObject_t t, const float *x, const float *y, float4 *o, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		o[i] = tex2D<float4>(t, x[i], y[i]);
}

__global__ void k3(cudaTextureObject_t t, const float *x, const float *y, const float *z, float4 *o, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		o[i] = tex3D<float4>(t, x[i], y[i], z[i]);
}

__global__ void k1lod(cudaTextureObject_t t, const float *x, const float *lod, float4 *o, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		o[i] = tex1DLod<float4>(t, x[i], lod[i]);
}

__global__ void k1grad(cudaTextureObject_t t, const float *x, const float *dx, const float *dy, float4 *o, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		o[i] = tex1DGrad<float4>(t, x[i], dx[i], dy[i]);
}

__global__ void k2grad(cudaTextureObject_t t, const float *g, float4 *o, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		o[i] = tex2DGrad<float4>(t, 0.5f, 0.5f, make_float2(g[4 * i], g[4 * i + 1]), make_float2(g[4 * i + 2], g[4 * i + 3]));
}

static float hx[NMAX], hy[NMAX], hz[NMAX], hg[4 * NMAX];
static float4 hr[NMAX];
static float *dx, *dy, *dz, *dg;
static float4 *dr;

static unsigned bits(float f)
{
	unsigned u;
	memcpy(&u, &f, 4);
	return u;
}

static unsigned rng = 12345u;
static unsigned rnd(void)
{
	rng = rng * 1103515245u + 12345u;
	return (rng >> 8) & 0xffffffu;
}

static void upload(int n)
{
	cudaMemcpy(dx, hx, n * sizeof(float), cudaMemcpyHostToDevice);
	cudaMemcpy(dy, hy, n * sizeof(float), cudaMemcpyHostToDevice);
	cudaMemcpy(dz, hz, n * sizeof(float), cudaMemcpyHostToDevice);
	cudaMemcpy(dg, hg, 4 * n * sizeof(float), cudaMemcpyHostToDevice);
}

static void fetch(int n)
{
	cudaError_t e = cudaDeviceSynchronize();
	if (e != cudaSuccess)
		printf("error %s\n", cudaGetErrorName(e));
	cudaMemcpy(hr, dr, n * sizeof(float4), cudaMemcpyDeviceToHost);
}

static cudaTextureObject_t make_tex(cudaResourceDesc *rd, int filter, int mode, int norm, int rm, int srgb,
				   float border, int mipf, float maxlev)
{
	cudaTextureDesc td;
	memset(&td, 0, sizeof(td));
	td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = (cudaTextureAddressMode)mode;
	td.filterMode = (cudaTextureFilterMode)filter;
	td.readMode = (cudaTextureReadMode)rm;
	td.normalizedCoords = norm;
	td.sRGB = srgb;
	td.borderColor[0] = border;
	td.mipmapFilterMode = (cudaTextureFilterMode)mipf;
	td.maxMipmapLevelClamp = maxlev;
	cudaTextureObject_t t = 0;
	cudaError_t e = cudaCreateTextureObject(&t, rd, &td, NULL);
	if (e != cudaSuccess)
		printf("create: %s\n", cudaGetErrorName(e));
	return t;
}

static cudaTextureObject_t array_tex(cudaArray_t a, int filter, int mode, int norm, int rm, int srgb, float border)
{
	cudaResourceDesc rd;
	memset(&rd, 0, sizeof(rd));
	rd.resType = cudaResourceTypeArray;
	rd.res.array.array = a;
	return make_tex(&rd, filter, mode, norm, rm, srgb, border, 0, 0.0f);
}

static void print4(const char *tag, int i, const float4 *r)
{
	printf("%s %d: %08x %08x %08x %08x\n", tag, i, bits(r->x), bits(r->y), bits(r->z), bits(r->w));
}

/* ---- sRGB */
static void srgb(void)
{
	uchar4 h[256];
	for (int i = 0; i < 256; i++)
		h[i] = make_uchar4(i, i, i, i);
	cudaChannelFormatDesc c = cudaCreateChannelDesc<uchar4>();
	cudaArray_t a;
	cudaMallocArray(&a, &c, 256);
	cudaMemcpy2DToArray(a, 0, 0, h, sizeof(h), sizeof(h), 1, cudaMemcpyHostToDevice);
	cudaTextureObject_t t = array_tex(a, 0, cudaAddressModeClamp, 0, 1, 1, 0.0f);
	for (int i = 0; i < 256; i++)
		hx[i] = i + 0.5f;
	upload(256);
	k1<<<1, 256>>>(t, dx, dr, 256);
	fetch(256);
	for (int i = 0; i < 256; i++)
		printf("srgb %d: %08x %08x\n", i, bits(hr[i].x), bits(hr[i].w));
	cudaDestroyTextureObject(t);
	/* linear filtering: texel i is (i, perm, 255 - i, perm2) */
	for (int i = 0; i < 256; i++)
		h[i] = make_uchar4(i, (i * 97 + 13) & 255, 255 - i, (i * 53 + 7) & 255);
	cudaMemcpy2DToArray(a, 0, 0, h, sizeof(h), sizeof(h), 1, cudaMemcpyHostToDevice);
	static const int fr[] = { 1, 3, 51, 100, 128, 179, 205, 255 };
	for (int s = 0; s < 2; s++) {
		t = array_tex(a, 1, cudaAddressModeClamp, 0, 1, s, 0.0f);
		int n = 0;
		for (int j = 0; j < 255; j++)
			for (int f = 0; f < 8; f++)
				hx[n++] = j + 0.5f + fr[f] / 256.0f;
		upload(n);
		k1<<<(n + 255) / 256, 256>>>(t, dx, dr, n);
		fetch(n);
		for (int i = 0; i < n; i++)
			print4(s ? "srgblin" : "unormlin", i, &hr[i]);
		cudaDestroyTextureObject(t);
	}
	cudaFreeArray(a);
}

/* ---- border */
static void border(void)
{
	cudaChannelFormatDesc c = cudaCreateChannelDesc<float>();
	cudaArray_t a;
	cudaMallocArray(&a, &c, 4);
	static const float vals[4][4] = { { 0, 0, 0, 0 }, { 1, 1, 1, 1 }, { 19.4f, 29.5f, 3.25f, 100.0f }, { 1, 2, 4, 8 } };
	static const float bc[4] = { 1.0f, 0.0f, -7.5f, 1000.0f };
	for (int v = 0; v < 4; v++) {
		cudaMemcpy2DToArray(a, 0, 0, vals[v], 16, 16, 1, cudaMemcpyHostToDevice);
		cudaTextureObject_t t = array_tex(a, 1, cudaAddressModeBorder, 0, 0, 0, bc[v]);
		int n = 0;
		for (int k = -384; k < 6 * 256 - 384; k++)
			hx[n++] = k / 256.0f + 0.5f / 512.0f * (k & 1);
		upload(n);
		k1<<<(n + 255) / 256, 256>>>(t, dx, dr, n);
		fetch(n);
		for (int i = 0; i < n; i++)
			printf("border1d %d %08x: %08x\n", v, bits(hx[i]), bits(hr[i].x));
		cudaDestroyTextureObject(t);
	}
	cudaFreeArray(a);
	/* 2D: tex_filter2d's 4x3 array, border -7.5, a grid of coordinates */
	float h[3][4];
	for (int y = 0; y < 3; y++)
		for (int x = 0; x < 4; x++)
			h[y][x] = (float)(x * x) + 10.0f * y + 0.1f * (x + y);
	cudaMallocArray(&a, &c, 4, 3);
	cudaMemcpy2DToArray(a, 0, 0, h, 16, 16, 3, cudaMemcpyHostToDevice);
	for (int mode = 0; mode < 2; mode++) {
		cudaTextureObject_t t = array_tex(a, 1, mode ? cudaAddressModeBorder : cudaAddressModeClamp, 0, 0, 0, -7.5f);
		int n = 0;
		for (int yi = 0; yi < 44; yi++)
			for (int xi = 0; xi < 56; xi++) {
				hx[n] = -1.0f + xi * (6.0f / 56.0f) + (rnd() & 255) / 65536.0f;
				hy[n] = -1.0f + yi * (5.0f / 44.0f) + (rnd() & 255) / 65536.0f;
				n++;
			}
		hx[n] = 3.7f; hy[n++] = 2.2f;
		hx[n] = 1.0f / 3.0f; hy[n++] = 1.1f;
		upload(n);
		k2<<<(n + 255) / 256, 256>>>(t, dx, dy, dr, n);
		fetch(n);
		for (int i = 0; i < n; i++)
			printf("border2d %d %08x %08x: %08x\n", mode, bits(hx[i]), bits(hy[i]), bits(hr[i].x));
		cudaDestroyTextureObject(t);
	}
	cudaFreeArray(a);
}

/* ---- 3D */
static void tri(void)
{
	enum { W = 4, H = 3, D = 2 };
	float h[D][H][W], back[D][H][W];
	for (int z = 0; z < D; z++)
		for (int y = 0; y < H; y++)
			for (int x = 0; x < W; x++)
				h[z][y][x] = 1000.0f * z + 10.0f * y + x + 0.125f * x * y;
	cudaChannelFormatDesc c = cudaCreateChannelDesc<float>();
	cudaArray_t a;
	cudaMalloc3DArray(&a, &c, make_cudaExtent(W, H, D));
	cudaMemcpy3DParms p;
	memset(&p, 0, sizeof(p));
	p.srcPtr = make_cudaPitchedPtr(h, W * sizeof(float), W, H);
	p.dstArray = a;
	p.extent = make_cudaExtent(W, H, D);
	p.kind = cudaMemcpyHostToDevice;
	printf("copy in: %s\n", cudaGetErrorName(cudaMemcpy3D(&p)));
	memset(back, 0xff, sizeof(back));
	memset(&p, 0, sizeof(p));
	p.srcArray = a;
	p.dstPtr = make_cudaPitchedPtr(back, W * sizeof(float), W, H);
	p.extent = make_cudaExtent(W, H, D);
	p.kind = cudaMemcpyDeviceToHost;
	printf("copy out: %s\n", cudaGetErrorName(cudaMemcpy3D(&p)));
	for (int i = 0; i < W * H * D; i++)
		printf("back %d: %08x %08x\n", i, bits((&h[0][0][0])[i]), bits((&back[0][0][0])[i]));
	cudaTextureObject_t t = array_tex(a, 0, cudaAddressModeClamp, 0, 0, 0, 0.0f);
	int n = 0;
	for (int z = 0; z < D; z++)
		for (int y = 0; y < H; y++)
			for (int x = 0; x < W; x++) {
				hx[n] = x + 0.5f;
				hy[n] = y + 0.5f;
				hz[n++] = z + 0.5f;
			}
	upload(n);
	k3<<<1, n>>>(t, dx, dy, dz, dr, n);
	fetch(n);
	for (int i = 0; i < n; i++)
		printf("point3d %d: %08x\n", i, bits(hr[i].x));
	cudaDestroyTextureObject(t);
	/* tex_3d_cube's samples, then random ones */
	t = array_tex(a, 1, cudaAddressModeClamp, 0, 0, 0, 0.0f);
	n = 0;
	for (int i = 0; i < 8; i++) {
		hx[n] = 0.2f + 0.85f * i;
		hy[n] = 0.4f + 0.3f * i;
		hz[n++] = 0.1f + 0.27f * i;
	}
	for (int i = 0; i < 504; i++) {
		hx[n] = (rnd() % 4608) / 1024.0f;
		hy[n] = (rnd() % 3584) / 1024.0f;
		hz[n++] = (rnd() % 2560) / 1024.0f;
	}
	upload(n);
	k3<<<(n + 255) / 256, 256>>>(t, dx, dy, dz, dr, n);
	fetch(n);
	for (int i = 0; i < n; i++)
		printf("tri %08x %08x %08x: %08x\n", bits(hx[i]), bits(hy[i]), bits(hz[i]), bits(hr[i].x));
	cudaDestroyTextureObject(t);
	cudaFreeArray(a);
	/* an impulse: 4x4x4 zeros with texel (1,1,1) = 1, so a result is the
	 * texel's weight; then random texels */
	enum { M = 4 };
	static float g[M][M][M];
	memset(g, 0, sizeof(g));
	g[1][1][1] = 1.0f;
	cudaMalloc3DArray(&a, &c, make_cudaExtent(M, M, M));
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 1)
			for (int i = 0; i < M * M * M; i++)
				(&g[0][0][0])[i] = (float)(rnd() % 100000) / 64.0f - 500.0f;
		memset(&p, 0, sizeof(p));
		p.srcPtr = make_cudaPitchedPtr(g, M * sizeof(float), M, M);
		p.dstArray = a;
		p.extent = make_cudaExtent(M, M, M);
		p.kind = cudaMemcpyHostToDevice;
		cudaMemcpy3D(&p);
		if (pass == 1)
			for (int i = 0; i < M * M * M; i++)
				printf("texel3d %d: %08x\n", i, bits((&g[0][0][0])[i]));
		t = array_tex(a, 1, cudaAddressModeClamp, 0, 0, 0, 0.0f);
		n = 0;
		for (int i = 0; i < 1024; i++) {
			hx[n] = 1.0f + (rnd() % 512) / 256.0f + (pass ? 0.0f : (rnd() & 255) / 65536.0f);
			hy[n] = 1.0f + (rnd() % 512) / 256.0f;
			hz[n++] = 1.0f + (rnd() % 512) / 256.0f;
		}
		upload(n);
		k3<<<(n + 255) / 256, 256>>>(t, dx, dy, dz, dr, n);
		fetch(n);
		for (int i = 0; i < n; i++)
			printf("%s %08x %08x %08x: %08x\n", pass ? "rand3d" : "imp3d", bits(hx[i]), bits(hy[i]), bits(hz[i]),
			       bits(hr[i].x));
		cudaDestroyTextureObject(t);
	}
	cudaFreeArray(a);
	/* 2D bilinear of random texels for comparison */
	static float g2[M][M];
	for (int i = 0; i < M * M; i++)
		(&g2[0][0])[i] = (float)(rnd() % 100000) / 64.0f - 500.0f;
	for (int i = 0; i < M * M; i++)
		printf("texel2d %d: %08x\n", i, bits((&g2[0][0])[i]));
	cudaMallocArray(&a, &c, M, M);
	cudaMemcpy2DToArray(a, 0, 0, g2, M * 4, M * 4, M, cudaMemcpyHostToDevice);
	t = array_tex(a, 1, cudaAddressModeClamp, 0, 0, 0, 0.0f);
	n = 0;
	for (int i = 0; i < 1024; i++) {
		hx[n] = 1.0f + (rnd() % 512) / 256.0f;
		hy[n++] = 1.0f + (rnd() % 512) / 256.0f;
	}
	upload(n);
	k2<<<(n + 255) / 256, 256>>>(t, dx, dy, dr, n);
	fetch(n);
	for (int i = 0; i < n; i++)
		printf("rand2d %08x %08x: %08x\n", bits(hx[i]), bits(hy[i]), bits(hr[i].x));
	cudaDestroyTextureObject(t);
	cudaFreeArray(a);
}

/* ---- mipmaps */
static void fill_levels(cudaMipmappedArray_t mm, int levels, const float *val)
{
	static float buf[64 * 64];
	for (int l = 0; l < levels; l++) {
		cudaArray_t a;
		cudaGetMipmappedArrayLevel(&a, mm, l);
		cudaChannelFormatDesc c;
		cudaExtent e;
		unsigned fl;
		cudaArrayGetInfo(&c, &e, &fl, a);
		size_t w = e.width, h = e.height ? e.height : 1;
		for (size_t i = 0; i < w * h; i++)
			buf[i] = val[l];
		cudaMemcpy2DToArray(a, 0, 0, buf, w * sizeof(float), w * sizeof(float), h, cudaMemcpyHostToDevice);
	}
}

static cudaTextureObject_t mip_tex(cudaMipmappedArray_t mm, int norm, float maxlev)
{
	cudaResourceDesc rd;
	memset(&rd, 0, sizeof(rd));
	rd.resType = cudaResourceTypeMipmappedArray;
	rd.res.mipmap.mipmap = mm;
	return make_tex(&rd, 0, cudaAddressModeClamp, norm, 0, 0, 0.0f, 1, maxlev);
}

static void mip(void)
{
	cudaChannelFormatDesc c = cudaCreateChannelDesc<float>();
	cudaMipmappedArray_t m1, m2;
	cudaMallocMipmappedArray(&m1, &c, make_cudaExtent(64, 0, 0), 7);
	static const float lv[7] = { 0, 1, 2, 3, 4, 5, 6 };
	fill_levels(m1, 7, lv);
	cudaTextureObject_t t = mip_tex(m1, 1, 6.0f);
	/* Lod sweep: k / 4096 and k * 0.001 */
	int n = 0;
	for (int k = -64; k < 1100; k++) {
		hx[n] = 0.5f;
		hy[n++] = k / 1024.0f;
	}
	for (int k = 0; k < 2000; k++) {
		hx[n] = 0.5f;
		hy[n++] = k * 0.001f;
	}
	for (int k = 0; k < 256; k++) {
		hx[n] = 0.5f;
		hy[n++] = 1.0f + k / 256.0f + 1.0f / 512.0f;
	}
	upload(n);
	k1lod<<<(n + 255) / 256, 256>>>(t, dx, dy, dr, n);
	fetch(n);
	for (int i = 0; i < n; i++)
		printf("lod %08x: %08x\n", bits(hy[i]), bits(hr[i].x));
	/* Grad sweep in 1D: normalized gradients; rho = |g| * 64 texels */
	n = 0;
	for (int k = 0; k < 2048; k++) {
		hx[n] = 0.5f;
		hy[n] = (1.0f + k / 2048.0f) * 2.0f / 64.0f;   /* rho from 2 to 4 texels: lambda 1..2 */
		hz[n++] = 0.0f;
	}
	for (int k = 0; k < 512; k++) {
		hx[n] = 0.5f;
		hy[n] = (float)(rnd() % 100000) / 100000.0f * 40.0f / 64.0f;
		hz[n++] = (float)(rnd() % 100000) / 100000.0f * 40.0f / 64.0f * (k & 1 ? 1.0f : -1.0f);
	}
	upload(n);
	k1grad<<<(n + 255) / 256, 256>>>(t, dx, dy, dz, dr, n);
	fetch(n);
	for (int i = 0; i < n; i++)
		printf("grad1 %08x %08x: %08x\n", bits(hy[i]), bits(hz[i]), bits(hr[i].x));
	cudaDestroyTextureObject(t);
	/* 2D Grad: random gradient pairs on a 64x64 texture */
	cudaMallocMipmappedArray(&m2, &c, make_cudaExtent(64, 64, 0), 7);
	fill_levels(m2, 7, lv);
	t = mip_tex(m2, 1, 6.0f);
	n = 0;
	for (int k = 0; k < 1024; k++) {
		for (int q = 0; q < 4; q++) {
			float v = (float)(rnd() % 100000) / 100000.0f * 24.0f / 64.0f;
			hg[4 * n + q] = (rnd() & 1) ? v : -v;
		}
		if (k < 128)
			hg[4 * n + 1] = hg[4 * n + 2] = 0.0f;    /* axis-aligned */
		else if (k < 256)
			hg[4 * n + 2] = hg[4 * n + 3] = 0.0f;    /* dy zero */
		n++;
	}
	upload(n);
	k2grad<<<(n + 255) / 256, 256>>>(t, dg, dr, n);
	fetch(n);
	for (int i = 0; i < n; i++)
		printf("grad2 %08x %08x %08x %08x: %08x\n", bits(hg[4 * i]), bits(hg[4 * i + 1]), bits(hg[4 * i + 2]),
		       bits(hg[4 * i + 3]), bits(hr[i].x));
	cudaDestroyTextureObject(t);
	/* the level blend of untidy values */
	static const float uv[7] = { 0.1234567f, 7.654321f, -3.3333333f, 1000.001f, 0.0f, 1.0e-3f, 5.5f };
	fill_levels(m1, 7, uv);
	t = mip_tex(m1, 1, 6.0f);
	n = 0;
	for (int k = 0; k < 1536; k++) {
		hx[n] = 0.5f;
		hy[n++] = k / 256.0f;
	}
	upload(n);
	k1lod<<<(n + 255) / 256, 256>>>(t, dx, dy, dr, n);
	fetch(n);
	for (int i = 0; i < n; i++)
		printf("blend %08x: %08x\n", bits(hy[i]), bits(hr[i].x));
	cudaDestroyTextureObject(t);
	cudaFreeMipmappedArray(m1);
	cudaFreeMipmappedArray(m2);
}

/* ---- other formats under linear filtering: signed 8 and 16 bits read as
 * normalized floats, half floats */
template <class T> static void misc_one(const char *tag, const T *h, int rm)
{
	cudaChannelFormatDesc c = cudaCreateChannelDesc<T>();
	cudaArray_t a;
	cudaMallocArray(&a, &c, 64);
	cudaMemcpy2DToArray(a, 0, 0, h, 64 * sizeof(T), 64 * sizeof(T), 1, cudaMemcpyHostToDevice);
	cudaTextureObject_t t = array_tex(a, 1, cudaAddressModeClamp, 0, rm, 0, 0.0f);
	static const int fr[] = { 1, 3, 51, 100, 128, 179, 205, 255 };
	int n = 0;
	for (int j = 0; j < 63; j++)
		for (int f = 0; f < 8; f++)
			hx[n++] = j + 0.5f + fr[f] / 256.0f;
	upload(n);
	k1<<<(n + 255) / 256, 256>>>(t, dx, dr, n);
	fetch(n);
	for (int i = 0; i < n; i++)
		printf("%s %d: %08x\n", tag, i, bits(hr[i].x));
	cudaDestroyTextureObject(t);
	cudaFreeArray(a);
}

static void misc(void)
{
	signed char c8[64];
	short s16[64];
	unsigned short h16[64];
	for (int i = 0; i < 64; i++) {
		c8[i] = (signed char)(i == 0 ? -128 : i == 1 ? 127 : (int)(rnd() & 255) - 128);
		s16[i] = (short)(i == 0 ? -32768 : i == 1 ? 32767 : (int)(rnd() & 65535) - 32768);
		h16[i] = (unsigned short)((rnd() & 0x7bff) | (i & 1 ? 0x8000 : 0));   /* no inf or NaN */
	}
	for (int i = 0; i < 64; i++)
		printf("misctexel %d: %d %d %04x\n", i, c8[i], s16[i], h16[i]);
	misc_one<signed char>("snorm8", c8, 1);
	misc_one<short>("snorm16", s16, 1);
	cudaChannelFormatDesc c = cudaCreateChannelDescHalf();
	cudaArray_t a;
	cudaMallocArray(&a, &c, 64);
	cudaMemcpy2DToArray(a, 0, 0, h16, 128, 128, 1, cudaMemcpyHostToDevice);
	cudaTextureObject_t t = array_tex(a, 1, cudaAddressModeClamp, 0, 0, 0, 0.0f);
	static const int fr[] = { 1, 3, 51, 100, 128, 179, 205, 255 };
	int n = 0;
	for (int j = 0; j < 63; j++)
		for (int f = 0; f < 8; f++)
			hx[n++] = j + 0.5f + fr[f] / 256.0f;
	upload(n);
	k1<<<(n + 255) / 256, 256>>>(t, dx, dr, n);
	fetch(n);
	for (int i = 0; i < n; i++)
		printf("half %d: %08x\n", i, bits(hr[i].x));
	cudaDestroyTextureObject(t);
	cudaFreeArray(a);
}

/* ---- second round: half texels of both signs, every pair of signed 8-bit
 * texels, Grad forms with gradients off the axes */
__global__ void k2row(cudaTextureObject_t t, int row, float4 *o)
{
	int i = threadIdx.x;
	o[blockIdx.x * 256 + i] = tex2D<float4>(t, 2 * i + 0.5f + (blockIdx.x ? 1.0f / 256.0f : 0.5f), row + 0.5f);
}

static void more(void)
{
	/* half: texel 2k = -x, 2k + 1 = y over magnitudes m */
	static const float m[16] = { 1.0f, 1.5f, 0.75f, 1.0f / 32, 3.3e-3f, 100.0f, 1.0e4f, 0.3f,
				     7.0f, 2.0e-5f, 0.999f, 1.001f, 63.0f, 0.046f, 4.5e-4f, 12.25f };
	static unsigned short hh[512];
	int n = 0;
	for (int i = 0; i < 16; i++)
		for (int j = 0; j < 16; j++) {
			__half_raw a = __half(-m[i]), b = __half(m[j]);
			hh[2 * n] = a.x;
			hh[2 * n + 1] = b.x;
			n++;
		}
	cudaChannelFormatDesc c = cudaCreateChannelDescHalf();
	cudaArray_t a;
	cudaMallocArray(&a, &c, 512);
	cudaMemcpy2DToArray(a, 0, 0, hh, 1024, 1024, 1, cudaMemcpyHostToDevice);
	cudaTextureObject_t t = array_tex(a, 1, cudaAddressModeClamp, 0, 0, 0, 0.0f);
	static const int fr[] = { 1, 3, 51, 100, 128, 179, 205, 255 };
	n = 0;
	for (int p = 0; p < 256; p++)
		for (int f = 0; f < 8; f++)
			hx[n++] = 2 * p + 0.5f + fr[f] / 256.0f;
	upload(n);
	k1<<<(n + 255) / 256, 256>>>(t, dx, dr, n);
	fetch(n);
	for (int i = 0; i < n; i++)
		printf("halfmix %04x %04x %d: %08x\n", hh[2 * (i / 8)], hh[2 * (i / 8) + 1], fr[i % 8], bits(hr[i].x));
	cudaDestroyTextureObject(t);
	cudaFreeArray(a);
	/* signed 8-bit: row k0 holds (k0, k1) pairs for every k1; read at
	 * a = 128 (block 0) and a = 1 (block 1) */
	static signed char pc[256][512];
	for (int k0 = 0; k0 < 256; k0++)
		for (int k1 = 0; k1 < 256; k1++) {
			pc[k0][2 * k1] = (signed char)(k0 - 128);
			pc[k0][2 * k1 + 1] = (signed char)(k1 - 128);
		}
	cudaChannelFormatDesc cc = cudaCreateChannelDesc<signed char>();
	cudaMallocArray(&a, &cc, 512, 256);
	cudaMemcpy2DToArray(a, 0, 0, pc, 512, 512, 256, cudaMemcpyHostToDevice);
	t = array_tex(a, 1, cudaAddressModeClamp, 0, 1, 0, 0.0f);
	for (int k0 = 0; k0 < 256; k0++) {
		k2row<<<2, 256>>>(t, k0, dr);
		fetch(512);
		for (int h = 0; h < 2; h++) {
			printf("snorm8all %d %d:", k0 - 128, h ? 1 : 128);
			for (int k1 = 0; k1 < 256; k1++)
				printf(" %08x", bits(hr[h * 256 + k1].x));
			printf("\n");
		}
	}
	cudaDestroyTextureObject(t);
	cudaFreeArray(a);
	/* Grad: one 2D gradient at angles, two gradients, 1D pairs */
	cudaChannelFormatDesc cf = cudaCreateChannelDesc<float>();
	cudaMipmappedArray_t m2;
	cudaMallocMipmappedArray(&m2, &cf, make_cudaExtent(64, 64, 0), 7);
	static const float lv[7] = { 0, 1, 2, 3, 4, 5, 6 };
	fill_levels(m2, 7, lv);
	t = mip_tex(m2, 1, 6.0f);
	n = 0;
	for (int k = 0; k < 256; k++) {          /* (8 cos, 8 sin), 0 */
		float th = k * (3.14159265f / 2) / 256.0f;
		hg[4 * n] = 8.0f * cosf(th) / 64.0f;
		hg[4 * n + 1] = 8.0f * sinf(th) / 64.0f;
		hg[4 * n + 2] = hg[4 * n + 3] = 0.0f;
		n++;
	}
	for (int r = 0; r < 3; r++)              /* (8, 0) and r2 (cos, sin) */
		for (int k = 0; k < 128; k++) {
			float th = k * 3.14159265f / 128.0f, r2 = 2.0f * (1 << r);
			hg[4 * n] = 8.0f / 64.0f;
			hg[4 * n + 1] = 0.0f;
			hg[4 * n + 2] = r2 * cosf(th) / 64.0f;
			hg[4 * n + 3] = r2 * sinf(th) / 64.0f;
			n++;
		}
	for (int k = 0; k < 256; k++) {          /* (8, 0) and (0, s): ratio sweep */
		hg[4 * n] = 8.0f / 64.0f;
		hg[4 * n + 1] = hg[4 * n + 2] = 0.0f;
		hg[4 * n + 3] = 8.0f * k / 256.0f / 64.0f;
		n++;
	}
	upload(n);
	k2grad<<<(n + 255) / 256, 256>>>(t, dg, dr, n);
	fetch(n);
	for (int i = 0; i < n; i++)
		printf("gradmore %08x %08x %08x %08x: %08x\n", bits(hg[4 * i]), bits(hg[4 * i + 1]), bits(hg[4 * i + 2]),
		       bits(hg[4 * i + 3]), bits(hr[i].x));
	cudaDestroyTextureObject(t);
	cudaFreeMipmappedArray(m2);
}

int main(int argc, char **argv)
{
	const char *what = argc > 1 ? argv[1] : "all";
	cudaMalloc(&dx, NMAX * sizeof(float));
	cudaMalloc(&dy, NMAX * sizeof(float));
	cudaMalloc(&dz, NMAX * sizeof(float));
	cudaMalloc(&dg, 4 * NMAX * sizeof(float));
	cudaMalloc(&dr, NMAX * sizeof(float4));
	if (!strcmp(what, "all") || !strcmp(what, "srgb"))
		srgb();
	if (!strcmp(what, "all") || !strcmp(what, "border"))
		border();
	if (!strcmp(what, "all") || !strcmp(what, "tri"))
		tri();
	if (!strcmp(what, "all") || !strcmp(what, "mip"))
		mip();
	if (!strcmp(what, "all") || !strcmp(what, "misc"))
		misc();
	if (!strcmp(what, "more"))
		more();
	printf("cuda: %s\n", cudaGetErrorName(cudaGetLastError()));
	return 0;
}
