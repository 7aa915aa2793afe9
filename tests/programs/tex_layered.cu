// Layered textures: a 1D layered and a 2D layered float array made with
// cudaMalloc3DArray(cudaArrayLayered) and filled with cudaMemcpy3D;
// tex1DLayered and tex2DLayered with point and linear filtering (filtering
// never mixes layers; a layer index out of range is clamped), and the
// Lod/Grad forms (without mipmaps they read level 0). Hex bits.
#include <cstdio>
#include <cstring>

#define W 5
#define H 3
#define L 3

__global__ void k1(cudaTextureObject_t t, float *out)
{
	int i = threadIdx.x;    /* 0..7: layers 0..3 twice */
	float x = 0.3f + 1.1f * i;
	out[i] = tex1DLayered<float>(t, x, i % 4);
	tex1DLayeredLod(&out[8 + i], t, x, i % 4, 2.0f);
	out[16 + i] = tex1DLayeredGrad<float>(t, x, i % 4, 0.5f, 3.0f);
}

__global__ void k2(cudaTextureObject_t t, float *out)
{
	int i = threadIdx.x;
	float x = 0.25f + 0.9f * i, y = 2.6f - 0.4f * i;
	out[i] = tex2DLayered<float>(t, x, y, i % 3);
	out[8 + i] = tex2DLayeredLod<float>(t, x, y, i % 3, 1.5f);
	out[16 + i] = tex2DLayeredGrad<float>(t, x, y, i % 3, make_float2(1.0f, 0.0f), make_float2(0.0f, 4.0f));
}

static unsigned bits(float f)
{
	unsigned u;
	memcpy(&u, &f, 4);
	return u;
}

static cudaTextureObject_t make(cudaArray_t a, cudaTextureFilterMode fm)
{
	cudaResourceDesc rd;
	memset(&rd, 0, sizeof(rd));
	rd.resType = cudaResourceTypeArray;
	rd.res.array.array = a;
	cudaTextureDesc td;
	memset(&td, 0, sizeof(td));
	td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
	td.filterMode = fm;
	td.readMode = cudaReadModeElementType;
	cudaTextureObject_t t = 0;
	cudaError_t e = cudaCreateTextureObject(&t, &rd, &td, NULL);
	if (e != cudaSuccess)
		printf("create: %s\n", cudaGetErrorName(e));
	return t;
}

static void show(const char *what, float *d)
{
	float r[24];
	cudaMemcpy(r, d, sizeof(r), cudaMemcpyDeviceToHost);
	printf("%s:\n", what);
	for (int f = 0; f < 3; f++) {
		printf("  %s", f == 0 ? "plain" : f == 1 ? "lod  " : "grad ");
		for (int i = 0; i < 8; i++)
			printf(" %08x", bits(r[f * 8 + i]));
		printf("\n");
	}
}

int main()
{
	float h1[L][W], h2[L][H][W];
	for (int l = 0; l < L; l++)
		for (int x = 0; x < W; x++) {
			h1[l][x] = 100.0f * l + x * 1.5f;
			for (int y = 0; y < H; y++)
				h2[l][y][x] = 100.0f * l + 10.0f * y + x * 0.75f;
		}
	cudaChannelFormatDesc ch = cudaCreateChannelDesc<float>();
	cudaArray_t a1, a2;
	printf("1D layered: %s\n", cudaGetErrorName(cudaMalloc3DArray(&a1, &ch, make_cudaExtent(W, 0, L), cudaArrayLayered)));
	printf("2D layered: %s\n", cudaGetErrorName(cudaMalloc3DArray(&a2, &ch, make_cudaExtent(W, H, L), cudaArrayLayered)));
	cudaMemcpy3DParms p;
	memset(&p, 0, sizeof(p));
	p.srcPtr = make_cudaPitchedPtr(h1, W * sizeof(float), W, 1);
	p.dstArray = a1;
	p.extent = make_cudaExtent(W, 1, L);
	p.kind = cudaMemcpyHostToDevice;
	printf("copy 1D layers: %s\n", cudaGetErrorName(cudaMemcpy3D(&p)));
	memset(&p, 0, sizeof(p));
	p.srcPtr = make_cudaPitchedPtr(h2, W * sizeof(float), W, H);
	p.dstArray = a2;
	p.extent = make_cudaExtent(W, H, L);
	p.kind = cudaMemcpyHostToDevice;
	printf("copy 2D layers: %s\n", cudaGetErrorName(cudaMemcpy3D(&p)));
	cudaChannelFormatDesc back;
	cudaExtent ext;
	unsigned flags;
	cudaArrayGetInfo(&back, &ext, &flags, a2);
	printf("info: %d bits kind %d, extent %zu %zu %zu, flags %u\n", back.x, back.f, ext.width, ext.height, ext.depth, flags);
	float *d;
	cudaMalloc(&d, 24 * sizeof(float));
	for (int f = 0; f < 2; f++) {
		cudaTextureObject_t t1 = make(a1, (cudaTextureFilterMode)f), t2 = make(a2, (cudaTextureFilterMode)f);
		k1<<<1, 8>>>(t1, d);
		show(f ? "tex1DLayered linear" : "tex1DLayered point", d);
		k2<<<1, 8>>>(t2, d);
		show(f ? "tex2DLayered linear" : "tex2DLayered point", d);
		cudaDestroyTextureObject(t1);
		cudaDestroyTextureObject(t2);
	}
	/* a layered array needs a depth, cudaMallocArray takes no layers */
	cudaArray_t bad;
	printf("layered, depth 0: %s\n", cudaGetErrorName(cudaMalloc3DArray(&bad, &ch, make_cudaExtent(W, H, 0), cudaArrayLayered)));
	printf("cudaMallocArray layered: %s\n", cudaGetErrorName(cudaMallocArray(&bad, &ch, W, H, cudaArrayLayered)));
	cudaGetLastError();
	cudaFreeArray(a1);
	cudaFreeArray(a2);
	cudaFree(d);
	return 0;
}
