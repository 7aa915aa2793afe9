// cse.cu - run's common subexpressions, index offsets and branches to the
// next instruction (engine/ir/cse.c, tests/ir/cse.t): what each kernel
// prints must not depend on the pass (WS_NO_CSE=1), and the golden
// tests/ir/cse.run-ir shows which rewrites apply.
#include <stdio.h>

#define N 64

// reduce_smem's shape: s + t*4 the same in every pass of the written-out
// loop, s[t + k] an offset of it
__global__ void rounds(const int *in, int *out)
{
	__shared__ int s[N];
	unsigned t = threadIdx.x;
	s[t] = in[t];
	__syncthreads();
	for (unsigned k = 32; k > 0; k >>= 1) {
		if (t < k)
			s[t] += s[t + k];
		__syncthreads();
	}
	if (t == 0)
		out[0] = s[0];
}

// the same as a loop (its start is not a constant to the unroller): s + t*4
// from before the loop in every iteration; t + k is not a constant offset
__global__ void rounds_loop(const int *in, int *out)
{
	__shared__ int s[N];
	unsigned t = threadIdx.x;
	s[t] = in[t];
	__syncthreads();
	for (unsigned k = N / 2; k > 0; k >>= 1) {
		if (t < k)
			s[t] += s[t + k];
		__syncthreads();
	}
	if (t == 0)
		out[0] = s[0];
}

// t is written between the two products: t * 3 must be computed twice
__global__ void redefined(int *out)
{
	int t = threadIdx.x;
	int a = t * 3 + 1;
	t = t + 5;
	int b = t * 3 + 1;
	out[threadIdx.x] = a * 100 + b;
}

// t * 7 computed on one branch only does not dominate the join: the
// join computes it again
__global__ void one_branch(int *out)
{
	int t = threadIdx.x, v = 0;
	if (t & 1)
		v = t * 7 + 2;
	out[t] = v + (t * 7 + 2);
}

// offsets: shared and global, negative, 32-bit signed and unsigned
// indices, 64-bit indices
__global__ void offsets(const int *g, int *out, long long base)
{
	__shared__ int s[N + 2];
	int t = threadIdx.x;          // signed: t - 1 and t + 2 cannot wrap (t < 1024)
	unsigned u = threadIdx.x;     // unsigned: u - 1 wraps at u = 0, never folded
	long long w = base + t;       // 64-bit: any constant folds
	s[t + 1] = g[t + 2];          // shared store +4, global load +8
	if (t == 0) {
		s[0] = -1;
		s[N + 1] = -2;
	}
	__syncthreads();
	int left = s[t];              // the same address as s[t + 1] - 4
	int right = s[t + 2];         // +8
	int prev = u > 0 ? s[u - 1] : 100;     // u - 1 may wrap: not folded
	int same = s[t - 1 + 1];      // signed: folds to s[t] (+4 - 4)
	int far = g[w - 3 + 5];       // 64-bit: base + t + 2
	out[t] = left * 1000000 + right * 1000 + prev + far + (same - left) * 7;
	out[N + t] = g[t + 3 - 1];    // g + t*4 + 8, computed above
}

// a BR to the next instruction inside divergence: nested ifs whose joins
// the lanes reach by falling through
__global__ void joins(int *out)
{
	int t = threadIdx.x, v = t;
	if (t < 20) {
		if (t & 1)
			v += 100;
		if (t % 3 == 0)
			v *= 2;
		v -= 1;
	}
	if (t >= 10) {
		if (t & 2)
			v += 7;
	}
	out[t] = v;
}

int main(void)
{
	int h[2 * N], *din, *dout, r[2 * N];
	for (int i = 0; i < 2 * N; i++)
		h[i] = i * 5 - 17;
	cudaMalloc(&din, sizeof(h));
	cudaMalloc(&dout, sizeof(r));
	cudaMemcpy(din, h, sizeof(h), cudaMemcpyHostToDevice);

	rounds<<<1, N>>>(din, dout);
	cudaMemcpy(r, dout, sizeof(int), cudaMemcpyDeviceToHost);
	printf("rounds %d\n", r[0]);
	rounds_loop<<<1, N>>>(din, dout);
	cudaMemcpy(r, dout, sizeof(int), cudaMemcpyDeviceToHost);
	printf("rounds_loop %d\n", r[0]);

	redefined<<<1, N>>>(dout);
	cudaMemcpy(r, dout, N * sizeof(int), cudaMemcpyDeviceToHost);
	printf("redefined %d %d %d\n", r[0], r[1], r[N - 1]);

	one_branch<<<1, N>>>(dout);
	cudaMemcpy(r, dout, N * sizeof(int), cudaMemcpyDeviceToHost);
	printf("one_branch %d %d %d %d\n", r[0], r[1], r[2], r[N - 1]);

	offsets<<<1, N>>>(din, dout, 0);
	cudaMemcpy(r, dout, 2 * N * sizeof(int), cudaMemcpyDeviceToHost);
	printf("offsets");
	for (int i = 0; i < N; i += 7)
		printf(" %d/%d", r[i], r[N + i]);
	printf("\n");

	joins<<<1, 32>>>(dout);
	cudaMemcpy(r, dout, 32 * sizeof(int), cudaMemcpyDeviceToHost);
	printf("joins");
	for (int i = 0; i < 32; i++)
		printf(" %d", r[i]);
	printf("\n");
	cudaFree(din);
	cudaFree(dout);
	return 0;
}
