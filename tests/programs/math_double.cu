// Double-precision math in device code, host and device agree to the printed precision.
#include <stdio.h>
#include <math.h>

__global__ void k(double *out)
{
	int i = threadIdx.x;
	double x = 0.3 + i * 0.45;
	double *o = out + i * 10;
	o[0] = sqrt(x);
	o[1] = sin(x) * cos(x);
	o[2] = exp(-x) + log(x + 1.0);
	o[3] = pow(x, 2.5);
	o[4] = atan(x) + asin(x / 4.0) + acos(x / 4.0);
	o[5] = cbrt(x * 10.0);
	o[6] = hypot(x, 1.0);
	o[7] = fma(x, x, -1.0);
	o[8] = fmax(floor(x * 10.0) / 10.0, ceil(x) - 1.0);
	o[9] = sinh(x) - cosh(x) + erf(x);
}

int main(void)
{
	double out[50];
	double *d;
	cudaMalloc(&d, sizeof out);
	k<<<1, 5>>>(d);
	cudaMemcpy(out, d, sizeof out, cudaMemcpyDeviceToHost);
	for (int i = 0; i < 5; i++) {
		double x = 0.3 + i * 0.45;
		printf("x=%.2f:", x);
		for (int f = 0; f < 10; f++)
			printf(" %.6f", out[i * 10 + f]);
		printf("\n");
	}
	double hx = 2.0;
	printf("host sqrt(2)=%.9f exp(1)=%.9f\n", sqrt(hx), exp(1.0));
	return 0;
}
