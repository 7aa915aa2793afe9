// Every int atomic on global memory; only order-independent results are printed.
#include <stdio.h>

struct Counters {
	int add, sub, mn, mx, and_, or_, xor_, exch, cas;
	int add_olds, exch_olds, cas_wins;
};

__global__ void k(Counters *c)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	int old = atomicAdd(&c->add, 1);
	atomicAdd(&c->add_olds, old);
	atomicSub(&c->sub, t);
	atomicMin(&c->mn, 50 - t);
	atomicMax(&c->mx, (t * 37) % 101 - 20);
	atomicAnd(&c->and_, ~(1 << (t % 31)) | (t == 0 ? 0 : 0x40000000));
	atomicOr(&c->or_, 1 << (t % 20));
	atomicXor(&c->xor_, t);
	int e = atomicExch(&c->exch, t);
	atomicAdd(&c->exch_olds, e);
	if (atomicCAS(&c->cas, -1, t) == -1)
		atomicAdd(&c->cas_wins, 1);
}

int main(void)
{
	Counters h = {0, 1000, 1000, -1000, -1, 0, 0, -1, -1, 0, 0, 0};
	Counters *d;
	cudaMalloc(&d, sizeof h);
	cudaMemcpy(d, &h, sizeof h, cudaMemcpyHostToDevice);
	k<<<3, 64>>>(d);
	cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
	printf("add=%d (sum of returned olds %d)\n", h.add, h.add_olds);
	printf("sub=%d min=%d max=%d\n", h.sub, h.mn, h.mx);
	printf("and=%08x or=%08x xor=%d\n", (unsigned)h.and_, (unsigned)h.or_, h.xor_);
	printf("exch: final + olds = %d\n", h.exch + h.exch_olds);
	printf("cas: %d winner(s), final in range: %s\n", h.cas_wins, h.cas >= 0 && h.cas < 192 ? "yes" : "no");
	return 0;
}
