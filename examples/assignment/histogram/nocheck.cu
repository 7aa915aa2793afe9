// Forgets to reject a negative count (and then asks for a negative-size vector).
#include <cstdio>
#include <vector>

__global__ void histogram(const int *values, int n, unsigned int *bins)
{
    __shared__ unsigned int local[16];
    if (threadIdx.x < 16)
        local[threadIdx.x] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&local[values[i] % 16], 1u);
    __syncthreads();
    if (threadIdx.x < 16)
        atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}

int main()
{
    int n;
    if (scanf("%d", &n) != 1) {
        fprintf(stderr, "bad input\n");
        return 1;
    }
    std::vector<int> h(n);
    for (int i = 0; i < n; i++)
        scanf("%d", &h[i]);
    int *d_values;
    unsigned int *d_bins, bins[16];
    cudaMalloc(&d_values, (n > 0 ? n : 1) * sizeof(int));
    cudaMalloc(&d_bins, sizeof(bins));
    cudaMemcpy(d_values, h.data(), n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(d_bins, 0, sizeof(bins));
    histogram<<<8, 64>>>(d_values, n, d_bins);
    cudaMemcpy(bins, d_bins, sizeof(bins), cudaMemcpyDeviceToHost);
    for (int k = 0; k < 16; k++)
        printf("bin %d: %u\n", k, bins[k]);
    cudaFree(d_values);
    cudaFree(d_bins);
    return 0;
}
