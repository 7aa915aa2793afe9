#!/bin/sh
# install.t - an installed warpstep still teaches: `make install` into a
# temporary DESTDIR puts the lessons, scenarios and examples under the data
# directory, and the installed binary finds them from any working directory,
# also after the whole tree is moved elsewhere, and through WARPSTEP_DATA.
. tests/tap.sh

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-install.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
repo=$(pwd)
unset WARPSTEP_DATA WARPSTEP_LESSONS
export XDG_STATE_HOME="$tmp/state"

make --no-print-directory install DESTDIR="$tmp/root" prefix=/usr/local >"$tmp/make.out" 2>&1
tap_result $? "make install DESTDIR=... succeeds"
tap_diag <"$tmp/make.out"
share="$tmp/root/usr/local/share/warpstep"
bin="$tmp/root/usr/local/bin/warpstep"

[ "$(ls "$share"/lessons/*.lua | wc -l)" -eq "$(ls lessons/*.lua | wc -l)" ]
tap_result $? "every lesson is installed"
[ "$(ls "$share"/scenarios/*.lua | wc -l)" -eq "$(ls scripts/scenarios/*.lua | wc -l)" ] &&
	[ "$(ls "$share"/puzzles/*.lua | wc -l)" -eq "$(ls puzzles/*.lua | wc -l)" ] &&
	[ "$(ls "$share"/examples/*.cu | wc -l)" -eq "$(ls examples/*.cu | wc -l)" ]
tap_result $? "every scenario, puzzle and example is installed"

mkdir -p "$tmp/elsewhere"
cd "$tmp/elsewhere" || exit 1
"$bin" </dev/null >"$tmp/list.out" 2>&1
grep -q "01-threads" "$tmp/list.out" && ! grep -q "no lessons" "$tmp/list.out"
tap_result $? "the installed binary lists the lessons from another directory"
tap_diag <"$tmp/list.out"

"$bin" lesson 01-threads --answers "$repo/tests/lua/lessons/01-threads.answers" --fresh \
	>"$tmp/play.out" 2>"$tmp/play.err" </dev/null
st=$?
[ $st -eq 0 ] && cmp -s "$tmp/play.out" "$repo/tests/lua/lessons/01-threads.transcript"
tap_result $? "the installed binary plays a lesson named without a path"
diff "$repo/tests/lua/lessons/01-threads.transcript" "$tmp/play.out" | tap_diag
tap_diag <"$tmp/play.err"

mv "$tmp/root/usr/local" "$tmp/moved"
"$tmp/moved/bin/warpstep" </dev/null >"$tmp/list2.out" 2>&1
grep -q "01-threads" "$tmp/list2.out" && grep -q "$tmp/moved" "$tmp/list2.out"
tap_result $? "a moved installation finds its own data directory"
tap_diag <"$tmp/list2.out"

WARPSTEP_DATA="$tmp/nothing" "$tmp/moved/bin/warpstep" </dev/null >"$tmp/list3.out" 2>&1
grep -q "$tmp/nothing/lessons" "$tmp/list3.out" && ! grep -q "01-threads" "$tmp/list3.out"
tap_result $? "WARPSTEP_DATA chooses the data directory"
tap_diag <"$tmp/list3.out"

"$tmp/moved/bin/warpstep" lesson no-such-lesson --answers /dev/null >"$tmp/bad.out" 2>&1 </dev/null
st=$?
[ $st -ne 0 ] && grep -q "cannot open 'no-such-lesson'" "$tmp/bad.out"
tap_result $? "an unknown lesson name is a clear error"
tap_diag <"$tmp/bad.out"
tap_done
