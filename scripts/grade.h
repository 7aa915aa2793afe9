/*
 * grade.h - `warpstep grade SPEC.lua SUBMISSION.cu...`: grade students'
 * kernels against a teacher's assignment spec (docs/teaching.md).
 *
 * Contract:
 * - Each submission is graded in a fresh sandbox with a fresh engine host:
 *   the spec (and its hidden inputs) runs there, the submission only as CUDA
 *   text compiled by the engine, so it can read neither the spec's data nor
 *   any file (kernels have no file access; the compiler may include only
 *   built-in headers). Runs are deterministic (round-robin scheduler, the
 *   checkers on).
 * - out gets each student's feedback (what failed and why, with the
 *   finding and its line), then a summary table; format picks the summary:
 *   GRADE_TEXT, GRADE_JSON, GRADE_CSV or GRADE_TAP (TAP 13: one test per
 *   graded item). json/csv, when not NULL, are files written as well.
 *   feedback_dir, when not NULL, receives STUDENT.txt per submission.
 * - A submission that does not compile, crashes, loops or misbehaves costs
 *   only its own points. A broken spec (syntax error, no assignment{}, a
 *   reference that fails) stops grading: the message goes to err.
 * - Returns the exit status: 0 when every submission was graded, 1 for a
 *   spec error, 2 for unreadable files.
 */
#ifndef WS_GRADE_H
#define WS_GRADE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct session_compile_opts;
struct machine_opts;

enum grade_format { GRADE_TEXT, GRADE_JSON, GRADE_CSV, GRADE_TAP };

struct grade_opts {
	const char *spec;
	char **subs;
	int nsubs;
	enum grade_format format;
	const char *json, *csv, *feedback_dir;
	uint64_t max_instructions; /* per submission; 0: the sandbox's default */
	size_t max_memory;
	const struct session_compile_opts *fo;
	const struct machine_opts *mo;
};

int grade_main(const struct grade_opts *o, FILE *out, FILE *err);

#endif
