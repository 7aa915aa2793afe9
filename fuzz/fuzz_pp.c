/*
 * fuzz_pp.c - libFuzzer harness for the lexer and the preprocessor.
 * Invariants: no crash, no leak outside the arena, the output list ends in
 * exactly one TK_EOF, pp_print succeeds. Built-in headers come from the
 * engine when linked; this weak stub serves when they are not.
 */
#include "pp.h"
#include "builtin.h"

#include <stdlib.h>
#include <string.h>

__attribute__((weak)) const char *builtin_header(const char *name, size_t *len)
{
	static const char text[] = "#pragma once\n#define STUB(x) x\nint stub;\n";
	if (strcmp(name, "cuda_runtime.h") && strcmp(name, "stdio.h"))
		return NULL;
	if (len)
		*len = sizeof(text) - 1;
	return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct arena a;
	struct srcmgr sm;
	struct diaglist dl;
	arena_init(&a);
	srcmgr_init(&sm);
	diaglist_init(&dl);
	char *text = xmalloc(size + 1);
	memcpy(text, data, size);
	text[size] = 0;
	uint32_t id = srcmgr_add(&sm, "fuzz.cu", text, size, 0);
	struct token *t = lex_file(&a, &sm, &dl, id);
	while (t->kind != TK_EOF)
		t = t->next;
	if (t->next)
		abort();
	struct pp_opts o = { 900, NULL, NULL, "cuda_runtime.h", 0 };
	t = pp_run(&a, &sm, &dl, id, &o);
	struct strbuf sb;
	strbuf_init(&sb);
	pp_print(t, &sb);
	while (t->kind != TK_EOF)
		t = t->next;
	if (t->next)
		abort();
	strbuf_release(&sb);
	diaglist_release(&dl);
	srcmgr_release(&sm);
	arena_release(&a);
	return 0;
}
