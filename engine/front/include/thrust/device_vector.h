/* thrust/device_vector.h - warpstep built-in header. */
#error "warpstep: <thrust/device_vector.h> is not supported yet"
