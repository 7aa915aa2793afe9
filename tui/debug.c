/*
 * debug.c - the interface on a real program (debug.h), and the start screen.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend_engine.h"
#include "debug.h"
#include "start.h"
#include "term.h"

/* The bundled examples (tui/example_gen.c, from the examples folder). */
extern const char *const example_names[];
extern const char *const example_texts[];

int ui_debug_main(const struct debug_opts *o, const char *path, const char *text, int argc,
		  char **argv)
{
	struct strbuf err;
	struct ui_backend *be;
	struct ui_session s;
	struct term_opts to;
	int status;

	strbuf_init(&err);
	be = engine_backend_new(path, text, o->fo, o->mo, argc, argv, &err);
	if (!be) {
		fputs(strbuf_cstr(&err), stderr);
		strbuf_release(&err);
		return 2;
	}
	strbuf_release(&err);
	engine_backend_set_poll(be, term_poll, NULL);
	ui_session_init(&s, be);
	ui_session_refresh(&s);
	ui_console_add(&s.st, UI_CON_INFO, "stopped before main(). s: step  c: continue  "
		       "b LINE: break  ?: help  q: quit");
	term_opts_init(&to);
	to.record = o->record;
	status = term_run(&s, &to);
	ui_session_free(&s);
	engine_backend_free(be);
	return status;
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The .lua files of lessons_dir, sorted; the list is NULL-terminated. */
static char **lessons_list(const char *dir, int *n)
{
	DIR *d = dir ? opendir(dir) : NULL;
	struct dirent *de;
	char **v = NULL;

	*n = 0;
	while (d && (de = readdir(d))) {
		size_t len = strlen(de->d_name);

		if (len < 5 || strcmp(de->d_name + len - 4, ".lua"))
			continue;
		v = xrealloc(v, sizeof(char *) * (size_t)(*n + 2));
		v[(*n)++] = xstrdup(de->d_name);
	}
	if (d)
		closedir(d);
	if (*n)
		qsort(v, (size_t)*n, sizeof(char *), name_cmp);
	return v;
}

int ui_start_main(const struct debug_opts *o, const char *lessons_dir)
{
	struct start_item items[64];
	int n = 0, nl, choice, status = 0;
	char **lessons = lessons_list(lessons_dir, &nl);

	for (int i = 0; example_names[i] && n < 48; i++)
		items[n++] = (struct start_item){ START_EXAMPLE, example_names[i],
						  xstrdup(start_example_summary(example_texts[i])) };
	for (int i = 0; i < nl && n < 64; i++)
		items[n++] = (struct start_item){ START_LESSON, lessons[i],
			"lesson (run it with: warpstep lesson FILE --answers FILE)" };
	for (;;) {
		choice = term_choose(items, n);
		if (choice < 0) {
			status = choice == -1 ? 0 : 2;
			break;
		}
		if (items[choice].kind == START_EXAMPLE) {
			char *argv[] = { (char *)items[choice].name, NULL };

			status = ui_debug_main(o, items[choice].name, example_texts[choice], 1, argv);
			if (status)
				break;
		}
	}
	for (int i = 0; i < n; i++)
		if (items[i].kind == START_EXAMPLE)
			free((char *)items[i].summary);
	for (int i = 0; i < nl; i++)
		free(lessons[i]);
	free(lessons);
	return status;
}
