#!/bin/sh
# setup-deps.sh - make sure the build (and test) dependencies are installed.
#
# usage: sh tools/setup-deps.sh [build|check]
#
# `make run` calls it with "build", `make check` with "check" (which also
# needs perl's prove and tmux). What is missing is installed with apt-get
# when running as root on Debian/Ubuntu; otherwise the exact command to run
# is printed and the script fails, which stops make.
# Set WARPSTEP_NO_SETUP=1 to skip the whole check.

set -u
what=${1:-build}
[ "${WARPSTEP_NO_SETUP:-}" = 1 ] && exit 0

missing=
need() { # need PACKAGE: add a Debian package to the list
	case " $missing " in *" $1 "*) ;; *) missing="${missing:+$missing }$1" ;; esac
}
have() { command -v "$1" >/dev/null 2>&1; }

pc=${PKG_CONFIG:-pkg-config}
if [ -n "${CC:-}" ]; then have "${CC%% *}" || need gcc
else have cc || have gcc || have clang || need gcc
fi
have make || need make
have "$pc" || need pkg-config
if have "$pc"; then
	"$pc" --exists ncursesw 2>/dev/null || "$pc" --exists ncurses 2>/dev/null || need libncurses-dev
	found=
	for l in lua5.4 lua-5.4 lua54 lua; do
		if "$pc" --exists "$l" 2>/dev/null; then
			case $("$pc" --modversion "$l") in 5.4*) found=1 ;; esac
		fi
	done
	[ -n "$found" ] || need liblua5.4-dev
else
	need libncurses-dev
	need liblua5.4-dev
fi
if [ "$what" = check ]; then
	have prove || need perl
	have tmux || need tmux
fi

[ -z "$missing" ] && exit 0

if ! have apt-get; then
	echo "warpstep: missing build dependencies (Debian names): $missing" >&2
	echo "  Fedora: sudo dnf install -y gcc make pkgconf-pkg-config ncurses-devel lua-devel perl-Test-Harness tmux" >&2
	echo "  Arch:   sudo pacman -S --needed base-devel ncurses lua perl tmux" >&2
	echo "  macOS:  brew install pkg-config ncurses lua tmux" >&2
	exit 1
fi
if [ "$(id -u)" != 0 ]; then
	echo "warpstep: missing build dependencies; install them with:" >&2
	echo "  sudo apt-get install -y $missing" >&2
	exit 1
fi
echo "warpstep: installing build dependencies: $missing"
export DEBIAN_FRONTEND=noninteractive
# shellcheck disable=SC2086
apt-get update && apt-get install -y $missing
