/*
 * pane_golden.h - for the interface's unit tests on the real engine: draw
 * one pane of the session's state and compare it with the golden file
 * tests/tui/golden/NAME.txt (UPDATE_GOLDEN=1 writes it instead; review it
 * by eye). Included after the tui sources and tap.h.
 */
static void pane_golden(struct ui_session *s, int pane, int w, int h, const char *name)
{
	struct view_grid g;
	char path[256], *text, *want;
	size_t len;
	const char *err;

	view_grid_init(&g, w, h);
	view_render_pane(&g, pane, &s->st, &s->ctl);
	text = view_to_text(&g);
	snprintf(path, sizeof(path), "tests/tui/golden/%s.txt", name);
	if (getenv("UPDATE_GOLDEN") && *getenv("UPDATE_GOLDEN") == '1') {
		FILE *f = fopen(path, "w");

		if (f) {
			fputs(text, f);
			fclose(f);
		}
		ok(f != NULL, "%s written", name);
	} else {
		want = util_read_file(path, &len, &err);
		ok(want && !strcmp(want, text), "%s", name);
		if (!want || strcmp(want, text))
			printf("# got:\n%s", text);
		free(want);
	}
	free(text);
	view_grid_free(&g);
}
