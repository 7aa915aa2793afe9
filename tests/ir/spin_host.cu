// spin_host.cu - a host loop that waits for another host thread to set a
// plain int (tests/ir/licm.t). A data race in C++, which a compiler may turn
// into an endless loop; warpstep runs the loop as written, in `run` as in the
// debugger: the load of the flag, on which the loop's exit depends, is not
// moved out of the loop (engine/ir/licm.c), though nothing in the loop writes
// memory.
#include <cstdio>
#include <thread>

static int spin(const int *flag, int n)
{
	int k = 0;
	while (*flag == 0)
		k = n;
	return k;
}

static void setter(void *p)
{
	for (volatile int i = 0; i < 5000; i++)
		;
	*(int *)p = 1;
}

int main()
{
	int flag = 0;
	std::thread t(setter, &flag);
	int k = spin(&flag, 7);
	t.join();
	printf("flag %d k %d\n", flag, k);
	return 0;
}
