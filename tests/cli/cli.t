#!/bin/sh
# cli.t - the command line: help, version, option errors, exit statuses, the
# compile-error format, and stdout/stderr/status passing through.
. tests/tap.sh

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-cli.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

# ws ARGS...: run warpstep; stdout in $tmp/out, stderr in $tmp/err, status in $st
ws() {
	"$WARPSTEP" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	st=$?
}
has() { grep -q -e "$2" "$tmp/$1"; }
show() { { echo "status $st; stdout:"; cat "$tmp/out"; echo "stderr:"; cat "$tmp/err"; } | tap_diag; }
expect() { # expect COND DESC
	eval "$1"
	r=$?
	[ "$r" -eq 0 ] || show
	tap_result "$r" "$2"
}

printf 'int main(void) { return 0; }\n' >"$tmp/zero.cu"

# --- help and version
ws --version
expect '[ $st -eq 0 ] && [ "$(cat $tmp/out)" = "warpstep 0.1.0" ]' "--version prints 'warpstep 0.1.0'"
ws -V
expect '[ $st -eq 0 ] && has out "^warpstep 0\.1\.0$"' "-V is --version"
ws --help
expect '[ $st -eq 0 ] && has out "^usage: warpstep" && has out "--simt" && has out "--sched" && has out "  run PROG.cu" && has out "  check PROG.cu"' \
	"--help shows usage, commands and options on stdout"
ws -h
expect '[ $st -eq 0 ] && has out "^usage: warpstep"' "-h is --help"
ws help
expect '[ $st -eq 0 ] && has out "^usage: warpstep"' "help command"
ws run --help
expect '[ $st -eq 0 ] && has out "^usage: warpstep"' "--help after the command"

# --- usage errors: exit 2, a message and the usage line on stderr
usage_err() { # usage_err DESC PATTERN ARGS...
	d=$1 p=$2
	shift 2
	ws "$@"
	expect '[ $st -eq 2 ] && has err "$p" && has err "^usage: warpstep" && [ ! -s $tmp/out ]' "$d"
}
usage_err "unknown option" "unknown option '--frobnicate'" --frobnicate
usage_err "unknown short option" "unknown option '-q'" -q run x.cu
usage_err "unknown command" "unknown command 'frob'" frob
usage_err "bad --simt value" "bad --simt 'warp'" --simt warp run x.cu
usage_err "bad --simt= value" "bad --simt 'x'" --simt=x run x.cu
usage_err "bad --sched value" "bad --sched 'fifo'" --sched fifo run x.cu
usage_err "bad --sched seed" "bad --sched 'random:abc'" --sched random:abc run x.cu
usage_err "bad --max-steps" "bad --max-steps '-5'" --max-steps -5 run x.cu
usage_err "bad --cuda-arch" "bad --cuda-arch 'sm90'" --cuda-arch sm90 run x.cu
usage_err "option without its value" "needs a value" run --simt
usage_err "-I without its value" "needs a value" -I
ws run
expect '[ $st -eq 2 ] && has err "missing program file" && has err "usage: warpstep run"' "run without a program: exit 2"
ws run "$tmp/does-not-exist.cu"
expect '[ $st -eq 2 ] && has err "cannot open .*does-not-exist.cu.*No such file"' "missing file: exit 2 and the reason"
ws dump-ir "$tmp/does-not-exist.cu"
expect '[ $st -eq 2 ] && has err "cannot open"' "dump of a missing file: exit 2"

# --- options that are accepted
ws --simt its --sched random:42 --fast --max-steps 1000000 --cuda-arch 800 -I "$tmp" -I"$tmp" -DX -D Y=2 --sched=rr --simt=stack run "$tmp/zero.cu"
expect '[ $st -eq 0 ]' "every option accepted before the command"
ws run --simt its --sched random:1 "$tmp/zero.cu"
expect '[ $st -eq 0 ]' "options accepted after the command"

# --- compile errors: file:line:col: error:, exit 2, nothing on stdout
printf 'int main(void)\n{\n\treturn 0 +;\n}\n' >"$tmp/bad.cu"
ws run "$tmp/bad.cu"
expect '[ $st -eq 2 ] && has err "^$tmp/bad.cu:3:[0-9]*: error: " && [ ! -s $tmp/out ]' \
	"compile error: exit 2 and 'file:line:col: error:' on stderr"
expect '[ $st -eq 2 ] && has err "^ *3 | " && has err "\\^"' "compile error shows the line and a caret"
printf '__global__ int k(void) { return 1; }\nint main(void) { return 0; }\n' >"$tmp/rule.cu"
ws run "$tmp/rule.cu"
expect '[ $st -eq 2 ] && has err "^$tmp/rule.cu:1:[0-9]*: error: .*void"' \
	"a broken CUDA rule is a compile error naming the rule"
ws check "$tmp/bad.cu"
expect '[ $st -eq 2 ] && has err "error: "' "check: compile error exits 2"

# --- the program's stdout, stderr, exit status and argv pass through
cat >"$tmp/io.cu" <<'PROG'
#include <cstdio>
int main(int argc, char **argv)
{
	printf("out %d", argc);
	for (int i = 1; i < argc; i++)
		printf(" [%s]", argv[i]);
	printf("\n");
	fprintf(stderr, "err line\n");
	return 3;
}
PROG
ws run "$tmp/io.cu" a "b c" --simt
expect '[ $st -eq 3 ]' "exit status of main passes through"
expect '[ "$(cat $tmp/out)" = "out 4 [a] [b c] [--simt]" ]' \
	"stdout and argv pass through (options after the program are its own)"
expect '[ "$(cat $tmp/err)" = "err line" ]' "stderr passes through"
printf '#include <cstdlib>\nint main(void) { exit(7); }\n' >"$tmp/exit.cu"
ws run "$tmp/exit.cu"
expect '[ $st -eq 7 ]' "exit() status passes through"

# --- the bundled example, by name and as the default
printf '%s\n' "launching 64 threads" "hello from warp 0 (thread 0)" \
	"hello from warp 1 (thread 32)" "sum of squares 0..63 = 85344" >"$tmp/hello.expected"
ws run examples/hello.cu
expect '[ $st -eq 0 ] && cmp -s $tmp/out $tmp/hello.expected' "run examples/hello.cu"
ws
expect '[ $st -eq 0 ] && grep -q "01-threads.lua" $tmp/out && grep -q "warpstep lesson FILE.lua --answers FILE" $tmp/out' \
	"no command, no terminal: lists the lessons and how to start one, exit 0"
ws lessons/01-threads.lua
expect '[ $st -eq 2 ] && grep -q "needs a terminal" $tmp/err' \
	"a lesson file without a terminal: a usage error that names --answers"
ws --simt its --sched random:7 run examples/hello.cu
# The two warps' printf lines may come in either order under a random
# schedule, as on a GPU: compare the lines as a set.
expect '[ $st -eq 0 ] && [ "$(sort $tmp/out)" = "$(sort $tmp/hello.expected)" ]' "the example under --simt its --sched random:7"
ws check examples/hello.cu
expect '[ $st -eq 0 ] && cmp -s $tmp/out $tmp/hello.expected' "check on a correct program: exit 0"
# histogram.cu: two blocks share the 256 values (a grid-stride loop), so
# every value is counted once: (i * 7) % 13 % 8 for i in 0..255.
printf '%s\n' "bin 0: 40" "bin 1: 40" "bin 2: 40" "bin 3: 39" "bin 4: 39" "bin 5: 19" \
	"bin 6: 19" "bin 7: 20" "total 256 of 256 values" >"$tmp/hist.expected"
ws check examples/histogram.cu
expect '[ $st -eq 0 ] && cmp -s $tmp/out $tmp/hist.expected' "examples/histogram.cu counts each of its 256 values once"

# --- dumps for the golden tests
for d in dump-pp dump-pp-device dump-ast dump-ir; do
	ws $d "$tmp/zero.cu"
	expect '[ $st -eq 0 ] && [ -s $tmp/out ]' "$d prints its stage"
done
ws dump-diags "$tmp/bad.cu"
expect '[ $st -eq 2 ] && has out "bad.cu:3:[0-9]*: error: "' "dump-diags prints diagnostics on stdout, exit 2"
# argv[0]: ./NAME, as if built with `nvcc -o NAME NAME.cu` (NVIDIA's samples print it)
printf '#include <cstdio>\nint main(int argc, char **argv) { printf("[%%s] - Starting...\\n", argv[0]); return 0; }\n' >"$tmp/asyncAPI.cu"
ws run "$tmp/asyncAPI.cu"
expect '[ $st -eq 0 ] && [ "$(cat $tmp/out)" = "[./asyncAPI] - Starting..." ]' "argv[0] is ./NAME for NAME.cu, wherever it lies"
tap_done
