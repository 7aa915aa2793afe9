#!/bin/sh
# arm64.t - warpstep builds for arm64 (aarch64) and runs there as it runs
# here (issue 13: "the binary still runs on any x86-64 and on arm64 with
# NEON"). The tracked tree is copied to a temporary folder, configured with
# the cross compiler against the arm64 ncursesw and Lua, built, and the arm64
# binary then runs the bench kernels (--fast and checked), examples and
# findings programs under user-mode emulation; each run's output and exit
# status must be the native binary's. Its lane loops are the same C: gcc
# vectorises them with NEON (Advanced SIMD is part of every arm64), and the
# AVX2/AVX-512 clones are x86-64 only.
#
# Needs aarch64-linux-gnu-gcc, the arm64 ncursesw and Lua (pkg-config files
# under /usr/lib/aarch64-linux-gnu/pkgconfig) and a kernel that runs arm64
# binaries (binfmt_misc with qemu-user: the build runs its generators). On
# Debian: dpkg --add-architecture arm64; apt-get install gcc-aarch64-linux-gnu
# qemu-user-binfmt libncurses-dev:arm64 liblua5.4-dev:arm64. Otherwise SKIP.
. tests/tap.sh

skip_all() {
	tap_skip "arm64 build and runs" "$1"
	tap_done
}

command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 || skip_all "no aarch64-linux-gnu-gcc"
pc=/usr/lib/aarch64-linux-gnu/pkgconfig
[ -f "$pc/ncursesw.pc" ] && { [ -f "$pc/lua5.4.pc" ] || [ -f "$pc/lua-5.4.pc" ]; } ||
	skip_all "no arm64 ncursesw and Lua 5.4 (libncurses-dev:arm64, liblua5.4-dev:arm64)"
command -v git >/dev/null 2>&1 && git rev-parse --git-dir >/dev/null 2>&1 || skip_all "not a git checkout"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-arm64.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
repo=$(pwd)

printf 'int main(void) { return 7; }\n' >"$tmp/probe.c"
aarch64-linux-gnu-gcc -o "$tmp/probe" "$tmp/probe.c" 2>/dev/null || skip_all "aarch64-linux-gnu-gcc cannot link a program"
"$tmp/probe" 2>/dev/null
[ $? -eq 7 ] || skip_all "this kernel does not run arm64 binaries (binfmt_misc with qemu-user)"

# the tracked files, as a fresh clone has them (one tar reading the list: xargs splits a
# list longer than its command buffer, 128 KiB, into several archives, and tar xf reads the first)
mkdir "$tmp/src" && git ls-files -z | (cd "$repo" && tar --null -T - -cf -) | (cd "$tmp/src" && tar xf -)
tap_result $? "the tracked tree copies"

(cd "$tmp/src" && PKG_CONFIG_LIBDIR="$pc:/usr/share/pkgconfig" sh ./configure --enable-werror CC=aarch64-linux-gnu-gcc) \
	>"$tmp/configure.out" 2>&1
st=$?
tap_result $st "./configure --enable-werror CC=aarch64-linux-gnu-gcc succeeds"
[ $st -eq 0 ] || { tap_diag <"$tmp/configure.out"; tap_done; }

jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
(cd "$tmp/src" && make -j"$jobs" warpstep) >"$tmp/make.out" 2>&1
st=$?
tap_result $st "make builds warpstep for arm64 (warnings are errors)"
[ $st -eq 0 ] || { tail -40 "$tmp/make.out" | tap_diag; tap_done; }
arm=$tmp/src/warpstep

od -A n -t x1 -j 18 -N 2 "$arm" | tr -d ' \n' | grep -qx 'b700'
tap_result $? "the binary is an arm64 ELF (e_machine 183)"

"$arm" --version >/dev/null 2>&1
tap_result $? "warpstep --version runs on arm64"

# same NAME ARGS...: the arm64 binary's output and status are the native one's
same() {
	name=$1
	shift
	"$WARPSTEP" "$@" >"$tmp/x.out" 2>"$tmp/x.err"
	echo "status $?" >>"$tmp/x.out"
	"$arm" "$@" >"$tmp/a.out" 2>"$tmp/a.err"
	echo "status $?" >>"$tmp/a.out"
	cmp -s "$tmp/x.out" "$tmp/a.out" && cmp -s "$tmp/x.err" "$tmp/a.err"
	st=$?
	tap_result $st "$name: arm64 prints what x86-64 prints"
	if [ $st -ne 0 ]; then
		diff "$tmp/x.out" "$tmp/a.out" | head -20 | tap_diag
		diff "$tmp/x.err" "$tmp/a.err" | head -20 | tap_diag
	fi
}

# the bench kernels at 2^14 (matmul_tiled 128^2), without and with the checkers
for k in vecadd reduce_smem reduce_shfl matmul_tiled histogram; do
	same "$k --fast" run --fast "bench/$k.cu" 1 14
	same "$k checked" run "bench/$k.cu" 1 14
done
for f in examples/*.cu; do
	same "$f" run "$f"
done
# findings of several kinds: races, barriers, initialization, bounds, atomics
for n in shared_race_1 global_race_1 barrier_div_1 uninit_shared_1 oob_global_read_1 global_race_atomic_masked_3 \
	shared_race_offer_1 global_race_run_1; do
	[ -f "tests/findings/$n.cu" ] || continue
	same "findings $n" check "tests/findings/$n.cu"
done

tap_done
