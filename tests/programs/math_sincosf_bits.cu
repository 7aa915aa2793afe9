// sinf and cosf on the device, bit for bit: CUDA's are not correctly rounded
// (up to 2 ulp, libdevice's Cody-Waite reduction below 105615 and Payne-Hanek
// above), so over many arguments some differ from the host's C library.
#include <stdio.h>
#include <math.h>

#define N 65536

__global__ void trig(const float *x, float *s, float *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		s[i] = sinf(x[i]);
		c[i] = cosf(x[i]);
	}
}

__global__ void unit(float *err, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		float x = (float)(i * 61); /* up to 4 M: the Payne-Hanek range too */
		float s = sinf(x), c = cosf(x);
		err[i] = fabsf(sqrtf(s * s + c * c) - 1.0f);
	}
}

static unsigned bits(float f)
{
	unsigned u;
	memcpy(&u, &f, 4);
	return u;
}

int main(void)
{
	static float x[N], s[N], c[N], e[N];
	const float pick[] = {0.0f, -0.0f, 0.5f, 1.0f, -2.5f, 3.14159265f, 100.0f, 12345.678f,
			      105614.0f, 105616.0f, -262143.5f, 4000000.0f, 1e10f, -3.0e38f};
	const int npick = sizeof pick / sizeof pick[0];
	for (int i = 0; i < N; i++)
		x[i] = i < npick ? pick[i] : (float)(i - npick) * 0.37f + (float)(i % 7) * 1000.0f;
	float *dx, *ds, *dc, *de;
	cudaMalloc(&dx, sizeof x);
	cudaMalloc(&ds, sizeof s);
	cudaMalloc(&dc, sizeof c);
	cudaMalloc(&de, sizeof e);
	cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice);
	trig<<<N / 256, 256>>>(dx, ds, dc, N);
	unit<<<N / 256, 256>>>(de, N);
	cudaMemcpy(s, ds, sizeof s, cudaMemcpyDeviceToHost);
	cudaMemcpy(c, dc, sizeof c, cudaMemcpyDeviceToHost);
	cudaMemcpy(e, de, sizeof e, cudaMemcpyDeviceToHost);
	for (int i = 0; i < npick; i++)
		printf("x=%-14.9g sinf %08x cosf %08x\n", x[i], bits(s[i]), bits(c[i]));
	unsigned sum_s = 0, sum_c = 0;
	int diff_s = 0, diff_c = 0;
	for (int i = 0; i < N; i++) {
		sum_s = sum_s * 31u + bits(s[i]);
		sum_c = sum_c * 31u + bits(c[i]);
		diff_s += bits(s[i]) != bits(sinf(x[i]));
		diff_c += bits(c[i]) != bits(cosf(x[i]));
	}
	printf("hash of %d sinf results %08x, of cosf %08x\n", N, sum_s, sum_c);
	printf("differ from the host's C library: sinf %d, cosf %d\n", diff_s, diff_c);
	float maxe = 0;
	for (int i = 0; i < N; i++)
		maxe = fmaxf(maxe, e[i]);
	printf("max |sqrt(sin^2 + cos^2) - 1| over 0..4M: %e\n", maxe);
	return 0;
}
