/*
 * script.c - run one script headless (contract in script.h).
 */
#include "api.h"
#include "sandbox.h"
#include "script.h"

int script_main(const char *path, int argc, char **argv, struct wsapi_host *host,
		uint64_t max_instructions, size_t max_memory, FILE *out, FILE *err)
{
	struct sandbox_opts o;
	struct sandbox *sb;
	int status = 0;

	sandbox_opts_init(&o);
	o.print_file = out;
	o.max_instructions = max_instructions;
	o.max_memory = max_memory;
	if (!(sb = sandbox_new(&o))) {
		fprintf(err, "warpstep: cannot create the Lua state\n");
		return 1;
	}
	if (wsapi_install(sb, host) < 0 || sandbox_run_file(sb, path, argc, argv) < 0) {
		fflush(out);
		fputs(sandbox_error(sb), err);
		status = 1;
	}
	sandbox_free(sb);
	fflush(out);
	return status;
}
