/* SPDX-License-Identifier: Apache-2.0
 *
 * trap_shrange.S -- directed coverage kernel (tb/coverage/directed.sh): an atomic at the end of the shared window (SHARED_BASE +
 * SHMEM_BYTES): "out-of-range access".
 */
#include "cov.inc"
  .text
  .globl _start
_start:
  li t0, 16384            /* WW_SHMEM_BYTES */
  li a1, SHARED_BASE
  add a1, a1, t0
  WW_AMO AMO_ADD, BLK, a2, t0, a1
  WW_EXIT
