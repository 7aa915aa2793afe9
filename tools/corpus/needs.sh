#!/bin/sh
# needs.sh - what each corpus program needs that warpstep's built-in headers do not give yet,
# found by reading the sources (no run): every system header in the program's include
# closure (its .cu, the local headers it includes, the helper headers found through its
# MANIFEST -I flags) that warpstep lacks or refuses with #error, and every cudaXxx function
# it calls that no built-in header declares. It complements survey.sh, whose first
# diagnostic hides what comes after it (docs/compat.md uses both).
#
#   sh tools/corpus/needs.sh [NAME...]
#
# Prints `NAME <tab> KIND <tab> WHAT` lines, KIND being header-missing (no such built-in
# header), header-refused (the built-in header is an #error), api (an undeclared cudaXxx
# call), libc (a C library function called that no built-in header declares), macro (a
# macro the program tests with #ifdef that nvcc's headers define and warpstep's do not) or
# construct (a C++ construct warpstep refuses today, found by a pattern on the
# sources with // comments dropped: new/delete, lambdas, virtual, try/throw, explicit
# specialization, the `k << <g, b >> > (...)` launch spelling, functional casts such as
# double(x)). Run from the repository root.
. tools/corpus/lib.sh || exit 2
inc=engine/include
tab=$(printf '\t')
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
cat "$inc"/*.h "$inc"/*/*.h 2>/dev/null | grep -oE '\bcuda[A-Z][A-Za-z0-9_]*[[:space:]]*\(' |
	sed 's/[[:space:]]*($//' | sort -u >"$tmp/api"
# C library functions that course code calls; those no built-in header names are needs.
libc="fopen fclose fgets fputs fwrite fread fseek ftell fflush fscanf sscanf scanf getchar
puts putchar sprintf snprintf vsnprintf vprintf strchr strrchr strstr strcat strncat strtok
strdup strcpy strncpy strcmp strncmp strlen strcasecmp strncasecmp memcpy memset memcmp
memmove atoi atof atol strtol strtoul strtod qsort bsearch abs labs getenv system exit abort
atexit malloc calloc realloc free rand srand clock time difftime gettimeofday
clock_gettime usleep sleep"
for f in $libc; do
	grep -qw "$f" "$inc"/*.h || echo "$f"
done >"$tmp/nolibc"
# Header-guard macros of nvcc's headers that helper headers test.
guards="__DRIVER_TYPES_H__ __CUDA_RUNTIME_H__ __VECTOR_TYPES_H__"

# closure FILE DIR...: the files FILE includes, transitively, found in its folder or DIRs;
# prints `local PATH` for files found and `system NAME` for the others.
closure() {
	_todo=$1
	shift
	: >"$tmp/seen"
	while [ -n "$_todo" ]; do
		set -- $_todo
		_f=$1
		shift
		_todo=$*
		grep -qxF "$_f" "$tmp/seen" && continue
		echo "$_f" >>"$tmp/seen"
		echo "local $_f"
		_d=$(dirname "$_f")
		for _h in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"]\([^>"]*\)[>"].*/\1/p' "$_f" | tr -d '\r'); do
			_found=
			for _dir in "$_d" $dirs; do
				if [ -f "$_dir/$_h" ]; then
					_found=$_dir/$_h
					break
				fi
			done
			if [ -n "$_found" ]; then
				_todo="$_todo $_found"
			else
				echo "system $_h"
			fi
		done
	done
}

corpus_lines "$@" | while read -r line; do
	corpus_parse "$line"
	[ -f "$c_dir/$c_src" ] || { echo "$c_name${tab}missing${tab}$c_dir/$c_src"; continue; }
	dirs=
	for fl in $c_flags; do
		case $fl in -I*) dirs="$dirs $c_dir/${fl#-I}" ;; esac
	done
	closure "$c_dir/$c_src" >"$tmp/cl"
	# windows.h and friends sit behind #ifdef _WIN32 in these programs: not needs
	sed -n 's/^system //p' "$tmp/cl" | sort -u | while read -r h; do
		case $h in windows.h|windowsx.h|direct.h|io.h|GL/*|nvToolsExt.h) continue ;; esac
		if [ ! -f "$inc/$h" ]; then
			echo "$c_name${tab}header-missing${tab}<$h>"
		elif grep -q '^#error' "$inc/$h"; then
			echo "$c_name${tab}header-refused${tab}<$h>"
		fi
	done
	sed -n 's/^local //p' "$tmp/cl" | xargs cat |
		sed 's|//.*||' | grep -oE '\bcuda[A-Z][A-Za-z0-9_]*[[:space:]]*\(' |
		sed 's/[[:space:]]*($//' | sort -u >"$tmp/calls"
	sed -n 's/^local //p' "$tmp/cl" | xargs cat | sed 's|//.*||' >"$tmp/all"
	{
		grep -qE '(=|return)[[:space:]]*new[[:space:]]+[A-Za-z_]|\bdelete[[:space:]]*(\[\])?[[:space:]]*[A-Za-z_(]' "$tmp/all" && echo "new / delete expressions"
		grep -qE '\[[&=]?[A-Za-z_, &]*\][[:space:]]*\([^)]*\)[[:space:]]*(mutable[[:space:]]*)?(->[^{]*)?\{' "$tmp/all" && echo "lambda expressions"
		grep -qE '\bvirtual\b' "$tmp/all" && echo "virtual functions"
		grep -qE '\bthrow\b|\btry[[:space:]]*\{|\bcatch[[:space:]]*\(' "$tmp/all" && echo "exceptions (try / throw / catch)"
		grep -qE 'template[[:space:]]*<[[:space:]]*>' "$tmp/all" && echo "explicit template specialization"
		grep -qE '<<[[:space:]]+<[^<]|>>[[:space:]]+>[[:space:]]*\(' "$tmp/all" && echo "launch spelled k << <g, b >> > (...)"
		grep -qE '[-+*/=(,][[:space:]]*(double|float|int|unsigned|char|long)[[:space:]]*\([^)]' "$tmp/all" && echo "functional cast such as double(x)"
	} | sed "s/^/$c_name${tab}construct${tab}/"
	while read -r f; do
		grep -qE "\\b$f[[:space:]]*\\(" "$tmp/all" && echo "$c_name${tab}libc${tab}$f"
	done <"$tmp/nolibc"
	for g in $guards; do
		grep -qE "^[[:space:]]*#[[:space:]]*if(def[[:space:]]+|.*defined[[:space:](]*)$g" "$tmp/all" || continue
		grep -q "define[[:space:]]*$g" "$inc"/*.h || echo "$c_name${tab}macro${tab}$g"
	done
	while read -r f; do
		grep -qx "$f" "$tmp/api" && continue
		# the program's own function or macro of that name is not a need
		grep -qE "(#[[:space:]]*define[[:space:]]+$f\b|^[A-Za-z_].*[[:space:]*]$f[[:space:]]*\([^;]*$|dim3[[:space:]]+$f[[:space:]]*\()" "$tmp/all" && continue
		echo "$c_name${tab}api${tab}$f"
	done <"$tmp/calls"
done
