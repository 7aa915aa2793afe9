// Objects and arrays on each thread's own stack (local memory), read and
// written by member functions that are not inlined (a this pointer to the
// stack), by a uniform index, by a per-thread index, in diverged branches,
// with 1-, 2-, 4- and 8-byte fields; every thread's result is checked.
#include <cstdio>

struct acc {
	int *out;
	double sum;
	float f;
	short s;
	char c;
	__device__ __noinline__ void add(int v)
	{
		sum += v * 0.5;
		f += (float)v;
		s = (short)(s + v);
		c = (char)(c ^ v);
	}
	__device__ __noinline__ int total() const
	{
		return (int)sum + (int)f + s + c;
	}
	__device__ __noinline__ void put(int i) const
	{
		out[i] = total();
	}
};

__global__ void k(int *out, int *out2)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	acc a = { out, 0.0, 0.0f, 0, 0 };
	int arr[8];
	for (int i = 0; i < 8; i++)
		arr[i] = t * 8 + i;
	for (int i = 0; i < 5; i++)
		a.add(arr[i] & 7);
	if (t & 1)
		a.add(arr[t & 7]);      // a per-thread index, in a diverged branch
	else
		a.add(-arr[(t >> 1) & 7]);
	arr[t & 7] += 100;          // a per-thread store
	int s = 0;
	for (int i = 0; i < 8; i++)
		s += arr[i];
	a.put(t);
	out2[t] = s;
}

int main()
{
	const int n = 96;
	int *d;
	cudaMalloc(&d, 2 * n * sizeof(int));
	k<<<2, 48>>>(d, d + n);
	int h[2 * n];
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	int bad = 0;
	long long sum = 0;
	for (int t = 0; t < n; t++) {
		double s = 0;
		float f = 0;
		short sh = 0;
		char c = 0;
		int arr[8];
		for (int i = 0; i < 8; i++)
			arr[i] = t * 8 + i;
		int v[6];
		for (int i = 0; i < 5; i++)
			v[i] = arr[i] & 7;
		v[5] = (t & 1) ? arr[t & 7] : -arr[(t >> 1) & 7];
		for (int i = 0; i < 6; i++) {
			s += v[i] * 0.5;
			f += (float)v[i];
			sh = (short)(sh + v[i]);
			c = (char)(c ^ v[i]);
		}
		int want = (int)s + (int)f + sh + c, want2 = 0;
		arr[t & 7] += 100;
		for (int i = 0; i < 8; i++)
			want2 += arr[i];
		bad += h[t] != want || h[n + t] != want2;
		sum += h[t] + h[n + t];
	}
	printf("local objects: %d threads, %d wrong, checksum %lld\n", n, bad, sum);
	return bad != 0;
}
