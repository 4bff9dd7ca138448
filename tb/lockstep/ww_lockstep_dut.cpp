// SPDX-License-Identifier: Apache-2.0
//
// ww_lockstep_dut -- the thin Verilator side of the lockstep framework: it
// copies the C model's input struct onto the DUT's ports and the DUT's
// outputs back, with the port list taken from the block's .ports.def, and
// writes FST waves. Compiled once per block with -DWW_BLOCK=ww_<block>.

#include <cstdio>
#include <type_traits>
#include <verilated.h>
#include <verilated_fst_c.h>

#define WW_STR(x) #x
#define WW_XSTR(x) WW_STR(x)
#define WW_CAT(a, b) a##b
#define WW_XCAT(a, b) WW_CAT(a, b)

#define WW_VTOP WW_XCAT(V, WW_BLOCK)
#include WW_XSTR(WW_XCAT(V, WW_BLOCK).h)

extern "C" {
#include "ww_lockstep.h"
#include WW_XSTR(WW_BLOCK.h)
}

typedef WW_XCAT(WW_BLOCK, _in_t) in_t;
typedef WW_XCAT(WW_BLOCK, _out_t) out_t;

namespace {
// A WW_INW/WW_OUTW port is a VlWide when wider than 64 bits, else a scalar.
template <typename T> void set_words(T &port, const uint32_t *w, unsigned n)
{
  uint64_t v = w[0];
  if (n > 1)
    v |= static_cast<uint64_t>(w[1]) << 32;
  port = static_cast<T>(v);
}
template <std::size_t N> void set_words(VlWide<N> &port, const uint32_t *w, unsigned)
{
  for (std::size_t i = 0; i < N; i++)
    port[i] = w[i];
}
template <typename T> void get_words(const T &port, uint32_t *w, unsigned n)
{
  uint64_t v = static_cast<uint64_t>(port);
  w[0] = static_cast<uint32_t>(v);
  if (n > 1)
    w[1] = static_cast<uint32_t>(v >> 32);
}
template <std::size_t N> void get_words(const VlWide<N> &port, uint32_t *w, unsigned)
{
  for (std::size_t i = 0; i < N; i++)
    w[i] = port[i];
}

struct Dut {
  VerilatedContext ctx;
  WW_VTOP *top = nullptr;
  VerilatedFstC *fst = nullptr;
};
}  // namespace

extern "C" void *ww_dut_new(uint32_t seed)
{
  Dut *d = new Dut;
  d->ctx.randReset(2);             // uninitialised state is random ...
  d->ctx.randSeed((int)(seed & 0x7FFFFFFF));  // ... and reproducible by seed
  d->ctx.traceEverOn(true);
  // an RTL assertion ($fatal) is reported to the harness (ww_dut_got_error)
  // instead of aborting: after a mismatch, a mutant's context cycles may
  // break the RTL's own protocol checks
  d->ctx.fatalOnError(false);
  d->top = new WW_VTOP(&d->ctx, "TOP");
  d->top->clk_i = 0;
  return d;
}

extern "C" void ww_dut_free(void *p)
{
  Dut *d = static_cast<Dut *>(p);
  if (d->fst) {
    d->fst->close();
    delete d->fst;
  }
  d->top->final();
  delete d->top;
  delete d;
}

extern "C" int ww_dut_trace_open(void *p, const char *path)
{
  Dut *d = static_cast<Dut *>(p);
  d->fst = new VerilatedFstC;
  d->top->trace(d->fst, 99);
  d->fst->open(path);
  return d->fst->isOpen() ? 0 : -1;
}

extern "C" void ww_dut_set_inputs(void *p, const void *vin)
{
  Dut *d = static_cast<Dut *>(p);
  const in_t *in = static_cast<const in_t *>(vin);
  d->top->clk_i = 0;
#define WW_IN(name, width) d->top->name = static_cast<std::remove_reference<decltype(d->top->name)>::type>(in->name);
#define WW_INW(name, width) set_words(d->top->name, in->name, ((width) + 31) / 32);
#define WW_OUT(name, width, guard)
#define WW_OUTW(name, width, guard)
#include WW_XSTR(WW_BLOCK.ports.def)
#undef WW_IN
#undef WW_INW
#undef WW_OUT
#undef WW_OUTW
  d->top->eval();
  if (d->fst)
    d->fst->dump(d->ctx.time());
  d->ctx.timeInc(5);
}

extern "C" void ww_dut_get_outputs(void *p, void *vout)
{
  Dut *d = static_cast<Dut *>(p);
  out_t *out = static_cast<out_t *>(vout);
#define WW_IN(name, width)
#define WW_INW(name, width)
#define WW_OUT(name, width, guard) out->name = static_cast<uint64_t>(d->top->name);
#define WW_OUTW(name, width, guard) get_words(d->top->name, out->name, ((width) + 31) / 32);
#include WW_XSTR(WW_BLOCK.ports.def)
#undef WW_IN
#undef WW_INW
#undef WW_OUT
#undef WW_OUTW
}

extern "C" void ww_dut_posedge(void *p)
{
  Dut *d = static_cast<Dut *>(p);
  d->top->clk_i = 1;
  d->top->eval();
  if (d->fst)
    d->fst->dump(d->ctx.time());
  d->ctx.timeInc(5);
}

extern "C" int ww_dut_got_error(void *p)
{
  return static_cast<Dut *>(p)->ctx.gotError() ? 1 : 0;
}

extern "C" const char *ww_dut_top_scope(void)
{
  return "TOP";
}
