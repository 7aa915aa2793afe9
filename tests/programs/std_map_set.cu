// <map> and <set>: counting keys that a kernel computed, iteration in key
// order (ints and std::string keys), operator[], insert, find, count, erase,
// lower_bound/upper_bound. Identical to the program built by nvcc.
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <utility>

__global__ void bucket(int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = (i * 7919) % 13;
}

int main()
{
	const int n = 64;
	int h[n], *d;
	cudaMalloc(&d, sizeof(h));
	bucket<<<2, 32>>>(d, n);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	cudaFree(d);
	int same = 0;
	for (int i = 0; i < n; i++) {
		same += h[i] == (i * 7919) % 13;
		h[i] = (i * 7919) % 13;
	}
	printf("kernel keys match: %d of %d\n", same, n);

	std::map<int, int> hist;
	for (int i = 0; i < n; i++)
		hist[h[i]]++;
	printf("%zu keys:", hist.size());
	for (std::map<int, int>::iterator it = hist.begin(); it != hist.end(); ++it)
		printf(" %d:%d", it->first, it->second);
	printf("\n");

	std::map<std::string, double> price;
	price["pear"] = 1.25;
	price["apple"] = 0.5;
	price.insert(std::make_pair(std::string("fig"), 3.0));
	std::pair<std::map<std::string, double>::iterator, bool> r = price.insert(std::make_pair(std::string("apple"), 9.0));
	printf("insert again: %d, apple %.2f\n", (int)r.second, r.first->second);
	for (std::map<std::string, double>::iterator it = price.begin(); it != price.end(); ++it)
		printf("%s=%.2f ", it->first.c_str(), it->second);
	printf("\n");
	printf("count fig %zu kiwi %zu, find pear %d", price.count("fig"), price.count("kiwi"),
	       (int)(price.find("pear") != price.end()));
	size_t erased = price.erase("fig");
	printf(", erase %zu, size %zu\n", erased, price.size());

	std::set<int> s;
	for (int i = 0; i < n; i++)
		s.insert(h[i] * 3 % 11);
	printf("set %zu:", s.size());
	for (std::set<int>::iterator it = s.begin(); it != s.end(); ++it)
		printf(" %d", *it);
	printf("\n");
	printf("lower_bound(4) %d upper_bound(4) %d, count 5 %zu\n", *s.lower_bound(4), *s.upper_bound(4), s.count(5));
	s.erase(0);
	printf("first after erase %d, size %zu\n", *s.begin(), s.size());
	return 0;
}
