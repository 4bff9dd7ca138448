/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_port_structs.h -- expands a block's .ports.def into the C model's port
 * structs <NAME>_in_t and <NAME>_out_t. Define WW_PORTS_DEF (file name, as a
 * string) and WW_PORTS_NAME (e.g. ww_lwh), then include this file.
 *
 * .ports.def entries:
 *   WW_IN(name, width)           input of 1..64 bits    -> uint64_t name
 *   WW_OUT(name, width, guard)   output of 1..64 bits   -> uint64_t name
 *   WW_INW(name, width)          wider input            -> uint32_t name[words]
 *   WW_OUTW(name, width, guard)  wider output           -> uint32_t name[words]
 * An output is compared while its guard port is 1 (`always`: every cycle);
 * a guard of G > 1 bits guards G equal slices of the output, slice i while
 * bit i is 1 (per-partition fields of a top).
 * Word i of a wide port holds bits [32i+31 : 32i].
 */
#include <stdint.h>

#ifndef WW_PORT_WORDS
#define WW_PORT_WORDS(width) (((width) + 31) / 32)
#endif

#define WW_PS_CAT2(a, b) a##b
#define WW_PS_CAT(a, b) WW_PS_CAT2(a, b)

typedef struct {
#define WW_IN(name, width) uint64_t name;
#define WW_INW(name, width) uint32_t name[WW_PORT_WORDS(width)];
#define WW_OUT(name, width, guard)
#define WW_OUTW(name, width, guard)
#include WW_PORTS_DEF
#undef WW_IN
#undef WW_INW
#undef WW_OUT
#undef WW_OUTW
} WW_PS_CAT(WW_PORTS_NAME, _in_t);

typedef struct {
#define WW_IN(name, width)
#define WW_INW(name, width)
#define WW_OUT(name, width, guard) uint64_t name;
#define WW_OUTW(name, width, guard) uint32_t name[WW_PORT_WORDS(width)];
#include WW_PORTS_DEF
#undef WW_IN
#undef WW_INW
#undef WW_OUT
#undef WW_OUTW
} WW_PS_CAT(WW_PORTS_NAME, _out_t);

#undef WW_PS_CAT
#undef WW_PS_CAT2
#undef WW_PORTS_DEF
#undef WW_PORTS_NAME
