/*
 * fuzz_front.c - libFuzzer target for the whole front end.
 *
 * Any input must give diagnostics, never a crash, a hang or unbounded
 * memory. Invariants checked on every input:
 *   front_compile_string returns 0 exactly when no error was recorded, and
 *   then the module exists; rendering the diagnostics works.
 * Built by `make fuzz` with clang -fsanitize=fuzzer,address; `make check`
 * runs fuzz/corpus/ through it with fuzz/run_corpus.c.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front.h"

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *devnull;
	struct compilation c;
	struct front_opts opts = { 0 };
	char *text = xmalloc(size + 1);
	int ret;

	/* The string API stops at the first NUL, as a C string does. */
	memcpy(text, data, size);
	text[size] = 0;
	if (!devnull)
		devnull = fopen("/dev/null", "w");
	compilation_init(&c);
	ret = front_compile_string(&c, "fuzz.cu", text, &opts);
	if ((ret == 0) != (c.diags.nerrors == 0) || (ret == 0 && !c.mod))
		abort();
	if (devnull)
		diag_render(&c.diags, &c.sm, devnull, 1);
	compilation_release(&c);
	free(text);
	return 0;
}
