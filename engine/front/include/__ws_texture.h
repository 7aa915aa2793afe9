/*
 * __ws_texture.h - warpstep built-in header (included by cuda_runtime.h):
 * CUDA arrays, channel formats, texture and surface objects and every
 * texture and surface function of the Programming Guide's appendix, with the real
 * headers' names, values and struct layouts (texture_types.h,
 * surface_types.h, driver_types.h, channel_descriptor.h).
 *
 * The engine keeps the arrays and objects (engine/machine/texture.c): a
 * cudaArray_t is a handle the runtime hands out, its texels live in device
 * memory in rows of width * element size bytes (x fastest, then y, then
 * the depth or layer); copies to and from an array are copies of rows
 * between that memory and the program's. A fetch is one engine built-in,
 * __ws_tex, which writes the four 32-bit results of the texture unit; the
 * templates keep the first components of the type the program asked for.
 */
#ifndef __WS_TEXTURE_H
#define __WS_TEXTURE_H

enum cudaChannelFormatKind {
	cudaChannelFormatKindSigned = 0,
	cudaChannelFormatKindUnsigned = 1,
	cudaChannelFormatKindFloat = 2,
	cudaChannelFormatKindNone = 3,
	cudaChannelFormatKindNV12 = 4
};
struct cudaChannelFormatDesc {
	int x, y, z, w;
	enum cudaChannelFormatKind f;
};
typedef struct cudaChannelFormatDesc cudaChannelFormatDesc;
typedef struct cudaMipmappedArray *cudaMipmappedArray_t;
typedef const struct cudaMipmappedArray *cudaMipmappedArray_const_t;

#define cudaArrayDefault 0x00
#define cudaArrayLayered 0x01
#define cudaArraySurfaceLoadStore 0x02
#define cudaArrayCubemap 0x04
#define cudaArrayTextureGather 0x08

enum cudaResourceType {
	cudaResourceTypeArray = 0,
	cudaResourceTypeMipmappedArray = 1,
	cudaResourceTypeLinear = 2,
	cudaResourceTypePitch2D = 3
};
enum cudaResourceViewFormat { cudaResViewFormatNone = 0 };
struct cudaResourceDesc {
	enum cudaResourceType resType;
	union {
		struct { cudaArray_t array; } array;
		struct { cudaMipmappedArray_t mipmap; } mipmap;
		struct { void *devPtr; struct cudaChannelFormatDesc desc; size_t sizeInBytes; } linear;
		struct { void *devPtr; struct cudaChannelFormatDesc desc; size_t width; size_t height; size_t pitchInBytes; } pitch2D;
		struct { int reserved[32]; } reserved;
	} res;
	unsigned int flags;
};
struct cudaResourceViewDesc {
	enum cudaResourceViewFormat format;
	size_t width, height, depth;
	unsigned int firstMipmapLevel, lastMipmapLevel, firstLayer, lastLayer;
	unsigned int reserved[16];
};
enum cudaTextureAddressMode {
	cudaAddressModeWrap = 0,
	cudaAddressModeClamp = 1,
	cudaAddressModeMirror = 2,
	cudaAddressModeBorder = 3
};
enum cudaTextureFilterMode { cudaFilterModePoint = 0, cudaFilterModeLinear = 1 };
enum cudaTextureReadMode { cudaReadModeElementType = 0, cudaReadModeNormalizedFloat = 1 };
struct cudaTextureDesc {
	enum cudaTextureAddressMode addressMode[3];
	enum cudaTextureFilterMode filterMode;
	enum cudaTextureReadMode readMode;
	int sRGB;
	float borderColor[4];
	int normalizedCoords;
	unsigned int maxAnisotropy;
	enum cudaTextureFilterMode mipmapFilterMode;
	float mipmapLevelBias;
	float minMipmapLevelClamp;
	float maxMipmapLevelClamp;
	int disableTrilinearOptimization;
	int seamlessCubemap;
};
enum cudaSurfaceBoundaryMode { cudaBoundaryModeZero = 0, cudaBoundaryModeClamp = 1, cudaBoundaryModeTrap = 2 };
enum cudaSurfaceFormatMode { cudaFormatModeForced = 0, cudaFormatModeAuto = 1 };
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
typedef struct cudaResourceDesc cudaResourceDesc;
typedef struct cudaResourceViewDesc cudaResourceViewDesc;
typedef struct cudaTextureDesc cudaTextureDesc;
typedef enum cudaTextureAddressMode cudaTextureAddressMode;
typedef enum cudaTextureFilterMode cudaTextureFilterMode;
typedef enum cudaTextureReadMode cudaTextureReadMode;
typedef enum cudaChannelFormatKind cudaChannelFormatKind;
typedef enum cudaResourceType cudaResourceType;
typedef enum cudaSurfaceBoundaryMode cudaSurfaceBoundaryMode;

/* ---- channel descriptors (channel_descriptor.h) */
static inline cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w, enum cudaChannelFormatKind f)
{
	struct cudaChannelFormatDesc d;
	d.x = x;
	d.y = y;
	d.z = z;
	d.w = w;
	d.f = f;
	return d;
}
/* (the descriptors are filled in place: a call returning a struct would
 * make a temporary in every program) */
#define __WS_CHD(T, n, k) \
static inline cudaChannelFormatDesc __ws_chdesc(const T *) \
{ \
	cudaChannelFormatDesc d; \
	d.x = (int)sizeof(T) * 8 / (n); \
	d.y = (n) > 1 ? d.x : 0; \
	d.z = (n) > 2 ? d.x : 0; \
	d.w = (n) > 3 ? d.x : 0; \
	d.f = k; \
	return d; \
}
#define __WS_CHD4(B, k) __WS_CHD(B##1, 1, k) __WS_CHD(B##2, 2, k) __WS_CHD(B##4, 4, k)
__WS_CHD(char, 1, cudaChannelFormatKindSigned)
__WS_CHD(signed char, 1, cudaChannelFormatKindSigned)
__WS_CHD(unsigned char, 1, cudaChannelFormatKindUnsigned)
__WS_CHD(short, 1, cudaChannelFormatKindSigned)
__WS_CHD(unsigned short, 1, cudaChannelFormatKindUnsigned)
__WS_CHD(int, 1, cudaChannelFormatKindSigned)
__WS_CHD(unsigned int, 1, cudaChannelFormatKindUnsigned)
__WS_CHD(float, 1, cudaChannelFormatKindFloat)
__WS_CHD4(char, cudaChannelFormatKindSigned)
__WS_CHD4(uchar, cudaChannelFormatKindUnsigned)
__WS_CHD4(short, cudaChannelFormatKindSigned)
__WS_CHD4(ushort, cudaChannelFormatKindUnsigned)
__WS_CHD4(int, cudaChannelFormatKindSigned)
__WS_CHD4(uint, cudaChannelFormatKindUnsigned)
__WS_CHD4(float, cudaChannelFormatKindFloat)
__WS_CHD(char3, 3, cudaChannelFormatKindSigned)
__WS_CHD(uchar3, 3, cudaChannelFormatKindUnsigned)
__WS_CHD(short3, 3, cudaChannelFormatKindSigned)
__WS_CHD(ushort3, 3, cudaChannelFormatKindUnsigned)
__WS_CHD(int3, 3, cudaChannelFormatKindSigned)
__WS_CHD(uint3, 3, cudaChannelFormatKindUnsigned)
__WS_CHD(float3, 3, cudaChannelFormatKindFloat)
#undef __WS_CHD4
#undef __WS_CHD
template<class T> static inline cudaChannelFormatDesc cudaCreateChannelDesc(void)
{
	return __ws_chdesc((const T *)0);
}
#define __WS_CHDH(name, n) \
static inline cudaChannelFormatDesc name(void) \
{ \
	cudaChannelFormatDesc d; \
	d.x = 16; \
	d.y = (n) > 1 ? 16 : 0; \
	d.z = (n) > 2 ? 16 : 0; \
	d.w = (n) > 3 ? 16 : 0; \
	d.f = cudaChannelFormatKindFloat; \
	return d; \
}
__WS_CHDH(cudaCreateChannelDescHalf, 1)
__WS_CHDH(cudaCreateChannelDescHalf1, 1)
__WS_CHDH(cudaCreateChannelDescHalf2, 2)
__WS_CHDH(cudaCreateChannelDescHalf4, 4)
#undef __WS_CHDH

/* ---- arrays (engine/machine/texture.c) */
cudaError_t cuda__wsMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc, size_t width, size_t height, size_t depth, unsigned int flags, int dims) __ws_builtin(cuda__wsMallocArray);
cudaError_t cudaFreeArray(cudaArray_t array) __ws_builtin(cudaFreeArray);
/* info[0] texel bytes, [1] data, [2] width, [3] height, [4] depth, [5] flags */
cudaError_t cuda__wsArrayInfo(cudaArray_const_t array, size_t *info) __ws_builtin(cuda__wsArrayInfo);
cudaError_t cudaArrayGetInfo(struct cudaChannelFormatDesc *desc, struct cudaExtent *extent, unsigned int *flags, cudaArray_t array) __ws_builtin(cudaArrayGetInfo);
cudaError_t cudaCreateTextureObject(cudaTextureObject_t *pTexObject, const struct cudaResourceDesc *pResDesc, const struct cudaTextureDesc *pTexDesc, const struct cudaResourceViewDesc *pResViewDesc) __ws_builtin(cudaCreateTextureObject);
cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject) __ws_builtin(cudaDestroyTextureObject);
cudaError_t cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *pResDesc, cudaTextureObject_t texObject) __ws_builtin(cudaGetTextureObjectResourceDesc);
cudaError_t cudaGetTextureObjectTextureDesc(struct cudaTextureDesc *pTexDesc, cudaTextureObject_t texObject) __ws_builtin(cudaGetTextureObjectTextureDesc);
cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *pSurfObject, const struct cudaResourceDesc *pResDesc) __ws_builtin(cudaCreateSurfaceObject);
cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject) __ws_builtin(cudaDestroySurfaceObject);
cudaError_t cudaGetChannelDesc(struct cudaChannelFormatDesc *desc, cudaArray_const_t array) __ws_builtin(cudaGetChannelDesc);

static inline cudaError_t cudaMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc, size_t width, size_t height = 0, unsigned int flags = 0)
{
	return cuda__wsMallocArray(array, desc, width, height, 0, flags, height ? 2 : 1);
}
static inline cudaError_t cudaMalloc3DArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc, struct cudaExtent extent, unsigned int flags = 0)
{
	return cuda__wsMallocArray(array, desc, extent.width, extent.height, extent.depth, flags, 3);
}
/* mipmapped arrays: level l is an array of the extent halved l times */
cudaError_t cuda__wsMallocMipmap(cudaMipmappedArray_t *mm, const struct cudaChannelFormatDesc *desc, size_t w, size_t h, size_t depth, unsigned levels, unsigned flags) __ws_builtin(cuda__wsMallocMipmap);
cudaError_t cudaGetMipmappedArrayLevel(cudaArray_t *levelArray, cudaMipmappedArray_const_t mipmappedArray, unsigned int level) __ws_builtin(cudaGetMipmappedArrayLevel);
cudaError_t cudaFreeMipmappedArray(cudaMipmappedArray_t mipmappedArray) __ws_builtin(cudaFreeMipmappedArray);
static inline cudaError_t cudaMallocMipmappedArray(cudaMipmappedArray_t *mipmappedArray, const struct cudaChannelFormatDesc *desc, struct cudaExtent extent, unsigned int numLevels, unsigned int flags = 0)
{
	return cuda__wsMallocMipmap(mipmappedArray, desc, extent.width, extent.height, extent.depth, numLevels, flags);
}
/* one side of an array copy as pitched memory: the array's rows; wOffset in bytes */
static inline cudaError_t __ws_array_side(cudaArray_const_t a, size_t wOffset, size_t hOffset, size_t width, size_t height, char **p, size_t *pitch)
{
	size_t info[6];
	cudaError_t e = cuda__wsArrayInfo(a, info);
	if (e != cudaSuccess)
		return e;
	size_t rowb = info[0] * info[2], rows = (info[3] ? info[3] : 1) * (info[4] ? info[4] : 1);
	if (wOffset > rowb || width > rowb - wOffset || hOffset > rows || height > rows - hOffset)
		return cudaErrorInvalidValue;
	*p = (char *)info[1] + hOffset * rowb + wOffset;
	*pitch = rowb;
	return cudaSuccess;
}
static inline cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind)
{
	char *d;
	size_t dp;
	cudaError_t e = __ws_array_side(dst, wOffset, hOffset, width, height, &d, &dp);
	if (e != cudaSuccess)
		return e;
	return cudaMemcpy2D(d, dp, src, spitch, width, height, kind);
}
static inline cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset, size_t hOffset, size_t width, size_t height, enum cudaMemcpyKind kind)
{
	char *s;
	size_t sp;
	cudaError_t e = __ws_array_side(src, wOffset, hOffset, width, height, &s, &sp);
	if (e != cudaSuccess)
		return e;
	return cudaMemcpy2D(dst, dpitch, s, sp, width, height, kind);
}
static inline cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind, cudaStream_t stream = 0)
{
	return cudaMemcpy2DToArray(dst, wOffset, hOffset, src, spitch, width, height, kind);
}
static inline cudaError_t cudaMemcpy2DFromArrayAsync(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset, size_t hOffset, size_t width, size_t height, enum cudaMemcpyKind kind, cudaStream_t stream = 0)
{
	return cudaMemcpy2DFromArray(dst, dpitch, src, wOffset, hOffset, width, height, kind);
}
/* the deprecated linear forms: count bytes from (wOffset, hOffset) on, row after row */
static inline cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t count, enum cudaMemcpyKind kind)
{
	char *d;
	size_t dp;
	cudaError_t e = __ws_array_side(dst, wOffset, hOffset, 0, 0, &d, &dp);
	if (e != cudaSuccess)
		return e;
	size_t info[6];
	cuda__wsArrayInfo(dst, info);
	size_t total = info[0] * info[2] * (info[3] ? info[3] : 1) * (info[4] ? info[4] : 1);
	if (count > total - (hOffset * dp + wOffset))
		return cudaErrorInvalidValue;
	return cudaMemcpy(d, src, count, kind);
}
static inline cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src, size_t wOffset, size_t hOffset, size_t count, enum cudaMemcpyKind kind)
{
	char *s;
	size_t sp;
	cudaError_t e = __ws_array_side(src, wOffset, hOffset, 0, 0, &s, &sp);
	if (e != cudaSuccess)
		return e;
	size_t info[6];
	cuda__wsArrayInfo(src, info);
	size_t total = info[0] * info[2] * (info[3] ? info[3] : 1) * (info[4] ? info[4] : 1);
	if (count > total - (hOffset * sp + wOffset))
		return cudaErrorInvalidValue;
	return cudaMemcpy(dst, s, count, kind);
}
static inline cudaError_t cudaMemcpyToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t count, enum cudaMemcpyKind kind, cudaStream_t stream = 0)
{
	return cudaMemcpyToArray(dst, wOffset, hOffset, src, count, kind);
}
static inline cudaError_t cudaMemcpyArrayToArray(cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst, cudaArray_const_t src, size_t wOffsetSrc, size_t hOffsetSrc, size_t count, enum cudaMemcpyKind kind = cudaMemcpyDeviceToDevice)
{
	char *d, *s;
	size_t dp, sp;
	cudaError_t e = __ws_array_side(dst, wOffsetDst, hOffsetDst, 0, 0, &d, &dp);
	if (e == cudaSuccess)
		e = __ws_array_side(src, wOffsetSrc, hOffsetSrc, 0, 0, &s, &sp);
	if (e != cudaSuccess)
		return e;
	return cudaMemcpy(d, s, count, kind);
}
static inline cudaError_t cudaMemcpy2DArrayToArray(cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst, cudaArray_const_t src, size_t wOffsetSrc, size_t hOffsetSrc, size_t width, size_t height, enum cudaMemcpyKind kind = cudaMemcpyDeviceToDevice)
{
	char *d, *s;
	size_t dp, sp;
	cudaError_t e = __ws_array_side(dst, wOffsetDst, hOffsetDst, width, height, &d, &dp);
	if (e == cudaSuccess)
		e = __ws_array_side(src, wOffsetSrc, hOffsetSrc, width, height, &s, &sp);
	if (e != cudaSuccess)
		return e;
	return cudaMemcpy2D(d, dp, s, sp, width, height, kind);
}
/* cudaMemcpy3D's array side: a pitched pointer over the array's texels, the
 * position's and extent's x converted from elements to bytes */
static inline cudaError_t __ws_array_pitched(cudaArray_const_t a, struct cudaPitchedPtr *pp, size_t *elem)
{
	size_t info[6];
	cudaError_t e = cuda__wsArrayInfo(a, info);
	if (e != cudaSuccess)
		return e;
	pp->ptr = (void *)info[1];
	pp->pitch = info[0] * info[2];
	pp->xsize = info[2];
	pp->ysize = info[3] ? info[3] : 1;
	*elem = info[0];
	return cudaSuccess;
}

/* ---- fetches (engine/machine/texture.c). op: the function; fmt: the
 * result type's components (count * 8 + bytes of one) */
#define __WS_TEX_FETCH1 0
#define __WS_TEX_1D 1
#define __WS_TEX_2D 2
#define __WS_TEX_3D 3
#define __WS_TEX_1DL 4
#define __WS_TEX_2DL 5
#define __WS_TEX_CUBE 6
#define __WS_TEX_CUBEL 7
#define __WS_TEX_GATHER 8
#define __WS_TEX_LOD 0x10
#define __WS_TEX_GRAD 0x20
__device__ void __ws_tex(cudaTextureObject_t t, int op, float x, float y, float z, int layer, float lod, float dxx, float dxy, float dxz, float dyx, float dyy, float dyz, void *out, int fmt) __ws_builtin(__ws_tex);
__device__ void __ws_surf(cudaSurfaceObject_t s, int op, int x, int y, int z, int layer, void *data, int size, int mode) __ws_builtin(__ws_surf);
#define __WS_TFMT(T, n) static __device__ inline int __ws_tfmt(const T *) { return (n) * 8 + (int)sizeof(T) / (n); }
#define __WS_TFMT4(B) __WS_TFMT(B##1, 1) __WS_TFMT(B##2, 2) __WS_TFMT(B##3, 3) __WS_TFMT(B##4, 4)
__WS_TFMT(char, 1)
__WS_TFMT(signed char, 1)
__WS_TFMT(unsigned char, 1)
__WS_TFMT(short, 1)
__WS_TFMT(unsigned short, 1)
__WS_TFMT(int, 1)
__WS_TFMT(unsigned int, 1)
__WS_TFMT(float, 1)
__WS_TFMT4(char)
__WS_TFMT4(uchar)
__WS_TFMT4(short)
__WS_TFMT4(ushort)
__WS_TFMT4(int)
__WS_TFMT4(uint)
__WS_TFMT4(float)
#undef __WS_TFMT4
#undef __WS_TFMT
#define __WS_TEXF(op, x, y, z, layer, lod, dxx, dxy, dxz, dyx, dyy, dyz) \
	__ws_tex(t, op, x, y, z, layer, lod, dxx, dxy, dxz, dyx, dyy, dyz, r, __ws_tfmt(r))
template<class T> static __device__ inline void tex1Dfetch(T *r, cudaTextureObject_t t, int x) { __WS_TEXF(__WS_TEX_FETCH1, (float)0, 0.0f, 0.0f, x, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f); }
template<class T> static __device__ inline T tex1Dfetch(cudaTextureObject_t t, int x) { T v; tex1Dfetch(&v, t, x); return v; }
template<class T> static __device__ inline void tex1D(T *r, cudaTextureObject_t t, float x) { __WS_TEXF(__WS_TEX_1D, x, 0.0f, 0.0f, 0, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f); }
template<class T> static __device__ inline T tex1D(cudaTextureObject_t t, float x) { T v; tex1D(&v, t, x); return v; }
template<class T> static __device__ inline void tex2D(T *r, cudaTextureObject_t t, float x, float y) { __WS_TEXF(__WS_TEX_2D, x, y, 0.0f, 0, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f); }
template<class T> static __device__ inline T tex2D(cudaTextureObject_t t, float x, float y) { T v; tex2D(&v, t, x, y); return v; }
template<class T> static __device__ inline void tex2D(T *r, cudaTextureObject_t t, float x, float y, bool *isResident) { tex2D(r, t, x, y); *isResident = true; }
template<class T> static __device__ inline T tex2D(cudaTextureObject_t t, float x, float y, bool *isResident) { T v; tex2D(&v, t, x, y); *isResident = true; return v; }
template<class T> static __device__ inline void tex3D(T *r, cudaTextureObject_t t, float x, float y, float z) { __WS_TEXF(__WS_TEX_3D, x, y, z, 0, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f); }
template<class T> static __device__ inline T tex3D(cudaTextureObject_t t, float x, float y, float z) { T v; tex3D(&v, t, x, y, z); return v; }
template<class T> static __device__ inline void tex1DLayered(T *r, cudaTextureObject_t t, float x, int layer) { __WS_TEXF(__WS_TEX_1DL, x, 0.0f, 0.0f, layer, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f); }
template<class T> static __device__ inline T tex1DLayered(cudaTextureObject_t t, float x, int layer) { T v; tex1DLayered(&v, t, x, layer); return v; }
template<class T> static __device__ inline void tex2DLayered(T *r, cudaTextureObject_t t, float x, float y, int layer) { __WS_TEXF(__WS_TEX_2DL, x, y, 0.0f, layer, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f); }
template<class T> static __device__ inline T tex2DLayered(cudaTextureObject_t t, float x, float y, int layer) { T v; tex2DLayered(&v, t, x, y, layer); return v; }
template<class T> static __device__ inline void texCubemap(T *r, cudaTextureObject_t t, float x, float y, float z) { __WS_TEXF(__WS_TEX_CUBE, x, y, z, 0, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f); }
template<class T> static __device__ inline T texCubemap(cudaTextureObject_t t, float x, float y, float z) { T v; texCubemap(&v, t, x, y, z); return v; }
template<class T> static __device__ inline void texCubemapLayered(T *r, cudaTextureObject_t t, float x, float y, float z, int layer) { __WS_TEXF(__WS_TEX_CUBEL, x, y, z, layer, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f); }
template<class T> static __device__ inline T texCubemapLayered(cudaTextureObject_t t, float x, float y, float z, int layer) { T v; texCubemapLayered(&v, t, x, y, z, layer); return v; }
template<class T> static __device__ inline void tex2Dgather(T *r, cudaTextureObject_t t, float x, float y, int comp = 0) { __WS_TEXF(__WS_TEX_GATHER, x, y, 0.0f, comp, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f); }
template<class T> static __device__ inline T tex2Dgather(cudaTextureObject_t t, float x, float y, int comp = 0) { T v; tex2Dgather(&v, t, x, y, comp); return v; }
/* the level-of-detail forms: without mipmaps every level is level 0 */
template<class T> static __device__ inline void tex1DLod(T *r, cudaTextureObject_t t, float x, float level) { __WS_TEXF(__WS_TEX_1D | __WS_TEX_LOD, x, 0.0f, 0.0f, 0, level, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f); }
template<class T> static __device__ inline T tex1DLod(cudaTextureObject_t t, float x, float level) { T v; tex1DLod(&v, t, x, level); return v; }
template<class T> static __device__ inline void tex2DLod(T *r, cudaTextureObject_t t, float x, float y, float level) { __WS_TEXF(__WS_TEX_2D | __WS_TEX_LOD, x, y, 0.0f, 0, level, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f); }
template<class T> static __device__ inline T tex2DLod(cudaTextureObject_t t, float x, float y, float level) { T v; tex2DLod(&v, t, x, y, level); return v; }
template<class T> static __device__ inline void tex3DLod(T *r, cudaTextureObject_t t, float x, float y, float z, float level) { __WS_TEXF(__WS_TEX_3D | __WS_TEX_LOD, x, y, z, 0, level, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f); }
template<class T> static __device__ inline T tex3DLod(cudaTextureObject_t t, float x, float y, float z, float level) { T v; tex3DLod(&v, t, x, y, z, level); return v; }
template<class T> static __device__ inline void tex1DLayeredLod(T *r, cudaTextureObject_t t, float x, int layer, float level) { __WS_TEXF(__WS_TEX_1DL | __WS_TEX_LOD, x, 0.0f, 0.0f, layer, level, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f); }
template<class T> static __device__ inline T tex1DLayeredLod(cudaTextureObject_t t, float x, int layer, float level) { T v; tex1DLayeredLod(&v, t, x, layer, level); return v; }
template<class T> static __device__ inline void tex2DLayeredLod(T *r, cudaTextureObject_t t, float x, float y, int layer, float level) { __WS_TEXF(__WS_TEX_2DL | __WS_TEX_LOD, x, y, 0.0f, layer, level, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f); }
template<class T> static __device__ inline T tex2DLayeredLod(cudaTextureObject_t t, float x, float y, int layer, float level) { T v; tex2DLayeredLod(&v, t, x, y, layer, level); return v; }
template<class T> static __device__ inline void texCubemapLod(T *r, cudaTextureObject_t t, float x, float y, float z, float level) { __WS_TEXF(__WS_TEX_CUBE | __WS_TEX_LOD, x, y, z, 0, level, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f); }
template<class T> static __device__ inline T texCubemapLod(cudaTextureObject_t t, float x, float y, float z, float level) { T v; texCubemapLod(&v, t, x, y, z, level); return v; }
template<class T> static __device__ inline void texCubemapLayeredLod(T *r, cudaTextureObject_t t, float x, float y, float z, int layer, float level) { __WS_TEXF(__WS_TEX_CUBEL | __WS_TEX_LOD, x, y, z, layer, level, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f); }
template<class T> static __device__ inline T texCubemapLayeredLod(cudaTextureObject_t t, float x, float y, float z, int layer, float level) { T v; texCubemapLayeredLod(&v, t, x, y, z, layer, level); return v; }
template<class T> static __device__ inline void tex1DGrad(T *r, cudaTextureObject_t t, float x, float dPdx, float dPdy) { __WS_TEXF(__WS_TEX_1D | __WS_TEX_GRAD, x, 0.0f, 0.0f, 0, 0.0f, dPdx, 0.0f, 0.0f, dPdy, 0.0f, 0.0f); }
template<class T> static __device__ inline T tex1DGrad(cudaTextureObject_t t, float x, float dPdx, float dPdy) { T v; tex1DGrad(&v, t, x, dPdx, dPdy); return v; }
template<class T> static __device__ inline void tex2DGrad(T *r, cudaTextureObject_t t, float x, float y, float2 dPdx, float2 dPdy) { __WS_TEXF(__WS_TEX_2D | __WS_TEX_GRAD, x, y, 0.0f, 0, 0.0f, dPdx.x, dPdx.y, 0.0f, dPdy.x, dPdy.y, 0.0f); }
template<class T> static __device__ inline T tex2DGrad(cudaTextureObject_t t, float x, float y, float2 dPdx, float2 dPdy) { T v; tex2DGrad(&v, t, x, y, dPdx, dPdy); return v; }
template<class T> static __device__ inline void tex3DGrad(T *r, cudaTextureObject_t t, float x, float y, float z, float4 dPdx, float4 dPdy) { __WS_TEXF(__WS_TEX_3D | __WS_TEX_GRAD, x, y, z, 0, 0.0f, dPdx.x, dPdx.y, dPdx.z, dPdy.x, dPdy.y, dPdy.z); }
template<class T> static __device__ inline T tex3DGrad(cudaTextureObject_t t, float x, float y, float z, float4 dPdx, float4 dPdy) { T v; tex3DGrad(&v, t, x, y, z, dPdx, dPdy); return v; }
template<class T> static __device__ inline void tex1DLayeredGrad(T *r, cudaTextureObject_t t, float x, int layer, float dPdx, float dPdy) { __WS_TEXF(__WS_TEX_1DL | __WS_TEX_GRAD, x, 0.0f, 0.0f, layer, 0.0f, dPdx, 0.0f, 0.0f, dPdy, 0.0f, 0.0f); }
template<class T> static __device__ inline T tex1DLayeredGrad(cudaTextureObject_t t, float x, int layer, float dPdx, float dPdy) { T v; tex1DLayeredGrad(&v, t, x, layer, dPdx, dPdy); return v; }
template<class T> static __device__ inline void tex2DLayeredGrad(T *r, cudaTextureObject_t t, float x, float y, int layer, float2 dPdx, float2 dPdy) { __WS_TEXF(__WS_TEX_2DL | __WS_TEX_GRAD, x, y, 0.0f, layer, 0.0f, dPdx.x, dPdx.y, 0.0f, dPdy.x, dPdy.y, 0.0f); }
template<class T> static __device__ inline T tex2DLayeredGrad(cudaTextureObject_t t, float x, float y, int layer, float2 dPdx, float2 dPdy) { T v; tex2DLayeredGrad(&v, t, x, y, layer, dPdx, dPdy); return v; }
#undef __WS_TEXF

/* ---- surfaces: x in bytes; op: dimensions (1, 2, 3, 4 1D layered, 5 2D
 * layered, 6 cubemap, 7 cubemap layered) | 0x100 for a write */
#define __WS_SURF_WRITE 0x100
#define __WS_SURF(name, op, params, args) \
template<class T> static __device__ inline void name##read(T *r, cudaSurfaceObject_t s, params, cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap) { __ws_surf(s, op, args, r, (int)sizeof(T), mode); } \
template<class T> static __device__ inline T name##read(cudaSurfaceObject_t s, params, cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap) { T v; __ws_surf(s, op, args, &v, (int)sizeof(T), mode); return v; } \
template<class T> static __device__ inline void name##write(T data, cudaSurfaceObject_t s, params, cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap) { __ws_surf(s, (op) | __WS_SURF_WRITE, args, &data, (int)sizeof(T), mode); }
#define __WS_P(...) __VA_ARGS__
__WS_SURF(surf1D, 1, int x, __WS_P(x, 0, 0, 0))
__WS_SURF(surf2D, 2, __WS_P(int x, int y), __WS_P(x, y, 0, 0))
__WS_SURF(surf3D, 3, __WS_P(int x, int y, int z), __WS_P(x, y, z, 0))
__WS_SURF(surf1DLayered, 4, __WS_P(int x, int layer), __WS_P(x, 0, 0, layer))
__WS_SURF(surf2DLayered, 5, __WS_P(int x, int y, int layer), __WS_P(x, y, 0, layer))
__WS_SURF(surfCubemap, 6, __WS_P(int x, int y, int face), __WS_P(x, y, 0, face))
__WS_SURF(surfCubemapLayered, 7, __WS_P(int x, int y, int layerFace), __WS_P(x, y, 0, layerFace))
#undef __WS_P
#undef __WS_SURF

#endif
