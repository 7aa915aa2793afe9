#!/bin/sh
# query.t - asynchronous copies and pipeline stages through the Lua API (tests/async/query.lua).
WARPSTEP=${WARPSTEP:-./warpstep}
echo "TAP version 13"
if [ ! -x "$WARPSTEP" ]; then
	echo "Bail out! warpstep binary not found at '$WARPSTEP'"
	exit 1
fi
"$WARPSTEP" script tests/async/query.lua
