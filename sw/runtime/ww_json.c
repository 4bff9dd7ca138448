/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_json -- the runtime's JSON string writer, shared by every tool that
 * writes JSON (warpwatch --json, the race report, sw_tests --runs, the TM
 * application runner).
 */
#include <stdio.h>

#include "ww_runtime.h"

void ww_json_str(FILE *f, const char *s)
{
  const unsigned char *p = (const unsigned char *)s;
  fputc('"', f);
  while (*p) {
    unsigned c = *p;
    if (c == '"' || c == '\\') {
      fprintf(f, "\\%c", c);
      p++;
    } else if (c < 0x20) {
      fprintf(f, "\\u%04x", c);
      p++;
    } else if (c < 0x80) {
      fputc((int)c, f);
      p++;
    } else {
      int len = c >= 0xF0 && c < 0xF5 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
      int ok = len > 0 && c < 0xF5;
      for (int i = 1; ok && i < len; i++)
        ok = (p[i] & 0xC0) == 0x80;
      if (ok) {
        fwrite(p, 1, (size_t)len, f);
        p += len;
      } else {
        fputs("\\ufffd", f);
        p++;
      }
    }
  }
  fputc('"', f);
}
