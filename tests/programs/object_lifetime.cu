// Constructors, copies and destructors as C++ runs them: scope exit in reverse
// order (also on return, break, continue), temporaries at the end of the
// full-expression, by-value parameters copy-constructed (and destroyed by the
// caller), named return values elided, members and arrays element by element,
// in host and device code.
#include <cstdio>

struct P {
	int id;
	__host__ __device__ P(int i) : id(i) { printf("ctor %d\n", id); }
	__host__ __device__ P(const P &o) : id(o.id + 100) { printf("copy %d\n", id); }
	__host__ __device__ ~P() { printf("dtor %d\n", id); }
	__host__ __device__ P &operator=(const P &o) { printf("assign %d <- %d\n", id, o.id); id = o.id; return *this; }
};

struct Pair {
	P a;
	P b;
	Pair() : a(1), b(2) { printf("Pair\n"); }
	~Pair() { printf("~Pair\n"); }
};

struct Holder { P p; int n; };  /* implicit copy, assignment and destructor */

struct Counted {
	int id;
	Counted() : id(0) { printf("default\n"); }
	~Counted() { printf("~Counted\n"); }
};

void byval(P p) { printf("in byval %d\n", p.id); }
P make(int i) { P r(i); printf("made\n"); return r; }
int sum(P a, int k) { return a.id + k; }

int loops(int n)
{
	P x(10);
	for (int i = 0; i < 3; i++) {
		P y(20 + i);
		if (i == 1)
			continue;
		if (i == 2)
			break;
		printf("loop %d\n", i);
	}
	if (n)
		return 5;
	P z(30);
	return 6;
}

__device__ int dev_sum(P p) { return p.id; }

__global__ void kernel()
{
	if (threadIdx.x != 0)
		return;
	P a(50);
	{
		P b(51);
		printf("dev sum %d\n", dev_sum(b));
	}
	for (int i = 0; i < 2; i++) {
		P c(60 + i);
		if (i == 0)
			continue;
	}
}

int main()
{
	P a(1);
	{
		P b(2);
		P c(3);
	}
	byval(a);
	P m = make(7);
	printf("loops %d\n", loops(1));
	printf("loops %d\n", loops(0));
	byval(P(8));
	printf("sum %d\n", sum(P(3), 4));
	{
		Pair pr;
	}
	Holder h1 = { P(70), 1 };
	Holder h2 = h1;
	h2 = h1;
	{
		Counted arr[3];
		printf("array built\n");
	}
	kernel<<<1, 2>>>();
	cudaDeviceSynchronize();
	printf("end\n");
	return 0;
}
