/* SPDX-License-Identifier: Apache-2.0
 *
 * trap_shstore.S -- directed coverage kernel (tb/coverage/directed.sh): a store past the shared window: "out-of-range access".
 */
#include "cov.inc"
  .text
  .globl _start
_start:
  li a1, SHARED_BASE
  li t0, 16384            /* WW_SHMEM_BYTES */
  add a1, a1, t0
  csrr t0, CSR_LANEID
  slli t0, t0, 2
  add a1, a1, t0
  sw t0, 0(a1)
  WW_EXIT
