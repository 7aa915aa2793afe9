// Integer intrinsics: __popc, __popcll, __clz, __clzll, __ffs, __ffsll, __brev, __byte_perm,
// __mulhi, __umulhi, __mul24, __umul24, __sad, __usad, __funnelshift_l/r (+ _c), min/max/abs.
#include <stdio.h>

__global__ void k(const unsigned *in, unsigned *out)
{
	int i = threadIdx.x;
	unsigned x = in[i];
	unsigned *o = out + i * 16;
	o[0] = __popc(x);
	o[1] = __clz(x);
	o[2] = __ffs(x);
	o[3] = __brev(x);
	o[4] = __byte_perm(x, 0x11223344u, 0x5140);
	o[5] = (unsigned)__mulhi((int)x, -7);
	o[6] = __umulhi(x, 0x9e3779b9u);
	o[7] = (unsigned)__mul24((int)(x & 0xffffff), 3);
	o[8] = __umul24(x, 5u);
	o[9] = __sad((int)x, 1000, 5u);
	o[10] = __funnelshift_l(x, 0xabcdef01u, 8);
	o[11] = __funnelshift_r(x, 0xabcdef01u, 36);
	o[12] = __funnelshift_rc(x, 0xabcdef01u, 36);
	o[13] = __popcll(((unsigned long long)x << 32) | 0xf0f0u) + 100 * __clzll((unsigned long long)x);
	o[14] = __ffsll((unsigned long long)x << 20);
	o[15] = (unsigned)(min((int)x, 77) + max((int)x, -3) + abs((int)x - 500));
}

int main(void)
{
	unsigned in[6] = {0u, 1u, 0x80000000u, 0x12345678u, 0xffffffffu, 1000u};
	unsigned out[6 * 16];
	unsigned *din, *dout;
	cudaMalloc(&din, sizeof in);
	cudaMalloc(&dout, sizeof out);
	cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
	k<<<1, 6>>>(din, dout);
	cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
	for (int i = 0; i < 6; i++) {
		printf("%08x:", in[i]);
		for (int f = 0; f < 16; f++)
			printf(" %x", out[i * 16 + f]);
		printf("\n");
	}
	return 0;
}
