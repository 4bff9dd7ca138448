/* SPDX-License-Identifier: Apache-2.0
 *
 * isa_mem -- every RV32I load and store width, with sign and zero
 * extension, positive and negative offsets, on per-lane addresses, in
 * global and in shared memory, plus the strong (L1-bypassing) load/store.
 *
 * Task k (grid-stride over ntasks) takes the 8-byte record
 * src = bytes + 8 * task_vec[k] and writes ISA_MEM_NRES words to
 * out[k * ISA_MEM_NRES ...] and a 16-byte store image to
 * img[k * 16 ...] (pre-filled by the host with a background pattern):
 *   0..17   loads from global src: lb 0,1,2,3; lbu 0,1,2,3; lh 0,2;
 *           lhu 0,2; lw 0, lw 4; lb -1(src+4); lh -2(src+4);
 *           lbu -1(src+8); lhu -2(src+8)
 *   18..35  the same 18 loads from a copy of the record in shared memory
 *           (this thread's own 16-byte slot, written with sw)
 *   36..39  the shared slot after the store sequence below, read with lw,
 *           over the background words bg[0..3]
 *   40      ww.lw.strong of the word written with ww.sw.strong (w0 ^ w1)
 * Store sequence (w0 = lw 0(src), w1 = lw 4(src)), on img and on the
 * shared slot alike, d = base:
 *   sb w0, 0(d); sb w1, 3(d); sh w0, 6(d); sh w1, 8(d);
 *   sb w0 >> 8, -6(d+16) (byte 10); sw w1, 12(d)
 * Every access is inline asm, so the compiler neither merges nor widens it.
 *
 * Arguments: bytes, task_vec (uint32[ntasks]), ntasks, out, img, bg
 * (uint32[4]), strong (uint32[ntasks], scratch), nres_out.
 */
#include "warpwatch.h"

#define ISA_MEM_NRES 41
#define MAX_BLOCK (WW_WARPS_PER_SM * WW_LANES)

typedef struct {
  const uint8_t *bytes;
  const uint32_t *task_vec;
  uint32_t ntasks;
  uint32_t *out;
  uint8_t *img;
  const uint32_t *bg;
  uint32_t *strong;
  uint32_t *nres_out;
} isa_mem_args_t;

WW_SHARED static uint32_t slot[MAX_BLOCK][4];

#define LD(insn, off, base)                                                    \
  do {                                                                         \
    uint32_t r_;                                                               \
    __asm__ volatile(insn " %0, " #off "(%1)" : "=r"(r_) : "r"(base) : "memory"); \
    o[n++] = r_;                                                               \
  } while (0)

#define ST(insn, val, off, base)                                               \
  __asm__ volatile(insn " %0, " #off "(%1)" :: "r"(val), "r"(base) : "memory")

/* The 18 loads of one 8-byte record at p. */
#define LOADS(p)                                                               \
  do {                                                                         \
    const uint8_t *p4_ = (p) + 4, *p8_ = (p) + 8;                              \
    LD("lb", 0, p); LD("lb", 1, p); LD("lb", 2, p); LD("lb", 3, p);            \
    LD("lbu", 0, p); LD("lbu", 1, p); LD("lbu", 2, p); LD("lbu", 3, p);        \
    LD("lh", 0, p); LD("lh", 2, p); LD("lhu", 0, p); LD("lhu", 2, p);          \
    LD("lw", 0, p); LD("lw", 4, p);                                            \
    LD("lb", -1, p4_); LD("lh", -2, p4_); LD("lbu", -1, p8_); LD("lhu", -2, p8_); \
  } while (0)

/* The store sequence onto the 16 bytes at d. */
#define STORES(d, w0, w1)                                                      \
  do {                                                                         \
    uint8_t *d16_ = (uint8_t *)(d) + 16;                                       \
    ST("sb", w0, 0, d); ST("sb", w1, 3, d); ST("sh", w0, 6, d);                \
    ST("sh", w1, 8, d); ST("sb", (w0) >> 8, -6, d16_); ST("sw", w1, 12, d);     \
  } while (0)

WW_KERNEL(isa_mem)(const isa_mem_args_t *args)
{
  uint32_t ntasks = args->ntasks;
  uint32_t stride = ww_global_size();
  uint8_t *mine = (uint8_t *)slot[ww_tid()];

  ww_if (ww_global_id() == 0) {
    *args->nres_out = ISA_MEM_NRES;
  }

  for (uint32_t k = ww_global_id(); ww_any(k < ntasks); k += stride) {
    ww_if (k < ntasks) {
      const uint8_t *src = args->bytes + 8 * args->task_vec[k];
      uint32_t *o = args->out + k * ISA_MEM_NRES;
      uint8_t *img = args->img + 16 * k;
      uint32_t n = 0, w0, w1;

      /* global loads */
      LOADS(src);
      w0 = o[12];
      w1 = o[13];

      /* shared: copy the record in, load it back every way */
      ST("sw", w0, 0, mine);
      ST("sw", w1, 4, mine);
      LOADS(mine);

      /* stores: global image, and the shared slot over the background */
      STORES(img, w0, w1);
      for (uint32_t i = 0; i < 4; i++)
        ST("sw", args->bg[i], 0, mine + 4 * i);
      STORES(mine, w0, w1);
      LD("lw", 0, mine); LD("lw", 4, mine); LD("lw", 8, mine); LD("lw", 12, mine);

      /* strong store / load round trip */
      ww_store_strong(&args->strong[k], w0 ^ w1);
      o[n++] = ww_load_strong(&args->strong[k]);

      ww_assert(n == ISA_MEM_NRES);
    }
  }
}
