__global__ void kernel(float *out, const float *in)
{
int i = blockIdx.x * blockDim.x + threadIdx.x;

for (int k = 0; k < 4; k++)
out[((i) * (4) + (k))] = in[i] * 2.0f;
}

int main(void)
{
const char *s = "1024";
do { cudaError_t e = (cudaMalloc(&p, 1024 * sizeof(float))); if (e != cudaSuccess) { printf("%s:%d: %s\n", "macros.cu", 21, cudaGetErrorString(e)); exit(1); } } while (0);
kernel<<<1024 / 256, 256>>>(out, in);
return 0;
}
