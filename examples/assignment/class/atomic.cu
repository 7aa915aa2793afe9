// every thread adds its element with an atomic: right, but not what was asked
__global__ void block_sum(int *out, const int *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        atomicAdd(&out[blockIdx.x], in[i]);
}
