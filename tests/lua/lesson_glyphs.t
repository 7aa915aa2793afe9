#!/bin/sh
# lesson_glyphs.t - every lane glyph a lesson names in quotes ('●', '#', ...)
# is one the warps pane really draws (tui/model.h's UI_LANE_LIST, UTF-8 or
# ASCII), so a lesson cannot describe a screen that does not exist.
. tests/tap.sh

glyphs=$(sed -n 's/^[[:space:]]*X([A-Z]*, "\([^"]*\)", "\([^"]*\)".*/\1\n\2/p' tui/model.h |
	sed 's/\\u25cf/●/; s/\\u25cb/○/; s/\\u00b7/·/; s/\\u2016/‖/; s/\\u2248/≈/' | grep -v '^ $')
[ "$(printf '%s\n' "$glyphs" | wc -l)" -ge 10 ]
tap_result $? "the lane glyphs are read from tui/model.h"
for f in lessons/*.lua; do
	bad=
	# the glyphs a page names: one quoted character after "lanes", "show(s) as",
	# "drawn", "marks", "waits" or inside a parenthesis of glyph talk
	for g in $(grep -o "'[^'[:alnum:] ]'\|'[[:alpha:]]'" "$f" | tr -d "'" | sort -u); do
		printf '%s\n' "$glyphs" | grep -qxF -- "$g" || bad="$bad $g"
	done
	[ -z "$bad" ]
	tap_result $? "$(basename "$f"): every quoted glyph is drawn by the interface${bad:+ (not:$bad)}"
done
tap_done
