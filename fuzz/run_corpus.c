/*
 * run_corpus.c - run a libFuzzer target over files without libFuzzer.
 *
 * usage: run_corpus FILE|DIR...
 * Calls LLVMFuzzerTestOneInput once per regular file (directories are walked,
 * dot files skipped), printing "# FILE" before each so that a crash names its
 * input. Exits 0 when every input ran, 1 on an unreadable file. Linked with
 * one fuzz/fuzz_NAME.c and libwarpstep.a by the normal compiler, so that
 * `make check` replays the corpus (and the crashes fixed so far) every time.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util.h"

#include "fuzz.h"

static int ninputs;

static int corpus_file(const char *path)
{
	const char *err;
	size_t len;
	char *data;

	printf("# %s\n", path);
	fflush(stdout);
	data = util_read_file(path, &len, &err);
	if (!data) {
		fprintf(stderr, "run_corpus: %s: %s\n", path, err);
		return 1;
	}
	LLVMFuzzerTestOneInput((const uint8_t *)data, len);
	free(data);
	ninputs++;
	return 0;
}

static int corpus_path(const char *path);

static int corpus_dir(const char *path)
{
	struct dirent **names;
	int n = scandir(path, &names, NULL, alphasort), bad = 0;

	if (n < 0) {
		perror(path);
		return 1;
	}
	for (int i = 0; i < n; i++) {
		if (names[i]->d_name[0] != '.') {
			char *sub = xmalloc(strlen(path) + strlen(names[i]->d_name) + 2);
			sprintf(sub, "%s/%s", path, names[i]->d_name);
			bad |= corpus_path(sub);
			free(sub);
		}
		free(names[i]);
	}
	free(names);
	return bad;
}

static int corpus_path(const char *path)
{
	struct stat st;

	if (stat(path, &st) < 0) {
		perror(path);
		return 1;
	}
	if (S_ISDIR(st.st_mode))
		return corpus_dir(path);
	return S_ISREG(st.st_mode) ? corpus_file(path) : 0;
}

int main(int argc, char **argv)
{
	int bad = 0;

	for (int i = 1; i < argc; i++)
		bad |= corpus_path(argv[i]);
	printf("# %d inputs\n", ninputs);
	return bad;
}
