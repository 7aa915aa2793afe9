// no bounds check: the last block reads past the end of in
__global__ void block_sum(int *out, const int *in, int n)
{
    __shared__ int s[256];
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * blockDim.x + t];
    __syncthreads();
    for (int d = 128; d > 0; d /= 2) {
        if (t < d)
            s[t] += s[t + d];
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = s[0];
}
