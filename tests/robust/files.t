#!/bin/sh
# files.t - what warpstep reads and writes, against hostile files: corrupt
# progress files, planted symbolic links and temporary names, outputs that
# are inputs or cannot be written, includes of devices, FIFOs, directories
# and huge files. Nothing crashes, hangs, follows a link or loses a file.
. tests/tap.sh
T=$(mktemp -d "${TMPDIR:-/tmp}/ws-files.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
W=$WARPSTEP
case $W in /*) ;; *) W=$PWD/$W ;; esac
L=$PWD/tests/lua
export XDG_STATE_HOME="$T/state"

# ok COND DESC: a test from a shell condition; on failure show out and err
ok() {
	eval "$1"
	_st=$?
	grep -q "Sanitizer\|runtime error" "$T/err" 2>/dev/null && _st=1
	tap_result $_st "$2"
	[ $_st -eq 0 ] || { echo "status $st"; head -c 1500 "$T/out"; head -c 1500 "$T/err"; } | tap_diag
}
# run CMD...: under a 30 s timeout; status in $st, output in $T/out, $T/err
run() {
	timeout 30 "$@" >"$T/out" 2>"$T/err"
	st=$?
}
# play: the sample lesson with the good answers, from its folder
play() {
	run sh -c 'cd "$1" && exec "$2" lesson sample_lesson.lua --answers sample_good.answers' sh "$L" "$W"
}
prog() { ls "$XDG_STATE_HOME"/warpstep/progress/sample_lesson-*.progress 2>/dev/null | head -1; }

# --- corrupt progress files: one warning, a fresh start, the file kept aside
printf 'answer: 32\nanswer: 6\n' >"$T/part1"
(cd "$L" && "$W" lesson sample_lesson.lua --answers "$T/part1" >/dev/null 2>&1)
P=$(prog)
[ -f "$P" ] || echo "# no progress file" | tap_diag
HASH=$(sed -n 's/^hash //p' "$P")
good() { printf 'warpstep-progress 1\nlesson x\nhash %s\nsteps 1\ndone 0\n' "$HASH"; }
n=0
corrupt() { # DESC: $T/c is the file's content
	n=$((n + 1))
	cp "$T/c" "$P"
	cp "$P" "$T/before"
	rm -f "$P.corrupt"
	play
	ok '[ $st -eq 0 ] && cmp -s "$L/sample_good.transcript" "$T/out" &&
		[ "$(grep -c "warning: ignoring the progress" "$T/err")" -eq 1 ] &&
		cmp -s "$T/before" "$P.corrupt" && grep -q "^done 1" "$P"' \
		"corrupt progress ($1): one warning, fresh start, kept as .corrupt"
	cp "$T/before" "$P"
	run env WARPSTEP_LESSONS="$L" "$W"
	ok '[ $st -eq 0 ] && grep -q "sample_lesson.lua" "$T/out"' "the lesson list survives it too ($1)"
}
{ good; printf 'inputs 1\nanswer -1\n32\nend\n'; } >"$T/c"; corrupt "a record length of -1"
{ good; printf 'inputs 1\nanswer 18446744073709551615\n32\nend\n'; } >"$T/c"; corrupt "a record length of 2^64-1"
{ good; printf 'inputs 1\nanswer 99999999999999999999999\n32\nend\n'; } >"$T/c"; corrupt "a record length past 2^64"
{ good; printf 'inputs 1\nanswer 4000000\n32\nend\n'; } >"$T/c"; corrupt "a record longer than the file"
{ good; printf 'inputs 99999999999\nanswer 2\n32\nend\n'; } >"$T/c"; corrupt "a huge record count"
{ good; printf 'inputs 2\nanswer 2\n32\n'; } >"$T/c"; corrupt "truncated in the records"
{ good; printf 'inputs 1\nanswer 2\n3'; } >"$T/c"; corrupt "truncated in a text"
{ good; printf 'inputs 1\nanswer 3\n3\0002\nend\n'; } >"$T/c"; corrupt "a NUL byte in a text"
{ printf 'warpstep-progress 1\nlesson x\nhash %s\nsteps -5\ndone 0\ninputs 0\nend\n' "$HASH"; } >"$T/c"
corrupt "negative steps"
{ printf 'warpstep-progress 1\nlesson x\nhash %s\nsteps 99999999999999\ndone 0\ninputs 0\nend\n' "$HASH"; } >"$T/c"
corrupt "steps past INT_MAX"
{ printf 'warpstep-progress 1\n'; head -c 3000 /dev/urandom; } >"$T/c"; corrupt "binary garbage after the magic"
head -c 3000 /dev/urandom >"$T/c"; corrupt "binary garbage"

# Random damage (bytes flipped, cut, repeated) never crashes the parser:
# the lesson list reads every progress file (exit 0, no sanitizer report).
printf 'answer: 32\nanswer: 6\nstate: line=12\n' >"$T/part3"
(cd "$L" && "$W" lesson sample_lesson.lua --answers "$T/part3" >/dev/null 2>&1)
cp "$P" "$T/valid"
bad=0
for seed in $(seq 1 40); do
	python3 - "$T/valid" "$P" "$seed" <<'PY'
import random, sys
data = bytearray(open(sys.argv[1], 'rb').read())
r = random.Random(int(sys.argv[3]))
for _ in range(r.randint(1, 4)):
    op = r.randrange(4)
    i = r.randrange(len(data)) if data else 0
    if op == 0 and data:
        data[i] = r.randrange(256)
    elif op == 1:
        data = data[:i]
    elif op == 2:
        data[i:i] = data[i:i + r.randint(1, 40)]
    else:
        data[i:i] = r.choice([b'-1', b'18446744073709551616', b'\0', b'\n', b' ', b'9' * 25])
open(sys.argv[2], 'wb').write(bytes(data))
PY
	timeout 30 env WARPSTEP_LESSONS="$L" "$W" >/dev/null 2>"$T/err" || bad=$((bad + 1))
	grep -q "Sanitizer\|runtime error" "$T/err" && bad=$((bad + 1))
done
[ $bad -eq 0 ]
tap_result $? "40 randomly damaged progress files: the lesson list never fails ($bad failures)"
rm -f "$P" "$P.corrupt"

# A progress file that cannot be read is not replaced: a warning, no save.
rm -f "$P" "$P.corrupt"
mkfifo "$P"
play
ok '[ $st -eq 0 ] && grep -q "cannot read the lesson progress.*not saved" "$T/err" && [ -p "$P" ] &&
	! ls "$P".*tmp >/dev/null 2>&1' "a FIFO as progress file: no hang, warning, left alone"
rm -f "$P"
if [ "$(id -u)" -ne 0 ]; then
	printf 'precious\n' >"$P"
	chmod 000 "$P"
	play
	chmod 600 "$P"
	ok '[ $st -eq 0 ] && grep -q "cannot read the lesson progress.*Permission denied" "$T/err" &&
		[ "$(cat "$P")" = precious ]' "an unreadable progress file (EACCES) is not replaced"
	rm -f "$P"
else
	tap_skip "an unreadable progress file (EACCES) is not replaced" "root reads any file"
fi

# --- planted links and names
printf 'precious\n' >"$T/victim"
rm -f "$P"
# the first temporary name is PATH.<pid>.tmp: plant a link there (and at
# PATH.tmp, the name once used), then exec
run sh -c 'ln -s "$1" "$2.$$.tmp"; ln -s "$1" "$2.tmp"; cd "$3" && exec "$4" lesson sample_lesson.lua --answers sample_good.answers' \
	sh "$T/victim" "$P" "$L" "$W"
ok '[ $st -eq 0 ] && [ "$(cat "$T/victim")" = precious ] && grep -q "^done 1" "$P" && ! grep -q warning "$T/err"' \
	"a link planted at the progress temporary name is not followed (another name is used)"
rm -f "$P".*tmp
ln -sf "$T/victim" "$P"
play
ok '[ $st -eq 0 ] && [ "$(cat "$T/victim")" = precious ] && [ -L "$P" ] && [ ! -e "$P.corrupt" ] &&
	grep -q "cannot read the lesson progress.*symbolic link.*not saved" "$T/err"' \
	"a progress file that is a link is neither read nor written through"
rm -f "$P"

cat >"$T/prog.cu" <<'CU'
#include <cstdio>
__global__ void k(int *o) { o[threadIdx.x] = 1; }
int main()
{
	int *d;
	cudaMalloc(&d, 4);
	k<<<1, 2>>>(d); // out of bounds: a finding for the report
	cudaDeviceSynchronize();
	printf("done\n");
	return 0;
}
CU
cp "$T/prog.cu" "$T/prog.orig"
run sh -c 'ln -s "$1" "$2.$$.tmp"; exec "$3" check --report "$2" "$4"' sh "$T/victim" "$T/r.json" "$W" "$T/prog.cu"
ok '[ $st -eq 1 ] && [ "$(cat "$T/victim")" = precious ] && grep -q "oob" "$T/r.json"' \
	"--report: a link planted at the temporary name is not followed"
printf 'planted\n' >"$T/r2.json.tmp.keep"
run sh -c 'cp "$1" "$2.$$.tmp"; exec "$3" check --report "$2" "$4"' sh "$T/r2.json.tmp.keep" "$T/r2.json" "$W" "$T/prog.cu"
ok '[ $st -eq 1 ] && grep -q "oob" "$T/r2.json" && [ "$(cat "$T/r2.json".*.tmp)" = planted ]' \
	"--report: a file already at the temporary name (O_EXCL) is neither used nor removed"
ln -s "$T/victim" "$T/link.json"
run "$W" check --report "$T/link.json" "$T/prog.cu"
ok '[ $st -eq 2 ] && grep -q "symbolic link" "$T/err" && [ "$(cat "$T/victim")" = precious ] && [ -L "$T/link.json" ]' \
	"--report to a symbolic link: refused, exit 2, its target untouched"

# --- an output that is an input
for out in prog.cu hard.cu soft.cu ./../$(basename "$T")/prog.cu; do
	[ -e "$T/hard.cu" ] || ln "$T/prog.cu" "$T/hard.cu"
	[ -e "$T/soft.cu" ] || ln -s "$T/prog.cu" "$T/soft.cu"
	run sh -c 'cd "$1" && exec "$2" run --report "$3" prog.cu' sh "$T" "$W" "$out"
	ok '[ $st -eq 2 ] && grep -q "refusing to write over it" "$T/err" && cmp -s "$T/prog.cu" "$T/prog.orig" &&
		! grep -q done "$T/out"' "--report $out prog.cu: refused before running, exit 2, the source intact"
done
run "$W" --record "$T/hard.cu" debug "$T/prog.cu"
ok '[ $st -eq 2 ] && grep -q "refusing to write over it" "$T/err" && cmp -s "$T/prog.cu" "$T/prog.orig"' \
	"--record over the program (a hard link): refused, exit 2"

# --- outputs that cannot be written: an error and a non-zero status
mkdir "$T/adir"
for out in "$T/adir" "$T/missing/r.json" "$T/prog.cu/r.json"; do
	run "$W" run --report "$out" "$T/prog.cu"
	ok '[ $st -eq 2 ] && grep -q "cannot write" "$T/err" && ! grep -q done "$T/out"' \
		"--report $(echo "$out" | sed "s|$T|T|"): an error, exit 2"
	run "$W" --record "$out" debug "$T/prog.cu"
	ok '[ $st -eq 2 ] && grep -q "record: cannot write" "$T/err"' \
		"--record $(echo "$out" | sed "s|$T|T|"): an error, exit 2"
done
if [ "$(id -u)" -ne 0 ]; then
	mkdir "$T/ro" && chmod 555 "$T/ro"
	run "$W" run --report "$T/ro/r.json" "$T/prog.cu"
	ok '[ $st -eq 2 ] && grep -q "Permission denied" "$T/err"' "--report into an unwritable folder: exit 2"
	run "$W" --record "$T/ro/r.cast" debug "$T/prog.cu"
	ok '[ $st -eq 2 ] && grep -q "Permission denied" "$T/err"' "--record into an unwritable folder: exit 2"
else
	tap_skip "--report into an unwritable folder: exit 2" "root writes anywhere"
	tap_skip "--record into an unwritable folder: exit 2" "root writes anywhere"
fi
if [ -w /dev/full ]; then
	timeout 30 "$W" run "$T/prog.cu" >/dev/full 2>"$T/err"
	st=$?
	ok '[ $st -eq 2 ] && grep -q "cannot write to standard output" "$T/err"' \
		"standard output on a full disk: an error, exit 2"
	timeout 30 "$W" check --report - "$T/prog.cu" >/dev/full 2>"$T/err"
	st=$?
	ok '[ $st -ne 0 ] && grep -q "cannot write to standard output" "$T/err"' \
		"--report - on a full disk: an error, non-zero exit"
else
	tap_skip "standard output on a full disk: an error, exit 2" "no /dev/full"
	tap_skip "--report - on a full disk: an error, non-zero exit" "no /dev/full"
fi
run "$W" run --report "$T/r3.json" "$T/prog.cu"
ok '[ $st -eq 0 ] && grep -q "\"kind\"" "$T/r3.json" && ! ls "$T"/r3.json.*tmp >/dev/null 2>&1' \
	"--report to a fresh file works and leaves no temporary file"

# --- reading: only regular files, 16 MiB each, 64 MiB in all
mkfifo "$T/fifo.h" "$T/pipe.cu"
mkdir "$T/dir.h"
head -c $((17 << 20)) /dev/zero | tr '\0' ' ' >"$T/big.h"
python3 -c "
line = b'/* ' + b'x' * 60 + b' */\n'
for i in range(1, 6):
    open('$T/h%d.h' % i, 'wb').write(line * (15 * 1024 * 1024 // len(line)))
"
include() { # NAME INCLUDE WANT_STDERR
	inc=$1 want=$3
	printf '#include "%s"\nint main() { return 0; }\n' "$2" >"$T/$1.cu"
	for c in run check explore; do
		run "$W" $c "$T/$1.cu"
		ok '[ $st -eq 2 ] && grep -q "$inc.cu:1:10: error: cannot read .*$want" "$T/err"' \
			"$c: #include of $1: \"$3\" at the #include line, exit 2"
	done
}
include devzero /dev/zero "not a regular file"
include fifo fifo.h "not a regular file"
include dir dir.h "Is a directory"
include big big.h "larger than the 16 MiB limit"
printf '#include "h1.h"\n#include "h2.h"\n#include "h3.h"\n#include "h4.h"\n#include "h5.h"\nint main() { return 0; }\n' >"$T/total.cu"
run "$W" run "$T/total.cu"
ok '[ $st -eq 2 ] && grep -q "total.cu:5:10: error: .*exceed 64 MiB in all" "$T/err"' \
	"five 15 MiB includes: the fifth exceeds the 64 MiB total"
for f in "$T/pipe.cu" /dev/zero; do
	run "$W" run "$f"
	ok '[ $st -eq 2 ] && grep -q "not a regular file" "$T/err"' "run $(basename $f): not a regular file, exit 2"
done
printf 'print(ws.compile(%s))\n' "'#include \"/dev/zero\"'" >"$T/z.lua"
run "$W" script --allow-read / "$T/z.lua"
ok '[ $st -eq 0 ] && grep -q "compilation failed" "$T/out"' \
	"ws.compile of an #include of /dev/zero (allowed folder): an error, no growth"
tap_done
