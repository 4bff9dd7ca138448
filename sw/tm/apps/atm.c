/* SPDX-License-Identifier: Apache-2.0
 *
 * atm -- KILO TM's "Bank Account" (ATM; MICRO 2011 §5, Table 2): every
 * thread performs `per` transfers between two accounts of an array of
 * balances. Transfer t = j * threads + global id (the thread's j-th) moves
 * xfers[3 t + 2] from account xfers[3 t] to account xfers[3 t + 1] (two
 * different accounts).
 *
 * The critical section (the paper's transaction: read set 2 balances,
 * write set 2 balances, plus here the outcome word):
 *     ok = !no_overdraft || balance[src] >= amount;
 *     if (ok) { balance[src] -= amount; balance[dst] += amount; }
 *     done[t] = ok;
 * (branch-free with ww_select), with ordinary loads and stores. With
 * no_overdraft = 0 every transfer happens and transfers commute; with 1 a
 * transfer the source cannot cover is refused (done[t] = 0), so the
 * outcome depends on the order, and done[] records it.
 *
 * Versions (args->mode, sw/tm/apps/tm_apps.h):
 *   0  transaction: ww_tx { section } (warpwatch.h: a retry loop for the compiler)
 *   1  one lock per account (locks[k]): a transfer takes the lock of the
 *      lower-numbered account first and keeps it while it tries the other
 *      one, once per round (resource ordering: no cycle of waiting lanes,
 *      so no deadlock, and no lane spins inside a split its warp-mates
 *      wait for);
 *   2  one global lock (*glock);
 *   3  no synchronization (negative control: concurrent read-modify-writes
 *      of one balance lose transfers, the replay check fails).
 *
 * Invariant (tb/tm/tm_apps.c, against a host replay): the total balance is
 * unchanged; every account's final balance is its initial balance plus the
 * amounts of the performed transfers into it minus those out of it (with
 * no_overdraft = 0 all are performed, so this is the serial result of any
 * order); done[t] is 0 or 1, and 1 for every transfer when no_overdraft =
 * 0; with no_overdraft = 1 no balance is negative; every lock is 0.
 *
 * Inputs: the runner draws the transfers and the initial balances (all
 * >= 0) from a fixed data seed (--data-seed) and uploads them; locks and
 * glock start zeroed, done anything.
 *
 * TM-GEOMETRY: grid=4 block=32
 * TM-ARGS: mode naccounts per no_overdraft xfers balance locks glock done
 * TM-PAPER: ATM
 */
#include "tm_apps.h"

typedef struct {
  uint32_t mode;                 /* TM_MODE_* */
  uint32_t naccounts;
  uint32_t per;                  /* transfers per thread */
  uint32_t no_overdraft;         /* 1: refuse a transfer the source cannot cover */
  const uint32_t *xfers;         /* [threads * per][3] src, dst (!= src), amount */
  volatile int32_t *balance;     /* [naccounts] */
  volatile uint32_t *locks;      /* [naccounts] account locks (zeroed) */
  volatile uint32_t *glock;      /* the global lock (zeroed) */
  volatile uint32_t *done;       /* [threads * per] 1 = performed, 0 = refused */
} atm_args_t;

/* The critical section: transfer t. The pointers come in registers, so that
 * inside a transaction the only global words read are the two balances
 * (re-reading the argument block there would add to the read set). */
static inline void atm_transfer(volatile int32_t *balance, volatile uint32_t *done,
                                uint32_t no_overdraft, uint32_t t, uint32_t src, uint32_t dst,
                                int32_t amount)
{
  int32_t bs = balance[src], bd = balance[dst];
  uint32_t ok = (no_overdraft == 0) | (bs >= amount);
  int32_t moved = (int32_t)ww_select(ok, (uint32_t)amount, 0);
  balance[src] = bs - moved;
  balance[dst] = bd + moved;
  done[t] = ok;
}

WW_KERNEL(atm)(const atm_args_t *a)
{
  const uint32_t gid = ww_global_id(), threads = ww_global_size();
  const uint32_t mode = a->mode, per = a->per, nod = a->no_overdraft;
  const uint32_t *const xfers = a->xfers;
  volatile int32_t *const balance = a->balance;
  volatile uint32_t *const locks = a->locks, *const glock = a->glock, *const done = a->done;

  for (uint32_t j = 0; j < per; j++) {             /* uniform trip count */
    const uint32_t t = j * threads + gid;
    const uint32_t src = xfers[3 * t], dst = xfers[3 * t + 1];
    const int32_t amount = (int32_t)xfers[3 * t + 2];

    if (mode == TM_MODE_TX) {                       /* uniform */
      ww_tx { atm_transfer(balance, done, nod, t, src, dst, amount); }
    } else if (mode == TM_MODE_NONE) {
      atm_transfer(balance, done, nod, t, src, dst, amount);
    } else if (mode == TM_MODE_FINE) {
      volatile uint32_t *lo = &locks[ww_minu(src, dst)];
      volatile uint32_t *hi = &locks[ww_maxu(src, dst)];
      uint32_t state = 0;                           /* 0 want lo, 1 hold lo, 2 done */
      while (ww_any(state != 2)) {
        ww_if (state == 0) {
          ww_if (tm_try_lock(lo)) { state = 1; }
        }
        ww_if (state == 1) {
          ww_if (tm_try_lock(hi)) {                 /* its fence is the acquire of both */
            atm_transfer(balance, done, nod, t, src, dst, amount);
            tm_unlock(hi);
            ww_atomic_exch_device(lo, 0);           /* the fence of tm_unlock(hi) covers it */
            state = 2;
          }
        }
      }
    } else {
      uint32_t finished = 0;
      while (ww_any(!finished)) {
        ww_if (!finished) {
          ww_if (tm_try_lock(glock)) {
            atm_transfer(balance, done, nod, t, src, dst, amount);
            tm_unlock(glock);
            finished = 1;
          }
        }
      }
    }
  }
}
