/* cublas_v2.h - warpstep built-in header. */
#error "warpstep: <cublas_v2.h> is not supported yet"
