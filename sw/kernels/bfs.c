/* SPDX-License-Identifier: Apache-2.0
 *
 * bfs -- one level of a breadth-first search over a graph in CSR form, the
 * way GPU BFS codes do it: every thread takes frontier vertices (grid-
 * stride), and for each neighbour v claims it with a device-scope CAS on
 * dist[v] (INF -> level + 1); the winner appends v to the next frontier at
 * an index it gets from a device-scope atomic counter. The host launches one
 * level after another until the next frontier is empty.
 *
 * Race-free: dist is only touched by CAS, the next frontier by the threads
 * that own their index, the counter only by atomics. Which thread claims a
 * vertex and the order of the next frontier depend on timing; the distances
 * do not. (A block-scope CAS here would be a scoped race: blocks on both SMs
 * claim the same vertices.)
 *
 * Arguments: row (uint32[nv + 1]), col (uint32[row[nv]]), dist (uint32[nv],
 * INF = 0xffffffff except the sources), frontier (uint32[n]), n, next
 * (uint32[nv]), next_count (uint32, zeroed by the host), level.
 */
#include "warpwatch.h"

#define INF 0xffffffffu

typedef struct {
  const uint32_t *row;
  const uint32_t *col;
  uint32_t *dist;
  const uint32_t *frontier;
  uint32_t n;
  uint32_t *next;
  uint32_t *next_count;
  uint32_t level;
} bfs_args_t;

WW_KERNEL(bfs)(const bfs_args_t *args)
{
  uint32_t stride = ww_global_size();
  for (uint32_t i = ww_global_id(); ww_any(i < args->n); i += stride) {
    ww_if (i < args->n) {
      uint32_t u = args->frontier[i];
      uint32_t end = args->row[u + 1];
      for (uint32_t e = args->row[u]; ww_any(e < end); e++) {
        ww_if (e < end) {
          uint32_t v = args->col[e];
          ww_if (ww_atomic_cas_device(&args->dist[v], INF, args->level + 1) == INF) {
            uint32_t slot = ww_atomic_add_device(args->next_count, 1);
            args->next[slot] = v;
          }
        }
      }
    }
  }
}
