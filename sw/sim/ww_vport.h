// SPDX-License-Identifier: Apache-2.0
//
// ww_vport.h -- bit fields of Verilated ports of any width, for the thin C++
// glue around a Verilated top (sw/sim/ww_vgpu.cpp, sw/drf/ww_vdrf.cpp): a
// port of <= 64 bits is an integer, a wider one a VlWide of 32-bit words.
// Include after verilated.h.
#ifndef WW_VPORT_H
#define WW_VPORT_H

#include <cstddef>
#include <cstdint>

namespace ww_vport {

// 32-bit word i of a port
template <typename T> uint32_t word_of(const T &p, unsigned i)
{
  uint64_t v = static_cast<uint64_t>(p);
  return i == 0 ? static_cast<uint32_t>(v) : i == 1 ? static_cast<uint32_t>(v >> 32) : 0;
}
template <std::size_t N> uint32_t word_of(const VlWide<N> &p, unsigned i)
{
  return i < N ? p[i] : 0;
}

// bits [lsb +: w] of port, w <= 32
template <typename T> uint32_t bits(const T &p, unsigned lsb, unsigned w)
{
  unsigned lo = lsb / 32, sh = lsb % 32;
  uint64_t v = word_of(p, lo) | static_cast<uint64_t>(word_of(p, lo + 1)) << 32;
  v >>= sh;
  return static_cast<uint32_t>(w >= 32 ? v : v & ((1ull << w) - 1));
}

// words of port bits [lsb +: 32*n] into dst (lsb a multiple of 32)
template <typename T> void get_words(const T &p, unsigned lsb, uint32_t *dst, unsigned n)
{
  for (unsigned i = 0; i < n; i++)
    dst[i] = word_of(p, lsb / 32 + i);
}

// set bits [lsb +: w] of an input port of <= 64 bits
template <typename T> void set_bits(T &p, unsigned lsb, unsigned w, uint32_t val)
{
  uint64_t m = (w >= 64 ? ~0ull : ((1ull << w) - 1)) << lsb;
  uint64_t v = static_cast<uint64_t>(p);
  v = (v & ~m) | ((static_cast<uint64_t>(val) << lsb) & m);
  p = static_cast<T>(v);
}

// set n words of an input port from word `first` on
template <std::size_t N> void set_words(VlWide<N> &p, unsigned first, const uint32_t *w, unsigned n)
{
  for (unsigned i = 0; i < n; i++)
    p[first + i] = w[i];
}
template <typename T> void set_words(T &p, unsigned first, const uint32_t *w, unsigned n)
{
  for (unsigned i = 0; i < n; i++)   // a port of <= 64 bits
    set_bits(p, 32 * (first + i), 32, w[i]);
}

}  // namespace ww_vport

#endif  // WW_VPORT_H
