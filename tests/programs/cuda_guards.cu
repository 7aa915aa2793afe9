// The include guards of nvcc's runtime headers are defined, as NVIDIA's helper
// headers test them (helper_cuda.h defines checkCudaErrors under
// #ifdef __DRIVER_TYPES_H__); the driver API's cuda.h is not included.
#include <cstdio>
#include <cstdlib>

#ifdef __DRIVER_TYPES_H__
static const char *errorEnum(cudaError_t e) { return cudaGetErrorName(e); }
template <typename T>
void check(T result, char const *const func, const char *const file, int const line)
{
	if (result) {
		fprintf(stderr, "CUDA error at %s:%d code=%d(%s) \"%s\" \n", file, line,
			static_cast<unsigned int>(result), errorEnum(result), func);
		exit(EXIT_FAILURE);
	}
}
#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)
#endif

__global__ void fill(int *p) { p[threadIdx.x] = threadIdx.x * 3; }

int main()
{
	int *d, h[4];
	checkCudaErrors(cudaMalloc(&d, sizeof(h)));
	fill<<<1, 4>>>(d);
	checkCudaErrors(cudaGetLastError());
	checkCudaErrors(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost));
	printf("%d %d %d %d\n", h[0], h[1], h[2], h[3]);
#if defined(__CUDA_RUNTIME_H__) && defined(__CUDA_RUNTIME_API_H__) && defined(__VECTOR_TYPES_H__)
	printf("runtime, runtime API and vector types guards\n");
#endif
#if defined(__DEVICE_LAUNCH_PARAMETERS_H__) && defined(__HOST_DEFINES_H__) && defined(__DRIVER_FUNCTIONS_H__)
	printf("launch parameters, host defines, driver functions guards\n");
#endif
#if defined(__TEXTURE_TYPES_H__) && defined(__SURFACE_TYPES_H__) && defined(__CHANNEL_DESCRIPTOR_H__)
	printf("texture, surface, channel descriptor guards\n");
#endif
#ifdef __cuda_cuda_h__
	printf("driver API included\n");
#endif
	checkCudaErrors(cudaFree(d));
	return 0;
}
