/* curand_kernel.h - warpstep built-in header. */
#error "warpstep: <curand_kernel.h> is not supported yet"
