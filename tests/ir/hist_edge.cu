// hist_warp.t's edges of the diverged group's loads and atomics (interp.c ld_part, run4_at):
// argument 1: a group of 24 lanes loading consecutive words whose last 4 lie past the
// allocation's end; 2: the same lanes' atomicAdd; 3: a group's 2-byte loads, one lane's
// address odd; 4: a group's byte loads past the end; 5: a group whose words are consecutive
// but for one lane, which reads another allocation; 0 and 6: the loads and the adds inside
// (no error).
// The error, the finding and the values before it are those of the lanes one by one.
#include <stdio.h>
#include <stdlib.h>

__global__ void edge(int mode, unsigned *a, unsigned short *h, unsigned char *b, unsigned *other, unsigned *out)
{
	int t = threadIdx.x;
	unsigned v = 0;
	if (t >= 8) { // lanes 8..31: 24 lanes
		int past = mode == 1 || mode == 2 || mode == 4 ? 4 : 0;
		switch (mode) {
		case 0: case 1:
			v = a[t - 8 + past + 40];
			break;
		case 2: case 6:
			v = atomicAdd(&a[t - 8 + past + 40], 1u);
			break;
		case 3:
			v = *(unsigned short *)((unsigned char *)h + 2 * t + (t == 19));
			break;
		case 4:
			v = b[t - 8 + past + 40];
			break;
		default:
			v = t == 20 ? other[0] : a[t];
			break;
		}
	}
	out[t] = v;
}

int main(int argc, char **argv)
{
	int mode = argc > 1 ? atoi(argv[1]) : 0;
	unsigned *a, *other, *out, ha[64], ho[32];
	unsigned short *h;
	unsigned char *b;
	cudaMalloc(&a, 64 * sizeof(unsigned));
	cudaMalloc(&other, sizeof(unsigned));
	cudaMalloc(&h, 64 * sizeof(unsigned short));
	cudaMalloc(&b, 64);
	cudaMalloc(&out, 32 * sizeof(unsigned));
	for (int k = 0; k < 64; k++)
		ha[k] = 1000u + k;
	cudaMemcpy(a, ha, sizeof ha, cudaMemcpyHostToDevice);
	cudaMemset(other, 7, sizeof(unsigned));
	cudaMemset(h, 3, 64 * sizeof(unsigned short));
	cudaMemset(b, 9, 64);
	cudaMemset(out, 0, sizeof ho);
	edge<<<1, 32>>>(mode, a, h, b, other, out);
	cudaError_t e = cudaDeviceSynchronize();
	printf("mode %d: %s\n", mode, cudaGetErrorName(e));
	if (e == cudaSuccess) {
		cudaMemcpy(ho, out, sizeof ho, cudaMemcpyDeviceToHost);
		cudaMemcpy(ha, a, sizeof ha, cudaMemcpyDeviceToHost);
		unsigned s = 0;
		for (int k = 0; k < 32; k++)
			s = s * 31u + ho[k];
		printf("out %u %u %u, a[40] %u\n", ho[8], ho[31], s, ha[40]);
	}
	return 0;
}
