// Function-local statics with dynamic initialization run their initializer
// the first time control passes the declaration, and keep their value.
#include <cstdio>
#include <string>

struct Counter {
	int n;
	Counter() : n(100) { printf("Counter built\n"); }
};

int next_id()
{
	static Counter c;
	return ++c.n;
}

const std::string &name()
{
	static std::string s = std::string("cache") + "d";
	return s;
}

int first_arg(int x)
{
	static int base = x * 2;
	return base;
}

__global__ void kernel(int v) { printf("kernel %d\n", v); }

int main()
{
	printf("before\n");
	printf("%d\n", next_id());
	printf("%d\n", next_id());
	printf("%s\n", name().c_str());
	printf("%s\n", name().c_str());
	int a = first_arg(3);
	int b = first_arg(5);
	printf("%d %d\n", a, b);
	kernel<<<1, 1>>>(next_id());
	cudaDeviceSynchronize();
	return 0;
}
