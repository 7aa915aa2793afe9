/*
 * console_lib.h - for the interface's unit tests that drive the real engine
 * through commands: open a program under the SIMT stack, run one command
 * and keep what it printed to the console (said), look for text in it.
 * Included after the tui sources and tap.h (static helpers, one test per
 * binary).
 */
static char said[16384];

/* Run cmd; said holds the console lines it added (echoes left out). */
static int run(struct ui_session *s, const char *cmd)
{
	size_t before = s->st.console.len, n = 0;
	int act = cmd_run(s, cmd);

	said[0] = 0;
	for (size_t i = before; i < s->st.console.len; i++) {
		if (s->st.console.v[i].kind == UI_CON_ECHO)
			continue;
		n += (size_t)snprintf(said + n, sizeof(said) - n, "%s%s", n ? "\n" : "", s->st.console.v[i].text);
		if (n >= sizeof(said))
			n = sizeof(said) - 1;
	}
	printf("# %s -> %s%s\n", cmd, act & UI_ACT_ERROR ? "ERROR " : "", said);
	return act;
}

static int has(const char *text)
{
	return strstr(said, text) != NULL;
}

/* A session on prog (its main() not started) under the SIMT stack; NULL
 * after a failed test line saying why it does not compile. */
static struct ui_backend *open_stack(const char *prog, struct ui_session *s)
{
	static struct session_compile_opts fo;
	static struct machine_opts mo;
	struct ui_backend *be;
	struct strbuf err;
	char *argv[] = { (char *)prog, NULL };

	machine_opts_init(&mo);
	mo.simt = SIMT_STACK;
	strbuf_init(&err);
	be = engine_backend_new(prog, NULL, &fo, &mo, 1, argv, &err);
	if (!be)
		ok(0, "%s compiles: %s", prog, strbuf_cstr(&err));
	strbuf_release(&err);
	if (be) {
		ui_session_init(s, be);
		ui_session_refresh(s);
	}
	return be;
}
