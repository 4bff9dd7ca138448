/* SPDX-License-Identifier: Apache-2.0
 *
 * scale.h -- shared by scale_main.c and scale_helper.c (found with -I).
 */
#ifndef SCALE_H
#define SCALE_H
#include <stdint.h>

#ifndef SCALE
#error "build with -DSCALE=N"
#endif
#define SCALE_OFFSET 100

uint32_t scale_of(uint32_t i);
#endif
