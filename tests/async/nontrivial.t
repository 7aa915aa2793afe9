#!/bin/sh
# nontrivial.t - memcpy_async copies bytes: a type with a user copy constructor is refused
# at compile time, as nvcc's libcu++ refuses it (static_assert); a trivially copyable
# struct is accepted. Run from the repository root.
WARPSTEP=${WARPSTEP:-./warpstep}
echo "TAP version 13"
if [ ! -x "$WARPSTEP" ]; then
	echo "Bail out! warpstep binary not found at '$WARPSTEP'"
	exit 1
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
"$WARPSTEP" run tests/async/nontrivial.cu >"$tmp/out" 2>"$tmp/err"
st=$?
if [ "$st" = 2 ] && grep -q "memcpy_async requires a trivially copyable type" "$tmp/err"; then
	echo "ok 1 - a copy constructor: compile error (status $st)"
else
	echo "not ok 1 - a copy constructor: compile error (status $st)"
	sed 's/^/# /' "$tmp/err" | head -5
fi
sed -e '/Tracked() : v(0) {}/d' -e '/Tracked(const Tracked &o)/d' tests/async/nontrivial.cu >"$tmp/plain.cu"
"$WARPSTEP" check "$tmp/plain.cu" >"$tmp/out" 2>"$tmp/err"
st=$?
if ! grep -q "trivially copyable" "$tmp/err"; then
	echo "ok 2 - a plain struct is accepted (status $st)"
else
	echo "not ok 2 - a plain struct is accepted (status $st)"
	sed 's/^/# /' "$tmp/err" | head -5
fi
echo "1..2"
