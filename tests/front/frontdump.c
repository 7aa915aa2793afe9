/* frontdump - print one front-end stage of a file (golden tests):
 * frontdump pp-host|pp-device|ast|ir|diags FILE */
#include "front.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: frontdump pp-host|pp-device|ast|ir|diags FILE\n");
		return 2;
	}
	static const char *names[] = { "pp-host", "pp-device", "ast", "ir", "diags" };
	int stage = -1;
	for (int i = 0; i < 5; i++)
		if (!strcmp(argv[1], names[i]))
			stage = i;
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
