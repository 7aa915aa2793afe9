/* curand.h - warpstep built-in header. */
#error "warpstep: <curand.h> is not supported yet"
