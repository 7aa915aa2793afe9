#!/bin/sh
# e2e_stress.t - `warpstep debug` under stress in tmux: TERM values ncurses
# does not know, NO_COLOR, 8/16/256 colors and monochrome, resizing in the
# middle of a long continue, a program that does not compile (diagnostics,
# then :reload after the fix), a deadlock and --max-steps (the finding is
# shown, nothing hangs), --record and :export svg on the real engine.
# Skips when tmux is missing.
. tests/tap.sh
. tests/tui/e2e_lib.sh

e2e_init e2e-stress "interface stress end to end"

# start NAME W H ENV COMMAND...: warpstep in a session, stderr kept in $tmp/NAME.err
start() {
	_n=$1 _w=$2 _h=$3 _e=$4
	shift 4
	e2e_session "$_n" "$_w" "$_h" "env $_e $bin $* 2>$tmp/$_n.err"
}

quit() { keys "$1" q y; waitfor "$1" "EXITED 0"; }
quit() { keys "$1" q y; waitfor "$1" "EXITED 0"; }

# --- terminals: unknown TERM, 8/16/256 colors, monochrome, NO_COLOR
for t in nosuchterm-xyz xterm xterm-16color xterm-256color vt100; do
	n=t$(echo "$t" | tr -cd 'a-z0-9' | cut -c1-12)
	start "$n" 80 24 "TERM=$t" debug tests/tui/cu/diverge.cu
	waitfor "$n" "before main()" && keys "$n" s s s && waitfor "$n" "k<<<1,64>>>" && quit "$n"
	tap_result $? "TERM=$t: opens, steps into the kernel, quits with 0"
done
grep -q "unknown to ncurses" "$tmp/tnosuchtermxy.err"
tap_result $? "an unknown TERM says which terminal type it used instead"

start col 80 24 "TERM=xterm-256color" debug tests/tui/cu/diverge.cu
waitfor col "before main()"
tm capture-pane -e -p -t col | grep -q "$(printf '\033')\[[0-9;]*3[0-7]m\|$(printf '\033')\[[0-9;]*38;5"
tap_result $? "with colors: the screen has colored cells"
quit col >/dev/null
start noc 80 24 "TERM=xterm-256color NO_COLOR=1" debug tests/tui/cu/diverge.cu
waitfor noc "before main()"
! tm capture-pane -e -p -t noc | grep -q "$(printf '\033')\[[0-9;]*3[0-7]m\|$(printf '\033')\[[0-9;]*38;5"
tap_result $? "NO_COLOR=1: no colored cell anywhere"
tm capture-pane -e -p -t noc | grep -q "$(printf '\033')\[[0-9;]*7m"
tap_result $? "NO_COLOR=1: reverse video marks the status line and focus instead"
quit noc
tap_result $? "NO_COLOR session quits with 0"

# --- resize in the middle of a long continue
start spin 80 24 "TERM=xterm-256color" debug tests/tui/cu/spin.cu
waitfor spin "before main()"
keys spin c
waitfor spin "running..." 100
tap_result $? "a long continue is running"
for sz in "60 16" "300 100" "120 40" "61 17" "100 30"; do
	set -- $sz
	tm resize-window -t spin -x "$1" -y "$2"
	sleep 0.3
done
screen spin | grep -q "running..."
tap_result $? "resized five times while running: still running, progress shown"
keys spin C-c
waitfor spin "interrupted (Ctrl-C)"
tap_result $? "Ctrl-C stops it after the resizes"
[ "$(screen spin | head -1 | wc -c)" -ge 90 ] && screen spin | grep -q "Source"
tap_result $? "the screen is drawn at the new size (100x30)"
quit spin
tap_result $? "then q quits with 0"

# --- a program that does not compile: diagnostics, then :reload
printf '#include <cstdio>\nint main(void)\n{\n\tint x = y;\n\treturn 0;\n}\n' > "$tmp/bad.cu"
start bad 100 30 "TERM=xterm-256color" debug "$tmp/bad.cu"
waitfor bad "error:"
tap_result $? "a compile error opens the interface with the diagnostics"
waitfor bad "fix it, then :reload"
tap_result $? "it says what to do"
keys bad s
waitfor bad "does not compile"
tap_result $? "step is refused with the reason"
printf '#include <cstdio>\nint main(void)\n{\n\tint x = 41;\n\tprintf("fixed %%d\\n", x + 1);\n\treturn 0;\n}\n' > "$tmp/bad.cu"
keys bad : reload Enter
waitfor bad "compiled; stopped before main()"
tap_result $? ":reload after the fix compiles it"
keys bad c
waitfor bad "fixed 42"
tap_result $? "and it runs"
quit bad
tap_result $? "quits with 0"
printf 'int main(void) { return y; }\n' > "$tmp/bad2.cu"
"$bin" debug "$tmp/bad2.cu" </dev/null >/dev/null 2>"$tmp/bad2.err"
[ $? -eq 2 ] && grep -q "error:" "$tmp/bad2.err"
tap_result $? "without a terminal a compile error still exits 2 with the diagnostics"

# --- a deadlock and --max-steps: the finding shows, nothing hangs
start dl 120 40 "TERM=xterm-256color" debug tests/tui/cu/deadlock.cu
waitfor dl "before main()"
keys dl c
waitfor dl "deadlock" 150
tap_result $? "a deadlocked kernel: continue stops and shows the deadlock finding"
keys dl c
waitfor dl "exited with status" 150
tap_result $? "continuing after it ends the program (no hang)"
quit dl
tap_result $? "quits with 0"
start ms 100 30 "TERM=xterm-256color" --max-steps 200000 debug tests/tui/cu/spin.cu
waitfor ms "before main()"
keys ms c
waitfor ms "step-limit" 150
tap_result $? "--max-steps: continue stops at the step-limit finding"
quit ms
tap_result $? "quits with 0"

# --- --record and :export svg on the real engine
start rec 100 30 "TERM=xterm-256color" --record "$tmp/d.cast" debug tests/tui/cu/diverge.cu
waitfor rec "before main()"
keys rec s s s
waitfor rec "k<<<1,64>>>"
keys rec : "export svg $tmp/shot.svg" Enter
waitfor rec "wrote $tmp/shot.svg"
tap_result $? ":export svg FILE says where it wrote"
quit rec >/dev/null
head -c 200 "$tmp/shot.svg" | grep -q "<svg" && grep -q "Source" "$tmp/shot.svg" && grep -q "diverge.cu" "$tmp/shot.svg"
tap_result $? "the SVG holds the screen (the source pane, the file name)"
grep -q 'width="900"' "$tmp/shot.svg"
tap_result $? "at the terminal's size (100 columns of 9 px)"
start rec2 100 30 "TERM=xterm-256color" debug tests/tui/cu/diverge.cu
waitfor rec2 "before main()"
keys rec2 s s s
waitfor rec2 "k<<<1,64>>>"
keys rec2 : "export svg warps $tmp/warps.svg" Enter
waitfor rec2 "wrote $tmp/warps.svg"
keys rec2 : "export svg nosuch $tmp/x.svg" Enter
waitfor rec2 "no pane named 'nosuch'"
tap_result $? ":export svg with an unknown pane name says which names there are"
quit rec2 >/dev/null
grep -q "Warps" "$tmp/warps.svg" && ! grep -q "Source" "$tmp/warps.svg" && ! grep -q "Console" "$tmp/warps.svg"
tap_result $? ":export svg warps FILE: that pane alone"
head -1 "$tmp/d.cast" | grep -q '"version": 2' && head -1 "$tmp/d.cast" | grep -q '"width": 100'
tap_result $? "--record: an asciicast v2 header with the terminal's size"
grep -q 'k<<<1,64>>>' "$tmp/d.cast"
tap_result $? "the recording has the frames of the steps into the kernel"
tap_done
