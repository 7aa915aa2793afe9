// Histograms of bytes read at an index on lanes (atomicAdd(&h[data[i]], 1u), i from
// threadIdx.x: warpstep's F_LDB_ATOM reads a full warp's 32 consecutive bytes by its first
// lane's offset): blocks of 64 and 96 threads; two-dimensional blocks whose threadIdx.x
// wraps inside a warp (24 x 4, 40 x 2: the bytes not consecutive); an index counting down
// (not on lanes); signed bytes around the middle of the bins; shared and global bins; and
// the bytes in shared memory with the bins (one window). Every bin is compared with the CPU's.
#include <stdio.h>

#define N 3072

__global__ void lanes(const unsigned char *u, const signed char *s, unsigned *gbin, int off)
{
	__shared__ unsigned su[256];
	__shared__ unsigned ss[256];
	__shared__ unsigned char sb[256];
	int nt = blockDim.x * blockDim.y, t = threadIdx.y * blockDim.x + threadIdx.x;
	for (int b = t; b < 256; b += nt) {
		su[b] = 0;
		ss[b] = 0;
		sb[b] = u[(b * 11) % N];
	}
	__syncthreads();
	int i = off + blockIdx.x * blockDim.x + threadIdx.x;
	atomicAdd(&su[u[i]], 1u);              // on lanes where threadIdx.x does not wrap
	unsigned *mid = &ss[128];
	atomicAdd(&mid[s[i]], 2u);             // signed bytes
	atomicAdd(&gbin[u[i + 5]], 1u);        // global bins, the bytes 5 on
	int d = N - 1 - i;
	atomicAdd(&gbin[256 + u[d]], 1u);      // counting down: not consecutive upwards
	atomicAdd(&su[sb[threadIdx.x]], 3u);   // bytes and bins in shared memory
	__syncthreads();
	for (int b = t; b < 256; b += nt) {
		atomicAdd(&gbin[512 + b], su[b]);
		atomicAdd(&gbin[768 + b], ss[b]);
	}
}

int main(void)
{
	static unsigned char u[N];
	static signed char s[N];
	unsigned x = 2463534242u;
	for (int i = 0; i < N; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		u[i] = (unsigned char)(x >> 5);
		s[i] = (signed char)(x >> 13);
	}
	unsigned char *du;
	signed char *ds;
	unsigned *dg;
	cudaMalloc(&du, N);
	cudaMalloc(&ds, N);
	cudaMalloc(&dg, 1024 * sizeof(unsigned));
	cudaMemcpy(du, u, N, cudaMemcpyHostToDevice);
	cudaMemcpy(ds, s, N, cudaMemcpyHostToDevice);
	const unsigned shapes[][3] = { { 64, 1, 8 }, { 96, 1, 5 }, { 24, 4, 6 }, { 40, 2, 7 } };
	unsigned long long sum = 0;
	for (int k = 0; k < 4; k++) {
		unsigned bx = shapes[k][0], by = shapes[k][1], nb = shapes[k][2];
		int off = 7 * k + 1;
		static unsigned want[1024], got[1024];
		for (int b = 0; b < 1024; b++)
			want[b] = 0;
		for (unsigned blk = 0; blk < nb; blk++) {
			unsigned sw[256] = { 0 }, ssw[256] = { 0 };
			for (unsigned y = 0; y < by; y++)
				for (unsigned tx = 0; tx < bx; tx++) {
					int i = off + (int)(blk * bx + tx);
					sw[u[i]] += 1;
					ssw[128 + s[i]] += 2;
					want[u[i + 5]] += 1;
					want[256 + u[N - 1 - i]] += 1;
					sw[u[(tx * 11) % N]] += 3;
				}
			for (int b = 0; b < 256; b++) {
				want[512 + b] += sw[b];
				want[768 + b] += ssw[b];
			}
		}
		cudaMemset(dg, 0, 1024 * sizeof(unsigned));
		lanes<<<nb, dim3(bx, by)>>>(du, ds, dg, off);
		cudaMemcpy(got, dg, sizeof got, cudaMemcpyDeviceToHost);
		int wrong = 0;
		for (int b = 0; b < 1024; b++) {
			wrong += got[b] != want[b];
			sum = sum * 1000003u + got[b];
		}
		printf("shape %ux%u, %u blocks: %d wrong; gbin[0]=%u su[1]=%u ss[128]=%u\n", bx, by, nb, wrong,
		       got[0], got[513], got[896]);
	}
	printf("checksum %llu\n", sum);
	return 0;
}
