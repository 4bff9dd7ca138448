/* SPDX-License-Identifier: Apache-2.0
 *
 * ht -- KILO TM's "Hash Table" (HT-H, HT-L; MICRO 2011 §5, Table 2): every
 * thread inserts `per` elements into a chained hash table. A bucket is the
 * head of a singly linked list of nodes; an insertion links a node at the
 * head of its bucket's chain. The nodes are pre-allocated, one per insertion
 * (insertion i = j * threads + global id for the thread's j-th element),
 * so there is no allocator: node i is nodes[4 i ..], {key, value, next, 0}
 * with next = node index + 1 of the next node in the chain, 0 = end, and
 * heads[b] the same for bucket b's first node.
 *
 * The critical section (the paper's transaction: read set 1 word, the
 * head; write set 4 words, the node and the head):
 *     node.key = key; node.value = i; node.next = heads[b]; heads[b] = i + 1;
 * with ordinary loads and stores (volatile, so the compiler keeps them).
 * Contention is set by the number of buckets (a power of two): the runner's
 * ht-h uses 8 buckets for 256 insertions (HT-H), ht-l 1024 (HT-L); in the
 * paper 23040 insertions go into 8k and 80k buckets.
 *
 * Versions (args->mode, sw/tm/apps/tm_apps.h):
 *   0  transaction: ww_tx { section } (warpwatch.h: a retry loop for the compiler)
 *   1  one lock per bucket (locks[b]);
 *   2  one global lock (*glock);
 *   3  no synchronization (negative control: lanes of a warp that share a
 *      bucket overwrite each other's head, so insertions get lost).
 * Locks: GPU-safe form of tm_apps.h (CAS + fence.dev, one try per round of
 * a warp-uniform loop; release = fence.dev + exch).
 *
 * Invariant (tb/tm/tm_apps.c checks it against the host's keys): every
 * chain is well formed (indices in range, no node reached twice, no cycle)
 * and holds only keys that hash to its bucket; the chains together hold
 * every node exactly once, so the node count equals the insertions; node i
 * holds key keys[i] and value i; every lock word is 0 at the end.
 *
 * Inputs: the runner draws `threads * per` distinct keys from a fixed data
 * seed (--data-seed) and uploads them; heads, locks and glock start zeroed,
 * nodes anything.
 *
 * TM-GEOMETRY: grid=4 block=32
 * TM-ARGS: mode nbuckets per keys heads locks glock nodes
 * TM-PAPER: HT-H HT-L
 */
#include "tm_apps.h"

typedef struct {
  uint32_t mode;                 /* TM_MODE_* */
  uint32_t nbuckets;             /* power of two, <= 65536 */
  uint32_t per;                  /* insertions per thread */
  const uint32_t *keys;          /* [threads * per] distinct keys */
  volatile uint32_t *heads;      /* [nbuckets] first node + 1, 0 = empty (zeroed) */
  volatile uint32_t *locks;      /* [nbuckets] bucket locks (zeroed) */
  volatile uint32_t *glock;      /* the global lock (zeroed) */
  volatile uint32_t *nodes;      /* [threads * per][4] key, value, next + 1, unused */
} ht_args_t;

/* Bucket of a key: the top bits of a multiplicative hash. */
static inline uint32_t ht_bucket(uint32_t key, uint32_t nbuckets)
{
  return ((key * 0x9E3779B1u) >> 16) & (nbuckets - 1);
}

/* The critical section: link node i (key) at the head of bucket b. The
 * pointers come in registers: inside a transaction the only global words
 * read are the head, and written the node and the head (Table 2's read
 * and write sets); re-reading the argument block there would add to both. */
static inline void ht_insert(volatile uint32_t *nodes, volatile uint32_t *heads, uint32_t i,
                             uint32_t key, uint32_t b)
{
  volatile uint32_t *node = &nodes[4 * i];
  node[0] = key;
  node[1] = i;
  node[2] = heads[b];
  heads[b] = i + 1;
}

WW_KERNEL(ht)(const ht_args_t *a)
{
  const uint32_t gid = ww_global_id(), threads = ww_global_size();
  const uint32_t mode = a->mode, nbuckets = a->nbuckets, per = a->per;
  const uint32_t *const keys = a->keys;
  volatile uint32_t *const heads = a->heads, *const locks = a->locks, *const glock = a->glock;
  volatile uint32_t *const nodes = a->nodes;

  for (uint32_t j = 0; j < per; j++) {          /* uniform trip count */
    const uint32_t i = j * threads + gid;
    const uint32_t key = keys[i];
    const uint32_t b = ht_bucket(key, nbuckets);

    if (mode == TM_MODE_TX) {                       /* uniform */
      ww_tx { ht_insert(nodes, heads, i, key, b); }
    } else if (mode == TM_MODE_NONE) {
      ht_insert(nodes, heads, i, key, b);
    } else {
      volatile uint32_t *lock = mode == TM_MODE_FINE ? &locks[b] : glock;
      uint32_t done = 0;
      while (ww_any(!done)) {
        ww_if (!done) {
          ww_if (tm_try_lock(lock)) {
            ht_insert(nodes, heads, i, key, b);
            tm_unlock(lock);
            done = 1;
          }
        }
      }
    }
  }
}
