/*
 * debug.c - the interface on a real program (debug.h), and the start screen.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend_engine.h"
#include "debug.h"
#include "lesson.h"
#include "lesson_ui.h"
#include "start.h"
#include "term.h"

/* The bundled examples (tui/example_gen.c, from the examples folder). */
extern const char *const example_names[];
extern const char *const example_texts[];

int ui_debug_main(const struct debug_opts *o, const char *path, const char *text, int argc,
		  char **argv)
{
	struct ui_run_opts ro;

	memset(&ro, 0, sizeof(ro));
	ro.path = path;
	ro.text = text;
	ro.argc = argc;
	ro.argv = argv;
	ro.script_path = o->script;
	return ui_session_run(o, &ro);
}

int ui_lesson_main(const struct debug_opts *o, const char *lesson, int fresh)
{
	struct ui_run_opts ro;

	memset(&ro, 0, sizeof(ro));
	ro.lesson_path = lesson;
	ro.fresh = fresh;
	return ui_session_run(o, &ro);
}

int ui_script_main(const struct debug_opts *o, const char *script)
{
	struct ui_run_opts ro;

	memset(&ro, 0, sizeof(ro));
	ro.script_path = script;
	return ui_session_run(o, &ro);
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

/* The first comment line of a lesson file. */
static char *lesson_summary(const char *dir, const char *name)
{
	char *path = xmalloc(strlen(dir) + strlen(name) + 2), *text, *sum;
	const char *why;

	sprintf(path, "%s/%s", dir, name);
	text = util_read_file(path, NULL, &why);
	sum = xstrdup(text ? start_example_summary(text) : "");
	if (text && (!*sum || !strcmp(sum, name))) {
		/* no summary line: the first page's title */
		const char *t = strstr(text, "title = \"");

		free(sum);
		sum = t ? xstrndup(t + 9, strcspn(t + 9, "\"\n")) : xstrdup("");
	}
	free(text);
	free(path);
	return sum;
}

/* The folder an item's file is in. */
static const char *item_dir(const struct start_item *it, const char *lessons_dir, const char *puzzles_dir)
{
	return it->kind == START_PUZZLE ? puzzles_dir : lessons_dir;
}

int ui_start_main(const struct debug_opts *o, const char *lessons_dir, const char *puzzles_dir)
{
	struct start_item items[128];
	int n = 0, nl, np, choice, status = 0, sel = 0;
	char **lessons = lessons_list(lessons_dir, &nl);
	char **puzzles = lessons_list(puzzles_dir, &np);

	for (int i = 0; i < nl && n < 40; i++)
		items[n++] = (struct start_item){ START_LESSON, lessons[i],
						  lesson_summary(lessons_dir, lessons[i]), 0 };
	for (int i = 0; i < np && n < 80; i++)
		items[n++] = (struct start_item){ START_PUZZLE, puzzles[i],
						  lesson_summary(puzzles_dir, puzzles[i]), 0 };
	for (int i = 0; example_names[i] && n < 64; i++)
		items[n++] = (struct start_item){ START_EXAMPLE, example_names[i],
						  xstrdup(start_example_summary(example_texts[i])), 0 };
	for (;;) {
		for (int i = 0; i < n; i++) {
			if (items[i].kind != START_EXAMPLE) {
				char path[4096];

				snprintf(path, sizeof(path), "%s/%s", item_dir(&items[i], lessons_dir, puzzles_dir),
					 items[i].name);
				items[i].mark = lesson_progress_mark(path, NULL);
			}
		}
		choice = term_choose(items, n, sel);
		if (choice < 0) {
			status = choice == -1 ? 0 : 2;
			break;
		}
		if (items[choice].kind == START_EXAMPLE) {
			char *argv[] = { (char *)items[choice].name, NULL };
			int ex = choice - nl - np;

			status = ui_debug_main(o, items[choice].name, example_texts[ex], 1, argv);
		} else {
			char path[4096];

			snprintf(path, sizeof(path), "%s/%s", item_dir(&items[choice], lessons_dir, puzzles_dir),
				 items[choice].name);
			status = ui_lesson_main(o, path, 0);
		}
		/* back on the menu at the item just left; after a lesson completed,
		 * at the next one */
		sel = choice;
		if (items[choice].kind != START_EXAMPLE && choice + 1 < n) {
			char path[4096];

			snprintf(path, sizeof(path), "%s/%s", item_dir(&items[choice], lessons_dir, puzzles_dir),
				 items[choice].name);
			if (lesson_progress_mark(path, NULL) == 2)
				sel = choice + 1;
		}
		if (status)
			break;
	}
	for (int i = 0; i < n; i++)
		free((char *)items[i].summary);
	for (int i = 0; i < nl; i++)
		free(lessons[i]);
	free(lessons);
	for (int i = 0; i < np; i++)
		free(puzzles[i]);
	free(puzzles);
	return status;
}

/* The lessons and how to start one (a plain `warpstep` without a terminal). */
int ui_lessons_print(const char *lessons_dir, const char *puzzles_dir, FILE *out)
{
	int nl, np;
	char **lessons = lessons_list(lessons_dir, &nl);
	char **puzzles = lessons_list(puzzles_dir, &np);

	fprintf(out, "warpstep: the lessons (in %s):\n", lessons_dir ? lessons_dir : "(none)");
	for (int i = 0; i < nl; i++) {
		char path[4096], *sum = lesson_summary(lessons_dir, lessons[i]);
		static const char *const marks[] = { "[ ]", "[~]", "[x]" };

		snprintf(path, sizeof(path), "%s/%s", lessons_dir, lessons[i]);
		fprintf(out, "  %s %-24s %s\n", marks[lesson_progress_mark(path, NULL)], lessons[i], sum);
		free(sum);
		free(lessons[i]);
	}
	free(lessons);
	if (!nl)
		fprintf(out, "  (no lessons found)\n");
	if (np)
		fprintf(out, "\nThe puzzles (in %s): write a kernel, see which thread touched what:\n", puzzles_dir);
	for (int i = 0; i < np; i++) {
		char path[4096], *sum = lesson_summary(puzzles_dir, puzzles[i]);
		static const char *const marks[] = { "[ ]", "[~]", "[x]" };

		snprintf(path, sizeof(path), "%s/%s", puzzles_dir, puzzles[i]);
		fprintf(out, "  %s %-24s %s\n", marks[lesson_progress_mark(path, NULL)], puzzles[i], sum);
		free(sum);
		free(puzzles[i]);
	}
	free(puzzles);
	fprintf(out, "\nStart one in a terminal with: warpstep %s/LESSON.lua (or a plain warpstep,\n"
		"which opens the lesson menu). Headless: warpstep lesson FILE.lua --answers FILE.\n"
		"[ ] not started  [~] in progress  [x] done\n", lessons_dir ? lessons_dir : "lessons");
	return 0;
}
