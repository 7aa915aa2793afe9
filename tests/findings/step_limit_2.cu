#include <cstdio>
#include <cstdlib>
#include <cassert>
// warpstep-opts: --max-steps 50000
int main()
{
	volatile unsigned long long x = 0;
	for (;;)
		x++;	//@step-limit
	return 0;
}
