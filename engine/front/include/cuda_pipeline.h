/* cuda_pipeline.h - warpstep built-in header. */
#error "warpstep: <cuda_pipeline.h> is not supported yet"
