/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_stallplot -- draws the GSI stall breakdown of several runs side by side.
 *
 *   ww_stallplot [--view classes|mem_struct|mem_data|sync] OUT.svg|OUT.png RUNS.json
 *
 * RUNS.json is {"runs": [OBJ, ...]} where every OBJ is what
 * `warpwatch run ... --stalls --json` prints under "stalls" (ww_stalls_json).
 * The reader is strict (ww_stalls_parse_runs); errors are "FILE:LINE: what".
 * --view (also --view=V, anywhere on the line) picks what each bar stacks
 * (ww_stall_view_t): the eight classes (default), the memory-structural
 * sub-classes or the memory-data sources, each as % of the SM's cycles.
 * Prints each run's table (ww_stalls_print) and then the output path.
 * Exit status: 0 ok, 1 bad input or plotting failed, 2 usage error
 * (including an unknown view).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_stalls.h"

#define USAGE "usage: ww_stallplot [--view classes|mem_struct|mem_data|sync] OUT.svg|OUT.png RUNS.json\n"

static int usage_error(const char *why, const char *what)
{
  if (why)
    fprintf(stderr, "ww_stallplot: %s%s%s\n", why, what ? ": " : "", what ? what : "");
  fputs(USAGE, stderr);
  return 2;
}

int main(int argc, char **argv)
{
  ww_stall_view_t view = WW_STALL_VIEW_CLASSES;
  const char *pos[2];
  int npos = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = NULL;
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      printf(USAGE
             "  RUNS.json: {\"runs\": [<stall object as 'warpwatch run --stalls --json' writes>, ...]}\n"
             "  draws one stacked bar per (run, SM), as %% of the SM's cycles (gnuplot):\n"
             "    --view classes     the eight stall classes (default)\n"
             "    --view mem_struct  the memory-structural sub-classes (ms_lsu_busy .. ms_scord)\n"
             "    --view mem_data    the memory-data sources (md_l1 .. md_pending)\n"
             "    --view sync        the synchronization sub-classes (sy_other; KILO TM's\n"
             "                       sy_tx_begin, sy_tx_commit; GPUDet's sy_det_quantum,\n"
             "                       sy_det_commit, sy_det_serial)\n");
      return 0;
    }
    if (!strcmp(a, "--view")) {
      if (i + 1 >= argc)
        return usage_error("--view needs a value", NULL);
      v = argv[++i];
    } else if (!strncmp(a, "--view=", 7)) {
      v = a + 7;
    } else if (a[0] == '-' && a[1]) {
      return usage_error("unknown option", a);
    } else {
      if (npos == 2)
        return usage_error("too many arguments", a);
      pos[npos++] = a;
      continue;
    }
    if (ww_stall_view_parse(v, &view) != 0) {
      fprintf(stderr, "ww_stallplot: unknown view '%s' (expected classes, mem_struct, mem_data or sync)\n",
              v);
      return usage_error(NULL, NULL);
    }
  }
  if (npos != 2)
    return usage_error(NULL, NULL);

  char err[512];
  unsigned n = 0;
  ww_stall_run_t *runs = ww_stalls_read_runs(pos[1], &n, err, sizeof err);
  if (!runs) {
    fprintf(stderr, "ww_stallplot: %s\n", err);
    return 1;
  }
  for (unsigned i = 0; i < n; i++) {
    ww_stalls_print(stdout, &runs[i]);
    putchar('\n');
  }
  int rc = ww_stalls_plot_view(pos[0], runs, n, view, err, sizeof err);
  free(runs);
  if (rc != 0) {
    fprintf(stderr, "ww_stallplot: %s\n", err);
    return 1;
  }
  printf("ww_stallplot: %u run%s, %s view -> %s\n", n, n == 1 ? "" : "s", ww_stall_view_name(view),
         pos[0]);
  return 0;
}
