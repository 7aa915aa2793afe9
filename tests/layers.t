#!/bin/sh
# layers.t - the layering of the engine (DESIGN.md section 2, docs/engine.md),
# checked on the sources:
#   engine/ includes no curses and no Lua headers;
#   <dlfcn.h> only in engine/gpu/*.c (the GPU loader);
#   engine/ never calls exit() and never prints to stdout (printf, puts,
#     putchar: it writes only to a FILE* it was given);
#   each engine folder includes its own headers and, of the folders below
#     it, only their public headers;
#   tui/ and scripts/ include, of the engine, only the session's and the
#     machine's public headers (and util's).
# Every allowed exception is listed below with its reason; an exception that
# no longer occurs is an error too, so the list stays exact. A self-test
# feeds the checker a tree with bad includes and expects it to object.
. tests/tap.sh

# The engine's folders, lowest first. below_F: the folders whose public
# headers a file of F may include; public_F: the headers F offers (every
# other header of F is private to F). The machine does not see the front
# end: it runs IR, whatever produced it. The checkers lie below the machine:
# check.h is the event interface the machine publishes to and the table of
# finding kinds it records; the checkers see the machine only through it.
LAYERS="util ir check front machine gpu explore session"
below_util=""
below_ir="util"
below_check="util ir"
below_front="util ir"
below_machine="util ir check"
below_gpu="util ir"                # beside the machine: PTX and the driver; the session joins them
below_explore="util ir check machine"
below_session="util ir check front machine gpu explore"
public_util="util.h diag.h"       # memory, strings, vectors; source files, spans, diagnostics
public_ir="ir.h builtin.h"        # the IR; the built-in functions front and machine share
public_front="front.h"
public_machine="machine.h"
public_check="check.h findings.def" # events, checkers and finding kinds; the kinds table
public_gpu="gpu.h"
public_explore=""                 # TODO: machine_explore is declared in machine.h
public_session="session.h eval.h"

# What tui/ and scripts/ may include of the engine, everywhere.
APP_PUBLIC="session.h eval.h machine.h util.h diag.h"

# "file header reason": includes allowed against the rules above.
EXCEPTIONS="
engine/explore/explore.c simt.h TODO: exploration lends the decoded functions (m->df) of one execution to the next; the machine should offer that
"

# includes FILE...: print "file:line:name" for each #include
includes() {
	for f; do
		[ -f "$f" ] || continue
		sed -n 's/^[ \t]*#[ \t]*include[ \t]*[<"]\([^>"]*\)[>"].*/\1/p' "$f" |
			sed "s|^|$f:|"
	done
}

# quoted FILE: the names FILE includes with "..."
quoted() {
	sed -n 's/^[ \t]*#[ \t]*include[ \t]*"\([^"]*\)".*/\1/p' "$1"
}

# folder_of ROOT NAME: the engine folder holding header NAME, or nothing
folder_of() {
	for d in $LAYERS; do
		[ -f "$1/engine/$d/$2" ] && { echo "$d"; return; }
	done
}

# violations ROOT: one line per forbidden include under ROOT ("file: why"),
# and "used file header" for each exception that was needed.
violations() {
	root=$1
	for dir in "$root"/engine/*/; do
		d=${dir%/}; d=${d##*/}
		case " $LAYERS " in *" $d "*) ;; *) echo "engine/$d/: not a layer of tests/layers.t"; continue ;; esac
		eval "below=\$below_$d"
		for f in "$root/engine/$d"/*.c "$root/engine/$d"/*.h; do
			[ -f "$f" ] || continue
			rel=${f#"$root"/}
			for inc in $(quoted "$f"); do
				base=${inc##*/}
				h=$(folder_of "$root" "$base")
				[ -z "$h" ] && continue               # own generated file, .def, not the engine's
				[ "$h" = "$d" ] && [ "$inc" = "$base" ] && continue
				eval "pub=\$public_$h"
				case " $below " in *" $h "*)
					case " $pub " in *" $base "*) [ "$inc" = "$base" ] && continue ;; esac ;;
				esac
				if printf '%s\n' "$EXCEPTIONS" | grep -q "^$rel $base "; then
					echo "used $rel $base"
					continue
				fi
				echo "$rel: includes $inc (engine/$h/, not a public header of a folder below $d/)"
			done
		done
	done
	for f in "$root"/tui/*.c "$root"/tui/*.h "$root"/scripts/*.c "$root"/scripts/*.h; do
		[ -f "$f" ] || continue
		rel=${f#"$root"/}
		for inc in $(quoted "$f"); do
			base=${inc##*/}
			h=$(folder_of "$root" "$base")
			[ -z "$h" ] && continue                       # its own headers, scripts/ from tui/
			case " $APP_PUBLIC " in *" $base "*) [ "$inc" = "$base" ] && continue ;; esac
			if printf '%s\n' "$EXCEPTIONS" | grep -q "^$rel $base "; then
				echo "used $rel $base"
				continue
			fi
			echo "$rel: includes $inc (engine/$h/; tui/ and scripts/ see only $APP_PUBLIC)"
		done
		for inc in $(sed -n 's/^[ \t]*#[ \t]*include[ \t]*<\([^>]*\)>.*/\1/p' "$f"); do
			[ -n "$(folder_of "$root" "$inc")" ] && echo "$rel: includes <$inc> from engine/"
		done
	done
}

# 1. no curses/Lua in engine/
bad=$(includes engine/*/*.c engine/*/*.h |
	grep -E ':(n?curses(w)?/)?(n?curses|ncursesw|term|panel|menu|form)\.h$|:(lua|lauxlib|lualib|luaconf)\.h$|:lua\.hpp$')
[ -z "$bad" ] || echo "$bad" | tap_diag
tap_result "$([ -z "$bad" ]; echo $?)" "engine/ includes no curses or Lua headers"

# 2. dlfcn.h only in engine/gpu/*.c
bad=$(includes engine/*/*.c engine/*/*.h tui/*.c tui/*.h scripts/*.c scripts/*.h |
	grep ':dlfcn\.h$' | grep -v '^engine/gpu/[^/:]*\.c:')
[ -z "$bad" ] || echo "$bad" | tap_diag
tap_result "$([ -z "$bad" ]; echo $?)" "dlfcn.h only in engine/gpu/*.c"

# 3. no exit() or stdout printing in engine/ (comments and strings aside:
# lines starting a comment are skipped, and only code before a quote counts)
bad=$(grep -n -E '^[^"/*]*\b(exit|_Exit|printf|puts|putchar|vprintf)[ \t]*\(' \
	engine/*/*.c engine/*/*.h 2>/dev/null | grep -v -E ':[ \t]*(\*|//|/\*)')
[ -z "$bad" ] || echo "$bad" | tap_diag
tap_result "$([ -z "$bad" ]; echo $?)" "engine/ never calls exit() nor prints to stdout"

# 4. the layers, on this tree
out=$(violations .)
bad=$(printf '%s\n' "$out" | grep -v '^used ' | grep -v '^$')
[ -z "$bad" ] || echo "$bad" | tap_diag
tap_result "$([ -z "$bad" ]; echo $?)" "each engine folder includes only public headers of the folders below it; tui/ and scripts/ only $APP_PUBLIC"

# 5. every exception is still needed
stale=
while read -r file header reason; do
	[ -n "$file" ] || continue
	printf '%s\n' "$out" | grep -q -x "used $file $header" || stale="$stale$file includes $header no more: remove the exception
"
done <<EOF
$EXCEPTIONS
EOF
stale=$(printf '%s' "$stale" | grep -v '^$')
[ -z "$stale" ] || echo "$stale" | tap_diag
tap_result "$([ -z "$stale" ]; echo $?)" "every listed layering exception still occurs"

# 6. self-test: a tree with one bad include of each kind, and the checker's
# verdicts on it
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/engine/util" "$tmp/engine/ir" "$tmp/engine/front" "$tmp/engine/machine" \
	"$tmp/engine/session" "$tmp/engine/odd" "$tmp/tui" "$tmp/scripts"
for h in util/util.h ir/ir.h front/front.h front/pp.h machine/machine.h machine/simt.h \
	session/session.h; do
	: > "$tmp/engine/$h"
done
printf '#include "ir.h"\n#include "util.h"\n#include <stdio.h>\n' > "$tmp/engine/front/ok.c"
printf '#include "pp.h"\n#include "front.h"\n' > "$tmp/engine/front/own.c"
printf '#include "front.h"\n' > "$tmp/engine/ir/up.c"            # upward
printf '#include "front.h"\n' > "$tmp/engine/machine/side.c"     # machine does not see front
printf '#include "pp.h"\n' > "$tmp/engine/session/private.c"     # private header of front
printf '#include "../front/front.h"\n' > "$tmp/engine/session/path.c" # only by bare name
printf '#include "simt.h"\n#include "machine.h"\n' > "$tmp/tui/app.c"
printf '#include "session.h"\n#include "util.h"\n#include "own.h"\n' > "$tmp/scripts/ok.c"
got=$(violations "$tmp" | grep -v '^used ' | sed 's/:.*//' | sort | tr '\n' ' ')
want="engine/ir/up.c engine/machine/side.c engine/odd/ engine/session/path.c engine/session/private.c tui/app.c "
[ "$got" = "$want" ] || { echo "want: $want"; echo "got:  $got"; } | tap_diag
tap_result "$([ "$got" = "$want" ]; echo $?)" "the layer check objects to each bad include of a sample tree, and only to those"

tap_done
