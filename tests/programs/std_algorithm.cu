// <algorithm>, <numeric>, <functional>, <utility>: sort (libstdc++'s order
// for equal keys, checked on pairs sorted by their first member only),
// stable_sort, the searching, counting, copying and modifying algorithms,
// the numeric ones and the function objects, on vectors and arrays, with the
// data coming back from a kernel. Identical to the program built by nvcc.
#include <algorithm>
#include <cstdio>
#include <functional>
#include <numeric>
#include <utility>
#include <vector>

__global__ void fill_keys(int *k, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		k[i] = (i * 37 + 11) % 23;
}

typedef std::pair<int, int> P;
struct by_first {
	bool operator()(const P &a, const P &b) const { return a.first < b.first; }
};
struct is_odd {
	bool operator()(int x) const { return x % 2 != 0; }
};
struct counter {
	int n;
	int operator()() { return n++ * 3; }
};
struct sq {
	int operator()(int x) const { return x * x; }
};

static void show(const char *what, const std::vector<int> &v)
{
	printf("%s:", what);
	for (size_t i = 0; i < v.size(); i++)
		printf(" %d", v[i]);
	printf("\n");
}

int main()
{
	const int n = 100;
	int *d;
	std::vector<int> keys(n);
	cudaMalloc(&d, n * sizeof(int));
	fill_keys<<<4, 32>>>(d, n);
	cudaMemcpy(keys.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost);
	cudaFree(d);
	int same = 0;
	for (int i = 0; i < n; i++) {
		int k = (i * 37 + 11) % 23;
		same += keys[i] == k;
		keys[i] = k;
	}
	printf("kernel keys match: %d of %d\n", same, n);

	/* equal keys: the order std::sort leaves them in is libstdc++'s */
	std::vector<P> ps;
	for (int i = 0; i < n; i++)
		ps.push_back(std::make_pair(keys[i] % 7, i));
	std::sort(ps.begin(), ps.end(), by_first());
	printf("sort pairs:");
	for (int i = 0; i < n; i += 5)
		printf(" %d/%d", ps[i].first, ps[i].second);
	printf("\n");
	std::vector<P> st;
	for (int i = 0; i < n; i++)
		st.push_back(P(keys[i] % 7, i));
	std::stable_sort(st.begin(), st.end(), by_first());
	printf("stable pairs:");
	for (int i = 0; i < n; i += 5)
		printf(" %d/%d", st[i].first, st[i].second);
	printf("\n");
	std::vector<P> whole(ps);
	std::sort(whole.begin(), whole.end());
	printf("pair <: %d/%d %d/%d\n", whole[0].first, whole[0].second, whole[n - 1].first, whole[n - 1].second);

	std::vector<int> v(keys.begin(), keys.begin() + 20);
	show("keys", v);
	std::vector<int> s(v);
	std::sort(s.begin(), s.end());
	show("sorted", s);
	std::sort(s.begin(), s.end(), std::greater<int>());
	show("greater", s);
	std::reverse(s.begin(), s.end());
	std::vector<int>::iterator e = std::unique(s.begin(), s.end());
	s.erase(e, s.end());
	show("unique", s);
	printf("binary_search 10 %d, 12 %d; lower_bound(10) %ld upper_bound(10) %ld\n",
	       (int)std::binary_search(s.begin(), s.end(), 10), (int)std::binary_search(s.begin(), s.end(), 12),
	       (long)(std::lower_bound(s.begin(), s.end(), 10) - s.begin()),
	       (long)(std::upper_bound(s.begin(), s.end(), 10) - s.begin()));
	printf("min %d at %ld, max %d at %ld\n", *std::min_element(v.begin(), v.end()),
	       (long)(std::min_element(v.begin(), v.end()) - v.begin()), *std::max_element(v.begin(), v.end()),
	       (long)(std::max_element(v.begin(), v.end()) - v.begin()));
	std::pair<int *, int *> mm = std::minmax_element(v.data(), v.data() + v.size());
	printf("minmax at %ld %ld\n", (long)(mm.first - v.data()), (long)(mm.second - v.data()));
	printf("find 5 at %ld, count 11 %ld, count_if odd %ld\n", (long)(std::find(v.begin(), v.end(), 5) - v.begin()),
	       std::count(v.begin(), v.end(), 11), std::count_if(v.begin(), v.end(), is_odd()));
	printf("all_of odd %d any_of odd %d none_of odd %d\n", (int)std::all_of(v.begin(), v.end(), is_odd()),
	       (int)std::any_of(v.begin(), v.end(), is_odd()), (int)std::none_of(v.begin(), v.end(), is_odd()));

	std::vector<int> w(10);
	std::fill(w.begin(), w.end(), 4);
	std::fill_n(w.begin(), 3, 9);
	show("fill", w);
	counter c = { 1 };
	std::generate(w.begin(), w.end(), c);
	show("generate", w);
	std::generate_n(w.begin(), 2, c);
	std::transform(w.begin(), w.end(), w.begin(), sq());
	show("transform", w);
	std::vector<int> sum(10);
	for (int i = 0; i < 10; i++)
		sum[i] = std::plus<int>()(w[i], v[i]);
	show("plus", sum);
	std::replace(sum.begin(), sum.end(), 22, -1);
	std::vector<int>::iterator r = std::remove_if(sum.begin(), sum.end(), is_odd());
	sum.erase(r, sum.end());
	show("remove_if odd", sum);
	int arr[6];
	std::copy(v.begin(), v.begin() + 6, arr);
	std::swap(arr[0], arr[5]);
	std::iter_swap(arr + 1, arr + 4);
	printf("copy+swap: %d %d %d %d %d %d, equal %d\n", arr[0], arr[1], arr[2], arr[3], arr[4], arr[5],
	       (int)std::equal(arr + 2, arr + 4, v.begin() + 2));
	int three = 3, seven = 7, lo = 0, hi = 10, big = 15, neg = -2;
	printf("min/max %d %d, with comparator %d, clamp %d %d\n", std::min(three, seven), std::max(three, seven),
	       std::min(three, seven, std::greater<int>()), std::clamp(big, lo, hi), std::clamp(neg, lo, hi));

	std::vector<int> io(8);
	std::iota(io.begin(), io.end(), 1);
	printf("iota sum %d, product %d, inner %d\n", std::accumulate(io.begin(), io.end(), 0),
	       std::accumulate(io.begin(), io.end(), 1, std::multiplies<int>()),
	       std::inner_product(io.begin(), io.end(), io.begin(), 0));
	std::vector<int> ps2(8), ad(8);
	std::partial_sum(io.begin(), io.end(), ps2.begin());
	show("partial_sum", ps2);
	std::adjacent_difference(ps2.begin(), ps2.end(), ad.begin());
	show("adjacent_difference", ad);
	double dv[4] = { 0.1, 0.2, 0.3, 0.4 };
	printf("accumulate double %.17g\n", std::accumulate(dv, dv + 4, 0.0));
	printf("functors %d %d %d %d %d %d\n", std::minus<int>()(9, 4), std::divides<int>()(9, 4),
	       std::modulus<int>()(9, 4), std::negate<int>()(5), (int)std::less<int>()(1, 2),
	       (int)std::equal_to<int>()(2, 2));
	return 0;
}
