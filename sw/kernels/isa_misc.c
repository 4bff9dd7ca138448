/* SPDX-License-Identifier: Apache-2.0
 *
 * isa_misc -- what the ALU and memory tests do not cover: every SIMT CSR,
 * the start-up state, lui/auipc/jal/jalr, writes to x0, fence, and the
 * votes over full, partial and divergent warps. One record of
 * ISA_MISC_NRES words per thread, out[global id * ISA_MISC_NRES + r]:
 *   0..13  csrr tid, ntid, ctaid, nctaid, laneid, warpid, nwarpid, smid,
 *          nsmid, hwwid, nlanes, kargs, local_base, local_size
 *   14     the kernel's argument pointer (crt0 passes kargs in a0)
 *   15     sp on entry to the kernel function (crt0: local_base + local_size)
 *   16..18 lui 0x12345, lui 0xfffff, lui 0x80000
 *   19     (auipc r1, 0x12345) - (auipc r2, 0 at the next instruction)
 *          = 0x12345000 - 4
 *   20     jal link - address of its target (the target is the next-but-one
 *          instruction): expect -4
 *   21     1 if the instruction jal skipped ran (expect 0)
 *   22     jalr link - auipc base, with the jalr at base + 4: expect 8
 *   23     1 if the instruction jalr skipped ran (expect 0)
 *   24     jalr with an odd offset (13): target (base+13) & ~1 = base+12
 *          reached and the skipped instruction not run: expect 1
 *   25     x0 after addi x0, x0, 5 and add x0, tid, tid (expect 0)
 *   26     1: reached after `fence` and `fence rw, w` (no trap)
 *   27     ww_ballot(1): live lanes of the warp
 *   28     ww_any(laneid == 0)  (1)
 *   29     ww_all(laneid < nlanes)  (1)
 *   30     ww_all(laneid == 0)  (1 only in a one-lane warp)
 *   31     ww_any(tid == ntid - 1)  (1 only in the block's last warp)
 *   32     ww_ballot(1) in both arms of ww_if (laneid >= 2): each lane sees
 *          the live lanes of its own arm
 *   33     ww_ballot(laneid & 1): the odd live lanes
 *
 * Demonstrates: what start-up code and launch guarantee a kernel.
 * Arguments: out.
 */
#include "warpwatch.h"

#define ISA_MISC_NRES 34

typedef struct {
  uint32_t *out;
} isa_misc_args_t;

WW_KERNEL(isa_misc)(const isa_misc_args_t *args)
{
  uint32_t sp;
  __asm__ volatile("mv %0, sp" : "=r"(sp));

  uint32_t *o = args->out + ww_global_id() * ISA_MISC_NRES;
  uint32_t r1, r2, r3;

  o[0] = ww_tid();
  o[1] = ww_ntid();
  o[2] = ww_ctaid();
  o[3] = ww_nctaid();
  o[4] = ww_laneid();
  o[5] = ww_warpid();
  o[6] = ww_nwarpid();
  o[7] = ww_smid();
  o[8] = ww_nsmid();
  o[9] = ww_hwwid();
  o[10] = ww_nlanes();
  o[11] = ww_kargs_addr();
  o[12] = ww_local_base();
  o[13] = ww_local_size();
  o[14] = (uint32_t)args;
  o[15] = sp;

  __asm__ volatile("lui %0, 0x12345" : "=r"(r1));
  o[16] = r1;
  __asm__ volatile("lui %0, 0xfffff" : "=r"(r1));
  o[17] = r1;
  __asm__ volatile("lui %0, 0x80000" : "=r"(r1));
  o[18] = r1;

  __asm__ volatile("auipc %0, 0x12345\n\tauipc %1, 0" : "=&r"(r1), "=r"(r2));
  o[19] = r1 - r2;

  r3 = 0;
  __asm__ volatile("jal %0, 1f\n\t"
                   "li %2, 1\n"
                   "1:\n\t"
                   "auipc %1, 0"
                   : "=&r"(r1), "=&r"(r2), "+r"(r3));
  o[20] = r1 - r2;
  o[21] = r3;

  r3 = 0;
  __asm__ volatile("auipc %1, 0\n\t"
                   "jalr %0, 12(%1)\n\t"
                   "li %2, 1\n\t"
                   "nop"
                   : "=&r"(r1), "=&r"(r2), "+r"(r3));
  o[22] = r1 - r2;
  o[23] = r3;

  r3 = 1;
  __asm__ volatile("auipc %1, 0\n\t"
                   "jalr %0, 13(%1)\n\t"
                   "li %2, 0\n\t"
                   "nop"
                   : "=&r"(r1), "=&r"(r2), "+r"(r3));
  o[24] = r3;

  __asm__ volatile("addi x0, x0, 5\n\t"
                   "add x0, %1, %1\n\t"
                   "mv %0, x0"
                   : "=r"(r1) : "r"(ww_tid()));
  o[25] = r1;

  __asm__ volatile("fence\n\tfence rw, w" ::: "memory");
  o[26] = 1;

  o[27] = ww_ballot(1);
  o[28] = ww_any(ww_laneid() == 0);
  o[29] = ww_all(ww_laneid() < ww_nlanes());
  o[30] = ww_all(ww_laneid() == 0);
  o[31] = ww_any(ww_tid() == ww_ntid() - 1);
  ww_if (ww_laneid() >= 2) {
    o[32] = ww_ballot(1);
  } else {
    o[32] = ww_ballot(1);
  }
  o[33] = ww_ballot(ww_laneid() & 1);
}
