// <chrono> and <ratio>: the clocks around a kernel (the emulated clock: only
// facts that hold on any machine are printed), duration_cast between integer
// and floating durations as libstdc++ rounds them, time point arithmetic,
// the ratio typedefs. Identical to the program built by nvcc.
#include <chrono>
#include <cstdio>
#include <ratio>

__global__ void spin(float *p, int n)
{
	float x = threadIdx.x;
	for (int i = 0; i < n; i++)
		x = x * 0.5f + 1.0f;
	p[threadIdx.x] = x;
}

using namespace std::chrono;

int main()
{
	float *d;
	cudaMalloc(&d, 32 * sizeof(float));
	steady_clock::time_point t0 = steady_clock::now();
	high_resolution_clock::time_point h0 = high_resolution_clock::now();
	spin<<<1, 32>>>(d, 1000);
	cudaDeviceSynchronize();
	steady_clock::time_point t1 = steady_clock::now();
	high_resolution_clock::time_point h1 = high_resolution_clock::now();
	cudaFree(d);
	nanoseconds ns = t1 - t0;
	duration<double, std::ratio<1, 1> > secs = duration_cast<duration<double, std::ratio<1, 1> > >(h1 - h0);
	duration<float, microseconds::period> us = duration_cast<duration<float, microseconds::period> >(t1 - t0);
	printf("elapsed > 0: %d %d %d, ordered %d %d, steady %d\n", (int)(ns.count() > 0), (int)(secs.count() > 0),
	       (int)(us.count() > 0), (int)(t0 < t1), (int)(t1 >= t0), (int)steady_clock::is_steady);
	printf("system clock after 2020: %d\n", (int)(system_clock::to_time_t(system_clock::now()) > 1577836800));

	milliseconds ms(2750);
	seconds s = duration_cast<seconds>(ms);
	microseconds u = duration_cast<microseconds>(ms);
	minutes m = duration_cast<minutes>(seconds(-150));
	duration<double, std::ratio<1, 1> > fs = duration_cast<duration<double, std::ratio<1, 1> > >(ms);
	duration<float, std::milli> fms = duration_cast<duration<float, std::milli> >(nanoseconds(1234567));
	printf("%lld s, %lld us, %ld min, %.3f s, %.6f ms\n", (long long)s.count(), (long long)u.count(), (long)m.count(),
	       fs.count(), (double)fms.count());
	milliseconds sum = ms + milliseconds(250);
	sum += milliseconds(1000);
	printf("sum %lld ms, ratio %lld, compare %d %d\n", (long long)sum.count(), (long long)(sum / ms),
	       (int)(ms < sum), (int)(ms == milliseconds(2750)));
	steady_clock::time_point later = t0 + milliseconds(5);
	printf("time point + 5 ms: %lld ns later\n", (long long)(later - t0).count());
	printf("ratios %lld/%lld %lld/%lld %lld/%lld %lld/%lld\n", (long long)std::milli::num, (long long)std::milli::den,
	       (long long)std::micro::den, (long long)std::nano::den, (long long)std::kilo::num, (long long)std::kilo::den,
	       (long long)hours::period::num, (long long)hours::period::den);
	return 0;
}
