/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_atomic_order -- co-simulation's check of the values whose order is
 * legally timing-dependent (mode sync, docs/gpu_rtl.md "Checking"): device
 * atomics, strong loads, and loads of words that device atomics touch.
 *
 * The golden model takes those values from the RTL, so the model alone no
 * longer checks them. This module records, per 4-byte word and launch:
 *   - every device atomic as an edge old -> new (the value the RTL returned
 *     and the value it left);
 *   - every store to the word as a restart at the stored value;
 *   - every value a load took from the RTL.
 * At the launch's end a word passes when its atomics fit one serial order:
 * the edges split into chains, each starting at the word's value before the
 * launch or at a stored value, where each atomic's old value is its
 * predecessor's new one (Euler's condition: at every value v, out(v) - in(v)
 * <= starts(v), and every connected group of values holds a start); the
 * RTL's final value must end a chain; every loaded value must be one the
 * word held. The L2's actual order is one such order; a wrong old value, a
 * lost or doubled atomic breaks every order.
 */
#ifndef WW_ATOMIC_ORDER_H
#define WW_ATOMIC_ORDER_H

#include <stddef.h>
#include <stdint.h>

typedef struct ww_aorder ww_aorder_t;

ww_aorder_t *ww_aorder_new(void);
void ww_aorder_free(ww_aorder_t *o);

/* Forgets every word (a new launch). */
void ww_aorder_reset(ww_aorder_t *o);

/* 1 when a device atomic or a strong access touched addr's word this launch. */
int ww_aorder_tracked(const ww_aorder_t *o, uint32_t addr);

/* A device atomic on addr's word: `before` is the word's value in the model
 * before the retire (used as the start when the word is new), old/nv what the
 * RTL's atomic returned and left; `commutes` 0 for exch and CAS. 0, or -1
 * when out of host memory. */
int ww_aorder_atomic(ww_aorder_t *o, uint32_t addr, uint32_t before, uint32_t old, uint32_t nv,
                     int commutes);

/* A strong access on addr's word starts tracking it at value `before`. */
int ww_aorder_touch(ww_aorder_t *o, uint32_t addr, uint32_t before);

/* A store to a tracked word left `after` in it (ignored for other words). */
int ww_aorder_store(ww_aorder_t *o, uint32_t addr, uint32_t after);

/* A 4-byte load of a tracked word took `value` from the RTL. */
int ww_aorder_load(ww_aorder_t *o, uint32_t addr, uint32_t value);

/* final(ctx, addr): the RTL's value of the word after the launch. Checks
 * every word; 0, or -1 with the first failure in why. *n_words gets the
 * number of words checked, *n_atomics the atomics. */
int ww_aorder_check(ww_aorder_t *o, uint32_t (*final)(void *ctx, uint32_t addr), void *ctx,
                    char *why, size_t n, size_t *n_words, size_t *n_atomics);

/* Words whose final value depends on the order (an exch or CAS touched
 * them): up to max addresses into out; returns how many there are. */
size_t ww_aorder_ordered_words(const ww_aorder_t *o, uint32_t *out, size_t max);

#endif /* WW_ATOMIC_ORDER_H */
