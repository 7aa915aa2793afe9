// Thrust as a course uses it first: host and device vectors, element access
// from the host, vector add with transform, SAXPY with a functor and with
// placeholders, reduce, transform_reduce, sequence, fill, copy,
// raw_pointer_cast into a kernel of the program's own.
#include <thrust/host_vector.h>
#include <thrust/device_vector.h>
#include <thrust/transform.h>
#include <thrust/reduce.h>
#include <thrust/transform_reduce.h>
#include <thrust/functional.h>
#include <thrust/sequence.h>
#include <thrust/fill.h>
#include <thrust/copy.h>
#include <iostream>
#include <stdio.h>

struct saxpy_functor {
	const float a;
	saxpy_functor(float _a) : a(_a) {}
	__host__ __device__ float operator()(const float &x, const float &y) const { return a * x + y; }
};

struct square {
	__host__ __device__ int operator()(int x) const { return x * x; }
};

__global__ void twice(int *p, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		p[i] *= 2;
}

int main()
{
	const int N = 1000;
	thrust::host_vector<int> h(N);
	for (int i = 0; i < N; i++)
		h[i] = i;
	thrust::device_vector<int> a = h;
	thrust::device_vector<int> a2(h);
	thrust::device_vector<int> a3;
	a3 = h;
	printf("copies %d %d %d\n", (int)a2.size(), (int)a2[999], (int)a3[500]);
	thrust::device_vector<int> b(N, 3);
	thrust::device_vector<int> c(N);
	thrust::transform(a.begin(), a.end(), b.begin(), c.begin(), thrust::plus<int>());
	std::cout << "c[0] = " << c[0] << ", c[999] = " << c[N - 1] << std::endl;

	int sum = thrust::reduce(c.begin(), c.end());
	int mx = thrust::reduce(c.begin(), c.end(), 0, thrust::maximum<int>());
	printf("sum %d max %d\n", sum, mx);

	// element access from the host goes through device_reference
	c[5] = 100;
	int v = c[5];
	c[6] += 7;
	printf("c[5] = %d, c[6] = %d, c[5] + c[6] = %d\n", v, (int)c[6], c[5] + c[6]);

	// SAXPY two ways
	thrust::device_vector<float> x(8), y(8);
	thrust::sequence(x.begin(), x.end());
	thrust::fill(y.begin(), y.end(), 1.5f);
	thrust::device_vector<float> r1(8), r2(8);
	thrust::transform(x.begin(), x.end(), y.begin(), r1.begin(), saxpy_functor(2.0f));
	using namespace thrust::placeholders;
	thrust::transform(x.begin(), x.end(), y.begin(), r2.begin(), 2.0f * _1 + _2);
	thrust::host_vector<float> hr1 = r1;
	thrust::host_vector<float> hr2(8);
	thrust::copy(r2.begin(), r2.end(), hr2.begin());
	for (int i = 0; i < 8; i++)
		printf("%g %g%s", hr1[i], hr2[i], i == 7 ? "\n" : " | ");

	// sum of squares
	thrust::device_vector<int> s(10);
	thrust::sequence(s.begin(), s.end(), 1);
	int ss = thrust::transform_reduce(s.begin(), s.end(), square(), 0, thrust::plus<int>());
	printf("sum of squares 1..10 = %d\n", ss);

	// the device vector's memory in a kernel of the program's own
	int *raw = thrust::raw_pointer_cast(s.data());
	twice<<<1, 32>>>(raw, 10);
	cudaDeviceSynchronize();
	thrust::host_vector<int> hs = s;
	for (int i = 0; i < 10; i++)
		printf("%d ", hs[i]);
	printf("\n");

	// a device_ptr around memory from cudaMalloc
	int *d;
	cudaMalloc(&d, 16 * sizeof(int));
	thrust::device_ptr<int> dp = thrust::device_pointer_cast(d);
	thrust::sequence(dp, dp + 16, 10, 5);
	printf("reduce over device_ptr: %d, dp[15] = %d\n", thrust::reduce(dp, dp + 16), (int)dp[15]);
	cudaFree(d);

	// host algorithms on a host_vector
	thrust::host_vector<double> hd(4);
	thrust::sequence(hd.begin(), hd.end(), 0.5, 0.25);
	double hsum = thrust::reduce(hd.begin(), hd.end(), 0.0);
	std::cout << "host reduce " << hsum << " size " << hd.size() << std::endl;
	return 0;
}
