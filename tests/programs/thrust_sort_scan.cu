// Thrust's sorts, scans and searches as course exercises use them: sort with
// and without a comparator, sort_by_key with equal keys (stable), scans,
// count/count_if with placeholders, min/max_element, equal, replace,
// gather/scatter, counting and constant iterators, remove_if, random numbers.
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/sort.h>
#include <thrust/scan.h>
#include <thrust/count.h>
#include <thrust/extrema.h>
#include <thrust/equal.h>
#include <thrust/replace.h>
#include <thrust/gather.h>
#include <thrust/scatter.h>
#include <thrust/remove.h>
#include <thrust/for_each.h>
#include <thrust/functional.h>
#include <thrust/random.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/constant_iterator.h>
#include <thrust/execution_policy.h>
#include <stdio.h>

template <class V> void show(const char *what, const V &v)
{
	thrust::host_vector<typename V::value_type> h = v;
	printf("%s:", what);
	for (size_t i = 0; i < h.size(); i++)
		printf(" %d", (int)h[i]);
	printf("\n");
}

struct is_odd {
	__host__ __device__ bool operator()(int x) const { return x % 2 != 0; }
};

struct print_twice {
	__host__ __device__ void operator()(int x) const { printf("x2 = %d\n", 2 * x); }
};

int main()
{
	int raw[12] = { 5, 3, 9, 1, 3, 7, 2, 8, 6, 4, 0, 3 };
	thrust::device_vector<int> d(raw, raw + 12);
	thrust::sort(d.begin(), d.end());
	show("sort", d);
	thrust::sort(d.begin(), d.end(), thrust::greater<int>());
	show("sort greater", d);

	// equal keys keep their order
	int keys[8] = { 3, 1, 2, 1, 3, 2, 1, 0 };
	int vals[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };
	thrust::device_vector<int> k(keys, keys + 8), v(vals, vals + 8);
	thrust::sort_by_key(k.begin(), k.end(), v.begin());
	show("keys", k);
	show("values", v);
	thrust::stable_sort_by_key(k.begin(), k.end(), v.begin(), thrust::greater<int>());
	show("values by greater key", v);

	// a bigger sort: 3000 pseudo-random keys from Thrust's engine
	thrust::default_random_engine rng(2024);
	thrust::uniform_int_distribution<int> dist(0, 999);
	thrust::host_vector<int> hbig(3000);
	for (int i = 0; i < 3000; i++)
		hbig[i] = dist(rng);
	printf("first draws: %d %d %d\n", hbig[0], hbig[1], hbig[2]);
	thrust::device_vector<int> big = hbig;
	thrust::sort(big.begin(), big.end());
	thrust::host_vector<int> sorted = big;
	printf("sorted: %d %d ... %d, is_sorted %d\n", sorted[0], sorted[1], sorted[2999],
	       (int)thrust::is_sorted(sorted.begin(), sorted.end()));
	thrust::uniform_real_distribution<float> u01(0.0f, 1.0f);
	printf("real draw: %.6f\n", u01(rng));

	// scans
	thrust::device_vector<int> s(10);
	thrust::sequence(s.begin(), s.end(), 1);
	thrust::device_vector<int> inc(10), exc(10);
	thrust::inclusive_scan(s.begin(), s.end(), inc.begin());
	thrust::exclusive_scan(s.begin(), s.end(), exc.begin());
	show("inclusive", inc);
	show("exclusive", exc);
	thrust::exclusive_scan(s.begin(), s.end(), exc.begin(), 100, thrust::plus<int>());
	show("exclusive from 100", exc);
	thrust::inclusive_scan(s.begin(), s.end(), inc.begin(), thrust::maximum<int>());
	show("running max", inc);
	thrust::device_vector<int> ones(2000, 1), pos(2000);
	thrust::inclusive_scan(ones.begin(), ones.end(), pos.begin());
	printf("scan of 2000 ones ends with %d\n", (int)pos[1999]);

	// counting with functors and placeholders
	using namespace thrust::placeholders;
	thrust::device_vector<int> r(raw, raw + 12);
	printf("count 3: %ld, odd: %ld, > 4: %ld\n", (long)thrust::count(r.begin(), r.end(), 3),
	       (long)thrust::count_if(r.begin(), r.end(), is_odd()), (long)thrust::count_if(r.begin(), r.end(), _1 > 4));
	thrust::device_vector<int>::iterator mn = thrust::min_element(r.begin(), r.end());
	thrust::device_vector<int>::iterator mx = thrust::max_element(r.begin(), r.end());
	printf("min %d at %ld, max %d at %ld\n", (int)*mn, (long)(mn - r.begin()), (int)*mx, (long)(mx - r.begin()));
	thrust::device_vector<int> r2 = r;
	printf("equal %d", (int)thrust::equal(r.begin(), r.end(), r2.begin()));
	r2[4] = 42;
	printf(" then %d\n", (int)thrust::equal(r.begin(), r.end(), r2.begin()));
	thrust::replace(r.begin(), r.end(), 3, 33);
	show("replace", r);
	thrust::transform(r.begin(), r.end(), r.begin(), -_1);
	show("negated", r);

	// gather, scatter, counting and constant iterators
	int map[4] = { 3, 0, 2, 1 };
	thrust::device_vector<int> m(map, map + 4), src(4), dst(4);
	thrust::copy(thrust::make_counting_iterator(10), thrust::make_counting_iterator(14), src.begin());
	thrust::gather(m.begin(), m.end(), src.begin(), dst.begin());
	show("gather", dst);
	thrust::scatter(src.begin(), src.end(), m.begin(), dst.begin());
	show("scatter", dst);
	thrust::transform(src.begin(), src.end(), thrust::make_constant_iterator(3), dst.begin(), thrust::multiplies<int>());
	show("times constant", dst);

	// remove_if compacts and returns the new end
	thrust::device_vector<int> c(raw, raw + 12);
	thrust::device_vector<int>::iterator end = thrust::remove_if(c.begin(), c.end(), is_odd());
	c.resize(end - c.begin());
	show("evens", c);

	// for_each runs a functor on the device; the thrust::device policy on raw device memory
	thrust::device_vector<int> f(2);
	f[0] = 4;
	f[1] = 5;
	thrust::for_each(f.begin(), f.end(), print_twice());
	cudaDeviceSynchronize();
	int *p;
	cudaMalloc(&p, 5 * sizeof(int));
	thrust::fill(thrust::device, p, p + 5, 7);
	printf("reduce with thrust::device: %d\n", thrust::reduce(thrust::device, p, p + 5));
	cudaFree(p);
	return 0;
}
