#!/bin/sh
# layers.t - the one-way layering of STYLE.md, checked on the sources:
#   engine/ includes no curses and no Lua headers;
#   <dlfcn.h> only in engine/gpu*.c (the GPU loader);
#   engine/ never calls exit() and never prints to stdout (printf, puts,
#     putchar: it writes only to a FILE* it was given);
#   scripts/ and tui/ include, of the engine, only its public headers
#     (the debugger session's, engine/session/, among them).
. tests/tap.sh

# The engine's public headers: what the CLI, the Lua binding and the
# interface may include. Everything else in engine/ is internal.
PUBLIC="front.h machine.h diag.h util.h ir.h builtin.h token.h pp.h gpu.h session/session.h session/eval.h"

# includes FILE...: print "file:line:name" for each #include
includes() {
	for f; do
		[ -f "$f" ] || continue
		sed -n 's/^[ \t]*#[ \t]*include[ \t]*[<"]\([^>"]*\)[>"].*/\1/p' "$f" |
			sed "s|^|$f:|"
	done
}

# 1. no curses/Lua in engine/
bad=$(includes engine/*.c engine/*.h |
	grep -E ':(n?curses(w)?/)?(n?curses|ncursesw|term|panel|menu|form)\.h$|:(lua|lauxlib|lualib|luaconf)\.h$|:lua\.hpp$')
[ -z "$bad" ] || echo "$bad" | tap_diag
tap_result "$([ -z "$bad" ]; echo $?)" "engine/ includes no curses or Lua headers"

# 2. dlfcn.h only in engine/gpu*.c
bad=$(includes engine/*.c engine/*.h tui/*.c tui/*.h scripts/*.c scripts/*.h |
	grep ':dlfcn\.h$' | grep -v '^engine/gpu[^/:]*\.c:')
[ -z "$bad" ] || echo "$bad" | tap_diag
tap_result "$([ -z "$bad" ]; echo $?)" "dlfcn.h only in engine/gpu*.c"

# 3. no exit() or stdout printing in engine/ (comments and strings aside:
# lines starting a comment are skipped, and only code before a quote counts)
bad=$(grep -n -E '^[^"/*]*\b(exit|_Exit|printf|puts|putchar|vprintf)[ \t]*\(' \
	engine/*.c engine/*.h 2>/dev/null | grep -v -E ':[ \t]*(\*|//|/\*)')
[ -z "$bad" ] || echo "$bad" | tap_diag
tap_result "$([ -z "$bad" ]; echo $?)" "engine/ never calls exit() nor prints to stdout"

# 4. scripts/ and tui/ use only the engine's public headers
bad=
for f in tui/*.c tui/*.h scripts/*.c scripts/*.h; do
	[ -f "$f" ] || continue
	dir=${f%/*}
	for inc in $(sed -n 's/^[ \t]*#[ \t]*include[ \t]*"\([^"]*\)".*/\1/p' "$f"); do
		base=${inc#../}
		base=${base#engine/}
		case " $PUBLIC " in *" $base "*) continue ;; esac
		[ -f "$dir/$inc" ] && [ "${inc#../}" = "$inc" ] && continue   # own directory
		[ "$dir" = tui ] && [ -f "scripts/${inc#scripts/}" ] && continue # tui may use scripts/
		[ -f "engine/$base" ] || [ -f "$base" ] || continue # a generated/own file elsewhere
		bad="$bad$f: includes $inc (not a public engine header)
"
	done
	for inc in $(sed -n 's/^[ \t]*#[ \t]*include[ \t]*<\([^>]*\)>.*/\1/p' "$f"); do
		[ -f "engine/$inc" ] && bad="$bad$f: includes <$inc> from engine/
"
	done
done
bad=$(printf '%s' "$bad" | grep -v '^$')
[ -z "$bad" ] || echo "$bad" | tap_diag
tap_result "$([ -z "$bad" ]; echo $?)" "tui/ and scripts/ include only public engine headers ($PUBLIC)"
tap_done
