// The SIMD video intrinsics of the CUDA Math API on edge values: wrapping,
// saturation, rounding of averages, comparisons and sums of differences.
#include <cstdio>

#define NV 8
__device__ unsigned int vals(int i)
{
	const unsigned int v[NV] = { 0x00000000u, 0xffffffffu, 0x80007fffu, 0x7fff8000u,
				     0x807f7f80u, 0x01ff02feu, 0x12345678u, 0xfedcba98u };
	return v[i];
}

__global__ void simd(unsigned int *out)
{
	int t = threadIdx.x;
	unsigned int a = vals(t / NV), b = vals(t % NV);
	unsigned int *o = out + 64 * t;
	int k = 0;
	o[k++] = __vadd2(a, b); o[k++] = __vadd4(a, b);
	o[k++] = __vaddss2(a, b); o[k++] = __vaddss4(a, b);
	o[k++] = __vaddus2(a, b); o[k++] = __vaddus4(a, b);
	o[k++] = __vsub2(a, b); o[k++] = __vsub4(a, b);
	o[k++] = __vsubss2(a, b); o[k++] = __vsubss4(a, b);
	o[k++] = __vsubus2(a, b); o[k++] = __vsubus4(a, b);
	o[k++] = __vavgs2(a, b); o[k++] = __vavgs4(a, b);
	o[k++] = __vavgu2(a, b); o[k++] = __vavgu4(a, b);
	o[k++] = __vhaddu2(a, b); o[k++] = __vhaddu4(a, b);
	o[k++] = __vabsdiffs2(a, b); o[k++] = __vabsdiffs4(a, b);
	o[k++] = __vabsdiffu2(a, b); o[k++] = __vabsdiffu4(a, b);
	o[k++] = __vmaxs2(a, b); o[k++] = __vmaxs4(a, b);
	o[k++] = __vmaxu2(a, b); o[k++] = __vmaxu4(a, b);
	o[k++] = __vmins2(a, b); o[k++] = __vmins4(a, b);
	o[k++] = __vminu2(a, b); o[k++] = __vminu4(a, b);
	o[k++] = __vcmpeq2(a, b); o[k++] = __vcmpne4(a, b);
	o[k++] = __vcmpges2(a, b); o[k++] = __vcmpgeu4(a, b);
	o[k++] = __vcmpgts4(a, b); o[k++] = __vcmpgtu2(a, b);
	o[k++] = __vcmples2(a, b); o[k++] = __vcmpleu4(a, b);
	o[k++] = __vcmplts4(a, b); o[k++] = __vcmpltu2(a, b);
	o[k++] = __vseteq4(a, b); o[k++] = __vsetne2(a, b);
	o[k++] = __vsetges4(a, b); o[k++] = __vsetgeu2(a, b);
	o[k++] = __vsetgts2(a, b); o[k++] = __vsetgtu4(a, b);
	o[k++] = __vsetles4(a, b); o[k++] = __vsetleu2(a, b);
	o[k++] = __vsetlts2(a, b); o[k++] = __vsetltu4(a, b);
	o[k++] = __vabs2(a); o[k++] = __vabs4(a);
	o[k++] = __vabsss2(a); o[k++] = __vabsss4(a);
	o[k++] = __vneg2(a); o[k++] = __vneg4(a);
	o[k++] = __vnegss2(a); o[k++] = __vnegss4(a);
	o[k++] = __vsads2(a, b); o[k++] = __vsads4(a, b);
	o[k++] = __vsadu2(a, b); o[k++] = __vsadu4(a, b);
	o[k++] = a; o[k++] = b;
}

int main()
{
	unsigned int *out;
	cudaMallocManaged(&out, NV * NV * 64 * sizeof(unsigned int));
	simd<<<1, NV * NV>>>(out);
	cudaDeviceSynchronize();
	for (int t = 0; t < NV * NV; t++) {
		printf("%08x %08x:", out[64 * t + 62], out[64 * t + 63]);
		for (int k = 0; k < 62; k++)
			printf(" %08x", out[64 * t + k]);
		printf("\n");
	}
	return 0;
}
