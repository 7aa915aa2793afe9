// A 3x3 box blur as course material writes it: the image in a CUDA array,
// read through a texture object with unnormalized coordinates, point
// sampling and clamp at the borders (tex2D at texel centres x + 0.5), the
// result written through a surface object; then the same blur from a
// pitch-2D resource (cudaMallocPitch memory) with linear filtering reading
// 2x2 averages at the texel corners. Checksums and a few pixels in hex.
#include <cstdio>
#include <cstring>

#define W 16
#define H 12

__global__ void blur(cudaTextureObject_t in, cudaSurfaceObject_t out)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
	if (x >= W || y >= H)
		return;
	float s = 0.0f;
	for (int dy = -1; dy <= 1; dy++)
		for (int dx = -1; dx <= 1; dx++)
			s += tex2D<float>(in, x + dx + 0.5f, y + dy + 0.5f);
	surf2Dwrite(s / 9.0f, out, x * (int)sizeof(float), y);
}

__global__ void corners(cudaTextureObject_t in, float *out, size_t pitch)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
	if (x >= W || y >= H)
		return;
	/* the corner between four texels: linear filtering weighs each 1/4 */
	float *row = (float *)((char *)out + y * pitch);
	row[x] = tex2D<float>(in, x + 1.0f, y + 1.0f);
}

static unsigned bits(float f)
{
	unsigned u;
	memcpy(&u, &f, 4);
	return u;
}

int main()
{
	static float img[H][W];
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			img[y][x] = (float)((x * 7 + y * 13) % 17) + ((x / 4 + y / 3) % 2 ? 20.0f : 0.0f);
	cudaChannelFormatDesc ch = cudaCreateChannelDesc<float>();
	cudaArray_t ain, aout;
	cudaMallocArray(&ain, &ch, W, H);
	cudaMallocArray(&aout, &ch, W, H, cudaArraySurfaceLoadStore);
	cudaMemcpy2DToArray(ain, 0, 0, img, W * sizeof(float), W * sizeof(float), H, cudaMemcpyHostToDevice);
	cudaResourceDesc rd;
	memset(&rd, 0, sizeof(rd));
	rd.resType = cudaResourceTypeArray;
	rd.res.array.array = ain;
	cudaTextureDesc td;
	memset(&td, 0, sizeof(td));
	td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
	td.filterMode = cudaFilterModePoint;
	td.readMode = cudaReadModeElementType;
	td.normalizedCoords = 0;
	cudaTextureObject_t tin;
	cudaCreateTextureObject(&tin, &rd, &td, NULL);
	rd.res.array.array = aout;
	cudaSurfaceObject_t sout;
	cudaCreateSurfaceObject(&sout, &rd);
	dim3 b(8, 4), g((W + 7) / 8, (H + 3) / 4);
	blur<<<g, b>>>(tin, sout);
	static float res[H][W];
	cudaMemcpy2DFromArray(res, W * sizeof(float), aout, 0, 0, W * sizeof(float), H, cudaMemcpyDeviceToHost);
	double sum = 0;
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			sum += res[y][x];
	printf("box blur: sum %.6f, corner %08x, edge %08x, inside %08x %08x\n", sum, bits(res[0][0]), bits(res[0][7]),
	       bits(res[5][5]), bits(res[11][15]));
	for (int y = 0; y < 3; y++) {
		for (int x = 0; x < 6; x++)
			printf(" %8.4f", res[y][x]);
		printf("\n");
	}

	/* pitch-2D: the same image in cudaMallocPitch memory */
	float *dimg, *dout;
	size_t pitch, opitch;
	cudaMallocPitch(&dimg, &pitch, W * sizeof(float), H);
	cudaMallocPitch(&dout, &opitch, W * sizeof(float), H);
	cudaMemcpy2D(dimg, pitch, img, W * sizeof(float), W * sizeof(float), H, cudaMemcpyHostToDevice);
	memset(&rd, 0, sizeof(rd));
	rd.resType = cudaResourceTypePitch2D;
	rd.res.pitch2D.devPtr = dimg;
	rd.res.pitch2D.desc = ch;
	rd.res.pitch2D.width = W;
	rd.res.pitch2D.height = H;
	rd.res.pitch2D.pitchInBytes = pitch;
	td.filterMode = cudaFilterModeLinear;
	cudaTextureObject_t tp;
	printf("pitch2D texture: %s\n", cudaGetErrorName(cudaCreateTextureObject(&tp, &rd, &td, NULL)));
	corners<<<g, b>>>(tp, dout, opitch);
	cudaMemcpy2D(res, W * sizeof(float), dout, opitch, W * sizeof(float), H, cudaMemcpyDeviceToHost);
	sum = 0;
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			sum += res[y][x];
	printf("2x2 averages: sum %.6f, %08x %08x %08x\n", sum, bits(res[0][0]), bits(res[4][9]), bits(res[11][15]));
	rd.res.pitch2D.pitchInBytes = pitch - 4;
	cudaTextureObject_t bad;
	printf("pitch not a multiple of 32: %s\n", cudaGetErrorName(cudaCreateTextureObject(&bad, &rd, &td, NULL)));
	cudaGetLastError();
	cudaDestroyTextureObject(tin);
	cudaDestroyTextureObject(tp);
	cudaDestroySurfaceObject(sout);
	cudaFreeArray(ain);
	cudaFreeArray(aout);
	cudaFree(dimg);
	cudaFree(dout);
	return 0;
}
