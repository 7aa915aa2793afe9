#!/bin/sh
# handle_gc.t - handles keep what they depend on alive (tests/lua/handle_gc.lua).
WARPSTEP=${WARPSTEP:-./warpstep}
echo "TAP version 13"
if [ ! -x "$WARPSTEP" ]; then
	echo "Bail out! warpstep binary not found at '$WARPSTEP'"
	exit 1
fi
"$WARPSTEP" script tests/lua/handle_gc.lua
