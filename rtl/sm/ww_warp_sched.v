// SPDX-License-Identifier: Apache-2.0
//
// ww_warp_sched -- issue scheduler of one SM: loose round robin, per-warp
// GSI issue-stall reasons (ISPASS 2016), GPUDet mode input (docs/gpu_rtl.md).
//
// Per warp w (bit w of each vector), from the SM:
//   active_i      the slot holds a live warp (launched, not exited)
//   ibuf_valid_i  its next decoded instruction is available
//   bar_wait_i    it waits at a ww.bar (ww_barrier waiting_o)
//   sb_ready_i    no source/destination register pending (ww_scoreboard ready_o)
//   sb_mem_i      a pending register of it has a memory writer (ww_scoreboard mem_o)
//   is_mem_i      the instruction goes to the LSU (else to a compute unit)
//   unit_ready_i  its unit can take it this cycle
// Stall class of warp w (stall_o[w*3 +: 3]; the codes are WW_GSI_* of
// rtl/include/ww_proto.vh), the first that holds, in the order of GSI (ISPASS 2016)
// Algorithm 1:
//   0 IDLE         !active_i
//   1 CONTROL      !ibuf_valid_i
//   2 SYNC         bar_wait_i, or held by the serial mode (not the serial warp)
//   3 MEM_DATA     !sb_ready_i && sb_mem_i
//   4 MEM_STRUCT   is_mem_i && !unit_ready_i
//   5 COMP_DATA    !sb_ready_i
//   6 COMP_STRUCT  !unit_ready_i
//   7 NONE         able to issue (eligible): issued, or lost the arbitration
// Arbitration (the golden model's loose round robin, cmodel/gpu/ww_gpu.c
// pick_warp): the first eligible warp after the last issued one, wrapping;
// after reset the last issued one is WARPS-1, so warp 0 goes first.
// mode_i (GPUDet, WW_SCHED_*): NORMAL; SERIAL, only warp serial_wid_i may
// issue; QUANTUM reserved for quantum-limited, RSVD reserved: both act as
// normal for now.
// Timing: issue_valid_o/issue_wid_o/stall_o are combinational
// from the inputs and the last-issued register, which the issue updates at
// the clock edge. Parameters: WARPS >= 1.

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
module ww_warp_sched #(
  parameter WARPS = `WW_WARPS_PER_SM
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  // per-warp state
  input  wire [WARPS-1:0]     active_i,
  input  wire [WARPS-1:0]     ibuf_valid_i,
  input  wire [WARPS-1:0]     bar_wait_i,
  input  wire [WARPS-1:0]     sb_ready_i,
  input  wire [WARPS-1:0]     sb_mem_i,
  input  wire [WARPS-1:0]     is_mem_i,
  input  wire [WARPS-1:0]     unit_ready_i,
  // GPUDet scheduler mode
  input  wire [`WW_SCHED_W-1:0] mode_i,
  input  wire [WID_W-1:0]     serial_wid_i,
  // issue
  output wire                 issue_valid_o,
  output wire [WID_W-1:0]     issue_wid_o,
  // GSI stall reasons
  output wire [WARPS*`WW_GSI_W-1:0] stall_o
);

  localparam WID_W = (WARPS > 1) ? $clog2(WARPS) : 1;
  localparam CLS_W = `WW_GSI_W;

  ////////////////////
  // Classification //
  ////////////////////

  wire [WARPS-1:0] eligible;

  genvar g;
  for (g = 0; g < WARPS; g = g + 1) begin : g_warp
    wire       held = (mode_i == `WW_SCHED_SERIAL) && (serial_wid_i != g[WID_W-1:0]);
    reg  [CLS_W-1:0] cls;
    always @(*) begin
      if (!active_i[g]) begin
        cls = `WW_GSI_IDLE;
      end else if (!ibuf_valid_i[g]) begin
        cls = `WW_GSI_CONTROL;
      end else if (bar_wait_i[g] || held) begin
        cls = `WW_GSI_SYNC;
      end else if (!sb_ready_i[g] && sb_mem_i[g]) begin
        cls = `WW_GSI_MEM_DATA;
      end else if (is_mem_i[g] && !unit_ready_i[g]) begin
        cls = `WW_GSI_MEM_STRUCT;
      end else if (!sb_ready_i[g]) begin
        cls = `WW_GSI_COMP_DATA;
      end else if (!unit_ready_i[g]) begin
        cls = `WW_GSI_COMP_STRUCT;
      end else begin
        cls = `WW_GSI_NONE;
      end
    end
    assign stall_o[g*CLS_W +: CLS_W] = cls;
    assign eligible[g]       = (cls == `WW_GSI_NONE);
  end

  ////////////////////
  // Round robin    //
  ////////////////////

  integer w;
  reg [WID_W-1:0] last_q, last_d;

  // after[w]: warp w comes after the last issued warp
  reg [WARPS-1:0] after;
  always @(*) begin
    for (w = 0; w < WARPS; w = w + 1) begin
`ifdef WW_MUTANT_SCHED_RR_INCLUSIVE
      after[w] = (w[WID_W-1:0] >= last_q);
`else
      after[w] = (w[WID_W-1:0] > last_q);
`endif
    end
  end

  wire [WARPS-1:0] late = eligible & after;
  wire [WARPS-1:0] pool = (late != {WARPS{1'b0}}) ? late : eligible;

  reg [WID_W-1:0] pick;                // lowest set bit of pool
  always @(*) begin
    pick = {WID_W{1'b0}};
    for (w = WARPS - 1; w >= 0; w = w - 1) begin
      if (pool[w]) begin
        pick = w[WID_W-1:0];
      end
    end
  end

  assign issue_valid_o = (eligible != {WARPS{1'b0}});
  assign issue_wid_o   = pick;

  always @(*) begin
    last_d = last_q;
    if (issue_valid_o) begin
      last_d = pick;
    end
  end

  localparam integer     LAST_I   = WARPS - 1;
  localparam [WID_W-1:0] LAST_RST = LAST_I[WID_W-1:0];

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      last_q <= LAST_RST;
    end else begin
      last_q <= last_d;
    end
  end

endmodule  // ww_warp_sched
`default_nettype wire
