// split1_shapes: an `if` without `else` whose body is a short straight region
// (fast_run's split1 in the emulator, WS_NO_SPLIT1=1 turns it off): taken by no
// lane, one, some, all; the body storing, loading into a register read after the
// join, an atomic whose old value is kept, a division; inside a loop with
// barriers (a reduction tree); beside if/else and nested ifs; partial warps.
// Every result is independent of the order of the warps.
#include <cstdio>

__device__ int total;
__device__ unsigned counts[4];

__global__ void shapes(const int *in, int *out, int *olds, int n)
{
	/* olds: a row per thread of the grid (no guard: the body stays one region) */
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int lane = threadIdx.x & 31;
	int v = i < n ? in[i] : 0;
	int w = v * 3;
	if (lane == 0)
		atomicAdd(&total, v);           /* one lane, old value dropped */
	if (lane % 5 == 1)
		w = in[(i + 7) % n] + lane;     /* some lanes load; w read after the join */
	if (v > 1000)
		w = -1;                         /* no lane */
	if (lane < 32)
		atomicAdd(&counts[0], 1u);      /* every lane (the branch is not a split) */
	if ((lane & 3) == 2) {
		int o = atomicAdd(&counts[1], 2u); /* old value kept */
		olds[i] = o & 1;
		w += v / (lane + 1);
	}
	if (i < n)
		out[i] = w;
}

__global__ void tree(const int *in, int *part, int n)
{
	__shared__ int s[256];
	unsigned t = threadIdx.x;
	unsigned i = blockIdx.x * blockDim.x + t;
	s[t] = i < n ? in[i] : 0;
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
		if (t < k)
			s[t] += s[t + k];
		__syncthreads();
	}
	if (t == 0)
		part[blockIdx.x] = s[0];
}

__global__ void mixed(int *out, int n)
{
	int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
	if (i >= n)
		return;
	int v = t;
	if (t & 1) {
		v += 3;
		if (t & 2)
			v *= 5;
	} else {
		v -= 1;
	}
	for (int k = 0; k < 3; k++)
		if ((t + k) % 3 == 0)
			v = v * 2 + k;
	if ((t & 31) < 3)
		atomicAdd(&counts[2], (unsigned)v);
	if ((t & 31) == 31)
		atomicAdd(&counts[3], 1u);
	out[i] = v;
}

int main()
{
	const int n = 1000;
	static int h[n], out[n], olds[1040], part[9], mo[n];
	for (int i = 0; i < n; i++)
		h[i] = (i * 37) % 101 - 50;
	int *din, *dout, *dolds, *dpart, *dmo;
	cudaMalloc(&din, sizeof h);
	cudaMalloc(&dout, sizeof out);
	cudaMalloc(&dolds, sizeof olds);
	cudaMalloc(&dpart, sizeof part);
	cudaMalloc(&dmo, sizeof mo);
	cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
	cudaMemset(dolds, 0, sizeof olds);
	shapes<<<(n + 79) / 80, 80>>>(din, dout, dolds, n);
	tree<<<4, 256>>>(din, dpart, n);
	tree<<<5, 200>>>(din, dpart + 4, n);
	mixed<<<5, 224>>>(dmo, n);
	int tot;
	unsigned c[4];
	cudaMemcpyFromSymbol(&tot, total, sizeof tot);
	cudaMemcpyFromSymbol(c, counts, sizeof c);
	cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
	cudaMemcpy(olds, dolds, sizeof olds, cudaMemcpyDeviceToHost);
	cudaMemcpy(part, dpart, sizeof part, cudaMemcpyDeviceToHost);
	cudaMemcpy(mo, dmo, sizeof mo, cudaMemcpyDeviceToHost);
	long long s = 0, so = 0, sm = 0, want = 0;
	for (int i = 0; i < n; i++) {
		s = s * 31 + out[i];
		sm = sm * 17 + mo[i];
		if (i % 80 % 32 == 0)
			want += h[i];
	}
	for (int i = 0; i < 1040; i++)
		so += olds[i];
	printf("total %d (want %lld), counts %u %u %u %u\n", tot, want, c[0], c[1], c[2], c[3]);
	printf("out %lld, even olds %lld, mixed %lld\n", s, so, sm);
	for (int b = 0; b < 9; b++)
		printf("part %d: %d\n", b, part[b]);
	return 0;
}
