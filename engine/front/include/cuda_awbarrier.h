/* cuda_awbarrier.h - warpstep built-in header. */
#error "warpstep: <cuda_awbarrier.h> is not supported yet"
