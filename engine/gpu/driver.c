/*
 * driver.c - the CUDA driver API, loaded at run time (docs/gpu.md).
 *
 * No CUDA header or library is needed to build warpstep: the few driver
 * types and entry points used are declared here, with the values of the
 * driver API's enums, and found with dlopen("libcuda.so.1") and dlsym of
 * their versioned names (cuMemAlloc_v2 ...), as the toolkit's cuda.h maps
 * them. The device is device 0 and the context its primary context, as
 * the CUDA runtime uses.
 */
#include "gpu.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef void *CUcontext;
typedef void *CUmodule;
typedef void *CUfunction;
typedef void *CUstream;
typedef void *CUevent;
typedef void *CUarray;
typedef void *CUmipmappedArray;
typedef unsigned long long CUtexObject;
typedef unsigned long long CUsurfObject;

/* the driver's descriptors of arrays, copies, resources and textures, laid
 * out as cuda.h lays them out */
typedef struct {
	size_t Width, Height, Depth;
	int Format;
	unsigned NumChannels, Flags;
} CUDA_ARRAY3D_DESCRIPTOR;
typedef struct {
	size_t srcXInBytes, srcY, srcZ, srcLOD;
	int srcMemoryType;
	const void *srcHost;
	CUdeviceptr srcDevice;
	CUarray srcArray;
	void *reserved0;
	size_t srcPitch, srcHeight;
	size_t dstXInBytes, dstY, dstZ, dstLOD;
	int dstMemoryType;
	void *dstHost;
	CUdeviceptr dstDevice;
	CUarray dstArray;
	void *reserved1;
	size_t dstPitch, dstHeight;
	size_t WidthInBytes, Height, Depth;
} CUDA_MEMCPY3D;
typedef struct {
	int resType;
	union {
		struct { CUarray hArray; } array;
		struct { CUmipmappedArray hMipmappedArray; } mipmap;
		struct { CUdeviceptr devPtr; int format; unsigned numChannels; size_t sizeInBytes; } linear;
		struct { CUdeviceptr devPtr; int format; unsigned numChannels; size_t width, height, pitchInBytes; } pitch2D;
		struct { int reserved[32]; } reserved;
	} res;
	unsigned flags;
} CUDA_RESOURCE_DESC;
typedef struct {
	int addressMode[3];
	int filterMode;
	unsigned flags, maxAnisotropy;
	int mipmapFilterMode;
	float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
	float borderColor[4];
	int reserved[12];
} CUDA_TEXTURE_DESC;
enum { CU_MEMORYTYPE_HOST = 1, CU_MEMORYTYPE_ARRAY = 3 };
typedef struct {
	int id;
	char pad[4];
	union {
		char pad[64];
		struct { unsigned x, y, z; } clusterDim;
	} value;
} CUlaunchAttribute;
typedef struct {
	unsigned gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ, sharedMemBytes;
	CUstream hStream;
	CUlaunchAttribute *attrs;
	unsigned numAttrs;
} CUlaunchConfig;
enum { CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION = 4 };

enum {
	CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
	CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
	CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8,
	CU_JIT_INFO_LOG_BUFFER = 3,
	CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4,
	CU_JIT_ERROR_LOG_BUFFER = 5,
	CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
	CU_JIT_GENERATE_LINE_INFO = 13,
	CU_MEM_ATTACH_GLOBAL = 1,
	CU_ERROR_NOT_READY = 600,
};

/* every entry point: name (versioned where cuda.h maps it), type, field */
#define DRIVER_FUNCS(X) \
	X(cuInit, CUresult, (unsigned)) \
	X(cuDriverGetVersion, CUresult, (int *)) \
	X(cuDeviceGetCount, CUresult, (int *)) \
	X(cuDeviceGet, CUresult, (CUdevice *, int)) \
	X(cuDeviceGetName, CUresult, (char *, int, CUdevice)) \
	X(cuDeviceGetAttribute, CUresult, (int *, int, CUdevice)) \
	X(cuDevicePrimaryCtxRetain, CUresult, (CUcontext *, CUdevice)) \
	X(cuDevicePrimaryCtxRelease_v2, CUresult, (CUdevice)) \
	X(cuCtxSetCurrent, CUresult, (CUcontext)) \
	X(cuCtxSynchronize, CUresult, (void)) \
	X(cuCtxSetLimit, CUresult, (int, size_t)) \
	X(cuGetErrorName, CUresult, (CUresult, const char **)) \
	X(cuGetErrorString, CUresult, (CUresult, const char **)) \
	X(cuModuleLoadDataEx, CUresult, (CUmodule *, const void *, unsigned, int *, void **)) \
	X(cuModuleUnload, CUresult, (CUmodule)) \
	X(cuModuleGetFunction, CUresult, (CUfunction *, CUmodule, const char *)) \
	X(cuModuleGetGlobal_v2, CUresult, (CUdeviceptr *, size_t *, CUmodule, const char *)) \
	X(cuMemAlloc_v2, CUresult, (CUdeviceptr *, size_t)) \
	X(cuMemAllocManaged, CUresult, (CUdeviceptr *, size_t, unsigned)) \
	X(cuMemFree_v2, CUresult, (CUdeviceptr)) \
	X(cuMemGetInfo_v2, CUresult, (size_t *, size_t *)) \
	X(cuMemcpyHtoDAsync_v2, CUresult, (CUdeviceptr, const void *, size_t, CUstream)) \
	X(cuMemcpyDtoHAsync_v2, CUresult, (void *, CUdeviceptr, size_t, CUstream)) \
	X(cuMemcpyDtoDAsync_v2, CUresult, (CUdeviceptr, CUdeviceptr, size_t, CUstream)) \
	X(cuMemsetD8Async, CUresult, (CUdeviceptr, unsigned char, size_t, CUstream)) \
	X(cuStreamSynchronize, CUresult, (CUstream)) \
	X(cuLaunchKernel, CUresult, (CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, \
				     unsigned, CUstream, void **, void **)) \
	X(cuLaunchCooperativeKernel, CUresult, (CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, \
						unsigned, unsigned, CUstream, void **)) \
	X(cuFuncSetAttribute, CUresult, (CUfunction, int, int)) \
	X(cuStreamCreate, CUresult, (CUstream *, unsigned)) \
	X(cuStreamDestroy_v2, CUresult, (CUstream)) \
	X(cuStreamQuery, CUresult, (CUstream)) \
	X(cuEventCreate, CUresult, (CUevent *, unsigned)) \
	X(cuEventDestroy_v2, CUresult, (CUevent)) \
	X(cuEventRecord, CUresult, (CUevent, CUstream)) \
	X(cuEventSynchronize, CUresult, (CUevent)) \
	X(cuEventQuery, CUresult, (CUevent)) \
	X(cuEventElapsedTime, CUresult, (float *, CUevent, CUevent))

/* textures and surfaces: looked up too, but a driver without them still
 * runs everything else */
#define DRIVER_TEX_FUNCS(X) \
	X(cuArray3DCreate_v2, CUresult, (CUarray *, const CUDA_ARRAY3D_DESCRIPTOR *)) \
	X(cuArrayDestroy, CUresult, (CUarray)) \
	X(cuMipmappedArrayCreate, CUresult, (CUmipmappedArray *, const CUDA_ARRAY3D_DESCRIPTOR *, unsigned)) \
	X(cuMipmappedArrayGetLevel, CUresult, (CUarray *, CUmipmappedArray, unsigned)) \
	X(cuMipmappedArrayDestroy, CUresult, (CUmipmappedArray)) \
	X(cuMemcpy3D_v2, CUresult, (const CUDA_MEMCPY3D *)) \
	X(cuTexObjectCreate, CUresult, (CUtexObject *, const CUDA_RESOURCE_DESC *, const CUDA_TEXTURE_DESC *, \
					const void *)) \
	X(cuTexObjectDestroy, CUresult, (CUtexObject)) \
	X(cuSurfObjectCreate, CUresult, (CUsurfObject *, const CUDA_RESOURCE_DESC *)) \
	X(cuSurfObjectDestroy, CUresult, (CUsurfObject)) \
	X(cuLaunchKernelEx, CUresult, (const CUlaunchConfig *, CUfunction, void **, void **)) \
	X(cuMemHostAlloc, CUresult, (void **, size_t, unsigned)) \
	X(cuMemHostGetDevicePointer_v2, CUresult, (CUdeviceptr *, void *, unsigned)) \
	X(cuMemFreeHost, CUresult, (void *)) \
	X(cuOccupancyMaxActiveBlocksPerMultiprocessor, CUresult, (int *, CUfunction, int, size_t))

struct gpu_driver {
	void *lib;
#define FIELD(name, ret, args) ret (*name) args;
	DRIVER_FUNCS(FIELD)
	DRIVER_TEX_FUNCS(FIELD)
#undef FIELD
	CUdevice dev;
	CUcontext ctx;
	int arch;
	char name[256];
};

/* cuEventElapsedTime became _v2 in CUDA 12.8; either does for us */
static void *sym(void *lib, const char *name)
{
	void *p = dlsym(lib, name);
	if (!p && !strcmp(name, "cuEventElapsedTime"))
		p = dlsym(lib, "cuEventElapsedTime_v2");
	return p;
}

static void say(struct strbuf *err, struct gpu_driver *d, const char *step, CUresult r)
{
	const char *n = NULL, *s = NULL;
	if (d && d->cuGetErrorName)
		d->cuGetErrorName(r, &n);
	if (d && d->cuGetErrorString)
		d->cuGetErrorString(r, &s);
	if (r == 34 && !n)
		n = "CUDA_ERROR_STUB_LIBRARY";
	if (r == 34 && !s)
		s = "this libcuda is the toolkit's stub: no NVIDIA driver is installed";
	strbuf_addf(err, "%s failed: %s (%d)%s%s", step, n ? n : "CUDA error", r, s ? ": " : "", s ? s : "");
}

struct gpu_driver *gpu_driver_open(struct strbuf *err)
{
	const char *path = getenv("WARPSTEP_LIBCUDA");
	if (!path || !*path)
		path = "libcuda.so.1";
	void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!lib) {
		const char *why = dlerror();
		strbuf_addf(err, "no CUDA driver: %s", why ? why : path);
		return NULL;
	}
	struct gpu_driver *d = xcalloc(1, sizeof(*d));
	d->lib = lib;
#define LOAD(name, ret, args) \
	if (!(*(void **)&d->name = sym(lib, #name))) { \
		strbuf_addf(err, "no CUDA driver: %s has no %s (a driver older than CUDA 11?)", path, #name); \
		gpu_driver_close(d); \
		return NULL; \
	}
	DRIVER_FUNCS(LOAD)
#undef LOAD
#define LOAD_OPT(name, ret, args) *(void **)&d->name = sym(lib, #name);
	DRIVER_TEX_FUNCS(LOAD_OPT)
#undef LOAD_OPT
	CUresult r;
	int n = 0;
	if ((r = d->cuInit(0))) {
		say(err, d, "no CUDA device: cuInit", r);
		gpu_driver_close(d);
		return NULL;
	}
	if ((r = d->cuDeviceGetCount(&n)) || n < 1) {
		if (r)
			say(err, d, "no CUDA device: cuDeviceGetCount", r);
		else
			strbuf_adds(err, "no CUDA device: the driver sees none");
		gpu_driver_close(d);
		return NULL;
	}
	int major = 0, minor = 0;
	if ((r = d->cuDeviceGet(&d->dev, 0)) ||
	    (r = d->cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, d->dev)) ||
	    (r = d->cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, d->dev)) ||
	    (r = d->cuDeviceGetName(d->name, (int)sizeof(d->name) - 1, d->dev))) {
		say(err, d, "no CUDA device: device 0", r);
		gpu_driver_close(d);
		return NULL;
	}
	d->arch = major * 10 + minor;
	if ((r = d->cuDevicePrimaryCtxRetain(&d->ctx, d->dev)) || (r = d->cuCtxSetCurrent(d->ctx))) {
		say(err, d, "CUDA context: cuDevicePrimaryCtxRetain", r);
		d->ctx = NULL;
		gpu_driver_close(d);
		return NULL;
	}
	if (d->arch < GPU_ARCH_MIN) {
		strbuf_addf(err, "the GPU (%s, sm_%d) is older than sm_%d, the oldest the PTX targets", d->name,
			    d->arch, GPU_ARCH_MIN);
		gpu_driver_close(d);
		return NULL;
	}
	return d;
}

void gpu_driver_close(struct gpu_driver *d)
{
	if (!d)
		return;
	if (d->ctx && d->cuDevicePrimaryCtxRelease_v2)
		d->cuDevicePrimaryCtxRelease_v2(d->dev);
	if (d->lib)
		dlclose(d->lib);
	free(d);
}

int gpu_driver_arch(const struct gpu_driver *d)
{
	return d->arch > GPU_ARCH_MAX ? GPU_ARCH_MAX : d->arch;
}

const char *gpu_driver_name(const struct gpu_driver *d)
{
	return d->name;
}

const char *gpu_driver_error(const struct gpu_driver *d, int res, const char **name)
{
	const char *s = NULL, *n = NULL;
	d->cuGetErrorString(res, &s);
	d->cuGetErrorName(res, &n);
	if (name)
		*name = n ? n : "CUDA_ERROR_UNKNOWN";
	return s ? s : "unknown error";
}

int gpu_module_load(struct gpu_driver *d, const char *ptx, void **module, struct strbuf *log)
{
	static char info[16384], errlog[16384];
	int opts[5] = { CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, CU_JIT_ERROR_LOG_BUFFER,
			CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, CU_JIT_GENERATE_LINE_INFO };
	void *vals[5] = { info, (void *)(uintptr_t)sizeof(info), errlog, (void *)(uintptr_t)sizeof(errlog),
			  (void *)(uintptr_t)1 };
	info[0] = errlog[0] = 0;
	CUresult r = d->cuModuleLoadDataEx(module, ptx, 5, opts, vals);
	if (r && log) {
		say(log, d, "cuModuleLoadDataEx", r);
		if (errlog[0])
			strbuf_addf(log, "\n%s", errlog);
	}
	return r;
}

int gpu_module_unload(struct gpu_driver *d, void *module)
{
	return d->cuModuleUnload(module);
}

int gpu_module_function(struct gpu_driver *d, void *module, const char *name, void **fn)
{
	return d->cuModuleGetFunction(fn, module, name);
}

int gpu_module_global(struct gpu_driver *d, void *module, const char *name, uint64_t *dptr, size_t *bytes)
{
	CUdeviceptr p = 0;
	size_t n = 0;
	CUresult r = d->cuModuleGetGlobal_v2(&p, &n, module, name);
	*dptr = p;
	if (bytes)
		*bytes = n;
	return r;
}

int gpu_mem_alloc(struct gpu_driver *d, uint64_t *dptr, size_t bytes)
{
	CUdeviceptr p = 0;
	CUresult r = d->cuMemAlloc_v2(&p, bytes);
	*dptr = p;
	return r;
}

int gpu_mem_alloc_managed(struct gpu_driver *d, uint64_t *dptr, size_t bytes)
{
	CUdeviceptr p = 0;
	CUresult r = d->cuMemAllocManaged(&p, bytes, CU_MEM_ATTACH_GLOBAL);
	*dptr = p;
	return r;
}

int gpu_mem_free(struct gpu_driver *d, uint64_t dptr)
{
	return d->cuMemFree_v2(dptr);
}

int gpu_memcpy_htod(struct gpu_driver *d, uint64_t dst, const void *src, size_t n, void *stream)
{
	CUresult r = d->cuMemcpyHtoDAsync_v2(dst, src, n, stream);
	return r ? r : d->cuStreamSynchronize(stream);
}

int gpu_memcpy_dtoh(struct gpu_driver *d, void *dst, uint64_t src, size_t n, void *stream)
{
	CUresult r = d->cuMemcpyDtoHAsync_v2(dst, src, n, stream);
	return r ? r : d->cuStreamSynchronize(stream);
}

int gpu_memcpy_dtod(struct gpu_driver *d, uint64_t dst, uint64_t src, size_t n, void *stream)
{
	return d->cuMemcpyDtoDAsync_v2(dst, src, n, stream);
}

int gpu_memset8(struct gpu_driver *d, uint64_t dst, uint8_t v, size_t n, void *stream)
{
	return d->cuMemsetD8Async(dst, v, n, stream);
}

int gpu_mem_info(struct gpu_driver *d, size_t *free_b, size_t *total)
{
	return d->cuMemGetInfo_v2(free_b, total);
}

int gpu_launch(struct gpu_driver *d, void *fn, const uint32_t grid[3], const uint32_t block[3], uint32_t shmem,
	       void *stream, void **params, int cooperative)
{
	if (cooperative)
		return d->cuLaunchCooperativeKernel(fn, grid[0], grid[1], grid[2], block[0], block[1], block[2], shmem,
						    stream, params);
	return d->cuLaunchKernel(fn, grid[0], grid[1], grid[2], block[0], block[1], block[2], shmem, stream, params,
				 NULL);
}

int gpu_launch_cluster(struct gpu_driver *d, void *fn, const uint32_t grid[3], const uint32_t block[3],
		       uint32_t shmem, void *stream, void **params, const uint32_t cluster[3])
{
	if (!d->cuLaunchKernelEx)
		return 801;
	CUlaunchAttribute at;
	memset(&at, 0, sizeof(at));
	at.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
	at.value.clusterDim.x = cluster[0];
	at.value.clusterDim.y = cluster[1] ? cluster[1] : 1;
	at.value.clusterDim.z = cluster[2] ? cluster[2] : 1;
	CUlaunchConfig c = { grid[0], grid[1], grid[2], block[0], block[1], block[2], shmem, stream, &at, 1 };
	return d->cuLaunchKernelEx(&c, fn, params, NULL);
}

int gpu_func_set_max_dyn_shared(struct gpu_driver *d, void *fn, int bytes)
{
	return d->cuFuncSetAttribute(fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, bytes);
}

int gpu_ctx_synchronize(struct gpu_driver *d)
{
	return d->cuCtxSynchronize();
}

int gpu_stream_create(struct gpu_driver *d, void **s, unsigned flags)
{
	return d->cuStreamCreate(s, flags);
}

int gpu_stream_destroy(struct gpu_driver *d, void *s)
{
	return d->cuStreamDestroy_v2(s);
}

int gpu_stream_synchronize(struct gpu_driver *d, void *s)
{
	return d->cuStreamSynchronize(s);
}

int gpu_host_alloc_mapped(struct gpu_driver *d, void **host, uint64_t *dptr, size_t bytes)
{
	CUdeviceptr p = 0;
	CUresult r;
	*host = NULL;
	*dptr = 0;
	if (!d->cuMemHostAlloc || !d->cuMemHostGetDevicePointer_v2 || !d->cuMemFreeHost)
		return 801; /* CUDA_ERROR_NOT_SUPPORTED */
	/* CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_DEVICEMAP */
	if ((r = d->cuMemHostAlloc(host, bytes, 0x01 | 0x02)))
		return r;
	if ((r = d->cuMemHostGetDevicePointer_v2(&p, *host, 0))) {
		d->cuMemFreeHost(*host);
		*host = NULL;
		return r;
	}
	*dptr = p;
	return 0;
}

int gpu_host_free(struct gpu_driver *d, void *host)
{
	if (!d->cuMemFreeHost)
		return 801;
	return d->cuMemFreeHost(host);
}

int gpu_occupancy(struct gpu_driver *d, int *blocks_per_sm, void *fn, int threads, size_t shmem)
{
	*blocks_per_sm = 0;
	if (!d->cuOccupancyMaxActiveBlocksPerMultiprocessor)
		return 801;
	return d->cuOccupancyMaxActiveBlocksPerMultiprocessor(blocks_per_sm, fn, threads, shmem);
}

int gpu_stream_query(struct gpu_driver *d, void *s)
{
	return d->cuStreamQuery(s);
}

int gpu_event_create(struct gpu_driver *d, void **e, unsigned flags)
{
	return d->cuEventCreate(e, flags);
}

int gpu_event_destroy(struct gpu_driver *d, void *e)
{
	return d->cuEventDestroy_v2(e);
}

int gpu_event_record(struct gpu_driver *d, void *e, void *s)
{
	return d->cuEventRecord(e, s);
}

int gpu_event_synchronize(struct gpu_driver *d, void *e)
{
	return d->cuEventSynchronize(e);
}

int gpu_event_query(struct gpu_driver *d, void *e)
{
	return d->cuEventQuery(e);
}

int gpu_event_elapsed(struct gpu_driver *d, float *ms, void *start, void *end)
{
	return d->cuEventElapsedTime(ms, start, end);
}

int gpu_device_attribute(struct gpu_driver *d, int *v, int attr)
{
	return d->cuDeviceGetAttribute(v, attr, d->dev);
}

int gpu_ctx_set_limit(struct gpu_driver *d, int limit, size_t value)
{
	return d->cuCtxSetLimit(limit, value);
}

/* ---- arrays, textures and surfaces */

#define TEX_NEED(name) \
	if (!d->name) \
		return 801 /* CUDA_ERROR_NOT_SUPPORTED */;

int gpu_array_create(struct gpu_driver *d, void **arr, const struct gpu_array_desc *a, unsigned levels, void **mm)
{
	CUDA_ARRAY3D_DESCRIPTOR ad = { a->w, a->h, a->d, a->format, a->nchan, a->flags };
	if (levels) {
		TEX_NEED(cuMipmappedArrayCreate)
		return d->cuMipmappedArrayCreate(mm, &ad, levels);
	}
	TEX_NEED(cuArray3DCreate_v2)
	return d->cuArray3DCreate_v2(arr, &ad);
}

int gpu_mipmap_level(struct gpu_driver *d, void **arr, void *mm, unsigned level)
{
	TEX_NEED(cuMipmappedArrayGetLevel)
	return d->cuMipmappedArrayGetLevel(arr, mm, level);
}

int gpu_array_destroy(struct gpu_driver *d, void *arr, void *mm)
{
	if (mm) {
		TEX_NEED(cuMipmappedArrayDestroy)
		return d->cuMipmappedArrayDestroy(mm);
	}
	TEX_NEED(cuArrayDestroy)
	return d->cuArrayDestroy(arr);
}

int gpu_array_copy(struct gpu_driver *d, void *arr, void *host, size_t row_bytes, size_t rows, size_t depth,
		   int to_array)
{
	TEX_NEED(cuMemcpy3D_v2)
	CUDA_MEMCPY3D c;
	memset(&c, 0, sizeof(c));
	if (to_array) {
		c.srcMemoryType = CU_MEMORYTYPE_HOST;
		c.srcHost = host;
		c.srcPitch = row_bytes;
		c.srcHeight = rows;
		c.dstMemoryType = CU_MEMORYTYPE_ARRAY;
		c.dstArray = arr;
	} else {
		c.srcMemoryType = CU_MEMORYTYPE_ARRAY;
		c.srcArray = arr;
		c.dstMemoryType = CU_MEMORYTYPE_HOST;
		c.dstHost = host;
		c.dstPitch = row_bytes;
		c.dstHeight = rows;
	}
	c.WidthInBytes = row_bytes;
	c.Height = rows;
	c.Depth = depth;
	return d->cuMemcpy3D_v2(&c);
}

static void res_desc(CUDA_RESOURCE_DESC *rd, const struct gpu_res_desc *r)
{
	memset(rd, 0, sizeof(*rd));
	rd->resType = r->type;
	switch (r->type) {
	case 0: rd->res.array.hArray = r->array; break;
	case 1: rd->res.mipmap.hMipmappedArray = r->mipmap; break;
	case 2:
		rd->res.linear.devPtr = r->ptr;
		rd->res.linear.format = r->format;
		rd->res.linear.numChannels = r->nchan;
		rd->res.linear.sizeInBytes = r->bytes;
		break;
	default:
		rd->res.pitch2D.devPtr = r->ptr;
		rd->res.pitch2D.format = r->format;
		rd->res.pitch2D.numChannels = r->nchan;
		rd->res.pitch2D.width = r->w;
		rd->res.pitch2D.height = r->h;
		rd->res.pitch2D.pitchInBytes = r->pitch;
		break;
	}
}

int gpu_tex_create(struct gpu_driver *d, uint64_t *obj, const struct gpu_res_desc *r, const struct gpu_tex_desc *t)
{
	TEX_NEED(cuTexObjectCreate)
	CUDA_RESOURCE_DESC rd;
	CUDA_TEXTURE_DESC td;
	res_desc(&rd, r);
	memset(&td, 0, sizeof(td));
	for (int k = 0; k < 3; k++)
		td.addressMode[k] = t->addr[k];
	td.filterMode = t->filter;
	td.flags = t->flags;
	td.maxAnisotropy = t->max_aniso;
	td.mipmapFilterMode = t->mip_filter;
	td.mipmapLevelBias = t->bias;
	td.minMipmapLevelClamp = t->lodmin;
	td.maxMipmapLevelClamp = t->lodmax;
	memcpy(td.borderColor, t->border, sizeof(td.borderColor));
	CUtexObject o = 0;
	CUresult res = d->cuTexObjectCreate(&o, &rd, &td, NULL);
	*obj = o;
	return res;
}

int gpu_surf_create(struct gpu_driver *d, uint64_t *obj, const struct gpu_res_desc *r)
{
	TEX_NEED(cuSurfObjectCreate)
	CUDA_RESOURCE_DESC rd;
	res_desc(&rd, r);
	CUsurfObject o = 0;
	CUresult res = d->cuSurfObjectCreate(&o, &rd);
	*obj = o;
	return res;
}

int gpu_tex_destroy(struct gpu_driver *d, uint64_t obj, int surface)
{
	if (surface) {
		TEX_NEED(cuSurfObjectDestroy)
		return d->cuSurfObjectDestroy(obj);
	}
	TEX_NEED(cuTexObjectDestroy)
	return d->cuTexObjectDestroy(obj);
}

int gpu_runtime_code(int cu)
{
	switch (cu) {
	case 0: return 0;
	case 1: return 1;         /* CUDA_ERROR_INVALID_VALUE -> cudaErrorInvalidValue */
	case 2: return 2;         /* OUT_OF_MEMORY -> cudaErrorMemoryAllocation */
	case 3: return 3;         /* NOT_INITIALIZED -> cudaErrorInitializationError */
	case 4: return 4;         /* DEINITIALIZED -> cudaErrorCudartUnloading */
	case 100: return 100;     /* NO_DEVICE */
	case 101: return 101;     /* INVALID_DEVICE */
	case 200: return 98;      /* INVALID_IMAGE -> cudaErrorInvalidDeviceFunction */
	case 201: return 201;     /* INVALID_CONTEXT -> cudaErrorDeviceUninitialized */
	case 209: return 209;     /* NO_BINARY_FOR_GPU -> cudaErrorNoKernelImageForDevice */
	case 218: return 218;     /* INVALID_PTX -> cudaErrorInvalidPtx */
	case 400: return 400;     /* INVALID_HANDLE -> cudaErrorInvalidResourceHandle */
	case 500: return 500;     /* NOT_FOUND -> cudaErrorSymbolNotFound */
	case 600: return 600;     /* NOT_READY */
	case 700: return 700;     /* ILLEGAL_ADDRESS */
	case 701: return 701;     /* LAUNCH_OUT_OF_RESOURCES */
	case 702: return 702;     /* LAUNCH_TIMEOUT */
	case 710: return 710;     /* ASSERT */
	case 714: return 714;     /* HARDWARE_STACK_ERROR */
	case 715: return 715;     /* ILLEGAL_INSTRUCTION */
	case 716: return 716;     /* MISALIGNED_ADDRESS */
	case 717: return 717;     /* INVALID_ADDRESS_SPACE */
	case 718: return 718;     /* INVALID_PC */
	case 719: return 719;     /* LAUNCH_FAILED -> cudaErrorLaunchFailure */
	case 720: return 720;     /* COOPERATIVE_LAUNCH_TOO_LARGE */
	case 801: return 801;     /* NOT_SUPPORTED */
	default: return 999;      /* cudaErrorUnknown */
	}
}
