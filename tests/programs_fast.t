#!/bin/sh
# programs_fast.t - the whole programs of tests/programs that use barriers, warp collectives or
# atomics (and lane_ops, every arithmetic op; lanex_shapes, indices on lanes), run as programs.t runs them (the same five
# configurations, the same .expected) but with --fast: without the checkers, the interpreter's
# fast path runs __syncthreads, whole-warp shuffles and votes, and atomicAdd in its own code
# (engine/machine/fastrun.h), and what it prints must not change.
# Environment: WARPSTEP (default ./warpstep). Run from the repository root.
dir=tests/programs
if [ ! -d "$dir" ]; then
	echo "TAP version 13"
	echo "Bail out! $dir not found: run from the repository root"
	exit 1
fi
names=$(cd "$dir" && grep -l -e '__syncthreads' -e '__shfl' -e '_sync(' -e 'atomicAdd' -e '__reduce_' \
	*.cu | sed 's/\.cu$//' | tr '\n' ' ')
PROGRAMS="$names lane_ops lanex_shapes" PROG_OPTS=--fast exec sh tests/programs.t
