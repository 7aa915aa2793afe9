/* frontdump - print one front-end stage of a file (golden tests):
 * frontdump pp-host|pp-device|ast|ir|diags|codes FILE
 * (codes: one line per diagnostic with its code, the .diag golden format) */
#include "front.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: frontdump pp-host|pp-device|ast|ir|diags|codes FILE\n");
		return 2;
	}
	static const char *names[] = { "pp-host", "pp-device", "ast", "ir", "diags" };
	int stage = -1;
	for (int i = 0; i < 5; i++)
		if (!strcmp(argv[1], names[i]))
			stage = i;
	if (!strcmp(argv[1], "codes")) {
		static const char *const lv[] = { "note", "warning", "error" };
		struct compilation c;
		compilation_init(&c);
		int rc = front_compile_file(&c, argv[2], NULL);
		for (size_t i = 0; i < c.diags.v.len; i++) {
			const struct diag *d = &c.diags.v.v[i];
			const struct srcfile *f = srcmgr_file(&c.sm, d->span.file);
			printf("%s:%u:%u: %s[%s]: %s\n", f ? f->name : "<none>", d->span.line, d->span.col,
			       lv[d->level], d->code ? d->code : "-", d->msg);
		}
		compilation_release(&c);
		return rc ? 1 : 0;
	}
	if (stage < 0) {
		fprintf(stderr, "frontdump: unknown stage %s\n", argv[1]);
		return 2;
	}
	struct strbuf sb;
	strbuf_init(&sb);
	int rc = front_dump(argv[2], (enum front_stage)stage, NULL, &sb);
	fwrite(strbuf_cstr(&sb), 1, sb.len, stdout);
	strbuf_release(&sb);
	return rc ? 1 : 0;
}
