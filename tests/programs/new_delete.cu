// new and delete: single objects and arrays (constructors and destructors
// element by element, the array cookie), value-initialization, a list of
// initial values, placement new
// with an explicit destructor call, a class's own operator new/delete (the
// Managed base class of NVIDIA's unified-memory blog post), and new/delete
// in device code (the device heap).
#include <cstdio>
#include <new>

struct P {
	int id;
	__host__ __device__ P() : id(-1) { printf("default\n"); }
	__host__ __device__ P(int i) : id(i) { printf("ctor %d\n", id); }
	__host__ __device__ ~P() { printf("dtor %d\n", id); }
};

class Managed {
public:
	void *operator new(size_t len)
	{
		void *ptr;
		cudaMallocManaged(&ptr, len);
		cudaDeviceSynchronize();
		printf("managed new %d bytes\n", (int)len);
		return ptr;
	}
	void operator delete(void *ptr)
	{
		cudaDeviceSynchronize();
		printf("managed delete\n");
		cudaFree(ptr);
	}
};

struct Vec : public Managed {
	int n;
	float data[4];
	Vec(int k) : n(k) {}
};

struct Plain { int a; double b; };

__global__ void scale(Vec *v) { v->data[threadIdx.x] = threadIdx.x * v->n; }

__global__ void device_new()
{
	if (threadIdx.x != 0)
		return;
	P *p = new P(5);
	int *a = new int[4];
	for (int i = 0; i < 4; i++)
		a[i] = i * i;
	printf("device %d %d\n", p->id, a[3]);
	delete[] a;
	delete p;
	P *arr = new P[2];
	arr[1].id = 6;
	delete[] arr;
}

int main()
{
	int *a = new int(5);
	int *b = new int[4]();
	int *c = new int;
	*c = 3;
	printf("%d %d %d\n", *a, b[2], *c);
	int *lst = new int[5]{1, 2, 3};
	printf("%d %d %d %d\n", lst[0], lst[2], lst[3], lst[4]);
	delete[] lst;
	delete a;
	delete[] b;
	delete c;

	P *p = new P(7);
	delete p;
	P *q = new P[3];
	q[1].id = 11;
	delete[] q;
	P *none = 0;
	delete none;

	Plain *pl = new Plain();
	printf("plain %d %g\n", pl->a, pl->b);
	delete pl;
	Plain *pa = new Plain[3]();
	printf("plain[2] %d\n", pa[2].a);
	delete[] pa;

	alignas(8) char buf[sizeof(P)];
	P *r = new (buf) P(9);
	printf("placed at buf: %d\n", (void *)r == (void *)buf);
	r->~P();

	Vec *v = new Vec(3);
	scale<<<1, 4>>>(v);
	cudaDeviceSynchronize();
	printf("%g %g\n", v->data[1], v->data[3]);
	delete v;

	device_new<<<1, 32>>>();
	cudaDeviceSynchronize();
	return 0;
}
