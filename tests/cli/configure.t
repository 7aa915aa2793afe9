#!/bin/sh
# configure.t - ./configure links ncursesw and Lua from their static
# archives where they link (a quarter of a millisecond of dynamic loading
# saved at each start, docs/PERFORMANCE.md), keeps them shared with
# --disable-static-deps, and the binary under test is linked as config.mk
# says. configure runs in a temporary folder (it writes config.mk in the
# current directory), so the tree's own config.mk is left alone.
. tests/tap.sh

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-configure.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
repo=$(pwd)

(cd "$tmp" && sh "$repo/configure") >"$tmp/out" 2>&1
tap_result $? "./configure succeeds"
grep -q '^checking whether ncursesw and Lua link statically\.\.\. ' "$tmp/out"
tap_result $? "./configure checks whether ncursesw and Lua link statically"
if grep -q 'link statically\.\.\. yes' "$tmp/out"; then
	grep -q '^CURSES_LIBS = -Wl,-Bstatic ' "$tmp/config.mk" &&
		grep -q '^LUA_LIBS = -Wl,-Bstatic ' "$tmp/config.mk" &&
		! grep -q '^LIBS = .*-Bstatic' "$tmp/config.mk"
	tap_result $? "static archives: only ncursesw's and Lua's own libraries between -Bstatic and -Bdynamic"
	[ "$(grep -E '^(CURSES|LUA)_LIBS = .*-Wl,-Bdynamic' "$tmp/config.mk" | wc -l)" -eq 2 ]
	tap_result $? "static archives: each list goes back to -Bdynamic (libc stays shared)"
else
	tap_skip "static archives: flags" "the archives are not installed here or do not link"
	tap_skip "static archives: back to -Bdynamic" "the archives are not installed here or do not link"
fi

(cd "$tmp" && rm -f config.mk && sh "$repo/configure" --disable-static-deps) >"$tmp/out2" 2>&1
tap_result $? "./configure --disable-static-deps succeeds"
! grep -q 'link statically' "$tmp/out2" && ! grep -q 'Bstatic' "$tmp/config.mk"
tap_result $? "--disable-static-deps: ncursesw and Lua stay shared"

sh ./configure --help | grep -q -e '--disable-static-deps'
tap_result $? "./configure --help lists --disable-static-deps"

# the binary under test is linked as the tree's config.mk says
if command -v readelf >/dev/null 2>&1 && [ -f config.mk ] && readelf -d "$WARPSTEP" >/dev/null 2>&1; then
	readelf -d "$WARPSTEP" >"$tmp/dyn" 2>&1
	if grep -q '^LUA_LIBS = -Wl,-Bstatic' config.mk; then
		! grep -q -e 'liblua' -e 'libncurses' -e 'libtinfo' "$tmp/dyn"
		tap_result $? "config.mk asks for static archives: $WARPSTEP needs no shared ncursesw, tinfo or Lua"
	else
		grep -q -e 'liblua' "$tmp/dyn"
		tap_result $? "config.mk asks for shared libraries: $WARPSTEP needs the shared Lua"
	fi
	# position-dependent where configure found the compiler could link so
	readelf -h "$WARPSTEP" >"$tmp/hdr" 2>&1
	if grep -q '^APP_LDFLAGS = -no-pie' config.mk; then
		grep -q 'Type: *EXEC' "$tmp/hdr"
		tap_result $? "config.mk asks for -no-pie: $WARPSTEP is a position-dependent executable (no start-up relocations)"
	else
		grep -q 'Type: *DYN' "$tmp/hdr"
		tap_result $? "config.mk has no -no-pie: $WARPSTEP is the compiler's default, position-independent"
	fi
else
	tap_skip "the binary's shared libraries" "no readelf, no config.mk or not an ELF binary"
	tap_skip "the binary's kind" "no readelf, no config.mk or not an ELF binary"
fi
grep -q '^checking whether .* links position-dependent executables\.\.\. ' "$tmp/out" &&
	grep -q '^APP_LDFLAGS =' "$tmp/config.mk"
tap_result $? "./configure checks for -no-pie and writes APP_LDFLAGS"

tap_done
