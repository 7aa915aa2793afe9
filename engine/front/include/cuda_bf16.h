/* cuda_bf16.h - warpstep built-in header. */
#error "warpstep: <cuda_bf16.h> is not supported yet"
