__global__ void block_sum(int *out, const int *in, int n)
{
    __shared__ int s[256];
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    s[t] = i < n ? in[i] : 0;
    __syncthread();
    if (t == 0) {
        int sum = 0;
        for (int k = 0; k < 256; k++)
            sum += s[k];
        out[blockIdx.x] = sum;
    }
}
