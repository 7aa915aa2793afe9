/* assert.h - warpstep built-in header. A failed assert in device code stops
 * the kernel the way it does on a GPU (cudaErrorAssert); on the host it
 * prints the message and aborts. Not include-guarded: NDEBUG may change. */
#undef assert
#ifdef NDEBUG
#define assert(e) ((void)0)
#else
#ifndef __WS_ASSERTFAIL_DECLARED
#define __WS_ASSERTFAIL_DECLARED
__host__ __device__ void __assertfail(const char *expr, const char *file, unsigned int line,
				      const char *func) __ws_builtin(__assertfail);
#endif
#define assert(e) ((e) ? (void)0 : __assertfail(#e, __FILE__, __LINE__, __func__))
#endif
