/* sm_30_intrinsics.h - warpstep built-in header: everything is in cuda_runtime.h. */
#include <cuda_runtime.h>
