// Single-precision math functions and fast intrinsics, printed with limited precision.
#include <stdio.h>
#include <math.h>

#define NF 20

__global__ void k(const float *x, float *out)
{
	int i = threadIdx.x;
	float v = x[i];
	float *o = out + i * NF;
	o[0] = sqrtf(v);
	o[1] = sinf(v);
	o[2] = cosf(v);
	o[3] = tanf(v);
	o[4] = expf(v);
	o[5] = logf(v);
	o[6] = log2f(v);
	o[7] = log10f(v);
	o[8] = powf(v, 1.5f);
	o[9] = atan2f(v, 2.0f);
	o[10] = tanhf(v);
	o[11] = floorf(v * 3.3f);
	o[12] = ceilf(v * 3.3f);
	o[13] = fmodf(v * 7.0f, 2.5f);
	o[14] = fabsf(1.0f - v * v);
	o[15] = fminf(v, 1.0f) + fmaxf(v, 2.0f);
	o[16] = rsqrtf(v);
	o[17] = __sinf(v) + __cosf(v);
	o[18] = __expf(v * 0.5f);
	o[19] = __fdividef(v, 3.0f) + roundf(v * 2.6f) + truncf(-v * 1.7f);
}

int main(void)
{
	float x[4] = {0.25f, 1.0f, 1.7f, 2.9f};
	float out[4 * NF];
	float *dx, *dout;
	cudaMalloc(&dx, sizeof x);
	cudaMalloc(&dout, sizeof out);
	cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice);
	k<<<1, 4>>>(dx, dout);
	cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
	const char *names[NF] = {"sqrt", "sin", "cos", "tan", "exp", "log", "log2", "log10", "pow1.5", "atan2",
				 "tanh", "floor", "ceil", "fmod", "fabs", "fmin+fmax", "rsqrt", "__sin+__cos", "__exp", "misc"};
	for (int f = 0; f < NF; f++) {
		printf("%-12s", names[f]);
		for (int i = 0; i < 4; i++)
			printf(" %10.4f", out[i * NF + f]);
		printf("\n");
	}
	return 0;
}
