/*
 * unit_files.c - util_read_file and struct util_out (engine/util.h) against
 * hostile files: FIFOs, devices, directories, oversized files; planted links
 * and names at the temporary path and at the destination.
 */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tap.h"

static char dir[] = "/tmp/ws-unit-files.XXXXXX";

static char *path_in(const char *name)
{
	struct strbuf sb;

	strbuf_init(&sb);
	strbuf_addf(&sb, "%s/%s", dir, name);
	return strbuf_detach(&sb);
}

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

/* Does path hold exactly text? */
static int holds(const char *path, const char *text)
{
	size_t len;
	char *got = util_read_file(path, &len, NULL);
	int same = got && len == strlen(text) && !memcmp(got, text, len);

	free(got);
	return same;
}

/* The first temporary name util_out tries for path. */
static char *first_tmp(const char *path)
{
	struct strbuf sb;

	strbuf_init(&sb);
	strbuf_addf(&sb, "%s.%ld.tmp", path, (long)getpid());
	return strbuf_detach(&sb);
}

static void test_read(void)
{
	char *fifo = path_in("fifo"), *big = path_in("big"), *max = path_in("max");
	const char *why = NULL;
	size_t len = 0;
	char *text;
	int fd;

	ok(mkfifo(fifo, 0600) == 0, "mkfifo");
	text = util_read_file(fifo, &len, &why);
	ok(!text && why && !strcmp(why, "not a regular file"), "a FIFO is refused without blocking (%s)",
	   why ? why : "");
	ok(util_check_readable(fifo, &why) < 0, "util_check_readable refuses a FIFO too");
	text = util_read_file("/dev/zero", &len, &why);
	ok(!text && why && !strcmp(why, "not a regular file"), "/dev/zero is refused (%s)", why ? why : "");
	text = util_read_file(dir, &len, &why);
	ok(!text && why && !strcmp(why, strerror(EISDIR)), "a directory is refused (%s)", why ? why : "");
	fd = open(big, O_WRONLY | O_CREAT, 0600);
	ok(fd >= 0 && ftruncate(fd, (off_t)UTIL_FILE_MAX + 1) == 0, "a sparse file of 16 MiB + 1");
	close(fd);
	text = util_read_file(big, &len, &why);
	ok(!text && why && strstr(why, "16 MiB"), "16 MiB + 1 bytes are refused (%s)", why ? why : "");
	fd = open(max, O_WRONLY | O_CREAT, 0600);
	ok(fd >= 0 && ftruncate(fd, (off_t)UTIL_FILE_MAX) == 0, "a sparse file of 16 MiB");
	close(fd);
	text = util_read_file(max, &len, &why);
	ok(text && len == UTIL_FILE_MAX, "exactly 16 MiB is read");
	free(text);
	text = util_read_file(fifo, NULL, NULL);
	ok(!text, "err may be NULL");
	unlink(fifo);
	unlink(big);
	unlink(max);
	free(fifo);
	free(big);
	free(max);
}

static void test_write(void)
{
	char *out = path_in("out.json"), *victim = path_in("victim"), *link = path_in("link.json");
	char *tmp = first_tmp(out), *sub = path_in("missing/x.json");
	const char *why = NULL;
	struct util_out o;
	struct stat st;
	int r;

	ok(util_write_file(out, "one\n", 4, 0644, &why) == 0 && holds(out, "one\n"), "a new file is written");
	ok(access(tmp, F_OK) < 0, "no temporary file is left");

	put(victim, "precious\n");
	ok(symlink(victim, tmp) == 0, "a link planted at the first temporary name");
	ok(util_write_file(out, "two\n", 4, 0644, &why) == 0 && holds(out, "two\n"),
	   "the write goes on under another name");
	ok(holds(victim, "precious\n"), "the planted link's target is untouched");
	ok(lstat(tmp, &st) == 0 && S_ISLNK(st.st_mode), "the planted link is left alone");
	unlink(tmp);

	put(tmp, "planted\n");
	ok(util_write_file(out, "three\n", 6, 0644, &why) == 0 && holds(out, "three\n") &&
		   holds(tmp, "planted\n"),
	   "a file already at the temporary name is neither used nor removed (O_EXCL)");
	unlink(tmp);

	ok(symlink(victim, link) == 0, "a destination that is a link");
	r = util_write_file(link, "x", 1, 0644, &why);
	ok(r < 0 && why && strstr(why, "symbolic link"), "is refused (%s)", why ? why : "");
	ok(holds(victim, "precious\n"), "and its target is untouched");

	r = util_write_file(dir, "x", 1, 0644, &why);
	ok(r < 0, "a directory as destination is refused (%s)", why ? why : "");
	r = util_write_file("/dev/null", "x", 1, 0644, &why);
	ok(r < 0 && !strcmp(why, "not a regular file"), "a device as destination is refused (%s)",
	   why ? why : "");
	r = util_write_file(sub, "x", 1, 0644, &why);
	ok(r < 0, "a missing folder is an error (%s)", why ? why : "");

	ok(chmod(out, 0640) == 0 && util_write_file(out, "four\n", 5, 0644, &why) == 0 &&
		   stat(out, &st) == 0 && (st.st_mode & 0777) == 0640,
	   "replacing a file keeps its permissions");

	ok(util_out_open(&o, out, 0644, &why) == 0, "util_out_open");
	fputs("half", o.f);
	util_out_abort(&o);
	ok(holds(out, "four\n") && access(tmp, F_OK) < 0, "util_out_abort: destination untouched, no temporary file");

	unlink(out);
	unlink(victim);
	unlink(link);
	free(out);
	free(victim);
	free(link);
	free(tmp);
	free(sub);
}

int main(void)
{
	tap_start();
	if (!mkdtemp(dir)) {
		ok(0, "mkdtemp");
		return tap_end();
	}
	test_read();
	test_write();
	rmdir(dir);
	return tap_end();
}
