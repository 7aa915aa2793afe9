// std::vector<T> with CUDA: data() to cudaMemcpy, push_back/insert/erase,
// vectors of std::string, copies that own their elements (copy constructor),
// == through argument-dependent lookup of a function template.
#include <iostream>
#include <vector>
#include <string>
__global__ void add(const int *a, const int *b, int *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		c[i] = a[i] + b[i];
}
int main()
{
	std::vector<int> a(10), b(10, 3), c(10);
	for (size_t i = 0; i < a.size(); i++)
		a[i] = (int)i;
	int *da, *db, *dc;
	size_t bytes = sizeof(int) * a.size();
	cudaMalloc(&da, bytes);
	cudaMalloc(&db, bytes);
	cudaMalloc(&dc, bytes);
	cudaMemcpy(da, a.data(), bytes, cudaMemcpyHostToDevice);
	cudaMemcpy(db, b.data(), bytes, cudaMemcpyHostToDevice);
	add<<<1, 32>>>(da, db, dc, 10);
	cudaMemcpy(c.data(), dc, bytes, cudaMemcpyDeviceToHost);
	for (int x : c)
		std::cout << x << " ";
	std::cout << std::endl;
	std::vector<std::string> names;
	names.push_back("alpha");
	names.push_back("beta");
	names.push_back(names[0] + "!");
	for (size_t i = 0; i < names.size(); i++)
		std::cout << names[i] << (i + 1 < names.size() ? "," : "\n");
	std::vector<float> f;
	for (int i = 0; i < 100; i++)
		f.push_back(i * 0.5f);
	f.erase(f.begin() + 2);
	f.insert(f.begin(), -1.0f);
	std::cout << f.size() << " " << f.front() << " " << f[3] << " " << f.back() << std::endl;
	std::vector<int> d = c;
	d[0] = 99;
	std::cout << c[0] << " " << d[0] << " " << (c == d) << std::endl;
	return 0;
}
