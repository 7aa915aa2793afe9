/*
 * cuda_runtime.h - warpstep built-in header, included before every .cu file
 * as nvcc does: the runtime API types (real enum values), the vector types,
 * dim3, the host runtime functions, and the device intrinsics (barriers, warp
 * collectives, atomics, fences, cache-hint loads, fast math, integer
 * intrinsics, conversions). Like nvcc's it also brings in stdio.h, stdlib.h,
 * string.h, time.h and math.h.
 */
#ifndef __WS_CUDA_RUNTIME_H
#define __WS_CUDA_RUNTIME_H
#define __CUDA_RUNTIME_H__
/* the include guards of the headers that nvcc's cuda_runtime.h brings in (CUDA 13.0):
 * helper headers test them (helper_cuda.h: __DRIVER_TYPES_H__ for checkCudaErrors) */
#define __CHANNEL_DESCRIPTOR_H__
#define __COMMON_FUNCTIONS_H__
#define __CUDA_DEVICE_RUNTIME_API_H__
#define __CUDA_RUNTIME_API_H__
#define __DEVICE_ATOMIC_FUNCTIONS_HPP__
#define __DEVICE_ATOMIC_FUNCTIONS_H__
#define __DEVICE_DOUBLE_FUNCTIONS_HPP__
#define __DEVICE_DOUBLE_FUNCTIONS_H__
#define __DEVICE_FUNCTIONS_HPP__
#define __DEVICE_FUNCTIONS_H__
#define __DEVICE_LAUNCH_PARAMETERS_H__
#define __DEVICE_TYPES_H__
#define __DRIVER_FUNCTIONS_H__
#define __DRIVER_TYPES_H__
#define __HOST_CONFIG_H__
#define __HOST_DEFINES_H__
#define __LIBRARY_TYPES_H__
#define __MATH_FUNCTIONS_HPP__
#define __MATH_FUNCTIONS_H__
#define __SURFACE_INDIRECT_FUNCTIONS_H__
#define __SURFACE_TYPES_H__
#define __TEXTURE_INDIRECT_FUNCTIONS_H__
#define __TEXTURE_TYPES_H__
#define __VECTOR_FUNCTIONS_HPP__
#define __VECTOR_FUNCTIONS_H__
#define __VECTOR_TYPES_H__
#define CUDART_VERSION (__WS_CUDA12 ? 12080 : 13000)     /* --cuda-version; __WS_CUDA12 below */
#define __CUDART_API_VERSION CUDART_VERSION

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <math.h>

/* ---- types and enumerations of the runtime API (driver_types.h values) */
enum cudaError {
	cudaSuccess = 0,
	cudaErrorInvalidValue = 1,
	cudaErrorMemoryAllocation = 2,
	cudaErrorInitializationError = 3,
	cudaErrorCudartUnloading = 4,
	cudaErrorProfilerDisabled = 5,
	cudaErrorProfilerNotInitialized = 6,
	cudaErrorProfilerAlreadyStarted = 7,
	cudaErrorProfilerAlreadyStopped = 8,
	cudaErrorInvalidConfiguration = 9,
	cudaErrorInvalidPitchValue = 12,
	cudaErrorInvalidSymbol = 13,
	cudaErrorInvalidHostPointer = 16,
	cudaErrorInvalidDevicePointer = 17,
	cudaErrorInvalidTexture = 18,
	cudaErrorInvalidTextureBinding = 19,
	cudaErrorInvalidChannelDescriptor = 20,
	cudaErrorInvalidMemcpyDirection = 21,
	cudaErrorAddressOfConstant = 22,
	cudaErrorTextureFetchFailed = 23,
	cudaErrorTextureNotBound = 24,
	cudaErrorSynchronizationError = 25,
	cudaErrorInvalidFilterSetting = 26,
	cudaErrorInvalidNormSetting = 27,
	cudaErrorMixedDeviceExecution = 28,
	cudaErrorNotYetImplemented = 31,
	cudaErrorMemoryValueTooLarge = 32,
	cudaErrorStubLibrary = 34,
	cudaErrorInsufficientDriver = 35,
	cudaErrorCallRequiresNewerDriver = 36,
	cudaErrorInvalidSurface = 37,
	cudaErrorDuplicateVariableName = 43,
	cudaErrorDuplicateTextureName = 44,
	cudaErrorDuplicateSurfaceName = 45,
	cudaErrorDevicesUnavailable = 46,
	cudaErrorIncompatibleDriverContext = 49,
	cudaErrorMissingConfiguration = 52,
	cudaErrorPriorLaunchFailure = 53,
	cudaErrorLaunchMaxDepthExceeded = 65,
	cudaErrorLaunchFileScopedTex = 66,
	cudaErrorLaunchFileScopedSurf = 67,
	cudaErrorSyncDepthExceeded = 68,
	cudaErrorLaunchPendingCountExceeded = 69,
	cudaErrorInvalidDeviceFunction = 98,
	cudaErrorNoDevice = 100,
	cudaErrorInvalidDevice = 101,
	cudaErrorDeviceNotLicensed = 102,
	cudaErrorSoftwareValidityNotEstablished = 103,
	cudaErrorStartupFailure = 127,
	cudaErrorInvalidKernelImage = 200,
	cudaErrorDeviceUninitialized = 201,
	cudaErrorMapBufferObjectFailed = 205,
	cudaErrorUnmapBufferObjectFailed = 206,
	cudaErrorArrayIsMapped = 207,
	cudaErrorAlreadyMapped = 208,
	cudaErrorNoKernelImageForDevice = 209,
	cudaErrorAlreadyAcquired = 210,
	cudaErrorNotMapped = 211,
	cudaErrorNotMappedAsArray = 212,
	cudaErrorNotMappedAsPointer = 213,
	cudaErrorECCUncorrectable = 214,
	cudaErrorUnsupportedLimit = 215,
	cudaErrorDeviceAlreadyInUse = 216,
	cudaErrorPeerAccessUnsupported = 217,
	cudaErrorInvalidPtx = 218,
	cudaErrorInvalidGraphicsContext = 219,
	cudaErrorNvlinkUncorrectable = 220,
	cudaErrorJitCompilerNotFound = 221,
	cudaErrorUnsupportedPtxVersion = 222,
	cudaErrorJitCompilationDisabled = 223,
	cudaErrorUnsupportedExecAffinity = 224,
	cudaErrorUnsupportedDevSideSync = 225,
	cudaErrorContained = 226,
	cudaErrorInvalidSource = 300,
	cudaErrorFileNotFound = 301,
	cudaErrorSharedObjectSymbolNotFound = 302,
	cudaErrorSharedObjectInitFailed = 303,
	cudaErrorOperatingSystem = 304,
	cudaErrorInvalidResourceHandle = 400,
	cudaErrorIllegalState = 401,
	cudaErrorLossyQuery = 402,
	cudaErrorSymbolNotFound = 500,
	cudaErrorNotReady = 600,
	cudaErrorIllegalAddress = 700,
	cudaErrorLaunchOutOfResources = 701,
	cudaErrorLaunchTimeout = 702,
	cudaErrorLaunchIncompatibleTexturing = 703,
	cudaErrorPeerAccessAlreadyEnabled = 704,
	cudaErrorPeerAccessNotEnabled = 705,
	cudaErrorSetOnActiveProcess = 708,
	cudaErrorContextIsDestroyed = 709,
	cudaErrorAssert = 710,
	cudaErrorTooManyPeers = 711,
	cudaErrorHostMemoryAlreadyRegistered = 712,
	cudaErrorHostMemoryNotRegistered = 713,
	cudaErrorHardwareStackError = 714,
	cudaErrorIllegalInstruction = 715,
	cudaErrorMisalignedAddress = 716,
	cudaErrorInvalidAddressSpace = 717,
	cudaErrorInvalidPc = 718,
	cudaErrorLaunchFailure = 719,
	cudaErrorCooperativeLaunchTooLarge = 720,
	cudaErrorTensorMemoryLeak = 721,
	cudaErrorNotPermitted = 800,
	cudaErrorNotSupported = 801,
	cudaErrorSystemNotReady = 802,
	cudaErrorSystemDriverMismatch = 803,
	cudaErrorCompatNotSupportedOnDevice = 804,
	cudaErrorMpsConnectionFailed = 805,
	cudaErrorMpsRpcFailure = 806,
	cudaErrorMpsServerNotReady = 807,
	cudaErrorMpsMaxClientsReached = 808,
	cudaErrorMpsMaxConnectionsReached = 809,
	cudaErrorMpsClientTerminated = 810,
	cudaErrorCdpNotSupported = 811,
	cudaErrorCdpVersionMismatch = 812,
	cudaErrorStreamCaptureUnsupported = 900,
	cudaErrorStreamCaptureInvalidated = 901,
	cudaErrorStreamCaptureMerge = 902,
	cudaErrorStreamCaptureUnmatched = 903,
	cudaErrorStreamCaptureUnjoined = 904,
	cudaErrorStreamCaptureIsolation = 905,
	cudaErrorStreamCaptureImplicit = 906,
	cudaErrorCapturedEvent = 907,
	cudaErrorStreamCaptureWrongThread = 908,
	cudaErrorTimeout = 909,
	cudaErrorGraphExecUpdateFailure = 910,
	cudaErrorExternalDevice = 911,
	cudaErrorInvalidClusterSize = 912,
	cudaErrorFunctionNotLoaded = 913,
	cudaErrorInvalidResourceType = 914,
	cudaErrorInvalidResourceConfiguration = 915,
	cudaErrorUnknown = 999,
	cudaErrorApiFailureBase = 10000,
};
enum cudaMemcpyKind {
	cudaMemcpyHostToHost = 0,
	cudaMemcpyHostToDevice = 1,
	cudaMemcpyDeviceToHost = 2,
	cudaMemcpyDeviceToDevice = 3,
	cudaMemcpyDefault = 4,
};
enum cudaLimit {
	cudaLimitStackSize = 0x00,
	cudaLimitPrintfFifoSize = 0x01,
	cudaLimitMallocHeapSize = 0x02,
	cudaLimitDevRuntimeSyncDepth = 0x03,
	cudaLimitDevRuntimePendingLaunchCount = 0x04,
	cudaLimitMaxL2FetchGranularity = 0x05,
	cudaLimitPersistingL2CacheSize = 0x06,
};
enum cudaFuncAttribute {
	cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
	cudaFuncAttributePreferredSharedMemoryCarveout = 9,
	cudaFuncAttributeClusterDimMustBeSet = 10,
	cudaFuncAttributeRequiredClusterWidth = 11,
	cudaFuncAttributeRequiredClusterHeight = 12,
	cudaFuncAttributeRequiredClusterDepth = 13,
	cudaFuncAttributeNonPortableClusterSizeAllowed = 14,
	cudaFuncAttributeClusterSchedulingPolicyPreference = 15,
};
enum cudaDeviceAttr {
	cudaDevAttrMaxThreadsPerBlock = 1,
	cudaDevAttrMaxBlockDimX = 2,
	cudaDevAttrMaxBlockDimY = 3,
	cudaDevAttrMaxBlockDimZ = 4,
	cudaDevAttrMaxGridDimX = 5,
	cudaDevAttrMaxGridDimY = 6,
	cudaDevAttrMaxGridDimZ = 7,
	cudaDevAttrMaxSharedMemoryPerBlock = 8,
	cudaDevAttrTotalConstantMemory = 9,
	cudaDevAttrWarpSize = 10,
	cudaDevAttrMaxPitch = 11,
	cudaDevAttrMaxRegistersPerBlock = 12,
	cudaDevAttrClockRate = 13,
	cudaDevAttrTextureAlignment = 14,
	cudaDevAttrGpuOverlap = 15,
	cudaDevAttrMultiProcessorCount = 16,
	cudaDevAttrKernelExecTimeout = 17,
	cudaDevAttrIntegrated = 18,
	cudaDevAttrCanMapHostMemory = 19,
	cudaDevAttrComputeMode = 20,
	cudaDevAttrMaxTexture1DWidth = 21,
	cudaDevAttrMaxTexture2DWidth = 22,
	cudaDevAttrMaxTexture2DHeight = 23,
	cudaDevAttrMaxTexture3DWidth = 24,
	cudaDevAttrMaxTexture3DHeight = 25,
	cudaDevAttrMaxTexture3DDepth = 26,
	cudaDevAttrMaxTexture2DLayeredWidth = 27,
	cudaDevAttrMaxTexture2DLayeredHeight = 28,
	cudaDevAttrMaxTexture2DLayeredLayers = 29,
	cudaDevAttrSurfaceAlignment = 30,
	cudaDevAttrConcurrentKernels = 31,
	cudaDevAttrEccEnabled = 32,
	cudaDevAttrPciBusId = 33,
	cudaDevAttrPciDeviceId = 34,
	cudaDevAttrTccDriver = 35,
	cudaDevAttrMemoryClockRate = 36,
	cudaDevAttrGlobalMemoryBusWidth = 37,
	cudaDevAttrL2CacheSize = 38,
	cudaDevAttrMaxThreadsPerMultiProcessor = 39,
	cudaDevAttrAsyncEngineCount = 40,
	cudaDevAttrUnifiedAddressing = 41,
	cudaDevAttrMaxTexture1DLayeredWidth = 42,
	cudaDevAttrMaxTexture1DLayeredLayers = 43,
	cudaDevAttrMaxTexture2DGatherWidth = 45,
	cudaDevAttrMaxTexture2DGatherHeight = 46,
	cudaDevAttrMaxTexture3DWidthAlt = 47,
	cudaDevAttrMaxTexture3DHeightAlt = 48,
	cudaDevAttrMaxTexture3DDepthAlt = 49,
	cudaDevAttrPciDomainId = 50,
	cudaDevAttrTexturePitchAlignment = 51,
	cudaDevAttrMaxTextureCubemapWidth = 52,
	cudaDevAttrMaxTextureCubemapLayeredWidth = 53,
	cudaDevAttrMaxTextureCubemapLayeredLayers = 54,
	cudaDevAttrMaxSurface1DWidth = 55,
	cudaDevAttrMaxSurface2DWidth = 56,
	cudaDevAttrMaxSurface2DHeight = 57,
	cudaDevAttrMaxSurface3DWidth = 58,
	cudaDevAttrMaxSurface3DHeight = 59,
	cudaDevAttrMaxSurface3DDepth = 60,
	cudaDevAttrMaxSurface1DLayeredWidth = 61,
	cudaDevAttrMaxSurface1DLayeredLayers = 62,
	cudaDevAttrMaxSurface2DLayeredWidth = 63,
	cudaDevAttrMaxSurface2DLayeredHeight = 64,
	cudaDevAttrMaxSurface2DLayeredLayers = 65,
	cudaDevAttrMaxSurfaceCubemapWidth = 66,
	cudaDevAttrMaxSurfaceCubemapLayeredWidth = 67,
	cudaDevAttrMaxSurfaceCubemapLayeredLayers = 68,
	cudaDevAttrMaxTexture1DLinearWidth = 69,
	cudaDevAttrMaxTexture2DLinearWidth = 70,
	cudaDevAttrMaxTexture2DLinearHeight = 71,
	cudaDevAttrMaxTexture2DLinearPitch = 72,
	cudaDevAttrMaxTexture2DMipmappedWidth = 73,
	cudaDevAttrMaxTexture2DMipmappedHeight = 74,
	cudaDevAttrComputeCapabilityMajor = 75,
	cudaDevAttrComputeCapabilityMinor = 76,
	cudaDevAttrMaxTexture1DMipmappedWidth = 77,
	cudaDevAttrStreamPrioritiesSupported = 78,
	cudaDevAttrGlobalL1CacheSupported = 79,
	cudaDevAttrLocalL1CacheSupported = 80,
	cudaDevAttrMaxSharedMemoryPerMultiprocessor = 81,
	cudaDevAttrMaxRegistersPerMultiprocessor = 82,
	cudaDevAttrManagedMemory = 83,
	cudaDevAttrIsMultiGpuBoard = 84,
	cudaDevAttrMultiGpuBoardGroupID = 85,
	cudaDevAttrHostNativeAtomicSupported = 86,
	cudaDevAttrSingleToDoublePrecisionPerfRatio = 87,
	cudaDevAttrPageableMemoryAccess = 88,
	cudaDevAttrConcurrentManagedAccess = 89,
	cudaDevAttrComputePreemptionSupported = 90,
	cudaDevAttrCanUseHostPointerForRegisteredMem = 91,
	cudaDevAttrCooperativeLaunch = 95,
	cudaDevAttrMaxSharedMemoryPerBlockOptin = 97,
	cudaDevAttrCanFlushRemoteWrites = 98,
	cudaDevAttrHostRegisterSupported = 99,
	cudaDevAttrPageableMemoryAccessUsesHostPageTables = 100,
	cudaDevAttrDirectManagedMemAccessFromHost = 101,
	cudaDevAttrMaxBlocksPerMultiprocessor = 106,
	cudaDevAttrMaxPersistingL2CacheSize = 108,
	cudaDevAttrMaxAccessPolicyWindowSize = 109,
	cudaDevAttrSparseCudaArraySupported = 112,
	cudaDevAttrHostRegisterReadOnlySupported = 113,
	cudaDevAttrTimelineSemaphoreInteropSupported = 114,
	cudaDevAttrMemoryPoolsSupported = 115,
	cudaDevAttrGPUDirectRDMASupported = 116,
	cudaDevAttrGPUDirectRDMAFlushWritesOptions = 117,
	cudaDevAttrGPUDirectRDMAWritesOrdering = 118,
	cudaDevAttrMemoryPoolSupportedHandleTypes = 119,
	cudaDevAttrClusterLaunch = 120,
	cudaDevAttrDeferredMappingCudaArraySupported = 121,
	cudaDevAttrIpcEventSupport = 125,
	cudaDevAttrMemSyncDomainCount = 126,
	cudaDevAttrNumaConfig = 130,
	cudaDevAttrNumaId = 131,
	cudaDevAttrMpsEnabled = 133,
	cudaDevAttrHostNumaId = 134,
	cudaDevAttrD3D12CigSupported = 135,
	cudaDevAttrVulkanCigSupported = 138,
	cudaDevAttrGpuPciDeviceId = 139,
	cudaDevAttrGpuPciSubsystemId = 140,
	cudaDevAttrHostNumaMemoryPoolsSupported = 142,
	cudaDevAttrHostNumaMultinodeIpcSupported = 143,
	cudaDevAttrHostMemoryPoolsSupported = 144,
	cudaDevAttrOnlyPartialHostNativeAtomicSupported = 147,
};
enum cudaComputeMode {
	cudaComputeModeDefault = 0,
	cudaComputeModeExclusive = 1,
	cudaComputeModeProhibited = 2,
	cudaComputeModeExclusiveProcess = 3,
};
enum cudaFuncCache {
	cudaFuncCachePreferNone = 0,
	cudaFuncCachePreferShared = 1,
	cudaFuncCachePreferL1 = 2,
	cudaFuncCachePreferEqual = 3,
};
enum cudaSharedMemConfig {
	cudaSharedMemBankSizeDefault = 0,
	cudaSharedMemBankSizeFourByte = 1,
	cudaSharedMemBankSizeEightByte = 2,
};
typedef enum cudaError cudaError_t;
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;

#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaHostAllocWriteCombined 0x04
#define cudaMemAttachGlobal 0x01
#define cudaMemAttachHost 0x02
#define cudaMemAttachSingle 0x04
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaEventInterprocess 0x04
#define cudaDeviceScheduleAuto 0x00
#define cudaDeviceScheduleSpin 0x01
#define cudaDeviceScheduleYield 0x02
#define cudaDeviceScheduleBlockingSync 0x04
#define cudaDeviceMapHost 0x08

/*
 * struct cudaDeviceProp is defined at the end of this header (kept there so
 * that the line numbers before it stay put): CUDA 13.0's layout, or CUDA
 * 12's under --cuda-version 12.
 */
struct cudaDeviceProp;


































typedef struct cudaDeviceProp cudaDeviceProp;

/* ---- vector types (alignments as vector_types.h) and dim3 */
struct char1 { signed char x; };
typedef struct char1 char1;
struct __align__(2) char2 { signed char x, y; };
typedef struct char2 char2;
struct char3 { signed char x, y, z; };
typedef struct char3 char3;
struct __align__(4) char4 { signed char x, y, z, w; };
typedef struct char4 char4;
struct uchar1 { unsigned char x; };
typedef struct uchar1 uchar1;
struct __align__(2) uchar2 { unsigned char x, y; };
typedef struct uchar2 uchar2;
struct uchar3 { unsigned char x, y, z; };
typedef struct uchar3 uchar3;
struct __align__(4) uchar4 { unsigned char x, y, z, w; };
typedef struct uchar4 uchar4;
struct short1 { short x; };
typedef struct short1 short1;
struct __align__(4) short2 { short x, y; };
typedef struct short2 short2;
struct short3 { short x, y, z; };
typedef struct short3 short3;
struct __align__(8) short4 { short x, y, z, w; };
typedef struct short4 short4;
struct ushort1 { unsigned short x; };
typedef struct ushort1 ushort1;
struct __align__(4) ushort2 { unsigned short x, y; };
typedef struct ushort2 ushort2;
struct ushort3 { unsigned short x, y, z; };
typedef struct ushort3 ushort3;
struct __align__(8) ushort4 { unsigned short x, y, z, w; };
typedef struct ushort4 ushort4;
struct int1 { int x; };
typedef struct int1 int1;
struct __align__(8) int2 { int x, y; };
typedef struct int2 int2;
struct int3 { int x, y, z; };
typedef struct int3 int3;
struct __align__(16) int4 { int x, y, z, w; };
typedef struct int4 int4;
struct uint1 { unsigned int x; };
typedef struct uint1 uint1;
struct __align__(8) uint2 { unsigned int x, y; };
typedef struct uint2 uint2;
struct uint3 { unsigned int x, y, z; };
typedef struct uint3 uint3;
struct __align__(16) uint4 { unsigned int x, y, z, w; };
typedef struct uint4 uint4;
struct long1 { long x; };
typedef struct long1 long1;
struct __align__(16) long2 { long x, y; };
typedef struct long2 long2;
struct long3 { long x, y, z; };
typedef struct long3 long3;
struct __align__(16) long4 { long x, y, z, w; };
typedef struct long4 long4;
struct ulong1 { unsigned long x; };
typedef struct ulong1 ulong1;
struct __align__(16) ulong2 { unsigned long x, y; };
typedef struct ulong2 ulong2;
struct ulong3 { unsigned long x, y, z; };
typedef struct ulong3 ulong3;
struct __align__(16) ulong4 { unsigned long x, y, z, w; };
typedef struct ulong4 ulong4;
struct longlong1 { long long x; };
typedef struct longlong1 longlong1;
struct __align__(16) longlong2 { long long x, y; };
typedef struct longlong2 longlong2;
struct longlong3 { long long x, y, z; };
typedef struct longlong3 longlong3;
struct __align__(16) longlong4 { long long x, y, z, w; };
typedef struct longlong4 longlong4;
struct ulonglong1 { unsigned long long x; };
typedef struct ulonglong1 ulonglong1;
struct __align__(16) ulonglong2 { unsigned long long x, y; };
typedef struct ulonglong2 ulonglong2;
struct ulonglong3 { unsigned long long x, y, z; };
typedef struct ulonglong3 ulonglong3;
struct __align__(16) ulonglong4 { unsigned long long x, y, z, w; };
typedef struct ulonglong4 ulonglong4;
struct float1 { float x; };
typedef struct float1 float1;
struct __align__(8) float2 { float x, y; };
typedef struct float2 float2;
struct float3 { float x, y, z; };
typedef struct float3 float3;
struct __align__(16) float4 { float x, y, z, w; };
typedef struct float4 float4;
struct double1 { double x; };
typedef struct double1 double1;
struct __align__(16) double2 { double x, y; };
typedef struct double2 double2;
struct double3 { double x, y, z; };
typedef struct double3 double3;
struct __align__(16) double4 { double x, y, z, w; };
typedef struct double4 double4;

struct dim3 {
	unsigned int x, y, z;
	__host__ __device__ dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1) : x(vx), y(vy), z(vz) {}
};
typedef struct dim3 dim3;

static inline __host__ __device__ char1 make_char1(signed char x) { char1 t; t.x = x; return t; }
static inline __host__ __device__ char2 make_char2(signed char x, signed char y) { char2 t; t.x = x; t.y = y; return t; }
static inline __host__ __device__ char3 make_char3(signed char x, signed char y, signed char z) { char3 t; t.x = x; t.y = y; t.z = z; return t; }
static inline __host__ __device__ char4 make_char4(signed char x, signed char y, signed char z, signed char w) { char4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
static inline __host__ __device__ uchar1 make_uchar1(unsigned char x) { uchar1 t; t.x = x; return t; }
static inline __host__ __device__ uchar2 make_uchar2(unsigned char x, unsigned char y) { uchar2 t; t.x = x; t.y = y; return t; }
static inline __host__ __device__ uchar3 make_uchar3(unsigned char x, unsigned char y, unsigned char z) { uchar3 t; t.x = x; t.y = y; t.z = z; return t; }
static inline __host__ __device__ uchar4 make_uchar4(unsigned char x, unsigned char y, unsigned char z, unsigned char w) { uchar4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
static inline __host__ __device__ short1 make_short1(short x) { short1 t; t.x = x; return t; }
static inline __host__ __device__ short2 make_short2(short x, short y) { short2 t; t.x = x; t.y = y; return t; }
static inline __host__ __device__ short3 make_short3(short x, short y, short z) { short3 t; t.x = x; t.y = y; t.z = z; return t; }
static inline __host__ __device__ short4 make_short4(short x, short y, short z, short w) { short4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
static inline __host__ __device__ ushort1 make_ushort1(unsigned short x) { ushort1 t; t.x = x; return t; }
static inline __host__ __device__ ushort2 make_ushort2(unsigned short x, unsigned short y) { ushort2 t; t.x = x; t.y = y; return t; }
static inline __host__ __device__ ushort3 make_ushort3(unsigned short x, unsigned short y, unsigned short z) { ushort3 t; t.x = x; t.y = y; t.z = z; return t; }
static inline __host__ __device__ ushort4 make_ushort4(unsigned short x, unsigned short y, unsigned short z, unsigned short w) { ushort4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
static inline __host__ __device__ int1 make_int1(int x) { int1 t; t.x = x; return t; }
static inline __host__ __device__ int2 make_int2(int x, int y) { int2 t; t.x = x; t.y = y; return t; }
static inline __host__ __device__ int3 make_int3(int x, int y, int z) { int3 t; t.x = x; t.y = y; t.z = z; return t; }
static inline __host__ __device__ int4 make_int4(int x, int y, int z, int w) { int4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
static inline __host__ __device__ uint1 make_uint1(unsigned int x) { uint1 t; t.x = x; return t; }
static inline __host__ __device__ uint2 make_uint2(unsigned int x, unsigned int y) { uint2 t; t.x = x; t.y = y; return t; }
static inline __host__ __device__ uint3 make_uint3(unsigned int x, unsigned int y, unsigned int z) { uint3 t; t.x = x; t.y = y; t.z = z; return t; }
static inline __host__ __device__ uint4 make_uint4(unsigned int x, unsigned int y, unsigned int z, unsigned int w) { uint4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
static inline __host__ __device__ long1 make_long1(long x) { long1 t; t.x = x; return t; }
static inline __host__ __device__ long2 make_long2(long x, long y) { long2 t; t.x = x; t.y = y; return t; }
static inline __host__ __device__ long3 make_long3(long x, long y, long z) { long3 t; t.x = x; t.y = y; t.z = z; return t; }
static inline __host__ __device__ long4 make_long4(long x, long y, long z, long w) { long4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
static inline __host__ __device__ ulong1 make_ulong1(unsigned long x) { ulong1 t; t.x = x; return t; }
static inline __host__ __device__ ulong2 make_ulong2(unsigned long x, unsigned long y) { ulong2 t; t.x = x; t.y = y; return t; }
static inline __host__ __device__ ulong3 make_ulong3(unsigned long x, unsigned long y, unsigned long z) { ulong3 t; t.x = x; t.y = y; t.z = z; return t; }
static inline __host__ __device__ ulong4 make_ulong4(unsigned long x, unsigned long y, unsigned long z, unsigned long w) { ulong4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
static inline __host__ __device__ longlong1 make_longlong1(long long x) { longlong1 t; t.x = x; return t; }
static inline __host__ __device__ longlong2 make_longlong2(long long x, long long y) { longlong2 t; t.x = x; t.y = y; return t; }
static inline __host__ __device__ longlong3 make_longlong3(long long x, long long y, long long z) { longlong3 t; t.x = x; t.y = y; t.z = z; return t; }
static inline __host__ __device__ longlong4 make_longlong4(long long x, long long y, long long z, long long w) { longlong4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
static inline __host__ __device__ ulonglong1 make_ulonglong1(unsigned long long x) { ulonglong1 t; t.x = x; return t; }
static inline __host__ __device__ ulonglong2 make_ulonglong2(unsigned long long x, unsigned long long y) { ulonglong2 t; t.x = x; t.y = y; return t; }
static inline __host__ __device__ ulonglong3 make_ulonglong3(unsigned long long x, unsigned long long y, unsigned long long z) { ulonglong3 t; t.x = x; t.y = y; t.z = z; return t; }
static inline __host__ __device__ ulonglong4 make_ulonglong4(unsigned long long x, unsigned long long y, unsigned long long z, unsigned long long w) { ulonglong4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
static inline __host__ __device__ float1 make_float1(float x) { float1 t; t.x = x; return t; }
static inline __host__ __device__ float2 make_float2(float x, float y) { float2 t; t.x = x; t.y = y; return t; }
static inline __host__ __device__ float3 make_float3(float x, float y, float z) { float3 t; t.x = x; t.y = y; t.z = z; return t; }
static inline __host__ __device__ float4 make_float4(float x, float y, float z, float w) { float4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
static inline __host__ __device__ double1 make_double1(double x) { double1 t; t.x = x; return t; }
static inline __host__ __device__ double2 make_double2(double x, double y) { double2 t; t.x = x; t.y = y; return t; }
static inline __host__ __device__ double3 make_double3(double x, double y, double z) { double3 t; t.x = x; t.y = y; t.z = z; return t; }
static inline __host__ __device__ double4 make_double4(double x, double y, double z, double w) { double4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }

/* ---- host runtime API */
cudaError_t cudaMalloc(void **devPtr, size_t size) __ws_builtin(cudaMalloc);
cudaError_t cudaFree(void *devPtr) __ws_builtin(cudaFree);
cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned int flags = cudaMemAttachGlobal) __ws_builtin(cudaMallocManaged);
cudaError_t cudaMallocHost(void **ptr, size_t size) __ws_builtin(cudaMallocHost);
cudaError_t cudaHostAlloc(void **pHost, size_t size, unsigned int flags) __ws_builtin(cudaHostAlloc);
cudaError_t cudaFreeHost(void *ptr) __ws_builtin(cudaFreeHost);
cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width, size_t height) __ws_builtin(cudaMallocPitch);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind) __ws_builtin(cudaMemcpy);
cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind) __ws_builtin(cudaMemcpy2D);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind, cudaStream_t stream = 0) __ws_builtin(cudaMemcpyAsync);
cudaError_t cudaMemset(void *devPtr, int value, size_t count) __ws_builtin(cudaMemset);
cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream = 0) __ws_builtin(cudaMemsetAsync);
cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset = 0, enum cudaMemcpyKind kind = cudaMemcpyHostToDevice) __ws_builtin(cudaMemcpyToSymbol);
cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count, size_t offset = 0, enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost) __ws_builtin(cudaMemcpyFromSymbol);
cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol) __ws_builtin(cudaGetSymbolAddress);
cudaError_t cudaGetLastError(void) __ws_builtin(cudaGetLastError);
cudaError_t cudaPeekAtLastError(void) __ws_builtin(cudaPeekAtLastError);
const char *cudaGetErrorString(cudaError_t error) __ws_builtin(cudaGetErrorString);
const char *cudaGetErrorName(cudaError_t error) __ws_builtin(cudaGetErrorName);
cudaError_t cudaGetDeviceCount(int *count) __ws_builtin(cudaGetDeviceCount);
cudaError_t cudaGetDevice(int *device) __ws_builtin(cudaGetDevice);
cudaError_t cudaSetDevice(int device) __ws_builtin(cudaSetDevice);
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device) __ws_builtin(cudaGetDeviceProperties);
cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device) __ws_builtin(cudaDeviceGetAttribute);
cudaError_t cudaDeviceSynchronize(void) __ws_builtin(cudaDeviceSynchronize);
cudaError_t cudaDeviceReset(void) __ws_builtin(cudaDeviceReset);
cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value) __ws_builtin(cudaDeviceSetLimit);
cudaError_t cudaDeviceGetLimit(size_t *pValue, enum cudaLimit limit) __ws_builtin(cudaDeviceGetLimit);
cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value) __ws_builtin(cudaFuncSetAttribute);
cudaError_t cudaStreamCreate(cudaStream_t *pStream) __ws_builtin(cudaStreamCreate);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags) __ws_builtin(cudaStreamCreateWithFlags);
cudaError_t cudaStreamDestroy(cudaStream_t stream) __ws_builtin(cudaStreamDestroy);
cudaError_t cudaStreamSynchronize(cudaStream_t stream) __ws_builtin(cudaStreamSynchronize);
cudaError_t cudaStreamQuery(cudaStream_t stream) __ws_builtin(cudaStreamQuery);
cudaError_t cudaEventCreate(cudaEvent_t *event) __ws_builtin(cudaEventCreate);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags) __ws_builtin(cudaEventCreateWithFlags);
cudaError_t cudaEventDestroy(cudaEvent_t event) __ws_builtin(cudaEventDestroy);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0) __ws_builtin(cudaEventRecord);
cudaError_t cudaEventSynchronize(cudaEvent_t event) __ws_builtin(cudaEventSynchronize);
cudaError_t cudaEventQuery(cudaEvent_t event) __ws_builtin(cudaEventQuery);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end) __ws_builtin(cudaEventElapsedTime);
cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem = 0, cudaStream_t stream = 0) __ws_builtin(cudaLaunchCooperativeKernel);
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func, int blockSize, size_t dynamicSMemSize) __ws_builtin(cudaOccupancyMaxActiveBlocksPerMultiprocessor);
cudaError_t cudaRuntimeGetVersion(int *runtimeVersion) __ws_builtin(cudaRuntimeGetVersion);
cudaError_t cudaDriverGetVersion(int *driverVersion) __ws_builtin(cudaDriverGetVersion);

/* the template wrappers of the real header */
template<class T> static inline cudaError_t cudaMalloc(T **devPtr, size_t size)
{
	return cudaMalloc((void **)devPtr, size);
}
template<class T> static inline cudaError_t cudaMallocManaged(T **devPtr, size_t size, unsigned int flags = cudaMemAttachGlobal)
{
	return cudaMallocManaged((void **)devPtr, size, flags);
}
template<class T> static inline cudaError_t cudaMallocHost(T **ptr, size_t size)
{
	return cudaMallocHost((void **)ptr, size);
}
template<class T> static inline cudaError_t cudaHostAlloc(T **ptr, size_t size, unsigned int flags)
{
	return cudaHostAlloc((void **)ptr, size, flags);
}
template<class T> static inline cudaError_t cudaMallocPitch(T **devPtr, size_t *pitch, size_t width, size_t height)
{
	return cudaMallocPitch((void **)devPtr, pitch, width, height);
}
template<class T> static inline cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count, size_t offset = 0, enum cudaMemcpyKind kind = cudaMemcpyHostToDevice)
{
	return cudaMemcpyToSymbol((const void *)&symbol, src, count, offset, kind);
}
template<class T> static inline cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count, size_t offset = 0, enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost)
{
	return cudaMemcpyFromSymbol(dst, (const void *)&symbol, count, offset, kind);
}
template<class T> static inline cudaError_t cudaGetSymbolAddress(void **devPtr, const T &symbol)
{
	return cudaGetSymbolAddress(devPtr, (const void *)&symbol);
}
template<class T> static inline cudaError_t cudaLaunchCooperativeKernel(T func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem = 0, cudaStream_t stream = 0)
{
	return cudaLaunchCooperativeKernel((const void *)func, gridDim, blockDim, args, sharedMem, stream);
}
template<class T> static inline cudaError_t cudaFuncSetAttribute(T func, enum cudaFuncAttribute attr, int value)
{
	return cudaFuncSetAttribute((const void *)func, attr, value);
}
template<class T> static inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, T func, int blockSize, size_t dynamicSMemSize)
{
	return cudaOccupancyMaxActiveBlocksPerMultiprocessor(numBlocks, (const void *)func, blockSize, dynamicSMemSize);
}

/* ---- device: barriers and warp collectives */
__device__ void __syncthreads(void) __ws_builtin(__syncthreads);
__device__ int __syncthreads_count(int predicate) __ws_builtin(__syncthreads_count);
__device__ int __syncthreads_and(int predicate) __ws_builtin(__syncthreads_and);
__device__ int __syncthreads_or(int predicate) __ws_builtin(__syncthreads_or);
__device__ void __syncwarp(unsigned int mask = 0xffffffff) __ws_builtin(__syncwarp);
__device__ int __all_sync(unsigned int mask, int predicate) __ws_builtin(__all_sync);
__device__ int __any_sync(unsigned int mask, int predicate) __ws_builtin(__any_sync);
__device__ int __uni_sync(unsigned int mask, int predicate) __ws_builtin(__uni_sync);
__device__ unsigned int __ballot_sync(unsigned int mask, int predicate) __ws_builtin(__ballot_sync);
__device__ unsigned int __activemask(void) __ws_builtin(__activemask);

/* shuffles; width defaults to warpSize (32) */
#define __WS_SHFL(T) \
__device__ T __shfl_sync(unsigned int mask, T var, int srcLane, int width = 32) __ws_builtin(__shfl_sync); \
__device__ T __shfl_up_sync(unsigned int mask, T var, unsigned int delta, int width = 32) __ws_builtin(__shfl_up_sync); \
__device__ T __shfl_down_sync(unsigned int mask, T var, unsigned int delta, int width = 32) __ws_builtin(__shfl_down_sync); \
__device__ T __shfl_xor_sync(unsigned int mask, T var, int laneMask, int width = 32) __ws_builtin(__shfl_xor_sync); \
__device__ unsigned int __match_any_sync(unsigned int mask, T value) __ws_builtin(__match_any_sync); \
__device__ unsigned int __match_all_sync(unsigned int mask, T value, int *pred) __ws_builtin(__match_all_sync);
__WS_SHFL(int)
__WS_SHFL(unsigned int)
__WS_SHFL(long)
__WS_SHFL(unsigned long)
__WS_SHFL(long long)
__WS_SHFL(unsigned long long)
__WS_SHFL(float)
__WS_SHFL(double)
#undef __WS_SHFL

__device__ unsigned int __reduce_add_sync(unsigned int mask, unsigned int value) __ws_builtin(__reduce_add_sync);
__device__ int __reduce_add_sync(unsigned int mask, int value) __ws_builtin(__reduce_add_sync);
__device__ unsigned int __reduce_min_sync(unsigned int mask, unsigned int value) __ws_builtin(__reduce_min_sync);
__device__ int __reduce_min_sync(unsigned int mask, int value) __ws_builtin(__reduce_min_sync);
__device__ unsigned int __reduce_max_sync(unsigned int mask, unsigned int value) __ws_builtin(__reduce_max_sync);
__device__ int __reduce_max_sync(unsigned int mask, int value) __ws_builtin(__reduce_max_sync);
__device__ unsigned int __reduce_and_sync(unsigned int mask, unsigned int value) __ws_builtin(__reduce_and_sync);
__device__ unsigned int __reduce_or_sync(unsigned int mask, unsigned int value) __ws_builtin(__reduce_or_sync);
__device__ unsigned int __reduce_xor_sync(unsigned int mask, unsigned int value) __ws_builtin(__reduce_xor_sync);

/* ---- device: fences and control */
__device__ void __threadfence_block(void) __ws_builtin(__threadfence_block);
__device__ void __threadfence(void) __ws_builtin(__threadfence);
__device__ void __threadfence_system(void) __ws_builtin(__threadfence_system);
__device__ void __trap(void) __ws_builtin(__trap);
__device__ void __brkpt(void) __ws_builtin(__brkpt);
__device__ void __prof_trigger(int counter) __ws_builtin(__prof_trigger);
__device__ void __nanosleep(unsigned int ns) __ws_builtin(__nanosleep);
__host__ __device__ void __builtin_unreachable(void) __ws_builtin(__builtin_unreachable);
/* __builtin_assume and __assume: the condition is evaluated (it should have
 * no side effects) and a false one is the finding assume-violated */
__host__ __device__ void __ws_assume(int cond) __ws_builtin(__ws_assume);
#define __builtin_assume(cond) __ws_assume(!!(cond))
#define __assume(cond) __ws_assume(!!(cond))
__device__ long long int clock64(void) __ws_builtin(clock64);
__device__ unsigned long long int __globaltimer(void) __ws_builtin(__globaltimer);


/* ---- device: atomics (device scope; _block and _system variants) */
#define __WS_ATOM(R, name, params) \
__device__ R name params __ws_builtin(name); \
__device__ R name##_block params __ws_builtin(name##_block); \
__device__ R name##_system params __ws_builtin(name##_system);
__WS_ATOM(int, atomicAdd, (int *address, int val))
__WS_ATOM(unsigned int, atomicAdd, (unsigned int *address, unsigned int val))
__WS_ATOM(unsigned long long int, atomicAdd, (unsigned long long int *address, unsigned long long int val))
__WS_ATOM(float, atomicAdd, (float *address, float val))
__WS_ATOM(double, atomicAdd, (double *address, double val))
__WS_ATOM(int, atomicSub, (int *address, int val))
__WS_ATOM(unsigned int, atomicSub, (unsigned int *address, unsigned int val))
__WS_ATOM(int, atomicExch, (int *address, int val))
__WS_ATOM(unsigned int, atomicExch, (unsigned int *address, unsigned int val))
__WS_ATOM(unsigned long long int, atomicExch, (unsigned long long int *address, unsigned long long int val))
__WS_ATOM(float, atomicExch, (float *address, float val))
__WS_ATOM(int, atomicMin, (int *address, int val))
__WS_ATOM(unsigned int, atomicMin, (unsigned int *address, unsigned int val))
__WS_ATOM(long long int, atomicMin, (long long int *address, long long int val))
__WS_ATOM(unsigned long long int, atomicMin, (unsigned long long int *address, unsigned long long int val))
__WS_ATOM(int, atomicMax, (int *address, int val))
__WS_ATOM(unsigned int, atomicMax, (unsigned int *address, unsigned int val))
__WS_ATOM(long long int, atomicMax, (long long int *address, long long int val))
__WS_ATOM(unsigned long long int, atomicMax, (unsigned long long int *address, unsigned long long int val))
__WS_ATOM(unsigned int, atomicInc, (unsigned int *address, unsigned int val))
__WS_ATOM(unsigned int, atomicDec, (unsigned int *address, unsigned int val))
__WS_ATOM(int, atomicCAS, (int *address, int compare, int val))
__WS_ATOM(unsigned int, atomicCAS, (unsigned int *address, unsigned int compare, unsigned int val))
__WS_ATOM(unsigned long long int, atomicCAS, (unsigned long long int *address, unsigned long long int compare, unsigned long long int val))
__WS_ATOM(unsigned short int, atomicCAS, (unsigned short int *address, unsigned short int compare, unsigned short int val))
__WS_ATOM(int, atomicAnd, (int *address, int val))
__WS_ATOM(unsigned int, atomicAnd, (unsigned int *address, unsigned int val))
__WS_ATOM(unsigned long long int, atomicAnd, (unsigned long long int *address, unsigned long long int val))
__WS_ATOM(int, atomicOr, (int *address, int val))
__WS_ATOM(unsigned int, atomicOr, (unsigned int *address, unsigned int val))
__WS_ATOM(unsigned long long int, atomicOr, (unsigned long long int *address, unsigned long long int val))
__WS_ATOM(int, atomicXor, (int *address, int val))
__WS_ATOM(unsigned int, atomicXor, (unsigned int *address, unsigned int val))
__WS_ATOM(unsigned long long int, atomicXor, (unsigned long long int *address, unsigned long long int val))
#undef __WS_ATOM

/* ---- device: cache-hint loads and stores */
#define __WS_LDST(T) \
__device__ T __ldg(const T *ptr) __ws_builtin(__ldg); \
__device__ T __ldca(const T *ptr) __ws_builtin(__ldca); \
__device__ T __ldcg(const T *ptr) __ws_builtin(__ldcg); \
__device__ T __ldcs(const T *ptr) __ws_builtin(__ldcs); \
__device__ T __ldlu(const T *ptr) __ws_builtin(__ldlu); \
__device__ T __ldcv(const T *ptr) __ws_builtin(__ldcv); \
__device__ void __stwb(T *ptr, T value) __ws_builtin(__stwb); \
__device__ void __stcg(T *ptr, T value) __ws_builtin(__stcg); \
__device__ void __stcs(T *ptr, T value) __ws_builtin(__stcs); \
__device__ void __stwt(T *ptr, T value) __ws_builtin(__stwt);
__WS_LDST(char)
__WS_LDST(signed char)
__WS_LDST(unsigned char)
__WS_LDST(short)
__WS_LDST(unsigned short)
__WS_LDST(int)
__WS_LDST(unsigned int)
__WS_LDST(long)
__WS_LDST(unsigned long)
__WS_LDST(long long)
__WS_LDST(unsigned long long)
__WS_LDST(float)
__WS_LDST(double)
#undef __WS_LDST
/* vector loads through the read-only cache, one component at a time */
static inline __device__ float2 __ldg(const float2 *p) { float2 r; r.x = __ldg(&p->x); r.y = __ldg(&p->y); return r; }
static inline __device__ float4 __ldg(const float4 *p) { float4 r; r.x = __ldg(&p->x); r.y = __ldg(&p->y); r.z = __ldg(&p->z); r.w = __ldg(&p->w); return r; }
static inline __device__ int2 __ldg(const int2 *p) { int2 r; r.x = __ldg(&p->x); r.y = __ldg(&p->y); return r; }
static inline __device__ int4 __ldg(const int4 *p) { int4 r; r.x = __ldg(&p->x); r.y = __ldg(&p->y); r.z = __ldg(&p->z); r.w = __ldg(&p->w); return r; }
static inline __device__ uint2 __ldg(const uint2 *p) { uint2 r; r.x = __ldg(&p->x); r.y = __ldg(&p->y); return r; }
static inline __device__ uint4 __ldg(const uint4 *p) { uint4 r; r.x = __ldg(&p->x); r.y = __ldg(&p->y); r.z = __ldg(&p->z); r.w = __ldg(&p->w); return r; }
static inline __device__ double2 __ldg(const double2 *p) { double2 r; r.x = __ldg(&p->x); r.y = __ldg(&p->y); return r; }

/* ---- device: fast math, integer intrinsics, conversions (pure built-ins) */
__device__ float __sinf(float a) __ws_builtin(__sinf);
__device__ float __cosf(float a) __ws_builtin(__cosf);
__device__ float __tanf(float a) __ws_builtin(__tanf);
__device__ float __expf(float a) __ws_builtin(__expf);
__device__ float __exp10f(float a) __ws_builtin(__exp10f);
__device__ float __logf(float a) __ws_builtin(__logf);
__device__ float __log2f(float a) __ws_builtin(__log2f);
__device__ float __log10f(float a) __ws_builtin(__log10f);
__device__ float __saturatef(float a) __ws_builtin(__saturatef);
__device__ float __powf(float a, float b) __ws_builtin(__powf);
__device__ float __fdividef(float a, float b) __ws_builtin(__fdividef);
__device__ float __fadd_rn(float a, float b) __ws_builtin(__fadd_rn);
__device__ float __fsub_rn(float a, float b) __ws_builtin(__fsub_rn);
__device__ float __fmul_rn(float a, float b) __ws_builtin(__fmul_rn);
__device__ float __fdiv_rn(float a, float b) __ws_builtin(__fdiv_rn);
__device__ float __frcp_rn(float a) __ws_builtin(__frcp_rn);
__device__ float __fsqrt_rn(float a) __ws_builtin(__fsqrt_rn);
__device__ float __fmaf_rn(float a, float b, float c) __ws_builtin(__fmaf_rn);
__device__ double __dadd_rn(double a, double b) __ws_builtin(__dadd_rn);
__device__ double __dsub_rn(double a, double b) __ws_builtin(__dsub_rn);
__device__ double __dmul_rn(double a, double b) __ws_builtin(__dmul_rn);
__device__ double __ddiv_rn(double a, double b) __ws_builtin(__ddiv_rn);
__device__ double __drcp_rn(double a) __ws_builtin(__drcp_rn);
__device__ double __dsqrt_rn(double a) __ws_builtin(__dsqrt_rn);
__device__ double __fma_rn(double a, double b, double c) __ws_builtin(__fma_rn);
__device__ float __fadd_rz(float a, float b) __ws_builtin(__fadd_rz);
__device__ float __fsub_rz(float a, float b) __ws_builtin(__fsub_rz);
__device__ float __fmul_rz(float a, float b) __ws_builtin(__fmul_rz);
__device__ float __fdiv_rz(float a, float b) __ws_builtin(__fdiv_rz);
__device__ float __frcp_rz(float a) __ws_builtin(__frcp_rz);
__device__ float __fsqrt_rz(float a) __ws_builtin(__fsqrt_rz);
__device__ float __fmaf_rz(float a, float b, float c) __ws_builtin(__fmaf_rz);
__device__ double __dadd_rz(double a, double b) __ws_builtin(__dadd_rz);
__device__ double __dsub_rz(double a, double b) __ws_builtin(__dsub_rz);
__device__ double __dmul_rz(double a, double b) __ws_builtin(__dmul_rz);
__device__ double __ddiv_rz(double a, double b) __ws_builtin(__ddiv_rz);
__device__ double __drcp_rz(double a) __ws_builtin(__drcp_rz);
__device__ double __dsqrt_rz(double a) __ws_builtin(__dsqrt_rz);
__device__ double __fma_rz(double a, double b, double c) __ws_builtin(__fma_rz);
__device__ float __fadd_ru(float a, float b) __ws_builtin(__fadd_ru);
__device__ float __fsub_ru(float a, float b) __ws_builtin(__fsub_ru);
__device__ float __fmul_ru(float a, float b) __ws_builtin(__fmul_ru);
__device__ float __fdiv_ru(float a, float b) __ws_builtin(__fdiv_ru);
__device__ float __frcp_ru(float a) __ws_builtin(__frcp_ru);
__device__ float __fsqrt_ru(float a) __ws_builtin(__fsqrt_ru);
__device__ float __fmaf_ru(float a, float b, float c) __ws_builtin(__fmaf_ru);
__device__ double __dadd_ru(double a, double b) __ws_builtin(__dadd_ru);
__device__ double __dsub_ru(double a, double b) __ws_builtin(__dsub_ru);
__device__ double __dmul_ru(double a, double b) __ws_builtin(__dmul_ru);
__device__ double __ddiv_ru(double a, double b) __ws_builtin(__ddiv_ru);
__device__ double __drcp_ru(double a) __ws_builtin(__drcp_ru);
__device__ double __dsqrt_ru(double a) __ws_builtin(__dsqrt_ru);
__device__ double __fma_ru(double a, double b, double c) __ws_builtin(__fma_ru);
__device__ float __fadd_rd(float a, float b) __ws_builtin(__fadd_rd);
__device__ float __fsub_rd(float a, float b) __ws_builtin(__fsub_rd);
__device__ float __fmul_rd(float a, float b) __ws_builtin(__fmul_rd);
__device__ float __fdiv_rd(float a, float b) __ws_builtin(__fdiv_rd);
__device__ float __frcp_rd(float a) __ws_builtin(__frcp_rd);
__device__ float __fsqrt_rd(float a) __ws_builtin(__fsqrt_rd);
__device__ float __fmaf_rd(float a, float b, float c) __ws_builtin(__fmaf_rd);
__device__ double __dadd_rd(double a, double b) __ws_builtin(__dadd_rd);
__device__ double __dsub_rd(double a, double b) __ws_builtin(__dsub_rd);
__device__ double __dmul_rd(double a, double b) __ws_builtin(__dmul_rd);
__device__ double __ddiv_rd(double a, double b) __ws_builtin(__ddiv_rd);
__device__ double __drcp_rd(double a) __ws_builtin(__drcp_rd);
__device__ double __dsqrt_rd(double a) __ws_builtin(__dsqrt_rd);
__device__ double __fma_rd(double a, double b, double c) __ws_builtin(__fma_rd);
__device__ float __frsqrt_rn(float a) __ws_builtin(__frsqrt_rn);
__device__ int __popc(unsigned int a) __ws_builtin(__popc);
__device__ int __popcll(unsigned long long a) __ws_builtin(__popcll);
__device__ int __clz(int a) __ws_builtin(__clz);
__device__ int __clzll(long long a) __ws_builtin(__clzll);
__device__ int __ffs(int a) __ws_builtin(__ffs);
__device__ int __ffsll(long long a) __ws_builtin(__ffsll);
__device__ unsigned int __brev(unsigned int a) __ws_builtin(__brev);
__device__ unsigned long long __brevll(unsigned long long a) __ws_builtin(__brevll);
__device__ unsigned int __byte_perm(unsigned int a, unsigned int b, unsigned int c) __ws_builtin(__byte_perm);
__device__ int __mul24(int a, int b) __ws_builtin(__mul24);
__device__ unsigned int __umul24(unsigned int a, unsigned int b) __ws_builtin(__umul24);
__device__ int __mulhi(int a, int b) __ws_builtin(__mulhi);
__device__ unsigned int __umulhi(unsigned int a, unsigned int b) __ws_builtin(__umulhi);
__device__ long long __mul64hi(long long a, long long b) __ws_builtin(__mul64hi);
__device__ unsigned long long __umul64hi(unsigned long long a, unsigned long long b) __ws_builtin(__umul64hi);
__device__ unsigned int __sad(int a, int b, unsigned int c) __ws_builtin(__sad);
__device__ unsigned int __usad(unsigned int a, unsigned int b, unsigned int c) __ws_builtin(__usad);
__device__ unsigned int __funnelshift_l(unsigned int a, unsigned int b, unsigned int c) __ws_builtin(__funnelshift_l);
__device__ unsigned int __funnelshift_lc(unsigned int a, unsigned int b, unsigned int c) __ws_builtin(__funnelshift_lc);
__device__ unsigned int __funnelshift_r(unsigned int a, unsigned int b, unsigned int c) __ws_builtin(__funnelshift_r);
__device__ unsigned int __funnelshift_rc(unsigned int a, unsigned int b, unsigned int c) __ws_builtin(__funnelshift_rc);
__device__ int __hadd(int a, int b) __ws_builtin(__hadd);
__device__ int __rhadd(int a, int b) __ws_builtin(__rhadd);
__device__ unsigned int __uhadd(unsigned int a, unsigned int b) __ws_builtin(__uhadd);
__device__ unsigned int __urhadd(unsigned int a, unsigned int b) __ws_builtin(__urhadd);
__device__ int __float2int_rn(float a) __ws_builtin(__float2int_rn);
__device__ unsigned int __float2uint_rn(float a) __ws_builtin(__float2uint_rn);
__device__ long long __float2ll_rn(float a) __ws_builtin(__float2ll_rn);
__device__ unsigned long long __float2ull_rn(float a) __ws_builtin(__float2ull_rn);
__device__ int __double2int_rn(double a) __ws_builtin(__double2int_rn);
__device__ unsigned int __double2uint_rn(double a) __ws_builtin(__double2uint_rn);
__device__ long long __double2ll_rn(double a) __ws_builtin(__double2ll_rn);
__device__ unsigned long long __double2ull_rn(double a) __ws_builtin(__double2ull_rn);
__device__ float __int2float_rn(int a) __ws_builtin(__int2float_rn);
__device__ float __uint2float_rn(unsigned int a) __ws_builtin(__uint2float_rn);
__device__ float __ll2float_rn(long long a) __ws_builtin(__ll2float_rn);
__device__ float __ull2float_rn(unsigned long long a) __ws_builtin(__ull2float_rn);
__device__ double __ll2double_rn(long long a) __ws_builtin(__ll2double_rn);
__device__ double __ull2double_rn(unsigned long long a) __ws_builtin(__ull2double_rn);
__device__ float __double2float_rn(double a) __ws_builtin(__double2float_rn);
__device__ int __float2int_rz(float a) __ws_builtin(__float2int_rz);
__device__ unsigned int __float2uint_rz(float a) __ws_builtin(__float2uint_rz);
__device__ long long __float2ll_rz(float a) __ws_builtin(__float2ll_rz);
__device__ unsigned long long __float2ull_rz(float a) __ws_builtin(__float2ull_rz);
__device__ int __double2int_rz(double a) __ws_builtin(__double2int_rz);
__device__ unsigned int __double2uint_rz(double a) __ws_builtin(__double2uint_rz);
__device__ long long __double2ll_rz(double a) __ws_builtin(__double2ll_rz);
__device__ unsigned long long __double2ull_rz(double a) __ws_builtin(__double2ull_rz);
__device__ float __int2float_rz(int a) __ws_builtin(__int2float_rz);
__device__ float __uint2float_rz(unsigned int a) __ws_builtin(__uint2float_rz);
__device__ float __ll2float_rz(long long a) __ws_builtin(__ll2float_rz);
__device__ float __ull2float_rz(unsigned long long a) __ws_builtin(__ull2float_rz);
__device__ double __ll2double_rz(long long a) __ws_builtin(__ll2double_rz);
__device__ double __ull2double_rz(unsigned long long a) __ws_builtin(__ull2double_rz);
__device__ float __double2float_rz(double a) __ws_builtin(__double2float_rz);
__device__ int __float2int_ru(float a) __ws_builtin(__float2int_ru);
__device__ unsigned int __float2uint_ru(float a) __ws_builtin(__float2uint_ru);
__device__ long long __float2ll_ru(float a) __ws_builtin(__float2ll_ru);
__device__ unsigned long long __float2ull_ru(float a) __ws_builtin(__float2ull_ru);
__device__ int __double2int_ru(double a) __ws_builtin(__double2int_ru);
__device__ unsigned int __double2uint_ru(double a) __ws_builtin(__double2uint_ru);
__device__ long long __double2ll_ru(double a) __ws_builtin(__double2ll_ru);
__device__ unsigned long long __double2ull_ru(double a) __ws_builtin(__double2ull_ru);
__device__ float __int2float_ru(int a) __ws_builtin(__int2float_ru);
__device__ float __uint2float_ru(unsigned int a) __ws_builtin(__uint2float_ru);
__device__ float __ll2float_ru(long long a) __ws_builtin(__ll2float_ru);
__device__ float __ull2float_ru(unsigned long long a) __ws_builtin(__ull2float_ru);
__device__ double __ll2double_ru(long long a) __ws_builtin(__ll2double_ru);
__device__ double __ull2double_ru(unsigned long long a) __ws_builtin(__ull2double_ru);
__device__ float __double2float_ru(double a) __ws_builtin(__double2float_ru);
__device__ int __float2int_rd(float a) __ws_builtin(__float2int_rd);
__device__ unsigned int __float2uint_rd(float a) __ws_builtin(__float2uint_rd);
__device__ long long __float2ll_rd(float a) __ws_builtin(__float2ll_rd);
__device__ unsigned long long __float2ull_rd(float a) __ws_builtin(__float2ull_rd);
__device__ int __double2int_rd(double a) __ws_builtin(__double2int_rd);
__device__ unsigned int __double2uint_rd(double a) __ws_builtin(__double2uint_rd);
__device__ long long __double2ll_rd(double a) __ws_builtin(__double2ll_rd);
__device__ unsigned long long __double2ull_rd(double a) __ws_builtin(__double2ull_rd);
__device__ float __int2float_rd(int a) __ws_builtin(__int2float_rd);
__device__ float __uint2float_rd(unsigned int a) __ws_builtin(__uint2float_rd);
__device__ float __ll2float_rd(long long a) __ws_builtin(__ll2float_rd);
__device__ float __ull2float_rd(unsigned long long a) __ws_builtin(__ull2float_rd);
__device__ double __ll2double_rd(long long a) __ws_builtin(__ll2double_rd);
__device__ double __ull2double_rd(unsigned long long a) __ws_builtin(__ull2double_rd);
__device__ float __double2float_rd(double a) __ws_builtin(__double2float_rd);
__device__ double __int2double_rn(int a) __ws_builtin(__int2double_rn);
__device__ double __uint2double_rn(unsigned int a) __ws_builtin(__uint2double_rn);
__device__ int __float_as_int(float a) __ws_builtin(__float_as_int);
__device__ float __int_as_float(int a) __ws_builtin(__int_as_float);
__device__ unsigned int __float_as_uint(float a) __ws_builtin(__float_as_uint);
__device__ float __uint_as_float(unsigned int a) __ws_builtin(__uint_as_float);
__device__ long long __double_as_longlong(double a) __ws_builtin(__double_as_longlong);
__device__ double __longlong_as_double(long long a) __ws_builtin(__longlong_as_double);
__device__ int __double2hiint(double a) __ws_builtin(__double2hiint);
__device__ int __double2loint(double a) __ws_builtin(__double2loint);
__device__ double __hiloint2double(int a, int b) __ws_builtin(__hiloint2double);

/* ---- additions kept at the end so that earlier line numbers (IR golden files) stay put */
/* host: symbol size, mapped host memory */
cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol) __ws_builtin(cudaGetSymbolSize);
/* Unified addressing: a mapped host allocation has the same address on the device. */
static inline cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost, unsigned int flags)
{
	*pDevice = pHost;
	return cudaSuccess;
}
template<class T> static inline cudaError_t cudaHostGetDevicePointer(T **pDevice, void *pHost, unsigned int flags)
{
	return cudaHostGetDevicePointer((void **)pDevice, pHost, flags);
}
template<class T> static inline cudaError_t cudaGetSymbolSize(size_t *size, const T &symbol)
{
	return cudaGetSymbolSize(size, (const void *)&symbol);
}

/* ---- device: address-space predicates and conversions. A generic address carries its space in
 * bits 40..47 (engine/machine/simt.h TAG_*); a space-specific address is the offset within the space,
 * except global, where it equals the generic address (as on the GPU). */
#define __WS_SPACE(p) ((unsigned int)(((unsigned long long)(const void *)(p)) >> 40))
#define __WS_OFFSET(p) (((unsigned long long)(const void *)(p)) & 0xffffffffffull)
static inline __device__ unsigned int __isGlobal(const void *p) { return __WS_SPACE(p) == 0x70u; }
static inline __device__ unsigned int __isConstant(const void *p) { return __WS_SPACE(p) == 0x71u; }
static inline __device__ unsigned int __isShared(const void *p) { return __WS_SPACE(p) == 0x72u; }
static inline __device__ unsigned int __isLocal(const void *p) { return __WS_SPACE(p) == 0x73u; }
static inline __device__ unsigned int __isGridConstant(const void *p) { return __WS_SPACE(p) == 0x74u; }
static inline __device__ size_t __cvta_generic_to_global(const void *p) { return (size_t)(unsigned long long)p; }
static inline __device__ size_t __cvta_generic_to_shared(const void *p) { return (size_t)__WS_OFFSET(p); }
static inline __device__ size_t __cvta_generic_to_constant(const void *p) { return (size_t)__WS_OFFSET(p); }
static inline __device__ size_t __cvta_generic_to_local(const void *p) { return (size_t)__WS_OFFSET(p); }
static inline __device__ void *__cvta_global_to_generic(size_t a) { return (void *)a; }
static inline __device__ void *__cvta_shared_to_generic(size_t a) { return (void *)((0x72ull << 40) | a); }
static inline __device__ void *__cvta_constant_to_generic(size_t a) { return (void *)((0x71ull << 40) | a); }
static inline __device__ void *__cvta_local_to_generic(size_t a) { return (void *)((0x73ull << 40) | a); }

/* ---- device: alloca */
__host__ __device__ void *alloca(size_t size) __ws_builtin(alloca);


cudaError_t cudaMemGetInfo(size_t *free, size_t *total) __ws_builtin(cudaMemGetInfo);

/* ---- occupancy and function attributes (engine/machine/runtime.c: the occupancy calculator) */
struct cudaFuncAttributes {
	size_t sharedSizeBytes;
	size_t constSizeBytes;
	size_t localSizeBytes;
	int maxThreadsPerBlock;
	int numRegs;
	int ptxVersion;
	int binaryVersion;
	int cacheModeCA;
	int maxDynamicSharedSizeBytes;
	int preferredShmemCarveout;
	int clusterDimMustBeSet;
	int requiredClusterWidth;
	int requiredClusterHeight;
	int requiredClusterDepth;
	int clusterSchedulingPolicyPreference;
	int nonPortableClusterSizeAllowed;
	int reserved[16];
};
typedef struct cudaFuncAttributes cudaFuncAttributes;
cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func) __ws_builtin(cudaFuncGetAttributes);
template<class T> static inline cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, T func)
{
	return cudaFuncGetAttributes(attr, (const void *)func);
}
cudaError_t cudaOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize, const void *func, size_t dynamicSMemSize, int blockSizeLimit) __ws_builtin(cudaOccupancyMaxPotentialBlockSize);
template<class T> static inline cudaError_t cudaOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize, T func, size_t dynamicSMemSize = 0, int blockSizeLimit = 0)
{
	return cudaOccupancyMaxPotentialBlockSize(minGridSize, blockSize, (const void *)func, dynamicSMemSize, blockSizeLimit);
}
static inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, const void *func, int blockSize, size_t dynamicSMemSize, unsigned int flags)
{
	return cudaOccupancyMaxActiveBlocksPerMultiprocessor(numBlocks, func, blockSize, dynamicSMemSize);
}


/*
 * ---- streams, callbacks, device flags, registered and stream-ordered memory.
 * warpstep's device runs every stream's work in one queue, in the order the
 * host issued it (a legal schedule of CUDA's stream semantics), so
 * cudaStreamWaitEvent holds already, a stream priority changes nothing, and a
 * host function or callback runs at its stream position: once the work
 * issued before it has finished, before anything issued after it, on the
 * calling thread. cudaFreeAsync frees once the work issued before it is done.
 */
#define cudaHostRegisterDefault 0x00
#define cudaHostRegisterPortable 0x01
#define cudaHostRegisterMapped 0x02
#define cudaHostRegisterIoMemory 0x04
#define cudaHostRegisterReadOnly 0x08
#define CUDART_CB
typedef void (*cudaHostFn_t)(void *userData);
typedef void (*cudaStreamCallback_t)(cudaStream_t stream, cudaError_t status, void *userData);
static inline cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority)
{
	if (leastPriority)
		*leastPriority = 0;             /* the H100's range, CUDA 13.0 */
	if (greatestPriority)
		*greatestPriority = -5;
	return cudaSuccess;
}
static inline cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream, unsigned int flags, int priority)
{
	return cudaStreamCreateWithFlags(pStream, flags);
}
static inline cudaError_t cudaStreamGetPriority(cudaStream_t stream, int *priority)
{
	*priority = 0;
	return cudaSuccess;
}
static inline cudaError_t cudaStreamGetFlags(cudaStream_t stream, unsigned int *flags)
{
	*flags = 0;
	return cudaSuccess;
}
cudaError_t cuda__wsCaptureJoin(cudaStream_t stream, cudaEvent_t event) __ws_builtin(cuda__wsCaptureJoin);
static inline cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags = 0)
{
	return cuda__wsCaptureJoin(stream, event);
}
enum cudaStreamCaptureMode {
	cudaStreamCaptureModeGlobal = 0,
	cudaStreamCaptureModeThreadLocal = 1,
	cudaStreamCaptureModeRelaxed = 2,
};
enum cudaStreamCaptureStatus {
	cudaStreamCaptureStatusNone = 0,
	cudaStreamCaptureStatusActive = 1,
	cudaStreamCaptureStatusInvalidated = 2,
};
cudaError_t cudaStreamIsCapturing(cudaStream_t stream, enum cudaStreamCaptureStatus *status) __ws_builtin(cudaStreamIsCapturing);
cudaError_t cuda__wsCaptureHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *data) __ws_builtin(cuda__wsCaptureHostFunc);
static inline cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData)
{
	enum cudaStreamCaptureStatus cs = cudaStreamCaptureStatusNone;
	cudaStreamIsCapturing(stream, &cs);
	if (cs == cudaStreamCaptureStatusActive)
		return cuda__wsCaptureHostFunc(stream, fn, userData);
	cudaError_t e = cudaStreamSynchronize(stream);
	if (e != cudaSuccess)
		return e;
	fn(userData);
	return cudaSuccess;
}
static inline cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback, void *userData, unsigned int flags)
{
	cudaError_t e = cudaStreamSynchronize(stream);
	callback(stream, e, userData);
	return cudaSuccess;
}
static inline cudaError_t cudaSetDeviceFlags(unsigned int flags) { return cudaSuccess; }
static inline cudaError_t cudaGetDeviceFlags(unsigned int *flags)
{
	*flags = 0;
	return cudaSuccess;
}
static inline cudaError_t cudaChooseDevice(int *device, const struct cudaDeviceProp *prop)
{
	*device = 0;
	return cudaSuccess;
}
static inline cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags) { return cudaSuccess; }
static inline cudaError_t cudaHostUnregister(void *ptr) { return cudaSuccess; }
/* in a stream capture, an allocation or free node of the graph (graph memory,
 * engine/machine/runtime.c); else cudaMalloc, and cudaFree once the work
 * issued before it is done */
cudaError_t cuda__wsMallocAsync(void **devPtr, size_t size, cudaStream_t stream) __ws_builtin(cuda__wsMallocAsync);
cudaError_t cuda__wsFreeAsync(void *devPtr, cudaStream_t stream) __ws_builtin(cuda__wsFreeAsync);
static inline cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t stream)
{
	return cuda__wsMallocAsync(devPtr, size, stream);
}
template<class T> static inline cudaError_t cudaMallocAsync(T **devPtr, size_t size, cudaStream_t stream)
{
	return cuda__wsMallocAsync((void **)devPtr, size, stream);
}
static inline cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t stream)
{
	return cuda__wsFreeAsync(devPtr, stream);
}
static inline cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind, cudaStream_t stream = 0)
{
	return cudaMemcpy2D(dst, dpitch, src, spitch, width, height, kind);
}
static inline cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width, size_t height)
{
	if (width > pitch)
		return cudaErrorInvalidValue;
	for (size_t r = 0; r < height; r++) {
		cudaError_t e = cudaMemset((char *)devPtr + r * pitch, value, width);
		if (e != cudaSuccess)
			return e;
	}
	return cudaSuccess;
}
static inline cudaError_t cudaMemset2DAsync(void *devPtr, size_t pitch, int value, size_t width, size_t height, cudaStream_t stream = 0)
{
	return cudaMemset2D(devPtr, pitch, value, width, height);
}



/* ---- cudaDeviceProp. __WS_CUDA12: --cuda-version 12 (nvcc 12.8); CUDA 13 otherwise */
#if defined(__CUDACC_VER_MAJOR__) && __CUDACC_VER_MAJOR__ < 13
#define __WS_CUDA12 1
#else
#define __WS_CUDA12 0
#endif
/*
 * CUDA 13.0's layout (sizeof 1008), or CUDA 12's under --cuda-version 12:
 * CUDA 13 removed clockRate, deviceOverlap, kernelExecTimeoutEnabled,
 * computeMode, maxTexture1DLinear, memoryClockRate,
 * singleToDoublePrecisionPerfRatio and cooperativeMultiDeviceLaunch, so a
 * program that reads them is refused as nvcc 13 refuses it (use
 * cudaDeviceGetAttribute). engine/machine/runtime.c fills both layouts.
 */
#ifndef __WS_CUDA_UUID
#define __WS_CUDA_UUID
struct CUuuid_st { char bytes[16]; };
typedef struct CUuuid_st cudaUUID_t;
#endif
struct cudaDeviceProp {
	char name[256];
	cudaUUID_t uuid;
	char luid[8];
	unsigned int luidDeviceNodeMask;
	size_t totalGlobalMem;
	size_t sharedMemPerBlock;
	int regsPerBlock;
	int warpSize;
	size_t memPitch;
	int maxThreadsPerBlock;
	int maxThreadsDim[3];
	int maxGridSize[3];
#if __WS_CUDA12
	int clockRate;
#endif
	size_t totalConstMem;
	int major;
	int minor;
	size_t textureAlignment;
	size_t texturePitchAlignment;
#if __WS_CUDA12
	int deviceOverlap;
#endif
	int multiProcessorCount;
#if __WS_CUDA12
	int kernelExecTimeoutEnabled;
#endif
	int integrated;
	int canMapHostMemory;
#if __WS_CUDA12
	int computeMode;
#endif
	int maxTexture1D;
	int maxTexture1DMipmap;
#if __WS_CUDA12
	int maxTexture1DLinear;
#endif
	int maxTexture2D[2];
	int maxTexture2DMipmap[2];
	int maxTexture2DLinear[3];
	int maxTexture2DGather[2];
	int maxTexture3D[3];
	int maxTexture3DAlt[3];
	int maxTextureCubemap;
	int maxTexture1DLayered[2];
	int maxTexture2DLayered[3];
	int maxTextureCubemapLayered[2];
	int maxSurface1D;
	int maxSurface2D[2];
	int maxSurface3D[3];
	int maxSurface1DLayered[2];
	int maxSurface2DLayered[3];
	int maxSurfaceCubemap;
	int maxSurfaceCubemapLayered[2];
	size_t surfaceAlignment;
	int concurrentKernels;
	int ECCEnabled;
	int pciBusID;
	int pciDeviceID;
	int pciDomainID;
	int tccDriver;
	int asyncEngineCount;
	int unifiedAddressing;
#if __WS_CUDA12
	int memoryClockRate;
#endif
	int memoryBusWidth;
	int l2CacheSize;
	int persistingL2CacheMaxSize;
	int maxThreadsPerMultiProcessor;
	int streamPrioritiesSupported;
	int globalL1CacheSupported;
	int localL1CacheSupported;
	size_t sharedMemPerMultiprocessor;
	int regsPerMultiprocessor;
	int managedMemory;
	int isMultiGpuBoard;
	int multiGpuBoardGroupID;
	int hostNativeAtomicSupported;
#if __WS_CUDA12
	int singleToDoublePrecisionPerfRatio;
#endif
	int pageableMemoryAccess;
	int concurrentManagedAccess;
	int computePreemptionSupported;
	int canUseHostPointerForRegisteredMem;
	int cooperativeLaunch;
#if __WS_CUDA12
	int cooperativeMultiDeviceLaunch;
#endif
	size_t sharedMemPerBlockOptin;
	int pageableMemoryAccessUsesHostPageTables;
	int directManagedMemAccessFromHost;
	int maxBlocksPerMultiProcessor;
	int accessPolicyMaxWindowSize;
	size_t reservedSharedMemPerBlock;
	int hostRegisterSupported;
	int sparseCudaArraySupported;
	int hostRegisterReadOnlySupported;
	int timelineSemaphoreInteropSupported;
	int memoryPoolsSupported;
	int gpuDirectRDMASupported;
	unsigned int gpuDirectRDMAFlushWritesOptions;
	int gpuDirectRDMAWritesOrdering;
	unsigned int memoryPoolSupportedHandleTypes;
	int deferredMappingCudaArraySupported;
	int ipcEventSupported;
	int clusterLaunch;
	int unifiedFunctionPointers;
#if __WS_CUDA12
	int reserved2[2];
	int reserved1[1];
	int reserved[60];
#else
	int deviceNumaConfig;
	int deviceNumaId;
	int mpsEnabled;
	int hostNumaId;
	unsigned int gpuPciDeviceID;
	unsigned int gpuPciSubsystemID;
	int hostNumaMultinodeIpcSupported;
	int reserved[56];
#endif
};


/* ---- CUDA graphs (engine/machine/runtime.c): a graph's nodes run in the order they were created */
typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUgraphExec_st *cudaGraphExec_t;
typedef struct CUgraphNode_st *cudaGraphNode_t;
struct cudaKernelNodeParams {
	void *func;
	dim3 gridDim;
	dim3 blockDim;
	unsigned int sharedMemBytes;
	void **kernelParams;
	void **extra;
};
struct cudaMemsetParams {
	void *dst;
	size_t pitch;
	unsigned int value;
	unsigned int elementSize;
	size_t width;
	size_t height;
};
struct cudaHostNodeParams {
	cudaHostFn_t fn;
	void *userData;
};
typedef struct cudaKernelNodeParams cudaKernelNodeParams;
typedef struct cudaMemsetParams cudaMemsetParams;
typedef struct cudaHostNodeParams cudaHostNodeParams;
cudaError_t cudaGraphCreate(cudaGraph_t *pGraph, unsigned int flags) __ws_builtin(cudaGraphCreate);
cudaError_t cudaStreamBeginCapture(cudaStream_t stream, enum cudaStreamCaptureMode mode) __ws_builtin(cudaStreamBeginCapture);
cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *pGraph) __ws_builtin(cudaStreamEndCapture);
cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies, size_t numDependencies, const struct cudaKernelNodeParams *pNodeParams) __ws_builtin(cudaGraphAddKernelNode);
cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies, size_t numDependencies, void *dst, const void *src, size_t count, enum cudaMemcpyKind kind) __ws_builtin(cudaGraphAddMemcpyNode1D);
cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies, size_t numDependencies, const struct cudaMemsetParams *pMemsetParams) __ws_builtin(cudaGraphAddMemsetNode);
cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies, size_t numDependencies, const struct cudaHostNodeParams *pNodeParams) __ws_builtin(cudaGraphAddHostNode);
cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t *nodes, size_t *numNodes) __ws_builtin(cudaGraphGetNodes);
cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph, unsigned long long flags = 0) __ws_builtin(cudaGraphInstantiate);
cudaError_t cudaGraph__wsRun(cudaGraphExec_t exec, cudaStream_t stream, unsigned int *cursor, cudaHostFn_t *fn, void **data) __ws_builtin(cudaGraph__wsRun);
cudaError_t cudaGraphDestroy(cudaGraph_t graph) __ws_builtin(cudaGraphDestroy);
cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec) __ws_builtin(cudaGraphExecDestroy);
static inline cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec, cudaGraph_t graph, unsigned long long flags = 0)
{
	return cudaGraphInstantiate(pGraphExec, graph, flags);
}
static inline cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies, size_t numDependencies)
{
	struct cudaMemsetParams p = { 0, 0, 0, 1, 0, 1 };
	return cudaGraphAddMemsetNode(pGraphNode, graph, pDependencies, numDependencies, &p);
}
static inline cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t *from, const cudaGraphNode_t *to, size_t numDependencies)
{
	return cudaSuccess;     /* creation order already respects every dependency */
}
/* host nodes run here, on the calling thread, once the nodes before them have run */
static inline cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream)
{
	unsigned int cursor = 0;
	for (;;) {
		cudaHostFn_t fn = 0;
		void *data = 0;
		cudaError_t e = cudaGraph__wsRun(graphExec, stream, &cursor, &fn, &data);
		if (e != cudaSuccess || !fn)
			return e;
		fn(data);
	}
}


/*
 * ---- stream-ordered memory pools, prefetch and advice. The device memory
 * is one pool (cudaMallocFromPoolAsync is cudaMallocAsync); managed memory
 * is always where both sides can use it, so prefetch and advice change
 * nothing. CUDA 13 takes a cudaMemLocation where CUDA 12 took a device
 * number (--cuda-version 12 gives the int forms, as nvcc 12 does).
 */
typedef struct CUmemPoolHandle_st *cudaMemPool_t;
enum cudaMemPoolAttr {
	cudaMemPoolReuseFollowEventDependencies = 0x1,
	cudaMemPoolReuseAllowOpportunistic = 0x2,
	cudaMemPoolReuseAllowInternalDependencies = 0x3,
	cudaMemPoolAttrReleaseThreshold = 0x4,
	cudaMemPoolAttrReservedMemCurrent = 0x5,
	cudaMemPoolAttrReservedMemHigh = 0x6,
	cudaMemPoolAttrUsedMemCurrent = 0x7,
	cudaMemPoolAttrUsedMemHigh = 0x8,
};
enum cudaMemoryAdvise {
	cudaMemAdviseSetReadMostly = 1,
	cudaMemAdviseUnsetReadMostly = 2,
	cudaMemAdviseSetPreferredLocation = 3,
	cudaMemAdviseUnsetPreferredLocation = 4,
	cudaMemAdviseSetAccessedBy = 5,
	cudaMemAdviseUnsetAccessedBy = 6,
};
enum cudaMemLocationType {
	cudaMemLocationTypeInvalid = 0,
	cudaMemLocationTypeDevice = 1,
	cudaMemLocationTypeHost = 2,
	cudaMemLocationTypeHostNuma = 3,
	cudaMemLocationTypeHostNumaCurrent = 4,
};
struct cudaMemLocation {
	enum cudaMemLocationType type;
	int id;
};
#define cudaCpuDeviceId ((int)-1)
#define cudaInvalidDeviceId ((int)-2)
/* ---- graph memory nodes (driver_types.h layouts; engine/machine/runtime.c) */
enum cudaMemAllocationType {
	cudaMemAllocationTypeInvalid = 0x0,
	cudaMemAllocationTypePinned = 0x1,
	cudaMemAllocationTypeManaged = 0x2,
	cudaMemAllocationTypeMax = 0x7FFFFFFF,
};
enum cudaMemAllocationHandleType {
	cudaMemHandleTypeNone = 0x0,
	cudaMemHandleTypePosixFileDescriptor = 0x1,
	cudaMemHandleTypeWin32 = 0x2,
	cudaMemHandleTypeWin32Kmt = 0x4,
	cudaMemHandleTypeFabric = 0x8,
};
enum cudaMemAccessFlags {
	cudaMemAccessFlagsProtNone = 0,
	cudaMemAccessFlagsProtRead = 1,
	cudaMemAccessFlagsProtReadWrite = 3,
};
struct cudaMemAccessDesc {
	struct cudaMemLocation location;
	enum cudaMemAccessFlags flags;
};
struct cudaMemPoolProps {
	enum cudaMemAllocationType allocType;
	enum cudaMemAllocationHandleType handleTypes;
	struct cudaMemLocation location;
	void *win32SecurityAttributes;
	size_t maxSize;
	unsigned short usage;
	unsigned char reserved[54];
};
struct cudaMemAllocNodeParams {
	struct cudaMemPoolProps poolProps;
	const struct cudaMemAccessDesc *accessDescs;
	size_t accessDescCount;
	size_t bytesize;
	void *dptr;
};
enum cudaGraphMemAttributeType {
	cudaGraphMemAttrUsedMemCurrent = 0x0,
	cudaGraphMemAttrUsedMemHigh = 0x1,
	cudaGraphMemAttrReservedMemCurrent = 0x2,
	cudaGraphMemAttrReservedMemHigh = 0x3,
};
cudaError_t cuda__wsGraphAddMemAlloc(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies, size_t numDependencies, size_t bytes, void **dptr) __ws_builtin(cuda__wsGraphAddMemAlloc);
static inline cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies, size_t numDependencies, struct cudaMemAllocNodeParams *nodeParams)
{
	if (!nodeParams || nodeParams->poolProps.allocType != cudaMemAllocationTypePinned ||
	    nodeParams->poolProps.location.type != cudaMemLocationTypeDevice || nodeParams->poolProps.location.id != 0)
		return cudaErrorInvalidValue;
	return cuda__wsGraphAddMemAlloc(pGraphNode, graph, pDependencies, numDependencies, nodeParams->bytesize, &nodeParams->dptr);
}
cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies, size_t numDependencies, void *dptr) __ws_builtin(cudaGraphAddMemFreeNode);
cudaError_t cudaDeviceGetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr, void *value) __ws_builtin(cudaDeviceGetGraphMemAttribute);
cudaError_t cudaDeviceSetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr, void *value) __ws_builtin(cudaDeviceSetGraphMemAttribute);
cudaError_t cudaDeviceGraphMemTrim(int device) __ws_builtin(cudaDeviceGraphMemTrim);

/* ---- conditional nodes and cudaGraphAddNode (CUDA 12.4 and later; engine/machine/runtime.c):
 * IF, IF/ELSE, WHILE and SWITCH nodes whose handle a kernel sets with
 * cudaGraphSetConditional; their bodies are graphs of their own */
typedef unsigned long long cudaGraphConditionalHandle;
enum cudaGraphConditionalHandleFlags { cudaGraphCondAssignDefault = 1 };
enum cudaGraphConditionalNodeType {
	cudaGraphCondTypeIf = 0,
	cudaGraphCondTypeWhile = 1,
	cudaGraphCondTypeSwitch = 2,
};
enum cudaGraphNodeType {
	cudaGraphNodeTypeKernel = 0x00,
	cudaGraphNodeTypeMemcpy = 0x01,
	cudaGraphNodeTypeMemset = 0x02,
	cudaGraphNodeTypeHost = 0x03,
	cudaGraphNodeTypeGraph = 0x04,
	cudaGraphNodeTypeEmpty = 0x05,
	cudaGraphNodeTypeWaitEvent = 0x06,
	cudaGraphNodeTypeEventRecord = 0x07,
	cudaGraphNodeTypeExtSemaphoreSignal = 0x08,
	cudaGraphNodeTypeExtSemaphoreWait = 0x09,
	cudaGraphNodeTypeMemAlloc = 0x0a,
	cudaGraphNodeTypeMemFree = 0x0b,
	cudaGraphNodeTypeConditional = 0x0d,
	cudaGraphNodeTypeCount,
};
struct cudaGraphEdgeData_st {
	unsigned char from_port;
	unsigned char to_port;
	unsigned char type;
	unsigned char reserved[5];
};
typedef struct cudaGraphEdgeData_st cudaGraphEdgeData;
enum cudaStreamUpdateCaptureDependenciesFlags {
	cudaStreamAddCaptureDependencies = 0x0,
	cudaStreamSetCaptureDependencies = 0x1,
};
struct __ws_uint3_dims { unsigned int x, y, z; };
struct cudaKernelNodeParamsV2 {
	void *func;
	struct __ws_uint3_dims gridDim;
	struct __ws_uint3_dims blockDim;
	unsigned int sharedMemBytes;
	void **kernelParams;
	void **extra;
};
struct cudaMemFreeNodeParams {
	void *dptr;
};
struct cudaConditionalNodeParams {
	cudaGraphConditionalHandle handle;
	enum cudaGraphConditionalNodeType type;
	unsigned int size;
	cudaGraph_t *phGraph_out;
};
struct cudaGraphNodeParams {
	enum cudaGraphNodeType type;
	int reserved0[3];
	union {
		long long reserved1[29];
		struct cudaKernelNodeParamsV2 kernel;
		struct cudaMemAllocNodeParams alloc;
		struct cudaMemFreeNodeParams free;
		struct cudaConditionalNodeParams conditional;
	};
	long long reserved2;
};
cudaError_t cudaGraphConditionalHandleCreate(cudaGraphConditionalHandle *pHandle_out, cudaGraph_t graph, unsigned int defaultLaunchValue = 0, unsigned int flags = 0) __ws_builtin(cudaGraphConditionalHandleCreate);
__device__ void __ws_graph_set_cond(unsigned long long handle, unsigned int value) __ws_builtin(__ws_graph_set_cond);
static inline __device__ void cudaGraphSetConditional(cudaGraphConditionalHandle handle, unsigned int value)
{
	__ws_graph_set_cond(handle, value);
}
cudaError_t cuda__wsGraphAddCond(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies, size_t numDependencies, cudaGraphConditionalHandle handle, int type, unsigned int size, cudaGraph_t **bodies) __ws_builtin(cuda__wsGraphAddCond);
static inline cudaError_t cudaGraphAddNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies, const cudaGraphEdgeData *dependencyData, size_t numDependencies, struct cudaGraphNodeParams *nodeParams)
{
	if (!nodeParams)
		return cudaErrorInvalidValue;
	switch (nodeParams->type) {
	case cudaGraphNodeTypeKernel: {
		struct cudaKernelNodeParams k;
		k.func = nodeParams->kernel.func;
		k.gridDim.x = nodeParams->kernel.gridDim.x;
		k.gridDim.y = nodeParams->kernel.gridDim.y;
		k.gridDim.z = nodeParams->kernel.gridDim.z;
		k.blockDim.x = nodeParams->kernel.blockDim.x;
		k.blockDim.y = nodeParams->kernel.blockDim.y;
		k.blockDim.z = nodeParams->kernel.blockDim.z;
		k.sharedMemBytes = nodeParams->kernel.sharedMemBytes;
		k.kernelParams = nodeParams->kernel.kernelParams;
		k.extra = nodeParams->kernel.extra;
		return cudaGraphAddKernelNode(pGraphNode, graph, pDependencies, numDependencies, &k);
	}
	case cudaGraphNodeTypeEmpty:
		return cudaGraphAddEmptyNode(pGraphNode, graph, pDependencies, numDependencies);
	case cudaGraphNodeTypeMemAlloc:
		return cudaGraphAddMemAllocNode(pGraphNode, graph, pDependencies, numDependencies, &nodeParams->alloc);
	case cudaGraphNodeTypeMemFree:
		return cudaGraphAddMemFreeNode(pGraphNode, graph, pDependencies, numDependencies, nodeParams->free.dptr);
	case cudaGraphNodeTypeConditional:
		/* phGraph_out gets a CUDA-owned array of the body graphs */
		return cuda__wsGraphAddCond(pGraphNode, graph, pDependencies, numDependencies, nodeParams->conditional.handle,
					    (int)nodeParams->conditional.type, nodeParams->conditional.size,
					    &nodeParams->conditional.phGraph_out);
	default:
		return cudaErrorNotSupported;
	}
}
cudaError_t cuda__wsBeginCaptureToGraph(cudaStream_t stream, cudaGraph_t graph) __ws_builtin(cuda__wsBeginCaptureToGraph);
static inline cudaError_t cudaStreamBeginCaptureToGraph(cudaStream_t stream, cudaGraph_t graph, const cudaGraphNode_t *dependencies, const cudaGraphEdgeData *dependencyData, size_t numDependencies, enum cudaStreamCaptureMode mode)
{
	return cuda__wsBeginCaptureToGraph(stream, graph);
}
cudaError_t cuda__wsCaptureInfo(cudaStream_t stream, int *status, unsigned long long *id, cudaGraph_t *graph, const cudaGraphNode_t **deps, size_t *ndeps) __ws_builtin(cuda__wsCaptureInfo);
static inline cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream, enum cudaStreamCaptureStatus *captureStatus_out, unsigned long long *id_out = 0, cudaGraph_t *graph_out = 0, const cudaGraphNode_t **dependencies_out = 0, const cudaGraphEdgeData **edgeData_out = 0, size_t *numDependencies_out = 0)
{
	int st = 0;
	size_t n = 0;
	const cudaGraphNode_t *deps = 0;
	cudaError_t e = cuda__wsCaptureInfo(stream, &st, id_out, graph_out, &deps, &n);
	if (captureStatus_out)
		*captureStatus_out = (enum cudaStreamCaptureStatus)st;
	if (dependencies_out)
		*dependencies_out = deps;
	if (edgeData_out)
		*edgeData_out = 0;
	if (numDependencies_out)
		*numDependencies_out = n;
	return e;
}
/* the capture's next node depends on the node before it (nodes run in creation order) */
static inline cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t stream, cudaGraphNode_t *dependencies, const cudaGraphEdgeData *dependencyData, size_t numDependencies, unsigned int flags = 0)
{
	enum cudaStreamCaptureStatus cs = cudaStreamCaptureStatusNone;
	cudaStreamIsCapturing(stream, &cs);
	return cs == cudaStreamCaptureStatusActive ? cudaSuccess : cudaErrorIllegalState;
}
static inline cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *memPool, int device)
{
	if (device != 0)
		return cudaErrorInvalidDevice;
	*memPool = (cudaMemPool_t)0x7b0000000010ull;
	return cudaSuccess;
}
static inline cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *memPool, int device)
{
	return cudaDeviceGetDefaultMemPool(memPool, device);
}
static inline cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t memPool)
{
	if (device != 0)
		return cudaErrorInvalidDevice;
	return cudaSuccess;
}
static inline cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value)
{
	return cudaSuccess;
}
static inline cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value)
{
	if (attr >= cudaMemPoolAttrReleaseThreshold)
		*(unsigned long long *)value = 0;
	else
		*(int *)value = 1;
	return cudaSuccess;
}
static inline cudaError_t cudaMemPoolTrimTo(cudaMemPool_t memPool, size_t minBytesToKeep) { return cudaSuccess; }
static inline cudaError_t cudaMallocFromPoolAsync(void **ptr, size_t size, cudaMemPool_t memPool, cudaStream_t stream)
{
	return cudaMalloc(ptr, size);
}
template<class T> static inline cudaError_t cudaMallocFromPoolAsync(T **ptr, size_t size, cudaMemPool_t memPool, cudaStream_t stream)
{
	return cudaMalloc((void **)ptr, size);
}
#if __WS_CUDA12
static inline cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count, int dstDevice, cudaStream_t stream = 0)
{
	if (dstDevice != 0 && dstDevice != cudaCpuDeviceId)
		return cudaErrorInvalidDevice;
	return cudaSuccess;
}
static inline cudaError_t cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice, int device)
{
	return cudaSuccess;
}
static inline cudaError_t cudaMemPrefetchAsync_v2(const void *devPtr, size_t count, struct cudaMemLocation location, unsigned int flags, cudaStream_t stream = 0)
{
	return cudaSuccess;
}
static inline cudaError_t cudaMemAdvise_v2(const void *devPtr, size_t count, enum cudaMemoryAdvise advice, struct cudaMemLocation location)
{
	return cudaSuccess;
}
#else
static inline cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count, struct cudaMemLocation location, unsigned int flags, cudaStream_t stream = 0)
{
	return cudaSuccess;
}
static inline cudaError_t cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice, struct cudaMemLocation location)
{
	return cudaSuccess;
}
#endif

/* cudaSetDeviceFlags: the deprecated name of ScheduleBlockingSync, the
 * mask, and the flag that no longer does anything */
#define cudaDeviceBlockingSync 0x04
#define cudaDeviceScheduleMask 0x07
#define cudaDeviceLmemResizeToMax 0x10
#define cudaDeviceMask 0xff

/* ---- 3D copies (cudaMemcpy3D and graph copy nodes): a 3D copy between
 * linear memories is a copy of each row of the extent; a CUDA array is
 * the pitched memory of its texels (__ws_texture.h). The functions are
 * templates so that a program that does not call them pays nothing to
 * compile them. */
typedef struct cudaArray *cudaArray_t;
typedef const struct cudaArray *cudaArray_const_t;
struct cudaPitchedPtr {
	void *ptr;
	size_t pitch;
	size_t xsize;
	size_t ysize;
};
struct cudaExtent {
	size_t width;
	size_t height;
	size_t depth;
};
struct cudaPos {
	size_t x;
	size_t y;
	size_t z;
};
struct cudaMemcpy3DParms {
	cudaArray_t srcArray;
	struct cudaPos srcPos;
	struct cudaPitchedPtr srcPtr;
	cudaArray_t dstArray;
	struct cudaPos dstPos;
	struct cudaPitchedPtr dstPtr;
	struct cudaExtent extent;
	enum cudaMemcpyKind kind;
};
typedef struct cudaPitchedPtr cudaPitchedPtr;
typedef struct cudaExtent cudaExtent;
typedef struct cudaPos cudaPos;
typedef struct cudaMemcpy3DParms cudaMemcpy3DParms;
#include <__ws_texture.h>
template<class T, class A, class B, class C> static inline cudaPitchedPtr make_cudaPitchedPtr(T *d, A p, B xsz, C ysz)
{
	struct cudaPitchedPtr s;
	s.ptr = d;
	s.pitch = p;
	s.xsize = xsz;
	s.ysize = ysz;
	return s;
}
template<class A, class B, class C> static inline cudaPos make_cudaPos(A x, B y, C z)
{
	struct cudaPos p;
	p.x = x;
	p.y = y;
	p.z = z;
	return p;
}
template<class A, class B, class C> static inline cudaExtent make_cudaExtent(A w, B h, C d)
{
	struct cudaExtent e;
	e.width = w;
	e.height = h;
	e.depth = d;
	return e;
}
template<class P> static inline cudaError_t cudaMalloc3D(P *p, struct cudaExtent e)
{
	size_t pitch = 0;
	cudaError_t r = cudaMallocPitch(&p->ptr, &pitch, e.width, e.height * e.depth);
	p->pitch = pitch;
	p->xsize = e.width;
	p->ysize = e.height;
	return r;
}
/* the address of row (y, z) of a pitched pointer, from pos */
template<class P, class Q> static inline char *__ws_row3d(const P *pp, const Q *pos, size_t y, size_t z)
{
	size_t slice = pp->pitch * (pp->ysize ? pp->ysize : 1);
	return (char *)pp->ptr + (pos->z + z) * slice + (pos->y + y) * pp->pitch + pos->x;
}
/* the checks an H100 with CUDA 13.0 makes, in its order */
template<class P> static inline cudaError_t __ws_memcpy3d_check(const P *p)
{
	if (!p || p->srcArray || p->dstArray || !p->srcPtr.ptr || !p->dstPtr.ptr)
		return cudaErrorInvalidValue;
	if ((unsigned)p->kind > (unsigned)cudaMemcpyDefault)
		return cudaErrorInvalidMemcpyDirection;
	if (p->srcPtr.pitch > 2147483647 || p->dstPtr.pitch > 2147483647)
		return cudaErrorInvalidPitchValue;
	if (p->srcPos.x + p->extent.width > p->srcPtr.pitch || p->dstPos.x + p->extent.width > p->dstPtr.pitch)
		return cudaErrorInvalidPitchValue;
	/* a copy of more than one slice must stay inside each slice's rows */
	if (p->extent.depth > 1 && (p->srcPos.y + p->extent.height > p->srcPtr.ysize ||
				    p->dstPos.y + p->extent.height > p->dstPtr.ysize))
		return cudaErrorInvalidValue;
	return cudaSuccess;
}
template<class P> static inline cudaError_t __ws_memcpy3d(const P *p0, int async, cudaStream_t s)
{
	/* a CUDA array side becomes a pitched pointer over its texels; the
	 * extent's width and the position's x count elements then */
	P q;
	const P *p = p0;
	if (p0 && (p0->srcArray || p0->dstArray)) {
		size_t es = 1, es2 = 1;
		cudaError_t ea = cudaSuccess;
		q = *p0;
		if ((q.srcArray && q.srcPtr.ptr) || (q.dstArray && q.dstPtr.ptr))
			return cudaErrorInvalidValue;
		if (q.srcArray && (ea = __ws_array_pitched(q.srcArray, &q.srcPtr, &es)) != cudaSuccess)
			return ea;
		if (q.dstArray && (ea = __ws_array_pitched(q.dstArray, &q.dstPtr, &es2)) != cudaSuccess)
			return ea;
		if (q.srcArray && q.dstArray && es != es2)
			return cudaErrorInvalidValue;
		if (q.dstArray)
			es = es2;
		if (q.srcArray)
			q.srcPos.x *= es;
		if (q.dstArray)
			q.dstPos.x *= es;
		q.extent.width *= es;
		q.srcArray = 0;
		q.dstArray = 0;
		p = &q;
	}
	cudaError_t e = __ws_memcpy3d_check(p);
	if (e != cudaSuccess)
		return e;
	if (!p->extent.width || !p->extent.height || !p->extent.depth)
		return cudaSuccess;
	size_t h = p->extent.height, d = p->extent.depth;
	for (size_t z = 0; z < d; z++)
		for (size_t y = 0; y < h; y++) {
			cudaError_t r;
			if (async)
				r = cudaMemcpyAsync(__ws_row3d(&p->dstPtr, &p->dstPos, y, z), __ws_row3d(&p->srcPtr, &p->srcPos, y, z), p->extent.width, p->kind, s);
			else
				r = cudaMemcpy(__ws_row3d(&p->dstPtr, &p->dstPos, y, z), __ws_row3d(&p->srcPtr, &p->srcPos, y, z), p->extent.width, p->kind);
			if (r != cudaSuccess)
				return r;
		}
	return cudaSuccess;
}
template<class P> static inline cudaError_t cudaMemcpy3D(const P *p) { return __ws_memcpy3d(p, 0, 0); }
template<class P> static inline cudaError_t cudaMemcpy3DAsync(const P *p, cudaStream_t s = 0) { return __ws_memcpy3d(p, 1, s); }
template<class P, class E> static inline cudaError_t cudaMemset3D(P pp, int value, E extent)
{
	/* one row may be wider than the pitch (an H100 sets it) */
	if ((extent.height > 1 || extent.depth > 1) && extent.width > pp.pitch)
		return cudaErrorInvalidValue;
	if (extent.depth > 1 && extent.height > pp.ysize)
		return cudaErrorInvalidValue;
	if (!extent.width || !extent.height || !extent.depth)
		return cudaSuccess;
	if (!pp.ptr)
		return cudaErrorInvalidValue;
	if (extent.height == 1 && extent.depth == 1)
		return cudaMemset(pp.ptr, value, extent.width);
	for (size_t z = 0; z < extent.depth; z++) {
		cudaError_t e = cudaMemset2D((char *)pp.ptr + z * pp.ysize * pp.pitch, pp.pitch, value, extent.width,
					     extent.height);
		if (e != cudaSuccess)
			return e;
	}
	return cudaSuccess;
}
template<class P, class E> static inline cudaError_t cudaMemset3DAsync(P pp, int value, E extent, cudaStream_t s = 0)
{
	return cudaMemset3D(pp, value, extent);
}
/* a graph copy node: one 1D copy node per row, in order */
template<class P> static inline cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies, size_t numDependencies, const P *p)
{
	if (!p || p->srcArray || p->dstArray)
		return cudaErrorInvalidValue;
	size_t h = p->extent.height ? p->extent.height : 1, d = p->extent.depth ? p->extent.depth : 1;
	for (size_t z = 0; z < d; z++)
		for (size_t y = 0; y < h; y++) {
			cudaError_t r = cudaGraphAddMemcpyNode1D(pGraphNode, graph, pDependencies, numDependencies,
								 __ws_row3d(&p->dstPtr, &p->dstPos, y, z), __ws_row3d(&p->srcPtr, &p->srcPos, y, z),
								 p->extent.width, p->kind);
			if (r != cudaSuccess)
				return r;
		}
	return cudaSuccess;
}
/* CUDA 11's form, which cuda_runtime.h still offers to C++ */
template<class E, class L> static inline cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph, E pErrorNode, L pLogBuffer, size_t bufferSize)
{
	(void)pErrorNode;
	(void)pLogBuffer;
	(void)bufferSize;
	return cudaGraphInstantiate(pGraphExec, graph, 0ULL);
}
/* an instance is a copy of the graph's nodes, which is what a clone is */
template<class G> static inline cudaError_t cudaGraphClone(G *pGraphClone, cudaGraph_t originalGraph)
{
	return cudaGraphInstantiate((cudaGraphExec_t *)pGraphClone, originalGraph, 0ULL);
}

/* ---- stream and launch attributes: the L2 access policy window and the
 * rest are checked and accepted, and change nothing (warpstep does not
 * model the L2 cache); cudaStreamGetAttribute reports the defaults (zero) */
enum cudaAccessProperty {
	cudaAccessPropertyNormal = 0,
	cudaAccessPropertyStreaming = 1,
	cudaAccessPropertyPersisting = 2
};
struct cudaAccessPolicyWindow {
	void *base_ptr;
	size_t num_bytes;
	float hitRatio;
	enum cudaAccessProperty hitProp;
	enum cudaAccessProperty missProp;
};
typedef struct cudaAccessPolicyWindow cudaAccessPolicyWindow;
enum cudaSynchronizationPolicy {
	cudaSyncPolicyAuto = 1,
	cudaSyncPolicySpin = 2,
	cudaSyncPolicyYield = 3,
	cudaSyncPolicyBlockingSync = 4
};
enum cudaLaunchAttributeID {
	cudaLaunchAttributeIgnore = 0,
	cudaLaunchAttributeAccessPolicyWindow = 1,
	cudaLaunchAttributeCooperative = 2,
	cudaLaunchAttributeSynchronizationPolicy = 3,
	cudaLaunchAttributeClusterDimension = 4,
	cudaLaunchAttributeClusterSchedulingPolicyPreference = 5,
	cudaLaunchAttributeProgrammaticStreamSerialization = 6,
	cudaLaunchAttributeProgrammaticEvent = 7,
	cudaLaunchAttributePriority = 8
};
enum cudaClusterSchedulingPolicy {
	cudaClusterSchedulingPolicyDefault = 0,
	cudaClusterSchedulingPolicySpread = 1,
	cudaClusterSchedulingPolicyLoadBalancing = 2
};
union cudaLaunchAttributeValue {
	char pad[64];
	struct cudaAccessPolicyWindow accessPolicyWindow;
	int cooperative;
	enum cudaSynchronizationPolicy syncPolicy;
	struct { unsigned int x, y, z; } clusterDim;
	enum cudaClusterSchedulingPolicy clusterSchedulingPolicyPreference;
	int programmaticStreamSerializationAllowed;
	int priority;
};
typedef enum cudaLaunchAttributeID cudaLaunchAttributeID;
typedef union cudaLaunchAttributeValue cudaLaunchAttributeValue;
typedef enum cudaLaunchAttributeID cudaStreamAttrID;
typedef union cudaLaunchAttributeValue cudaStreamAttrValue;
typedef enum cudaLaunchAttributeID cudaKernelNodeAttrID;
typedef union cudaLaunchAttributeValue cudaKernelNodeAttrValue;
#define cudaStreamAttributeAccessPolicyWindow cudaLaunchAttributeAccessPolicyWindow
#define cudaStreamAttributeSynchronizationPolicy cudaLaunchAttributeSynchronizationPolicy
#define cudaStreamAttributePriority cudaLaunchAttributePriority
#define cudaKernelNodeAttributeAccessPolicyWindow cudaLaunchAttributeAccessPolicyWindow
template<class V> static inline cudaError_t cudaStreamSetAttribute(cudaStream_t stream, cudaLaunchAttributeID attr, const V *value)
{
	(void)stream;
	if (!value)
		return cudaErrorInvalidValue;
	if (attr == cudaLaunchAttributeAccessPolicyWindow && (value->accessPolicyWindow.hitRatio < 0.0f || value->accessPolicyWindow.hitRatio > 1.0f))
		return cudaErrorInvalidValue;
	return cudaSuccess;
}
template<class V> static inline cudaError_t cudaStreamGetAttribute(cudaStream_t stream, cudaLaunchAttributeID attr, V *value)
{
	(void)stream;
	(void)attr;
	if (!value)
		return cudaErrorInvalidValue;
	memset(value, 0, sizeof(*value));
	return cudaSuccess;
}
static inline cudaError_t cudaCtxResetPersistingL2Cache(void) { return cudaSuccess; }

/* ---- cudaLaunchKernelEx (engine/machine/runtime.c launch_ex): the
 * configuration and its attributes, as CUDA 12 and 13 lay them out; the
 * cluster dimension attribute makes a thread block cluster launch */
struct cudaLaunchAttribute_st {
	enum cudaLaunchAttributeID id;
	char pad[8 - sizeof(int)];
	union cudaLaunchAttributeValue val;
};
typedef struct cudaLaunchAttribute_st cudaLaunchAttribute;
struct cudaLaunchConfig_st {
	dim3 gridDim;
	dim3 blockDim;
	size_t dynamicSmemBytes;
	cudaStream_t stream;
	cudaLaunchAttribute *attrs;
	unsigned int numAttrs;
};
typedef struct cudaLaunchConfig_st cudaLaunchConfig_t;
cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config, const void *func, void **args) __ws_builtin(cudaLaunchKernelExC);
cudaError_t cuda__wsLaunchKernelEx(const cudaLaunchConfig_t *config, const void *func, void **args,
				   const unsigned char *types, int nargs) __ws_builtin(cuda__wsLaunchKernelEx);
/* each argument's IR type (engine/ir/ir.h enum ir_type), for the engine to
 * convert it to the kernel parameter's type; 0: copied as bytes */
template<class T> struct __ws_argty { enum { v = 0 }; };
template<class T> struct __ws_argty<T *> { enum { v = 13 }; };
template<> struct __ws_argty<bool> { enum { v = 3 }; };
template<> struct __ws_argty<char> { enum { v = 2 }; };
template<> struct __ws_argty<signed char> { enum { v = 2 }; };
template<> struct __ws_argty<unsigned char> { enum { v = 3 }; };
template<> struct __ws_argty<short> { enum { v = 4 }; };
template<> struct __ws_argty<unsigned short> { enum { v = 5 }; };
template<> struct __ws_argty<int> { enum { v = 6 }; };
template<> struct __ws_argty<unsigned int> { enum { v = 7 }; };
template<> struct __ws_argty<long> { enum { v = 8 }; };
template<> struct __ws_argty<unsigned long> { enum { v = 9 }; };
template<> struct __ws_argty<long long> { enum { v = 8 }; };
template<> struct __ws_argty<unsigned long long> { enum { v = 9 }; };
template<> struct __ws_argty<float> { enum { v = 11 }; };
template<> struct __ws_argty<double> { enum { v = 12 }; };
/* the front end has no variadic templates: one overload per argument count */
template<class K> static inline cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *c, K k)
{
	return cuda__wsLaunchKernelEx(c, (const void *)k, 0, 0, 0);
}
template<class K, class A> static inline cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *c, K k, A a)
{
	void *v[1] = { (void *)&a };
	unsigned char t[1] = { (unsigned char)__ws_argty<A>::v };
	return cuda__wsLaunchKernelEx(c, (const void *)k, v, t, 1);
}
template<class K, class A, class B> static inline cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *c, K k, A a, B b)
{
	void *v[2] = { (void *)&a, (void *)&b };
	unsigned char t[2] = { (unsigned char)__ws_argty<A>::v, (unsigned char)__ws_argty<B>::v };
	return cuda__wsLaunchKernelEx(c, (const void *)k, v, t, 2);
}
template<class K, class A, class B, class C> static inline cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *c, K k, A a, B b, C d3)
{
	void *v[3] = { (void *)&a, (void *)&b, (void *)&d3 };
	unsigned char t[3] = { (unsigned char)__ws_argty<A>::v, (unsigned char)__ws_argty<B>::v, (unsigned char)__ws_argty<C>::v };
	return cuda__wsLaunchKernelEx(c, (const void *)k, v, t, 3);
}
template<class K, class A, class B, class C, class D> static inline cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *c, K k, A a, B b, C d3, D d4)
{
	void *v[4] = { (void *)&a, (void *)&b, (void *)&d3, (void *)&d4 };
	unsigned char t[4] = { (unsigned char)__ws_argty<A>::v, (unsigned char)__ws_argty<B>::v, (unsigned char)__ws_argty<C>::v,
			       (unsigned char)__ws_argty<D>::v };
	return cuda__wsLaunchKernelEx(c, (const void *)k, v, t, 4);
}
template<class K, class A, class B, class C, class D, class E> static inline cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *c, K k, A a, B b, C d3, D d4, E d5)
{
	void *v[5] = { (void *)&a, (void *)&b, (void *)&d3, (void *)&d4, (void *)&d5 };
	unsigned char t[5] = { (unsigned char)__ws_argty<A>::v, (unsigned char)__ws_argty<B>::v, (unsigned char)__ws_argty<C>::v,
			       (unsigned char)__ws_argty<D>::v, (unsigned char)__ws_argty<E>::v };
	return cuda__wsLaunchKernelEx(c, (const void *)k, v, t, 5);
}
template<class K, class A, class B, class C, class D, class E, class F> static inline cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *c, K k, A a, B b, C d3, D d4, E d5, F d6)
{
	void *v[6] = { (void *)&a, (void *)&b, (void *)&d3, (void *)&d4, (void *)&d5, (void *)&d6 };
	unsigned char t[6] = { (unsigned char)__ws_argty<A>::v, (unsigned char)__ws_argty<B>::v, (unsigned char)__ws_argty<C>::v,
			       (unsigned char)__ws_argty<D>::v, (unsigned char)__ws_argty<E>::v, (unsigned char)__ws_argty<F>::v };
	return cuda__wsLaunchKernelEx(c, (const void *)k, v, t, 6);
}
template<class K, class A, class B, class C, class D, class E, class F, class G> static inline cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *c, K k, A a, B b, C d3, D d4, E d5, F d6, G d7)
{
	void *v[7] = { (void *)&a, (void *)&b, (void *)&d3, (void *)&d4, (void *)&d5, (void *)&d6, (void *)&d7 };
	unsigned char t[7] = { (unsigned char)__ws_argty<A>::v, (unsigned char)__ws_argty<B>::v, (unsigned char)__ws_argty<C>::v,
			       (unsigned char)__ws_argty<D>::v, (unsigned char)__ws_argty<E>::v, (unsigned char)__ws_argty<F>::v,
			       (unsigned char)__ws_argty<G>::v };
	return cuda__wsLaunchKernelEx(c, (const void *)k, v, t, 7);
}

/* cudaLaunchKernel(func, grid, block, args, shmem, stream): the launch
 * cudaLaunchKernelExC makes from a configuration without attributes */
static inline cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem = 0, cudaStream_t stream = 0)
{
	cudaLaunchConfig_t c;
	c.gridDim = gridDim;
	c.blockDim = blockDim;
	c.dynamicSmemBytes = sharedMem;
	c.stream = stream;
	c.attrs = 0;
	c.numAttrs = 0;
	return cudaLaunchKernelExC(&c, func, args);
}
template<class T> static inline cudaError_t cudaLaunchKernel(T *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem = 0, cudaStream_t stream = 0)
{
	return cudaLaunchKernel((const void *)func, gridDim, blockDim, args, sharedMem, stream);
}

/* ---- thread block clusters (sm_90_rt.h; engine/machine/cluster.c) */
__device__ unsigned long long __ws_cluster_info(int what) __ws_builtin(__ws_cluster_info);
__device__ unsigned long long __ws_cluster_arrive(void) __ws_builtin(__ws_cluster_arrive);
__device__ void __ws_cluster_wait(unsigned long long gen) __ws_builtin(__ws_cluster_wait);
__device__ void *__ws_cluster_map(const void *p, unsigned int rank) __ws_builtin(__ws_cluster_map);
__device__ unsigned int __ws_cluster_rank_of(const void *p) __ws_builtin(__ws_cluster_rank_of);
static inline __device__ unsigned int __clusterRelativeBlockRank(void) { return (unsigned int)__ws_cluster_info(0); }
static inline __device__ unsigned int __clusterSizeInBlocks(void) { return (unsigned int)__ws_cluster_info(1); }
static inline __device__ dim3 __clusterDim(void)
{
	dim3 d; /* a named local: no temporary in the golden dumps of programs that do not use it */
	d.x = (unsigned int)__ws_cluster_info(2);
	d.y = (unsigned int)__ws_cluster_info(3);
	d.z = (unsigned int)__ws_cluster_info(4);
	return d;
}
static inline __device__ dim3 __clusterIdx(void)
{
	dim3 d; /* a named local: no temporary in the golden dumps of programs that do not use it */
	d.x = (unsigned int)__ws_cluster_info(5);
	d.y = (unsigned int)__ws_cluster_info(6);
	d.z = (unsigned int)__ws_cluster_info(7);
	return d;
}
static inline __device__ dim3 __clusterRelativeBlockIdx(void)
{
	dim3 d; /* a named local: no temporary in the golden dumps of programs that do not use it */
	d.x = (unsigned int)__ws_cluster_info(8);
	d.y = (unsigned int)__ws_cluster_info(9);
	d.z = (unsigned int)__ws_cluster_info(10);
	return d;
}
static inline __device__ dim3 __clusterGridDimInClusters(void)
{
	dim3 d; /* a named local: no temporary in the golden dumps of programs that do not use it */
	d.x = (unsigned int)__ws_cluster_info(11);
	d.y = (unsigned int)__ws_cluster_info(12);
	d.z = (unsigned int)__ws_cluster_info(13);
	return d;
}
static inline __device__ unsigned int __isCluster(void) { return (unsigned int)__ws_cluster_info(14); }
static inline __device__ void *__cluster_map_shared_rank(const void *p, unsigned int rank) { return __ws_cluster_map(p, rank); }
static inline __device__ unsigned int __cluster_query_shared_rank(const void *p) { return __ws_cluster_rank_of(p); }
static inline __device__ unsigned int __isClusterShared(const void *p) { return ((unsigned long long)p >> 40) == 0x72u; }
/* barrier.cluster.arrive / barrier.cluster.wait: the engine remembers the
 * phase each thread arrived in; wait blocks until that phase completed */
static inline __device__ void __cluster_barrier_arrive(void) { __ws_cluster_arrive(); }
static inline __device__ void __cluster_barrier_arrive_relaxed(void) { __ws_cluster_arrive(); }
static inline __device__ void __cluster_barrier_wait(void) { __ws_cluster_wait(~0ull); }
__host__ __device__ void __ws_fence_sc_cluster(void) __ws_builtin(__ws_fence_sc_cluster);
static inline __device__ void __threadfence_cluster(void) { __ws_fence_sc_cluster(); }

/* GCC's own builtins under a real compiler */
#ifdef __WARPSTEP__
#include <bits/ws_gcc_atomics.h>
#endif

#include <__ws_simd.h>

#include <bits/ws_asm.h>
#endif
