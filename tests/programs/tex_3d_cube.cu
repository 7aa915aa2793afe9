// tex3D on a 4x3x2 float array (cudaMalloc3DArray, cudaMemcpy3D) with point
// and trilinear filtering, tex3DLod and tex3DGrad (level 0 without
// mipmaps); texCubemap and texCubemapLayered on a 2x2 cubemap (each face
// one value per texel), one direction per face. Hex bits.
#include <cstdio>
#include <cstring>

#define W 4
#define H 3
#define D 2

__global__ void k3(cudaTextureObject_t t, float *out)
{
	int i = threadIdx.x;
	float x = 0.2f + 0.85f * i, y = 0.4f + 0.3f * i, z = 0.1f + 0.27f * i;
	out[i] = tex3D<float>(t, x, y, z);
	out[8 + i] = tex3DLod<float>(t, x, y, z, 0.5f);
	float4 g = make_float4(2.0f, 0.0f, 0.0f, 0.0f);
	tex3DGrad(&out[16 + i], t, x, y, z, g, g);
}

__constant__ float dir[8][3] = {
	{ 1.0f, 0.2f, -0.3f }, { -1.0f, -0.4f, 0.1f }, { 0.3f, 1.0f, 0.6f }, { -0.2f, -1.0f, -0.7f },
	{ 0.45f, -0.55f, 1.0f }, { 0.6f, 0.3f, -1.0f }, { 0.9f, 0.5f, -0.2f }, { -0.3f, 0.2f, 0.95f },
};

__global__ void kc(cudaTextureObject_t t, cudaTextureObject_t tl, float *out)
{
	int i = threadIdx.x;
	out[i] = texCubemap<float>(t, dir[i][0], dir[i][1], dir[i][2]);
	out[8 + i] = texCubemapLayered<float>(tl, dir[i][0], dir[i][1], dir[i][2], 1);
	out[16 + i] = texCubemapLod<float>(t, dir[i][0], dir[i][1], dir[i][2], 3.0f);
}

static unsigned bits(float f)
{
	unsigned u;
	memcpy(&u, &f, 4);
	return u;
}

static cudaTextureObject_t make(cudaArray_t a, cudaTextureFilterMode fm, int norm)
{
	cudaResourceDesc rd;
	memset(&rd, 0, sizeof(rd));
	rd.resType = cudaResourceTypeArray;
	rd.res.array.array = a;
	cudaTextureDesc td;
	memset(&td, 0, sizeof(td));
	td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = cudaAddressModeClamp;
	td.filterMode = fm;
	td.readMode = cudaReadModeElementType;
	td.normalizedCoords = norm;
	cudaTextureObject_t t = 0;
	cudaError_t e = cudaCreateTextureObject(&t, &rd, &td, NULL);
	if (e != cudaSuccess)
		printf("create: %s\n", cudaGetErrorName(e));
	return t;
}

static void show(const char *what, const char *const *rows, float *d)
{
	float r[24];
	cudaMemcpy(r, d, sizeof(r), cudaMemcpyDeviceToHost);
	printf("%s:\n", what);
	for (int f = 0; f < 3; f++) {
		printf("  %-8s", rows[f]);
		for (int i = 0; i < 8; i++)
			printf(" %08x", bits(r[f * 8 + i]));
		printf("\n");
	}
}

int main()
{
	float h[D][H][W];
	for (int z = 0; z < D; z++)
		for (int y = 0; y < H; y++)
			for (int x = 0; x < W; x++)
				h[z][y][x] = 1000.0f * z + 10.0f * y + x + 0.125f * x * y;
	cudaChannelFormatDesc ch = cudaCreateChannelDesc<float>();
	cudaArray_t a;
	printf("3D array: %s\n", cudaGetErrorName(cudaMalloc3DArray(&a, &ch, make_cudaExtent(W, H, D))));
	cudaMemcpy3DParms p;
	memset(&p, 0, sizeof(p));
	p.srcPtr = make_cudaPitchedPtr(h, W * sizeof(float), W, H);
	p.dstArray = a;
	p.extent = make_cudaExtent(W, H, D);
	p.kind = cudaMemcpyHostToDevice;
	printf("copy in: %s\n", cudaGetErrorName(cudaMemcpy3D(&p)));
	float *d;
	cudaMalloc(&d, 24 * sizeof(float));
	static const char *const r3[] = { "tex3D", "Lod", "Grad" };
	for (int f = 0; f < 2; f++) {
		cudaTextureObject_t t = make(a, (cudaTextureFilterMode)f, 0);
		k3<<<1, 8>>>(t, d);
		show(f ? "3D trilinear" : "3D point", r3, d);
		cudaDestroyTextureObject(t);
	}
	/* the array back, through cudaMemcpy3D from the array */
	float back[D][H][W];
	memset(&p, 0, sizeof(p));
	p.srcArray = a;
	p.dstPtr = make_cudaPitchedPtr(back, W * sizeof(float), W, H);
	p.extent = make_cudaExtent(W, H, D);
	p.kind = cudaMemcpyDeviceToHost;
	/* the copy before the comparison: as two arguments of one printf
	 * their order would be unspecified (gcc evaluates the memcmp first) */
	cudaError_t ce = cudaMemcpy3D(&p);
	printf("copy out: %s, equal %d\n", cudaGetErrorName(ce), memcmp(back, h, sizeof(h)) == 0);

	/* cubemaps: faces +x -x +y -y +z -z; layer l adds 100 * l */
	const int C = 2;
	float hc[2][6][C][C];
	for (int l = 0; l < 2; l++)
		for (int f = 0; f < 6; f++)
			for (int y = 0; y < C; y++)
				for (int x = 0; x < C; x++)
					hc[l][f][y][x] = 100.0f * l + 10.0f * f + 2 * y + x;
	cudaArray_t cube, cubel;
	printf("cubemap: %s\n", cudaGetErrorName(cudaMalloc3DArray(&cube, &ch, make_cudaExtent(C, C, 6), cudaArrayCubemap)));
	printf("cubemap layered: %s\n",
	       cudaGetErrorName(cudaMalloc3DArray(&cubel, &ch, make_cudaExtent(C, C, 12), cudaArrayCubemap | cudaArrayLayered)));
	cudaArray_t bad;
	printf("cubemap not square: %s\n", cudaGetErrorName(cudaMalloc3DArray(&bad, &ch, make_cudaExtent(C, C + 1, 6), cudaArrayCubemap)));
	printf("cubemap of 5 faces: %s\n", cudaGetErrorName(cudaMalloc3DArray(&bad, &ch, make_cudaExtent(C, C, 5), cudaArrayCubemap)));
	cudaGetLastError();
	memset(&p, 0, sizeof(p));
	p.srcPtr = make_cudaPitchedPtr(hc[0], C * sizeof(float), C, C);
	p.dstArray = cube;
	p.extent = make_cudaExtent(C, C, 6);
	p.kind = cudaMemcpyHostToDevice;
	cudaMemcpy3D(&p);
	p.srcPtr = make_cudaPitchedPtr(hc, C * sizeof(float), C, C);
	p.dstArray = cubel;
	p.extent = make_cudaExtent(C, C, 12);
	cudaMemcpy3D(&p);
	static const char *const rc[] = { "cube", "layer 1", "Lod" };
	for (int f = 0; f < 2; f++) {
		cudaTextureObject_t t = make(cube, (cudaTextureFilterMode)f, 1), tl = make(cubel, (cudaTextureFilterMode)f, 1);
		kc<<<1, 8>>>(t, tl, d);
		show(f ? "cubemap linear" : "cubemap point", rc, d);
		cudaDestroyTextureObject(t);
		cudaDestroyTextureObject(tl);
	}
	cudaFreeArray(a);
	cudaFreeArray(cube);
	cudaFreeArray(cubel);
	cudaFree(d);
	return 0;
}
