/*
 * device.c - the table of GPU profiles generated from devices.def.
 */
#include "device.h"

#include <stddef.h>
#include <strings.h>

static const struct device_profile devices[] = {
#define DEVICE(key, name, ma, mi, sms, mem, clk, mclk, bus, l2, pl2, smsm, optin, tpsm, bpsm, ae, ecc, \
	       to, integ) \
	{ key, name, ma, mi, sms, mem, clk, mclk, bus, l2, pl2, smsm, optin, tpsm, bpsm, ae, ecc, to, integ },
#include "devices.def"
#undef DEVICE
};

const struct device_profile *device_default(void)
{
	return &devices[0];
}

const struct device_profile *device_find(const char *name)
{
	for (size_t i = 0; name && i < sizeof(devices) / sizeof(devices[0]); i++)
		if (strcasecmp(devices[i].key, name) == 0)
			return &devices[i];
	return NULL;
}

const struct device_profile *device_at(int i)
{
	if (i < 0 || (size_t)i >= sizeof(devices) / sizeof(devices[0]))
		return NULL;
	return &devices[i];
}
