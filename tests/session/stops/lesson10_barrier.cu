// lesson10_barrier.cu - the lesson 10 kernel (issue 16: the line after
// `if (t >= 32) { bar.arrive_and_drop(); return; }` stops, for warp 0).
#pragma nv_diag_suppress 20054
#include <cstdio>
#include <cuda/barrier>
#include <utility>
using barrier = cuda::barrier<cuda::thread_scope_block>;

__global__ void phases(int *out)
{
    __shared__ barrier bar;
    __shared__ int buf[64];
    int t = threadIdx.x;
    if (t == 0)
        init(&bar, blockDim.x);             // expected arrivals per phase
    __syncthreads();
    buf[t] = t;
    barrier::arrival_token tok = bar.arrive();   // "my write is done"
    int mine = t * 10;                      // work that needs nobody else
    bar.wait(std::move(tok));               // wait for tok's phase to end
    out[t] = buf[63 - t] + mine;
    if (t >= 32) {
        bar.arrive_and_drop();              // warp 1 leaves for good
        return;
    }
    bar.arrive_and_wait();
    buf[t] = -t;
    bar.arrive_and_wait();
    out[64 + t] = buf[31 - t];
}

int main(void)
{
    int *d, h[128];
    cudaMalloc(&d, sizeof(h));
    cudaMemset(d, 0, sizeof(h));
    phases<<<1, 64>>>(d);
    cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
    printf("%d %d %d\n", h[0], h[64], h[127]);
    cudaFree(d);
    return 0;
}
