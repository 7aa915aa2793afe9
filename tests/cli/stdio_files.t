#!/bin/sh
# stdio_files.t - the stdio file API of the emulated host (engine/machine/hostio.c):
# files relative to the working directory, stdin from the command's stdin, overruns of
# the buffers given to fgets/fread/sscanf are findings, a double fclose is one, and a
# program run by a Lua script opens no file. The API itself: tests/programs/stdio_files.cu.
. tests/tap.sh
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-stdio.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
W=$(cd "$(dirname "$WARPSTEP")" && pwd)/$(basename "$WARPSTEP")
ws() { "$W" "$@" >"$tmp/out" 2>"$tmp/err"; st=$?; }
show() { { echo "status $st; stdout:"; cat "$tmp/out"; echo "stderr:"; head -c 3000 "$tmp/err"; } | tap_diag; }
expect() { eval "$1"; r=$?; [ "$r" -eq 0 ] || show; tap_result "$r" "$2"; }

mkdir "$tmp/wd"
cat >"$tmp/wd/w.cu" <<'CU'
#include <stdio.h>
int main()
{
	FILE *f = fopen("made.txt", "w");
	if (!f)
		return 1;
	fprintf(f, "made %d\n", 7);
	return fclose(f);
}
CU
(cd "$tmp/wd" && "$W" run w.cu >"$tmp/out" 2>"$tmp/err" </dev/null); st=$?
expect '[ $st -eq 0 ] && [ "$(cat $tmp/wd/made.txt)" = "made 7" ]' \
	"fopen writes a real file relative to the working directory"

cat >"$tmp/in.cu" <<'CU'
#include <stdio.h>
int main()
{
	int a, b, sum = 0;
	char line[32];
	fgets(line, sizeof(line), stdin);
	printf("line: %s", line);
	while (scanf("%d %d", &a, &b) == 2)
		sum += a * b;
	printf("sum %d, getchar %d\n", sum, getchar());
	return 0;
}
CU
printf 'first line\n1 2\n3 4\n' | "$W" run "$tmp/in.cu" >"$tmp/out" 2>"$tmp/err"; st=$?
expect '[ $st -eq 0 ] && [ "$(cat $tmp/out)" = "$(printf "line: first line\nsum 14, getchar -1")" ]' \
	"warpstep run gives the program the command's stdin (fgets, scanf, getchar)"
ws run "$tmp/in.cu" </dev/null
expect '[ $st -eq 0 ] && grep -q "sum 0, getchar -1" $tmp/out' "stdin at end of file: scanf fails, getchar is EOF"

cat >"$tmp/cin.cu" <<'CU'
#include <iostream>
#include <string>
int main()
{
	std::string name, line;
	int n = 0, sum = 0, x;
	std::getline(std::cin, name);
	std::cin >> n;
	for (int i = 0; i < n && !(std::cin >> x).fail(); i++)
		sum += x;
	std::cin >> x;
	std::cout << name << ": " << sum << ", then fail " << std::cin.fail() << " eof " << std::cin.eof() << std::endl;
	return 0;
}
CU
printf 'Ada Lovelace\n3\n10 20\n30\n' | "$W" run "$tmp/cin.cu" >"$tmp/out" 2>"$tmp/err"; st=$?
expect '[ $st -eq 0 ] && [ "$(cat $tmp/out)" = "Ada Lovelace: 60, then fail 1 eof 1" ]' \
	"std::cin reads the command's stdin under warpstep run (getline, >>, eof at the end)"

# overruns of the program's buffers are findings and stop it, as a native segfault
printf 'x%.0s' $(seq 1 100) >"$tmp/long.txt"
cat >"$tmp/fgets.cu" <<CU
#include <stdio.h>
#include <stdlib.h>
int main()
{
	FILE *f = fopen("$tmp/long.txt", "r");
	char *small = (char *)malloc(8);
	fgets(small, 64, f);
	printf("not reached\n");
	return 0;
}
CU
ws check "$tmp/fgets.cu" </dev/null
expect '[ $st -ne 0 ] && ! grep -q "not reached" $tmp/out && grep -Eq "error\[(oob|invalid-host-access)" $tmp/err' \
	"fgets past the end of a malloc'd buffer: a finding, the program stops"
cat >"$tmp/fread.cu" <<CU
#include <stdio.h>
int main()
{
	FILE *f = fopen("$tmp/long.txt", "rb");
	char buf[16];
	size_t n = fread(buf, 1, 100, f);
	printf("not reached %zu\n", n);
	return 0;
}
CU
ws check "$tmp/fread.cu" </dev/null
expect '[ $st -ne 0 ] && ! grep -q "not reached" $tmp/out && grep -q "error\[" $tmp/err' \
	"fread past the end of a stack array: a finding, the program stops"
cat >"$tmp/sscanf.cu" <<'CU'
#include <stdio.h>
#include <stdlib.h>
int main()
{
	char *w = (char *)malloc(4);
	sscanf("much-too-long", "%s", w);
	printf("not reached\n");
	return 0;
}
CU
ws check "$tmp/sscanf.cu" </dev/null
expect '[ $st -ne 0 ] && ! grep -q "not reached" $tmp/out && grep -q "error\[" $tmp/err' \
	"sscanf %s past the end of a malloc'd buffer: a finding"
cat >"$tmp/huge.cu" <<CU
#include <stdio.h>
int main()
{
	FILE *f = fopen("$tmp/long.txt", "rb");
	char buf[16];
	printf("%zu %zu\n", fread(buf, (size_t)1 << 40, (size_t)1 << 40, f), fread(buf, 0, 5, f));
	printf("%d\n", fopen("$tmp/long.txt", "q") == NULL);
	return 0;
}
CU
ws run "$tmp/huge.cu" </dev/null
expect '[ $st -eq 0 ] && [ "$(cat $tmp/out)" = "$(printf "0 0\n1")" ]' \
	"fread whose size * count overflows reads nothing; a bad fopen mode is NULL"
cat >"$tmp/twice.cu" <<CU
#include <stdio.h>
int main()
{
	FILE *f = fopen("$tmp/long.txt", "r");
	fclose(f);
	printf("read after close %d\n", fgetc(f));
	fclose(f);
	printf("not reached\n");
	return 0;
}
CU
ws check "$tmp/twice.cu" </dev/null
expect '[ $st -ne 0 ] && grep -q "read after close -1" $tmp/out && ! grep -q "not reached" $tmp/out && grep -q "double-free" $tmp/err' \
	"a FILE used after fclose fails; fclose twice is a double-free finding"

cat >"$tmp/lua.lua" <<EOF2
local p = assert(ws.compile([[#include <stdio.h>
int main() {
	FILE *f = fopen("$tmp/lua_made.txt", "w");
	FILE *g = fopen("$tmp/long.txt", "r");
	return (f ? 1 : 0) + (g ? 2 : 0) + 10 * remove("$tmp/long.txt");
}]], "p.cu"))
print(ws.machine(p):run_main())
EOF2
ws script "$tmp/lua.lua" </dev/null
expect '[ $st -eq 0 ] && [ "$(cat $tmp/out)" = "246" ] && [ ! -e "$tmp/lua_made.txt" ] && [ -e "$tmp/long.txt" ] && grep -q "programs run by a script cannot open files" $tmp/err' \
	"a program run by a Lua script opens, creates and removes no file"
tap_done
