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
#define WW_INW(name, width) for (unsigned i = 0; i < (width + 31) / 32; i++) d->top->name[i] = in->name[i];
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
#define WW_OUTW(name, width, guard) for (unsigned i = 0; i < (width + 31) / 32; i++) out->name[i] = d->top->name[i];
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

extern "C" const char *ww_dut_top_scope(void)
{
  return "TOP";
}
