# e2e_lib.sh - the tmux harness of the interface end-to-end tests
# (tests/tui/e2e*.t). Source it after tests/tap.sh, then call e2e_init.
#
#   e2e_init TAG TITLE      skip the whole file (TITLE) when tmux is missing,
#                           fail when $WARPSTEP is missing; then sets $bin (the
#                           absolute binary), $tmp (a scratch folder) and a
#                           private tmux server named after TAG, both removed
#                           at exit
#   tm ARGS...              tmux on that private server
#   e2e_session NAME W H CMD  a detached W x H session running the shell
#                           command CMD, then "EXITED <status>" on its screen
#   screen NAME             the session's screen as text
#   waitfor NAME TEXT [TENTHS]  poll the screen for TEXT (default 5 seconds);
#                           on timeout show the screen as TAP comments, fail
#   waitgone NAME TEXT      poll until TEXT has left the screen (5 seconds)
#   keys NAME KEYS...       send-keys to the session
# Each test file defines its own start() on top of e2e_session: what it runs
# and in which environment differ from file to file.

e2e_init() {
	if ! command -v tmux >/dev/null 2>&1; then
		tap_skip "$2" "tmux is not installed"
		tap_done
	fi
	if [ ! -x "$WARPSTEP" ]; then
		tap_result 1 "warpstep binary ($WARPSTEP) exists"
		tap_done
	fi
	bin=$(cd "$(dirname "$WARPSTEP")" && pwd)/$(basename "$WARPSTEP")
	sock=ws-$1-$$
	tmp=$(mktemp -d)
	trap 'tm kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
	export LANG=C.UTF-8 LC_ALL=C.UTF-8
}

tm() { tmux -L "$sock" "$@"; }

e2e_session() {
	tm new-session -d -s "$1" -x "$2" -y "$3" \
		"$4; echo EXITED \$?; sleep 30"
	tm set-option -t "$1" -g status off >/dev/null 2>&1
}

screen() { tm capture-pane -p -t "$1"; }

waitfor() {
	_i=0
	while [ $_i -lt "${3:-50}" ]; do
		screen "$1" | grep -F -q -- "$2" && return 0
		sleep 0.1
		_i=$((_i + 1))
	done
	echo "# waited for '$2'; the screen was:"
	screen "$1" | tap_diag
	return 1
}

waitgone() {
	_i=0
	while [ $_i -lt 50 ]; do
		screen "$1" | grep -F -q -- "$2" || return 0
		sleep 0.1
		_i=$((_i + 1))
	done
	return 1
}

keys() { _n=$1; shift; tm send-keys -t "$_n" "$@"; }
