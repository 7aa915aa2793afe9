/*
 * fuzz.h - the libFuzzer entry point every fuzz/fuzz_NAME.c defines.
 * The Makefile force-includes this header when building fuzz targets, so a
 * target needs no prototype of its own under -Wmissing-prototypes.
 * Contract: called once per input; must not keep state between inputs
 * beyond caches; returns 0.
 */
#ifndef WS_FUZZ_H
#define WS_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
