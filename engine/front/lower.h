/*
 * lower.h - lowering of the two parsed passes (host and device) to one IR
 * module.
 *
 * Contract:
 * - lower_module takes the host pass and the device pass (either may be NULL
 *   when its parse failed) and builds an ir_module in arena a: host functions
 *   (and main) from the host pass, __device__/__global__ functions and device
 *   variables from the device pass, joined by name. Errors that only show at
 *   this stage (undefined functions, non-constant global initializers, host
 *   variables used in device code) go to dl. Never fails otherwise.
 * - fmad != 0 (nvcc's default, --fmad=true) contracts, in device code only, a
 *   float or double multiply that feeds an add or subtract of its type within
 *   one expression (a*b + c, c - a*b, x += a*b) into one fused multiply-add
 *   (fmaf/fma: rounded once), as nvcc and ptxas do. nvcc also contracts
 *   through a temporary used once (t = a*b; t + c), which warpstep does not.
 */
#ifndef WS_LOWER_H
#define WS_LOWER_H

#include "ast.h"

struct ir_module *lower_module(struct arena *a, struct diaglist *dl, struct srcmgr *sm,
			       struct program *host, struct program *dev, int fmad);

#endif
