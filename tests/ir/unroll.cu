// unroll.cu - loops whose passes the IR fixes, written out by run's pipeline
// (engine/ir/unroll.c), and loops that must stay loops (tests/ir/unroll.t).
#include <stdio.h>

#define TILE 8

// a warp's sum by shuffles: off = 16, 8, 4, 2, 1 (shift down)
__global__ void shfl_sum(const int *in, int *out)
{
	int v = in[threadIdx.x];
	for (int off = 16; off > 0; off >>= 1)
		v += __shfl_down_sync(0xffffffffu, v, off);
	if (threadIdx.x == 0)
		out[0] = v;
}

// a fixed tile loop reading shared memory, with barriers around it and
// one inside a loop
__global__ void tile(const float *a, const float *b, float *c)
{
	__shared__ float as[TILE][TILE];
	__shared__ float bs[TILE][TILE];
	__shared__ int acc[TILE * TILE];
	int tx = threadIdx.x, ty = threadIdx.y, t = ty * TILE + tx;
	as[ty][tx] = a[t];
	bs[ty][tx] = b[t];
	acc[t] = 0;
	__syncthreads();
	float sum = 0.0f;
	for (int k = 0; k < TILE; k++)
		sum += as[ty][k] * bs[k][tx];
	c[t] = sum;
	for (int s = 0; s < 3; s++) {
		acc[t] += s + 1;
		__syncthreads();
		if (t == 0)
			acc[0] += acc[TILE * TILE - 1];
		__syncthreads();
	}
	if (t == 0)
		c[TILE * TILE] = (float)acc[0];
}

// counting down and up by steps, shifting up; trip counts 0 and 1; a body
// with a branch in it
__global__ void counts(int *out)
{
	int x = threadIdx.x, r = 0;
	for (int i = 7; i >= 0; i--)
		r = r * 3 + ((x >> i) & 1);
	out[x * 8 + 0] = r;
	int m = 0;
	for (unsigned b = 1; b < 256; b <<= 1)
		m += (x & b) ? 1 : 2;
	out[x * 8 + 1] = m;
	int z = 5;
	for (int i = 0; i < 0; i++)
		z += x;
	out[x * 8 + 2] = z;
	for (int i = 4; i < 5; i++)
		z += x * i;
	out[x * 8 + 3] = z;
	long long s = 0;
	for (long long j = 100; j > 0; j -= 25)
		s += j * x;
	out[x * 8 + 4] = (int)s;
	int w = 0;
	int i;
	for (i = 0; i < 6; i += 2)
		w += i * x;
	out[x * 8 + 5] = w + i;
}

// loops that stay: 33 passes (over the limit), the counter written in the
// body, a break, an unknown bound, a __syncwarp under divergence
__global__ void stays(const int *in, int *out, int n)
{
	int x = threadIdx.x, a = 0;
	for (int i = 0; i < 33; i++)
		a += i ^ x;
	out[x * 4 + 0] = a;
	int b = 0;
	for (int i = 0; i < 8; i++) {
		if (in[i] > x)
			i++;
		b += i;
	}
	out[x * 4 + 1] = b;
	int c = 0;
	for (int i = 0; i < 8; i++) {
		if (in[i] == x)
			break;
		c++;
	}
	out[x * 4 + 2] = c;
	int d = 0;
	for (int i = 0; i < n; i++)
		d += in[i];
	int e = 0;
	for (int i = 0; i < 4; i++) {
		if (x < 16) { /* a collective under divergence */
			__syncwarp(0xffffu);
			e += i;
		}
	}
	out[x * 4 + 3] = d + 100 * e;
}

int main(void)
{
	int h[32], *din, *dout, r[32 * 8];
	for (int i = 0; i < 32; i++)
		h[i] = (i * 7) % 11 - 3;
	cudaMalloc(&din, sizeof(h));
	cudaMalloc(&dout, sizeof(r));
	cudaMemcpy(din, h, sizeof(h), cudaMemcpyHostToDevice);
	shfl_sum<<<1, 32>>>(din, dout);
	cudaMemcpy(r, dout, sizeof(int), cudaMemcpyDeviceToHost);
	printf("shfl_sum %d\n", r[0]);

	float ha[TILE * TILE], hb[TILE * TILE], hc[TILE * TILE + 1], *da, *db, *dc;
	for (int i = 0; i < TILE * TILE; i++) {
		ha[i] = (float)(i % 5);
		hb[i] = (float)((i * 3) % 7) - 2.0f;
	}
	cudaMalloc(&da, sizeof(ha));
	cudaMalloc(&db, sizeof(hb));
	cudaMalloc(&dc, sizeof(hc));
	cudaMemcpy(da, ha, sizeof(ha), cudaMemcpyHostToDevice);
	cudaMemcpy(db, hb, sizeof(hb), cudaMemcpyHostToDevice);
	tile<<<1, dim3(TILE, TILE)>>>(da, db, dc);
	cudaMemcpy(hc, dc, sizeof(hc), cudaMemcpyDeviceToHost);
	float tsum = 0.0f;
	for (int i = 0; i < TILE * TILE; i++)
		tsum += hc[i] * (float)(i % 3 + 1);
	printf("tile %.1f %.1f %.1f acc %.0f\n", hc[0], hc[TILE * TILE - 1], tsum, hc[TILE * TILE]);

	cudaMemset(dout, 0, sizeof(r));
	counts<<<1, 32>>>(dout);
	cudaMemcpy(r, dout, sizeof(r), cudaMemcpyDeviceToHost);
	for (int x = 0; x < 32; x += 5)
		printf("counts %d: %d %d %d %d %d %d\n", x, r[x * 8], r[x * 8 + 1], r[x * 8 + 2],
		       r[x * 8 + 3], r[x * 8 + 4], r[x * 8 + 5]);

	stays<<<1, 32>>>(din, dout, 5);
	cudaMemcpy(r, dout, 32 * 4 * sizeof(int), cudaMemcpyDeviceToHost);
	for (int x = 0; x < 32; x += 7)
		printf("stays %d: %d %d %d %d\n", x, r[x * 4], r[x * 4 + 1], r[x * 4 + 2], r[x * 4 + 3]);
	cudaFree(din);
	cudaFree(dout);
	cudaFree(da);
	cudaFree(db);
	cudaFree(dc);
	return 0;
}
