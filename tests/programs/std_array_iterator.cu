// <array> and <iterator>: std::array as an aggregate (brace initialization,
// [], at, size, data for cudaMemcpy, fill, iteration, ==), distance, advance,
// next, prev, back_inserter with std::copy. Identical to the program built by nvcc.
#include <algorithm>
#include <array>
#include <cstdio>
#include <iterator>
#include <vector>

__global__ void twice(int *v)
{
	v[threadIdx.x] *= 2;
}

int main()
{
	std::array<int, 6> a = { 5, 3, 9, 1, 7, 2 };
	int *d;
	cudaMalloc(&d, a.size() * sizeof(int));
	cudaMemcpy(d, a.data(), a.size() * sizeof(int), cudaMemcpyHostToDevice);
	twice<<<1, 6>>>(d);
	std::array<int, 6> b;
	cudaMemcpy(b.data(), d, b.size() * sizeof(int), cudaMemcpyDeviceToHost);
	cudaFree(d);
	printf("size %zu empty %d front %d back %d at(2) %d\n", a.size(), (int)a.empty(), a.front(), a.back(), a.at(2));
	std::sort(a.begin(), a.end());
	for (int *p = a.begin(); p != a.end(); ++p)
		printf(" %d", *p);
	printf("\n");
	std::array<int, 6> c = a;
	int same = c == a;
	c[0] = 42;
	printf("equal %d, after change %d, != %d\n", same, (int)(c == a), (int)(c != a));
	std::array<double, 3> f;
	f.fill(1.5);
	printf("fill %.1f %.1f %.1f\n", f[0], f[1], f[2]);
	printf("twice:");
	for (size_t i = 0; i < b.size(); i++)
		printf(" %d", b[i]);
	printf("\n");

	std::vector<int> v;
	std::copy(a.begin(), a.end(), std::back_inserter(v));
	std::vector<int>::iterator it = v.begin();
	std::advance(it, 2);
	printf("vector %zu, distance %ld, *it %d, next %d, prev %d\n", v.size(), std::distance(v.begin(), v.end()), *it,
	       *std::next(it), *std::prev(it, 2));
	return 0;
}
