// Inline PTX that warpstep does not translate: each is a compile error that
// names what is missing.
__global__ void k(int *p, float *f)
{
	int v = 0;
	asm("tex.1d.v4.s32.f32 %0, [%1];" : "=r"(v) : "l"(p));
	asm("mov.u32 %0, %%envreg3;" : "=r"(v));
	asm("add.s32 %0, %1, %2;" : "=r"(v) : "r"(v));
	asm("mov.u32 %0, %1;" : "=r"(v) : "m"(*p));
	asm("ld.global.v2.f32 {%0, %1}, [%2];" : "=f"(f[0]), "=f"(f[1]) : "l"(f));
	asm("bar.sync 1, 64;");
	asm("add.u32 %0, %0, %99999999999;" : "+r"(v));
	asm("ld.global.u32 %0, [%1+ ];" : "=r"(v) : "l"(p));
	p[0] = v;
}
int main() { return 0; }
