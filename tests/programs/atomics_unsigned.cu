// Unsigned and unsigned long long atomics, including atomicInc/atomicDec wrap-around.
#include <stdio.h>

__global__ void k(unsigned *u, unsigned long long *ull)
{
	unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
	atomicInc(&u[0], 9u);
	atomicDec(&u[1], 9u);
	atomicAdd(&u[2], t);
	atomicSub(&u[3], 1u);
	atomicMin(&u[4], t + 100u);
	atomicMax(&u[5], t * 3u);
	atomicAnd(&u[6], ~(1u << (t % 32)));
	atomicOr(&u[7], 0x80000000u >> (t % 8));
	atomicXor(&u[8], 1u << (t % 5));
	atomicInc(&u[9], 0xffffffffu);
	atomicAdd(&ull[0], 1ULL << 33);
	atomicMin(&ull[1], (unsigned long long)t + 5000000000ULL);
	atomicMax(&ull[2], (unsigned long long)t << 32);
	atomicAnd(&ull[3], ~(1ULL << (t % 64)));
	atomicOr(&ull[4], 1ULL << (t % 64));
	atomicXor(&ull[5], 0xffULL << (t % 8 * 8));
	unsigned long long old = atomicExch(&ull[6], (unsigned long long)t);
	atomicAdd(&ull[7], old);
	if (atomicCAS(&ull[8], 0ULL, 7ULL + t) == 0ULL)
		atomicAdd(&u[10], 1u);
}

int main(void)
{
	unsigned u[11] = {0, 3, 0, 10, 0xffffffffu, 0, 0xffffffffu, 0, 0, 0, 0};
	unsigned long long ull[9] = {0, ~0ULL, 0, ~0ULL, 0, 0, 0, 0, 0};
	unsigned *du;
	unsigned long long *dl;
	cudaMalloc(&du, sizeof u);
	cudaMalloc(&dl, sizeof ull);
	cudaMemcpy(du, u, sizeof u, cudaMemcpyHostToDevice);
	cudaMemcpy(dl, ull, sizeof ull, cudaMemcpyHostToDevice);
	k<<<5, 5>>>(du, dl);
	cudaMemcpy(u, du, sizeof u, cudaMemcpyDeviceToHost);
	cudaMemcpy(ull, dl, sizeof ull, cudaMemcpyDeviceToHost);
	printf("inc(limit 9) x25 from 0: %u\n", u[0]);
	printf("dec(limit 9) x25 from 3: %u\n", u[1]);
	printf("add=%u sub=%u min=%u max=%u\n", u[2], u[3], u[4], u[5]);
	printf("and=%08x or=%08x xor=%08x inc(max)=%u\n", u[6], u[7], u[8], u[9]);
	printf("ull add=%llu min=%llu max=%llu\n", ull[0], ull[1], ull[2]);
	printf("ull and=%016llx or=%016llx xor=%016llx\n", ull[3], ull[4], ull[5]);
	printf("ull exch final+olds=%llu cas winners=%u\n", ull[6] + ull[7], u[10]);
	return 0;
}
