/* surface_types.h - warpstep built-in header: textures and surfaces are in __ws_texture.h, which cuda_runtime.h includes. */
#include <cuda_runtime.h>
