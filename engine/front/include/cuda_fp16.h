/* cuda_fp16.h - warpstep built-in header. */
#error "warpstep: <cuda_fp16.h> is not supported yet"
