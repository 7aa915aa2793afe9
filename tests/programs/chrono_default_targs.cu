// Default template arguments that depend on an earlier argument, as
// <chrono> declares them: time_point<Clock> (Dur = Clock::duration) and
// duration<double> (Period = ratio<1>), as the CUDA samples write them.
#include <chrono>
#include <stdio.h>

template<class T, class U = T, int N = sizeof(U)> struct Pair {
	T a;
	U b;
	int n() const { return N; }
};

static void report(std::chrono::time_point<std::chrono::steady_clock> start,
		   std::chrono::time_point<std::chrono::steady_clock> end)
{
	std::chrono::duration<double> s = std::chrono::duration_cast<std::chrono::duration<double> >(end - start);
	printf("non-negative: %d\n", s.count() >= 0.0 ? 1 : 0);
}

int main()
{
	std::chrono::time_point<std::chrono::steady_clock> t0 = std::chrono::steady_clock::now();
	std::chrono::time_point<std::chrono::steady_clock> t1 = std::chrono::steady_clock::now();
	report(t0, t1);
	std::chrono::duration<int> two(2);
	std::chrono::milliseconds ms = std::chrono::duration_cast<std::chrono::milliseconds>(two);
	printf("%lld ms\n", (long long)ms.count());
	Pair<char> p;
	Pair<char, double> q;
	printf("%d %d %d\n", p.n(), q.n(), (int)sizeof(p.b));
	return 0;
}
