/* SPDX-License-Identifier: Apache-2.0
 *
 * spin.S -- test kernel that never ends (a uniform infinite loop): only the
 * step limit stops it.
 */
  .text
  .globl _start
_start:
  addi  t0, t0, 1
  j     _start
