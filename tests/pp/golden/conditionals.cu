#define USE_SHARED 1
#if defined(USE_SHARED) && USE_SHARED > 0
__shared__ float tile[32][33];
#elif defined(__CUDA_ARCH__)
float tile_global[32];
#else
#error no tile storage
#endif

#ifdef __CUDA_ARCH__
int device_side;
#else
int host_side;
#endif

#if 0
don't touch this text, it has an apostrophe
#endif
#warning this line warns
int x = __LINE__;
int bad = 0x;
