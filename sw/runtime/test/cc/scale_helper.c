/* SPDX-License-Identifier: Apache-2.0
 *
 * scale_helper.c -- the second source of the scale_main.c test kernel.
 */
#include "scale.h"

uint32_t scale_of(uint32_t i) { return i * SCALE + SCALE_OFFSET; }
