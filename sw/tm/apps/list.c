/* SPDX-License-Identifier: Apache-2.0
 *
 * list -- sorted linked-list insertion, the irregular structure of the
 * suite (KILO TM's pointer-chasing benchmarks, BH's octree insertion and
 * AP's candidate lists, MICRO 2011 §5, in their simplest form): every thread
 * inserts `per` keys into one singly linked list kept in ascending order.
 * Nodes are pre-allocated: node 0 is the head sentinel (key 0), node 1 the
 * tail sentinel (key 0xFFFFFFFF), node 2 + i holds insertion i = j * threads
 * + global id (the thread's j-th key); a node is nodes[4 n ..] = {key,
 * next node index, lock, 0}. Keys are distinct, in 1 .. 0xFFFFFFFE.
 *
 * An insertion finds pred, curr with pred.key < key < curr.key and links
 * its node between them: node.key = key; node.next = curr; pred.next = node.
 *
 * Versions (args->mode, sw/tm/apps/tm_apps.h):
 *   0  transaction: the search from the head and the link inside one
 *      transaction (read set: the path; write set: 3 words), ordinary
 *      loads and stores;
 *   2  one global lock (*glock) around the same search and link;
 *   3  no synchronization (negative control: two insertions after one
 *      pred overwrite each other's link, keys get lost);
 *   1  one lock per node, optimistic ("lazy list" insertion without
 *      deletes): search WITHOUT a lock, with strong loads (bypassing the
 *      non-coherent L1: a node another SM just linked may share an L1 line
 *      this SM read before), then try pred's lock; holding it, check that
 *      pred.next is still curr (nodes are never removed, so pred is still in
 *      the list and its key still below ours) and link, else search again
 *      from pred. The new node's key and next are made visible (fence.dev)
 *      before the strong store that links it, because searches read without
 *      the lock. One try per round of a warp-uniform loop (tm_apps.h).
 *
 * Invariant (tb/tm/tm_apps.c): following next from the head visits
 * strictly increasing keys and ends at the tail after exactly
 * insertions + 2 nodes (no cycle, nothing lost); the keys met are exactly
 * the inserted ones; node 2 + i holds keys[i]; every lock is 0.
 *
 * Inputs: the runner draws `threads * per` distinct keys from a fixed data
 * seed (--data-seed) and uploads them, and sets up the two sentinels
 * (head.next = 1) with every lock 0.
 *
 * TM-GEOMETRY: grid=4 block=16
 * TM-ARGS: mode per keys glock nodes
 * TM-PAPER: (none: BH/AP-like insertion into a linked structure)
 */
#include "tm_apps.h"

typedef struct {
  uint32_t mode;                 /* TM_MODE_* */
  uint32_t per;                  /* insertions per thread */
  const uint32_t *keys;          /* [threads * per] distinct keys */
  volatile uint32_t *glock;      /* the global lock (zeroed) */
  volatile uint32_t *nodes;      /* [2 + threads * per][4] key, next, lock, unused */
} list_args_t;

/* The fields of node n. `nodes` is a register copy of args->nodes: inside a
 * transaction the argument block is not re-read (it would add to the read set). */
#define KEY(n)  (&nodes[4 * (n)])
#define NEXT(n) (&nodes[4 * (n) + 1])
#define LOCK(n) (&nodes[4 * (n) + 2])

/* Loads with or without the L1 (strong: uniform). */
static inline uint32_t ld(volatile uint32_t *p, uint32_t strong)
{
  return strong ? ww_load_strong(p) : *p;
}

/* From *pred (whose key is below key), walk to the first node whose key is
 * not below key: *pred, *curr become the pair to link between. */
static inline void list_search(volatile uint32_t *nodes, uint32_t key, uint32_t strong,
                               uint32_t *pred, uint32_t *curr)
{
  uint32_t p = *pred, c = ld(NEXT(p), strong);
  uint32_t more = ld(KEY(c), strong) < key;
  while (ww_any(more)) {
    ww_if (more) {
      p = c;
      c = ld(NEXT(c), strong);
      more = ld(KEY(c), strong) < key;
    }
  }
  *pred = p;
  *curr = c;
}

/* Search from the head and link (modes 0 and 2: alone on the list). */
static inline void list_insert(volatile uint32_t *nodes, uint32_t me, uint32_t key)
{
  uint32_t pred = 0, curr;
  list_search(nodes, key, 0, &pred, &curr);
  *KEY(me) = key;
  *NEXT(me) = curr;
  *NEXT(pred) = me;
}

WW_KERNEL(list)(const list_args_t *a)
{
  const uint32_t gid = ww_global_id(), threads = ww_global_size();
  const uint32_t mode = a->mode, per = a->per;
  const uint32_t *const keys = a->keys;
  volatile uint32_t *const glock = a->glock, *const nodes = a->nodes;

  for (uint32_t j = 0; j < per; j++) {             /* uniform trip count */
    const uint32_t i = j * threads + gid, me = 2 + i;
    const uint32_t key = keys[i];

    if (mode == TM_MODE_TX) {                       /* uniform */
      ww_tx { list_insert(nodes, me, key); }
    } else if (mode == TM_MODE_NONE) {
      list_insert(nodes, me, key);
    } else if (mode == TM_MODE_FINE) {
      ww_store_strong(KEY(me), key);                /* before the node can be linked */
      uint32_t pred = 0, curr = 0, done = 0;
      while (ww_any(!done)) {
        ww_if (!done) {
          list_search(nodes, key, 1, &pred, &curr);
          ww_if (tm_try_lock(LOCK(pred))) {
            ww_if (ww_load_strong(NEXT(pred)) == curr) {
              ww_store_strong(NEXT(me), curr);
              ww_fence_device();                    /* node complete before it is reachable */
              ww_store_strong(NEXT(pred), me);
              done = 1;
            }
            tm_unlock(LOCK(pred));
          }
        }
      }
    } else {
      uint32_t done = 0;
      while (ww_any(!done)) {
        ww_if (!done) {
          ww_if (tm_try_lock(glock)) {
            list_insert(nodes, me, key);
            tm_unlock(glock);
            done = 1;
          }
        }
      }
    }
  }
}
