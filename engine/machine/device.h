/*
 * device.h - the GPU profiles that warpstep emulates (devices.def): what
 * cudaGetDeviceProperties, cudaDeviceGetAttribute, cudaMemGetInfo and the
 * occupancy API report, and the SM count and residency limits the scheduler
 * uses.
 *
 * The table is static and never changes; pointers into it live forever.
 */
#ifndef WS_DEVICE_H
#define WS_DEVICE_H

#include <stdint.h>

struct device_profile {
	const char *key;        /* what --device takes: "h100", "rtx3050-laptop" */
	const char *name;       /* cudaDeviceProp::name */
	int major, minor;
	int sms;
	uint64_t global_mem;
	int clock_khz, mem_clock_khz, bus_width;
	int l2, persisting_l2;
	int smem_per_sm, smem_optin;
	int threads_per_sm, blocks_per_sm;
	int async_engines, ecc, exec_timeout, integrated;
};

/* the default profile (the H100) */
const struct device_profile *device_default(void);

/* the profile whose key is name (case-insensitive; "H100" works), else NULL */
const struct device_profile *device_find(const char *name);

/* the i-th profile, NULL past the last: for listing them */
const struct device_profile *device_at(int i);

#endif
