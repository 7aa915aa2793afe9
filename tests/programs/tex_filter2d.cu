// tex2D on a 4x3 float CUDA array with linear filtering at coordinates that
// are not texel centres, under every address mode: wrap and mirror with
// normalized coordinates (outside [0,1) too), clamp and border with both
// kinds of coordinates; point sampling for comparison. The weights are in
// 8-bit fixed point (Programming Guide, texture fetching), so a coordinate
// between two multiples of 1/256 of a texel is rounded: the results are
// printed as hex bits.
#include <cstdio>
#include <cstring>

#define W 4
#define H 3
#define NP 10

__constant__ float px[NP] = { 0.5f, 1.25f, 2.1f, 3.7f, -0.6f, 4.9f, 1.0f / 3.0f, 0.5039f, 2.75f, -1.3f };
__constant__ float py[NP] = { 0.5f, 0.75f, 1.9f, 2.2f, -0.4f, 3.1f, 1.1f, 0.999f, 0.0f, 1.6f };

__global__ void sample(cudaTextureObject_t t, int normalized, float *out)
{
	int i = threadIdx.x;
	float x = px[i], y = py[i];
	if (normalized) {
		x /= W;
		y /= H;
	}
	out[i] = tex2D<float>(t, x, y);
}

static unsigned bits(float f)
{
	unsigned u;
	memcpy(&u, &f, 4);
	return u;
}

int main()
{
	float h[H][W];
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			h[y][x] = (float)(x * x) + 10.0f * y + 0.1f * (x + y);
	cudaChannelFormatDesc ch = cudaCreateChannelDesc<float>();
	cudaArray_t a;
	printf("cudaMallocArray: %s\n", cudaGetErrorName(cudaMallocArray(&a, &ch, W, H)));
	printf("cudaMemcpy2DToArray: %s\n",
	       cudaGetErrorName(cudaMemcpy2DToArray(a, 0, 0, h, W * sizeof(float), W * sizeof(float), H, cudaMemcpyHostToDevice)));
	float *dout;
	cudaMalloc(&dout, NP * sizeof(float));
	static const char *mname[] = { "wrap", "clamp", "mirror", "border" };
	for (int norm = 0; norm < 2; norm++)
		for (int filter = 0; filter < 2; filter++)
			for (int mode = 0; mode < 4; mode++) {
				if (!norm && (mode == cudaAddressModeWrap || mode == cudaAddressModeMirror))
					continue;   /* only with normalized coordinates */
				cudaResourceDesc rd;
				memset(&rd, 0, sizeof(rd));
				rd.resType = cudaResourceTypeArray;
				rd.res.array.array = a;
				cudaTextureDesc td;
				memset(&td, 0, sizeof(td));
				td.addressMode[0] = td.addressMode[1] = (cudaTextureAddressMode)mode;
				td.filterMode = (cudaTextureFilterMode)filter;
				td.readMode = cudaReadModeElementType;
				td.normalizedCoords = norm;
				td.borderColor[0] = -7.5f;
				cudaTextureObject_t t;
				cudaError_t e = cudaCreateTextureObject(&t, &rd, &td, NULL);
				if (e != cudaSuccess) {
					printf("create: %s\n", cudaGetErrorName(e));
					continue;
				}
				sample<<<1, NP>>>(t, norm, dout);
				float r[NP];
				cudaMemcpy(r, dout, sizeof(r), cudaMemcpyDeviceToHost);
				printf("%s %s %-6s:", norm ? "normalized" : "texels    ", filter ? "linear" : "point ", mname[mode]);
				for (int i = 0; i < NP; i++)
					printf(" %08x", bits(r[i]));
				printf("\n");
				cudaDestroyTextureObject(t);
			}
	/* the array reads back as it was written */
	float back[H][W];
	cudaMemcpy2DFromArray(back, W * sizeof(float), a, 0, 0, W * sizeof(float), H, cudaMemcpyDeviceToHost);
	printf("read back equal: %d\n", memcmp(back, h, sizeof(h)) == 0);
	cudaFreeArray(a);
	cudaFree(dout);
	return 0;
}
