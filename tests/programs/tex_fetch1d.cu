// tex1Dfetch from linear memory: float, int and uchar4 (element type and
// normalized float); an index outside the buffer reads zero. The texture
// object API's error codes for invalid descriptors. Results as hex bits.
#include <cstdio>
#include <cstring>

__global__ void fetch(cudaTextureObject_t tf, cudaTextureObject_t ti, cudaTextureObject_t tu,
		      cudaTextureObject_t tn, float *of, int *oi, uchar4 *ou, float4 *on)
{
	int i = threadIdx.x - 1;        /* -1 .. 8: both ends are outside */
	of[threadIdx.x] = tex1Dfetch<float>(tf, i);
	tex1Dfetch(&oi[threadIdx.x], ti, i);    /* the pointer-out form */
	ou[threadIdx.x] = tex1Dfetch<uchar4>(tu, i);
	on[threadIdx.x] = tex1Dfetch<float4>(tn, i);
}

static cudaTextureObject_t linear_tex(void *d, cudaChannelFormatDesc ch, size_t bytes, cudaTextureReadMode rm)
{
	cudaResourceDesc rd;
	memset(&rd, 0, sizeof(rd));
	rd.resType = cudaResourceTypeLinear;
	rd.res.linear.devPtr = d;
	rd.res.linear.desc = ch;
	rd.res.linear.sizeInBytes = bytes;
	cudaTextureDesc td;
	memset(&td, 0, sizeof(td));
	td.readMode = rm;
	cudaTextureObject_t t = 0;
	cudaError_t e = cudaCreateTextureObject(&t, &rd, &td, NULL);
	if (e != cudaSuccess)
		printf("cudaCreateTextureObject: %s\n", cudaGetErrorName(e));
	return t;
}

static unsigned bits(float f)
{
	unsigned u;
	memcpy(&u, &f, 4);
	return u;
}

int main()
{
	const int N = 8;
	float hf[N];
	int hi[N];
	uchar4 hu[N];
	for (int i = 0; i < N; i++) {
		hf[i] = 1.0f / (i + 1);
		hi[i] = -1000 * i + 7;
		hu[i] = make_uchar4(i * 30, 255 - i, 1 << i, 128);
	}
	float *df, *of;
	int *di, *oi;
	uchar4 *du, *ou;
	float4 *on;
	cudaMalloc(&df, sizeof(hf));
	cudaMalloc(&di, sizeof(hi));
	cudaMalloc(&du, sizeof(hu));
	cudaMalloc(&of, 10 * sizeof(float));
	cudaMalloc(&oi, 10 * sizeof(int));
	cudaMalloc(&ou, 10 * sizeof(uchar4));
	cudaMalloc(&on, 10 * sizeof(float4));
	cudaMemcpy(df, hf, sizeof(hf), cudaMemcpyHostToDevice);
	cudaMemcpy(di, hi, sizeof(hi), cudaMemcpyHostToDevice);
	cudaMemcpy(du, hu, sizeof(hu), cudaMemcpyHostToDevice);
	cudaTextureObject_t tf = linear_tex(df, cudaCreateChannelDesc<float>(), sizeof(hf), cudaReadModeElementType);
	cudaTextureObject_t ti = linear_tex(di, cudaCreateChannelDesc<int>(), sizeof(hi), cudaReadModeElementType);
	cudaTextureObject_t tu = linear_tex(du, cudaCreateChannelDesc<uchar4>(), sizeof(hu), cudaReadModeElementType);
	cudaTextureObject_t tn = linear_tex(du, cudaCreateChannelDesc<uchar4>(), sizeof(hu), cudaReadModeNormalizedFloat);
	fetch<<<1, N + 2>>>(tf, ti, tu, tn, of, oi, ou, on);
	printf("launch: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
	float rf[10];
	int ri[10];
	uchar4 ru[10];
	float4 rn[10];
	cudaMemcpy(rf, of, sizeof(rf), cudaMemcpyDeviceToHost);
	cudaMemcpy(ri, oi, sizeof(ri), cudaMemcpyDeviceToHost);
	cudaMemcpy(ru, ou, sizeof(ru), cudaMemcpyDeviceToHost);
	cudaMemcpy(rn, on, sizeof(rn), cudaMemcpyDeviceToHost);
	for (int k = 0; k < N + 2; k++)
		printf("i=%2d float %08x int %d uchar4 %u %u %u %u norm %08x %08x %08x %08x\n", k - 1, bits(rf[k]), ri[k],
		       ru[k].x, ru[k].y, ru[k].z, ru[k].w, bits(rn[k].x), bits(rn[k].y), bits(rn[k].z), bits(rn[k].w));

	/* what the texture object remembers */
	cudaResourceDesc back;
	memset(&back, 0, sizeof(back));
	cudaGetTextureObjectResourceDesc(&back, tu);
	printf("resource: type %d, %zu bytes, channels %d %d %d %d kind %d, same pointer %d\n", back.resType,
	       back.res.linear.sizeInBytes, back.res.linear.desc.x, back.res.linear.desc.y, back.res.linear.desc.z,
	       back.res.linear.desc.w, back.res.linear.desc.f, back.res.linear.devPtr == (void *)du);
	cudaChannelFormatDesc c = cudaCreateChannelDesc<short2>();
	printf("short2 desc: %d %d %d %d kind %d\n", c.x, c.y, c.z, c.w, c.f);
	c = cudaCreateChannelDesc(8, 8, 8, 8, cudaChannelFormatKindUnsigned);
	printf("explicit desc: %d %d %d %d kind %d\n", c.x, c.y, c.z, c.w, c.f);

	/* invalid descriptors */
	cudaResourceDesc rd;
	cudaTextureDesc td;
	cudaTextureObject_t t;
	memset(&rd, 0, sizeof(rd));
	memset(&td, 0, sizeof(td));
	rd.resType = cudaResourceTypeLinear;
	rd.res.linear.devPtr = df;
	rd.res.linear.desc = cudaCreateChannelDesc<float>();
	rd.res.linear.sizeInBytes = sizeof(hf);
	printf("null resource desc: %s\n", cudaGetErrorName(cudaCreateTextureObject(&t, NULL, &td, NULL)));
	printf("null texture desc: %s\n", cudaGetErrorName(cudaCreateTextureObject(&t, &rd, NULL, NULL)));
	printf("null object pointer: %s\n", cudaGetErrorName(cudaCreateTextureObject(NULL, &rd, &td, NULL)));
	rd.res.linear.devPtr = NULL;
	printf("null device pointer: %s\n", cudaGetErrorName(cudaCreateTextureObject(&t, &rd, &td, NULL)));
	rd.res.linear.devPtr = df;
	rd.res.linear.desc = cudaCreateChannelDesc(32, 0, 0, 32, cudaChannelFormatKindFloat);
	printf("channels with a gap: %s\n", cudaGetErrorName(cudaCreateTextureObject(&t, &rd, &td, NULL)));
	rd.res.linear.desc = cudaCreateChannelDesc(8, 0, 0, 0, cudaChannelFormatKindFloat);
	printf("8-bit float: %s\n", cudaGetErrorName(cudaCreateTextureObject(&t, &rd, &td, NULL)));
	cudaGetLastError();
	printf("destroy: %s\n", cudaGetErrorName(cudaDestroyTextureObject(tf)));
	cudaDestroyTextureObject(ti);
	cudaDestroyTextureObject(tu);
	cudaDestroyTextureObject(tn);
	cudaFree(df);
	cudaFree(di);
	cudaFree(du);
	cudaFree(of);
	cudaFree(oi);
	cudaFree(ou);
	cudaFree(on);
	return 0;
}
