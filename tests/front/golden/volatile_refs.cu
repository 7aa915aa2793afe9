__device__ volatile int flag;
__device__ void bump(int &r, const int &c) { r += c; }
__global__ void k(volatile int *v, int *o)
{
	int x = 1;
	int &rx = x;
	bump(rx, 4);
	*v = rx;
	while (flag == 0) {}
	o[0] = *v + x;
}
