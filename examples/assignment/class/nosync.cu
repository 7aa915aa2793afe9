// forgot the barrier inside the loop
__global__ void block_sum(int *out, const int *in, int n)
{
    __shared__ int s[256];
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    s[t] = i < n ? in[i] : 0;
    __syncthreads();
    for (int d = 128; d > 0; d /= 2) {
        if (t < d)
            s[t] += s[t + d];
    }
    if (t == 0)
        out[blockIdx.x] = s[0];
}
