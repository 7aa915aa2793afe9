# tap.sh - TAP 13 helpers for the sh test scripts (tests/*.t). Source it.
#
#   tap_result STATUS DESC   one test: STATUS 0 passes; T_TODO="why" marks it TODO
#   tap_skip DESC WHY        one skipped test
#   tap_diag < text          show text as TAP comments
#   tap_done                 print the plan (at the end) and exit 0
# Tests run from the repository root; WARPSTEP is the binary under test and
# WS_BUILD the build directory (both set by `make check`).

T_NUM=0
T_TODO=
: "${WARPSTEP:=./warpstep}"
: "${WS_BUILD:=build}"
echo "TAP version 13"

tap_result() {
	T_NUM=$((T_NUM + 1))
	_r="ok"
	[ "$1" -eq 0 ] || _r="not ok"
	if [ -n "$T_TODO" ]; then
		echo "$_r $T_NUM - $2 # TODO $T_TODO"
	else
		echo "$_r $T_NUM - $2"
	fi
}

tap_skip() {
	T_NUM=$((T_NUM + 1))
	echo "ok $T_NUM - $1 # SKIP $2"
}

tap_diag() {
	sed 's/^/# /'
}

tap_done() {
	echo "1..$T_NUM"
	exit 0
}
