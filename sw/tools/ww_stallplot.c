/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_stallplot -- draws the GSI stall breakdown of several runs side by side.
 *
 *   ww_stallplot OUT.svg|OUT.png RUNS.json
 *
 * RUNS.json is {"runs": [OBJ, ...]} where every OBJ is what
 * `warpwatch run ... --stalls --json` prints under "stalls" (ww_stalls_json).
 * The reader is strict (ww_stalls_parse_runs); errors are "FILE:LINE: what".
 * Prints each run's table (ww_stalls_print) and then the output path.
 * Exit status: 0 ok, 1 bad input or plotting failed, 2 usage error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_stalls.h"

int main(int argc, char **argv)
{
  if (argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
    printf("usage: ww_stallplot OUT.svg|OUT.png RUNS.json\n"
           "  RUNS.json: {\"runs\": [<stall object as 'warpwatch run --stalls --json' writes>, ...]}\n"
           "  draws one stacked bar per (run, SM), classes as %% of cycles (gnuplot)\n");
    return 0;
  }
  if (argc != 3) {
    fprintf(stderr, "usage: ww_stallplot OUT.svg|OUT.png RUNS.json\n");
    return 2;
  }
  char err[512];
  unsigned n = 0;
  ww_stall_run_t *runs = ww_stalls_read_runs(argv[2], &n, err, sizeof err);
  if (!runs) {
    fprintf(stderr, "ww_stallplot: %s\n", err);
    return 1;
  }
  for (unsigned i = 0; i < n; i++) {
    ww_stalls_print(stdout, &runs[i]);
    putchar('\n');
  }
  int rc = ww_stalls_plot(argv[1], runs, n, err, sizeof err);
  free(runs);
  if (rc != 0) {
    fprintf(stderr, "ww_stallplot: %s\n", err);
    return 1;
  }
  printf("ww_stallplot: %u run%s -> %s\n", n, n == 1 ? "" : "s", argv[1]);
  return 0;
}
