/* mma.h - warpstep built-in header. */
#error "warpstep: <mma.h> is not supported yet"
