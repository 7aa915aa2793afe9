// <unordered_map> and <unordered_set>: iteration in libstdc++'s order (int, long and
// std::string keys, growth through several rehashes, erase), bucket_count; a kernel
// fills the keys. Identical to the program built by g++/nvcc.
#include <unordered_map>
#include <unordered_set>
#include <string>
#include <cstdio>
__global__ void keys(int *k)
{
	k[threadIdx.x] = (threadIdx.x * 37) % 101;
}

int main()
{
	int h[40], *d;
	cudaMalloc(&d, sizeof(h));
	keys<<<1, 40>>>(d);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	cudaFree(d);
	int same = 0;
	for (int i = 0; i < 40; i++) {
		same += h[i] == (i * 37) % 101;
		h[i] = (i * 37) % 101;
	}
	printf("kernel keys match: %d of 40\n", same);
	std::unordered_map<int, int> m;
	for (int i = 0; i < 40; i++)
		m[h[i]] += i;
	printf("%zu %zu:", m.size(), m.bucket_count());
	for (std::unordered_map<int, int>::iterator it = m.begin(); it != m.end(); ++it)
		printf(" %d=%d", it->first, it->second);
	printf("\n");
	m.erase(37);
	m.erase(0);
	m.erase(1000);
	for (std::unordered_map<int, int>::iterator it = m.begin(); it != m.end(); ++it)
		printf(" %d", it->first);
	printf("\n");
	std::unordered_map<std::string, int> w;
	const char *words[] = { "the", "quick", "brown", "fox", "jumps", "over", "the", "lazy", "dog", "fox" };
	for (int i = 0; i < 10; i++)
		w[words[i]]++;
	for (std::unordered_map<std::string, int>::iterator it = w.begin(); it != w.end(); ++it)
		printf("%s:%d ", it->first.c_str(), it->second);
	printf("| %zu\n", w.bucket_count());
	std::unordered_set<long> s;
	for (long i = 0; i < 30; i++)
		s.insert(i * i % 17 + 100 * (i % 3));
	for (std::unordered_set<long>::iterator it = s.begin(); it != s.end(); ++it)
		printf("%ld ", *it);
	printf("| %zu %zu %zu\n", s.size(), s.bucket_count(), s.count(100));
	return 0;
}
