/* SPDX-License-Identifier: Apache-2.0
 *
 * scord_harness -- what the two ScoRD runners (micro_tests.c, app_tests.c)
 * share: the PASS/FAIL lines and their count, detail notes, line buffers,
 * seed lists, and the parts of the --json report (docs/scord.md "Measured")
 * that both write the same way.
 */
#ifndef SCORD_HARNESS_H
#define SCORD_HARNESS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ww_runtime.h"

/* ---- PASS/FAIL lines ------------------------------------------------------------- */
extern int npass, nfail;          /* PASS and FAIL lines so far */
extern FILE *rep;                 /* where they go: stdout, stderr while a manifest is printed */

/* Prints "PASS <what>" or "FAIL <what>" and counts it. Returns ok. */
int check(int ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Prints an indented detail line. */
void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Appends one line to the text in buf (size bytes); a line that does not fit is dropped. */
void addline(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* A note per line of buf; overwrites its newlines (the last line may lack one). */
void note_lines(char *buf);

/* "A,B,..." into seeds[0..max-1] and *n. 0, or -1: empty, malformed or too long. */
int parse_seeds(const char *s, uint64_t *seeds, int max, int *n);

/* ---- the JSON report (--json=FILE) ---------------------------------------------- */
extern FILE *g_json;              /* NULL: no report */
extern int g_json_runs;           /* run records written */

/* WW_SCORD_* as the report names it: "off", "cached", "full". */
const char *mode_name(int mode);

/* s as a JSON string. */
void json_str(FILE *f, const char *s);

/* Opens path as g_json and writes {"runner", "command" (argv joined), "backend",
 * "mode", "runs": [. 0, or -1 after a message on stderr. */
int json_open(const char *path, const char *runner, int argc, char **argv, const char *backend,
              int mode);

/* Ends g_json's runs with "passed" and "failed" and closes it. 0, or -1 after a
 * message on stderr. */
int json_close(const char *path, const char *runner);

/* The rest of a run record after its "races" entries: "distinct" (n) and
 * "scord" (st) when have_scord, else null; "match" (-1: null); "steps" and
 * "warp_insns" from stats (NULL: null) and "cycles" (the steps when timed:
 * the RTL; else null); the closing brace. */
void json_run_end(FILE *f, int have_scord, size_t n, const ww_scord_stats_t *st, int match,
                  const ww_gpu_stats_t *stats, int timed);

#endif /* SCORD_HARNESS_H */
