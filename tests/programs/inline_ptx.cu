// Inline PTX as course material writes it: special registers (%laneid,
// %warpid, %nsmid, %lanemask_*), mov/add/sub/mul.lo/mul.hi/mul.wide/mad,
// popc/clz/brev/bfe/bfi/prmt/cvt, setp/selp with predicate registers and a
// guard, shfl.sync and vote.sync, activemask, ld/st with .global/.volatile/
// .relaxed/.acquire/.release, bar.sync and membar/fence, "+r" and "l"
// operands, the "memory" clobber.
#include <cstdio>

__global__ void regs(unsigned *out)
{
	unsigned lane, warp, lt, le, eq, ge, gt, nsm;
	asm("mov.u32 %0, %%laneid;" : "=r"(lane));
	asm("mov.u32 %0, %%warpid;" : "=r"(warp));
	asm volatile("mov.u32 %0, %%nsmid;" : "=r"(nsm));
	asm("mov.u32 %0, %%lanemask_lt;" : "=r"(lt));
	asm("mov.u32 %0, %%lanemask_le;" : "=r"(le));
	asm("mov.u32 %0, %%lanemask_eq;" : "=r"(eq));
	asm("mov.u32 %0, %%lanemask_ge;" : "=r"(ge));
	asm("mov.u32 %0, %%lanemask_gt;" : "=r"(gt));
	unsigned t = threadIdx.x;
	out[t] = lane == t % 32 && warp == t / 32 && nsm > 0 && lt == (1u << lane) - 1 && le == lt * 2 + 1 &&
		 eq == 1u << lane && ge == ~lt && gt == ~le;
}

__global__ void arith(int *o, long long *o64)
{
	int a = -7, b = 3, r;
	unsigned u = 0xf0f0f0f0u, x = 0x12345678u, y;
	asm("add.s32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
	o[0] = r;
	asm("sub.s32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
	o[1] = r;
	asm("mul.lo.s32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
	o[2] = r;
	asm("mul.hi.u32 %0, %1, %2;" : "=r"(y) : "r"(u), "r"(x));
	o[3] = (int)y;
	asm("mad.lo.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(100));
	o[4] = r;
	asm("popc.b32 %0, %1;" : "=r"(y) : "r"(u));
	o[5] = (int)y;
	asm("clz.b32 %0, %1;" : "=r"(y) : "r"(x));
	o[6] = (int)y;
	asm("brev.b32 %0, %1;" : "=r"(y) : "r"(x));
	o[7] = (int)y;
	asm("bfe.u32 %0, %1, 4, 8;" : "=r"(y) : "r"(x));
	o[8] = (int)y;
	asm("bfe.s32 %0, %1, 28, 4;" : "=r"(r) : "r"(u));
	o[9] = r;
	asm("bfi.b32 %0, %1, %2, 8, 8;" : "=r"(y) : "r"(0xabu), "r"(x));
	o[10] = (int)y;
	asm("prmt.b32 %0, %1, %2, %3;" : "=r"(y) : "r"(x), "r"(u), "r"(0x5140u));
	o[11] = (int)y;
	float f = 2.75f;
	asm("cvt.rzi.s32.f32 %0, %1;" : "=r"(r) : "f"(-f));
	o[12] = r;
	asm("cvt.rni.s32.f32 %0, %1;" : "=r"(r) : "f"(f));
	o[13] = r;
	int acc = 5;
	asm("add.s32 %0, %0, %1;" : "+r"(acc) : "n"(37));
	o[14] = acc;
	asm("{\n\t.reg .pred p;\n\tsetp.lt.s32 p, %1, 0;\n\tselp.s32 %0, 1, 2, p;\n}" : "=r"(r) : "r"(a));
	o[15] = r;
	asm("{ .reg .pred q; setp.ge.s32 q, %1, 0; mov.s32 %0, 10; @q mov.s32 %0, 20; }" : "=r"(r) : "r"(b));
	o[16] = r;
	long long w;
	asm("mul.wide.s32 %0, %1, %2;" : "=l"(w) : "r"(-100000), "r"(300000));
	o64[0] = w;
	unsigned long long big = 0x123456789abcdefull, h;
	asm("mul.hi.u64 %0, %1, %2;" : "=l"(h) : "l"(big), "l"(big));
	o64[1] = (long long)h;
	double d;
	asm("cvt.rn.f64.s32 %0, %1;" : "=d"(d) : "r"(a));
	o64[2] = (long long)(d * 10);
}

__global__ void warp_ops(int *o)
{
	unsigned lane = threadIdx.x, v = lane * 10, s, ballot, all, m;
	asm volatile("shfl.sync.idx.b32 %0, %1, %2, 0x1f, 0xffffffff;" : "=r"(s) : "r"(v), "r"(3));
	if (lane == 0)
		o[0] = (int)s;
	asm volatile("shfl.sync.down.b32 %0, %1, %2, 0x1f, 0xffffffff;" : "=r"(s) : "r"(v), "r"(1));
	if (lane == 4)
		o[1] = (int)s;
	asm volatile("shfl.sync.bfly.b32 %0, %1, %2, 0x1f, 0xffffffff;" : "=r"(s) : "r"(v), "r"(16));
	if (lane == 2)
		o[2] = (int)s;
	asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(s) : "r"(v), "r"(2));
	if (lane == 5)
		o[3] = (int)s;
	asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, 0xffffffff; }"
		     : "=r"(ballot) : "r"(lane & 1));
	asm volatile("{ .reg .pred p, r; setp.lt.u32 p, %1, 32; vote.sync.all.pred r, p, 0xffffffff; selp.u32 %0, 1, 0, r; }"
		     : "=r"(all) : "r"(lane));
	if (lane < 16)
		asm volatile("activemask.b32 %0;" : "=r"(m));
	if (lane == 0) {
		o[4] = (int)ballot;
		o[5] = (int)all;
		o[6] = (int)m;
	}
}

__device__ int flag_data, flag;

__global__ void memory(int *g, int *o)
{
	__shared__ int sh[64];
	int t = threadIdx.x, v;
	unsigned sa = (unsigned)__cvta_generic_to_shared(&sh[t]);
	unsigned long long sb;
	asm volatile("st.shared.u32 [%0], %1;" :: "r"(sa), "r"(t * 3) : "memory");
	asm volatile("bar.sync 0;" ::: "memory");
	asm volatile("cvta.to.shared.u64 %0, %1;" : "=l"(sb) : "l"(&sh[t]));
	if (t < 63) {
		asm volatile("ld.shared.u32 %0, [%1+4];" : "=r"(v) : "l"(sb));
		o[t] = v;
	}
	asm volatile("ld.global.u32 %0, [%1];" : "=r"(v) : "l"(g + t));
	asm volatile("st.global.u32 [%0], %1;" :: "l"(g + t), "r"(v + 1000) : "memory");
	if (t == 0) {
		asm volatile("st.volatile.global.u32 [%0], %1;" :: "l"(&flag_data), "r"(42) : "memory");
		asm volatile("membar.gl;" ::: "memory");
		asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(&flag), "r"(1) : "memory");
	}
	if (t == 32) {
		int f, d;
		do
			asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(f) : "l"(&flag) : "memory");
		while (f == 0);
		asm volatile("fence.acq_rel.gpu;" ::: "memory");
		asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(d) : "l"(&flag_data));
		o[63] = d;
	}
}

__global__ void timers(unsigned long long *o)
{
	unsigned long long c0, c1, gt;
	unsigned c32;
	asm volatile("mov.u64 %0, %%clock64;" : "=l"(c0));
	asm volatile("mov.u32 %0, %%clock;" : "=r"(c32));
	asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(gt));
	asm volatile("mov.u64 %0, %%clock64;" : "=l"(c1));
	o[0] = c1 > c0;
	o[1] = gt > 0 && c32 + 1 > 0;
}

int main()
{
	unsigned *u;
	int *o, *g;
	long long *o64;
	unsigned long long *t;
	cudaMallocManaged(&u, 64 * sizeof(unsigned));
	cudaMallocManaged(&o, 64 * sizeof(int));
	cudaMallocManaged(&g, 64 * sizeof(int));
	cudaMallocManaged(&o64, 4 * sizeof(long long));
	cudaMallocManaged(&t, 2 * sizeof(unsigned long long));
	regs<<<1, 64>>>(u);
	cudaDeviceSynchronize();
	int good = 0;
	for (int i = 0; i < 64; i++)
		good += (int)u[i];
	printf("special registers right in %d of 64 threads\n", good);
	arith<<<1, 1>>>(o, o64);
	cudaDeviceSynchronize();
	for (int i = 0; i < 17; i++)
		printf("arith[%d] = %d (0x%08x)\n", i, o[i], (unsigned)o[i]);
	printf("wide %lld, mul.hi.u64 0x%llx, cvt.f64 x10 %lld\n", o64[0], (unsigned long long)o64[1], o64[2]);
	warp_ops<<<1, 32>>>(o);
	cudaDeviceSynchronize();
	printf("shfl idx %d down %d bfly %d up %d; ballot 0x%08x all %d activemask 0x%08x\n", o[0], o[1], o[2],
	       o[3], (unsigned)o[4], o[5], (unsigned)o[6]);
	for (int i = 0; i < 64; i++)
		g[i] = i;
	memory<<<1, 64>>>(g, o);
	cudaDeviceSynchronize();
	int ok = 1;
	for (int i = 0; i < 63; i++)
		ok &= o[i] == (i + 1) * 3;
	printf("shared through ld/st %d, global %d %d, flag data %d\n", ok, g[0], g[63], o[63]);
	timers<<<1, 1>>>(t);
	cudaDeviceSynchronize();
	printf("clock64 advances %llu, globaltimer %llu\n", t[0], t[1]);
	return 0;
}
