/* SPDX-License-Identifier: Apache-2.0
 *
 * scord_harness -- see scord_harness.h.
 */
#include "scord_harness.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int npass, nfail;
FILE *rep;
FILE *g_json;
int g_json_runs;

int check(int ok, const char *fmt, ...)
{
  va_list ap;
  fputs(ok ? "PASS " : "FAIL ", rep);
  va_start(ap, fmt);
  vfprintf(rep, fmt, ap);
  va_end(ap);
  fputc('\n', rep);
  fflush(rep);
  if (ok)
    npass++;
  else
    nfail++;
  return ok;
}

void note(const char *fmt, ...)
{
  va_list ap;
  fputs("      ", rep);
  va_start(ap, fmt);
  vfprintf(rep, fmt, ap);
  va_end(ap);
  fputc('\n', rep);
}

void addline(char *buf, size_t size, const char *fmt, ...)
{
  size_t len = strlen(buf);
  if (len + 8 >= size)
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf + len, size - len - 1, fmt, ap);
  va_end(ap);
  len = strlen(buf);
  buf[len] = '\n';
  buf[len + 1] = '\0';
}

void note_lines(char *buf)
{
  for (char *p = buf; *p;) {
    char *nl = strchr(p, '\n');
    if (nl)
      *nl = '\0';
    note("%s", p);
    p = nl ? nl + 1 : p + strlen(p);
  }
}

int parse_seeds(const char *s, uint64_t *seeds, int max, int *n)
{
  *n = 0;
  while (*s) {
    char *end;
    unsigned long long v = strtoull(s, &end, 0);
    if (end == s || *n >= max || (*end && *end != ','))
      return -1;
    seeds[(*n)++] = v;
    s = *end == ',' ? end + 1 : end;
  }
  return *n ? 0 : -1;
}

const char *mode_name(int mode)
{
  return mode == WW_SCORD_FULL ? "full" : mode == WW_SCORD_CACHED ? "cached" : "off";
}

void json_str(FILE *f, const char *s)
{
  fputc('"', f);
  for (; s && *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      fprintf(f, "\\%c", c);
    else if (c == '\n')
      fputs("\\n", f);
    else if (c < 0x20)
      fprintf(f, "\\u%04x", c);
    else
      fputc(c, f);
  }
  fputc('"', f);
}

int json_open(const char *path, const char *runner, int argc, char **argv, const char *backend,
              int mode)
{
  g_json = fopen(path, "w");
  if (!g_json) {
    fprintf(stderr, "%s: cannot write %s\n", runner, path);
    return -1;
  }
  char cmd[2048];
  size_t len = 0;
  cmd[0] = '\0';
  for (int i = 0; i < argc && len + 2 < sizeof cmd; i++)
    len += (size_t)snprintf(cmd + len, sizeof cmd - len, "%s%s", i ? " " : "", argv[i]);
  fputs("{\"runner\": ", g_json);
  json_str(g_json, runner);
  fputs(", \"command\": ", g_json);
  json_str(g_json, cmd);
  fputs(", \"backend\": ", g_json);
  json_str(g_json, backend);
  fprintf(g_json, ", \"mode\": \"%s\", \"runs\": [", mode_name(mode));
  return 0;
}

int json_close(const char *path, const char *runner)
{
  fprintf(g_json, "\n], \"passed\": %d, \"failed\": %d}\n", npass, nfail);
  int rc = fclose(g_json);
  g_json = NULL;
  if (rc != 0) {
    fprintf(stderr, "%s: cannot write %s\n", runner, path);
    return -1;
  }
  return 0;
}

void json_run_end(FILE *f, int have_scord, size_t n, const ww_scord_stats_t *st, int match,
                  const ww_gpu_stats_t *stats, int timed)
{
  fputs("], \"distinct\": ", f);
  if (have_scord)
    fprintf(f, "%zu", n);
  else
    fputs("null", f);
  fprintf(f, ", \"match\": %s", match < 0 ? "null" : match ? "true" : "false");
  if (stats && timed)
    fprintf(f, ", \"cycles\": %llu", (unsigned long long)stats->steps);
  else
    fputs(", \"cycles\": null", f);
  if (stats)
    fprintf(f, ", \"steps\": %llu, \"warp_insns\": %llu", (unsigned long long)stats->steps,
            (unsigned long long)stats->warp_insns);
  else
    fputs(", \"steps\": null, \"warp_insns\": null", f);
  if (have_scord)
    fprintf(f, ", \"scord\": {\"races\": %llu, \"entries\": %llu, \"overwrites\": %llu, "
            "\"records\": %llu, \"md_reads\": %llu, \"md_writes\": %llu, "
            "\"queue_full_cycles\": %llu, \"l2_requests\": %llu}}",
            (unsigned long long)st->races, (unsigned long long)st->entries,
            (unsigned long long)st->overwrites, (unsigned long long)st->records,
            (unsigned long long)st->md_reads, (unsigned long long)st->md_writes,
            (unsigned long long)st->queue_full_cycles, (unsigned long long)st->l2_requests);
  else
    fputs(", \"scord\": null}", f);
  fflush(f);
}
