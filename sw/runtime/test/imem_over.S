/* SPDX-License-Identifier: Apache-2.0
 *
 * imem_over.S -- imem_full.S with one byte more: its code is
 * WW_IMEM_BYTES + 1 bytes, one more than the SM instruction memory holds.
 * The loader refuses it on every backend; kernel.ld refuses to link it.
 */
#define IMEM_EXTRA 1
#include "imem_full.S"
