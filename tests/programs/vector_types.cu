// Built-in vector types: int2/int4/float2/float4/double2/uchar4/..., make_* and member access.
#include <stdio.h>

__global__ void k(const float4 *in, float4 *out, int2 *idx, uchar4 *px, double2 *dd)
{
	int i = threadIdx.x;
	float4 v = in[i];
	out[i] = make_float4(v.w, v.z, v.y, v.x + v.y + v.z + v.w);
	idx[i] = make_int2(i, -i);
	px[i] = make_uchar4(i, 2 * i, 255 - i, 7);
	dd[i] = make_double2(i * 0.5, v.x * 2.0);
}

int main(void)
{
	float4 in[4];
	for (int i = 0; i < 4; i++)
		in[i] = make_float4(i, i + 0.5f, i + 0.25f, -1.0f);
	float4 out[4];
	int2 idx[4];
	uchar4 px[4];
	double2 dd[4];
	float4 *din, *dout;
	int2 *didx;
	uchar4 *dpx;
	double2 *ddd;
	cudaMalloc(&din, sizeof in);
	cudaMalloc(&dout, sizeof out);
	cudaMalloc(&didx, sizeof idx);
	cudaMalloc(&dpx, sizeof px);
	cudaMalloc(&ddd, sizeof dd);
	cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
	k<<<1, 4>>>(din, dout, didx, dpx, ddd);
	cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
	cudaMemcpy(idx, didx, sizeof idx, cudaMemcpyDeviceToHost);
	cudaMemcpy(px, dpx, sizeof px, cudaMemcpyDeviceToHost);
	cudaMemcpy(dd, ddd, sizeof dd, cudaMemcpyDeviceToHost);
	printf("sizes: float4 %d int2 %d uchar4 %d double2 %d int3 %d dim3 %d\n", (int)sizeof(float4), (int)sizeof(int2),
	       (int)sizeof(uchar4), (int)sizeof(double2), (int)sizeof(int3), (int)sizeof(dim3));
	for (int i = 0; i < 4; i++)
		printf("%d: (%.2f %.2f %.2f %.2f) (%d,%d) (%d,%d,%d,%d) (%.1f,%.1f)\n", i, out[i].x, out[i].y, out[i].z, out[i].w,
		       idx[i].x, idx[i].y, px[i].x, px[i].y, px[i].z, px[i].w, dd[i].x, dd[i].y);
	dim3 g(4, 2);
	uint3 u = make_uint3(1, 2, 3);
	printf("dim3 g(4,2) = (%u,%u,%u), uint3 = (%u,%u,%u)\n", g.x, g.y, g.z, u.x, u.y, u.z);
	return 0;
}
