/*
 * term.h - the terminal: the only part of warpstep that calls curses.
 *
 * Contract: term_run draws the session's state with ncursesw and feeds
 * keys, mouse and resizes to cmd_key/cmd_mouse until a handler returns
 * UI_ACT_QUIT, Ctrl-C (outside the command line) or SIGTERM. It always
 * restores the terminal. It returns 0, or 2 after printing to stderr why
 * the terminal cannot be used (not a tty, no usable terminal type).
 * Unknown TERM values fall back to a plain setup with a message;
 * NO_COLOR or a terminal without colors gives monochrome attributes;
 * a non-UTF-8 locale (or opts->ascii, or WARPSTEP_ASCII set) gives ASCII
 * drawing; opts->mono or WARPSTEP_MONO forces monochrome.
 */
#ifndef WS_UI_TERM_H
#define WS_UI_TERM_H

#include "cmd.h"
#include "start.h"

struct term_opts {
	int ascii;   /* 1: force ASCII; 0: by the locale */
	int mono;    /* 1: force monochrome */
	int nomouse; /* 1: leave the mouse to the terminal (text selection) */
	const char *record; /* asciicast v2 file of the session, or NULL */
};

void term_opts_init(struct term_opts *o);
int term_run(struct ui_session *s, const struct term_opts *o);
/* During a long run inside a command: show progress on the bottom row and
 * report whether Ctrl-C (or q) was pressed since. Returns 1 to interrupt.
 * Outside term_run it returns 0. ctx is unused (a backend poll function). */
int term_poll(void *ctx, uint64_t steps, uint64_t total);
/* Inside term_run: leave curses, run $EDITOR on file, come back. 0 when
 * the editor exited with 0; -1 when it failed or EDITOR is unset. */
int term_edit(const char *file);
/* The start screen, its cursor first on item sel: returns the chosen item,
 * -1 when the user quits, -2
 * when the terminal cannot be used (message on stderr). */
int term_choose(const struct start_item *items, int n, int sel);

#endif
