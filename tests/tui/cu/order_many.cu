// 300 volatile stores and a load under the relaxed model: more events than
// the Order pane keeps (unit_backend test_order_window)
__device__ volatile int x;
__global__ void k(int *out)
{
	for (int i = 0; i < 300; i++)
		x = i;
	out[0] = x;
}
int main()
{
	int *out;
	cudaMalloc(&out, sizeof(int));
	k<<<1, 1>>>(out);
	cudaDeviceSynchronize();
	return 0;
}
