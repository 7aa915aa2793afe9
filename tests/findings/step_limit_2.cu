#include <cstdio>
#include <cstdlib>
#include <cassert>
// warpstep-opts: --max-steps 50000
int main()	//@step-limit
{
	volatile unsigned long long x = 0;
	for (;;)
		x++;
	return 0;
}
