#!/bin/sh
# query.t - the cuda::barrier state through the Lua API (tests/cg/query.lua).
WARPSTEP=${WARPSTEP:-./warpstep}
echo "TAP version 13"
if [ ! -x "$WARPSTEP" ]; then
	echo "Bail out! warpstep binary not found at '$WARPSTEP'"
	exit 1
fi
"$WARPSTEP" script tests/cg/query.lua
