// <limits>: std::numeric_limits for every arithmetic type (libstdc++'s values: checked
// against g++), the limits passed to a kernel. Identical to the program built by nvcc.
#include <limits>
#include <cstdio>
#include <iostream>
#define SHOW(T) std::cout << #T << ": " << std::numeric_limits<T>::is_signed << std::numeric_limits<T>::is_integer \
	<< " digits " << std::numeric_limits<T>::digits << " d10 " << std::numeric_limits<T>::digits10 \
	<< " min " << +std::numeric_limits<T>::min() << " max " << +std::numeric_limits<T>::max() \
	<< " lowest " << +std::numeric_limits<T>::lowest() << " eps " << +std::numeric_limits<T>::epsilon() \
	<< " mod " << std::numeric_limits<T>::is_modulo << " traps " << std::numeric_limits<T>::traps << std::endl;
/* nvcc refuses numeric_limits in device code without --expt-relaxed-constexpr:
 * the kernel gets the limit as an argument */
__global__ void lim(long long *o, int m)
{
	o[0] = m;
	o[1] = -m - 1;
	o[2] = 255;
}

int main()
{
	SHOW(bool) SHOW(char) SHOW(signed char) SHOW(unsigned char) SHOW(short) SHOW(unsigned short)
	SHOW(int) SHOW(unsigned int) SHOW(long) SHOW(unsigned long) SHOW(long long) SHOW(unsigned long long)
	SHOW(float) SHOW(double)
	double qn = std::numeric_limits<double>::quiet_NaN();
	std::cout << std::numeric_limits<float>::infinity() << " " << std::numeric_limits<double>::denorm_min() << " "
		  << std::numeric_limits<float>::denorm_min() << " " << std::numeric_limits<float>::max_digits10 << " "
		  << std::numeric_limits<double>::max_exponent10 << " " << (qn != qn) << " " << std::numeric_limits<double>::has_denorm << std::numeric_limits<float>::round_style << std::numeric_limits<int>::round_style << std::numeric_limits<double>::is_iec559 << std::endl;
	long long *d, h[3];
	cudaMalloc(&d, sizeof(h));
	lim<<<1, 1>>>(d, std::numeric_limits<int>::max());
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	cudaFree(d);
	std::cout << "device: " << h[0] << " " << h[1] << " " << h[2] << std::endl;
	return 0;
}
