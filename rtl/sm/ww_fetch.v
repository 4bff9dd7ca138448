// SPDX-License-Identifier: Apache-2.0
//
// ww_fetch -- the SM's front end (docs/gpu_rtl.md "SM"): per-warp next PC,
// one instruction-memory read per cycle, the decoder, one decoded
// instruction buffered per warp, and the view of it that issue sees.
//
// Per warp: fpc (the next PC to fetch) and whether it is known (fvalid), and
// a one-entry buffer of the decoded instruction. A launch sets fpc to the
// entry PC. Fetch (one warp per cycle), priority:
//   1. cmp_fetch_i: a control instruction of warp cmp_wid_i completes; its
//      successor cmp_npc_i is fetched now;
//   2. a non-control instruction of warp iss_wid_i issues (fetch-ahead):
//      its PC+4 is fetched now;
//   3. a warp with fvalid, no buffered instruction and no fetch in flight,
//      active and not zeroing its registers (round robin after the last
//      one fetched this way).
// A bypass fetch that loses (1 beats 2) leaves fvalid set, so 3 picks it up.
// Decode: the word read comes out of the memory the next cycle, goes
// through ww_decode and into the warp's buffer. A PC below NULL_GUARD or
// outside [CODE_BASE, CODE_BASE + IMEM_BYTES) gives a fetch fault (code 1
// null guard, 2 outside imem) carried with an all-zero instruction; it
// traps only if it issues (it counts as a control instruction, so nothing
// is fetched after it).
// Issue view (bv_*_o, warp w at [w] or [W*w +: W]): the buffered
// instruction, or the one leaving the decoder for that warp this cycle
// (bypass), so a warp whose fetch-ahead was granted at its issue can issue
// again the next cycle. Fields: pc, instruction word, decoded op, rd, rs1,
// rs2, rs3, immediate, fault code, and the classes mem (goes to the LSU:
// load, store, atomic, fence, fence.dev, and fence.blk while scord_en_i),
// md (mul/div), ctrl (branch, jump, system, tx, split, join, exit, illegal
// or a fetch fault: its successor is fetched at its completion).
// iss_valid_i/iss_wid_i (the SM's issue) empty the buffer; exit_i empties
// it and clears fvalid. halted_i stops fetch and decode.
// Timing: every output is combinational from the registers and the inputs
// named in the priority above; the memory read is synchronous.
// Parameters: WARPS power of two, IMEM_BYTES multiple of 4.

`default_nettype none
`include "ww_config.vh"
module ww_fetch #(
  parameter WARPS      = `WW_WARPS_PER_SM,
  parameter IMEM_BYTES = `WW_IMEM_BYTES,
  parameter WID_W      = (WARPS > 1) ? $clog2(WARPS) : 1,
  parameter IMEM_AW    = $clog2(IMEM_BYTES / 4)
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  input  wire                 halted_i,
  input  wire                 scord_en_i,
  // instruction memory load (host, while idle); word address from CODE_BASE
  input  wire                 imem_we_i,
  input  wire [IMEM_AW-1:0]   imem_waddr_i,
  input  wire [31:0]          imem_wdata_i,
  // warps
  input  wire [WARPS-1:0]     active_i,
  input  wire [WARPS-1:0]     zeroing_i,
  input  wire [WARPS-1:0]     launch_i,      // warps launched this cycle
  input  wire [31:0]          entry_pc_i,
  input  wire                 iss_valid_i,
  input  wire [WID_W-1:0]     iss_wid_i,
  input  wire                 cmp_fetch_i,
  input  wire [WID_W-1:0]     cmp_wid_i,
  input  wire [31:0]          cmp_npc_i,
  input  wire                 exit_i,
  input  wire [WID_W-1:0]     exit_wid_i,
  // issue view
  output reg  [WARPS-1:0]     bv_valid_o,
  output reg  [WARPS-1:0]     bv_mem_o,
  output reg  [WARPS-1:0]     bv_md_o,
  output reg  [WARPS-1:0]     bv_ctrl_o,
  output reg  [WARPS*32-1:0]  bv_pc_o,
  output reg  [WARPS*32-1:0]  bv_insn_o,
  output reg  [WARPS*32-1:0]  bv_imm_o,
  output reg  [WARPS*7-1:0]   bv_op_o,
  output reg  [WARPS*5-1:0]   bv_rd_o,
  output reg  [WARPS*5-1:0]   bv_rs1_o,
  output reg  [WARPS*5-1:0]   bv_rs2_o,
  output reg  [WARPS*5-1:0]   bv_rs3_o,
  output reg  [WARPS*2-1:0]   bv_fault_o,
  // per warp, for waves: buffer full, next PC to fetch
  output wire [WARPS-1:0]     ibuf_valid_o,
  output wire [WARPS*32-1:0]  fpc_o
);
  /* verilator lint_off UNUSEDPARAM */
  `include "ww_isa.vh"
  /* verilator lint_on UNUSEDPARAM */

  localparam IMEM_W = IMEM_BYTES / 4;
  localparam [31:0] CODE_BASE  = `WW_CODE_BASE;
  localparam [31:0] NULL_GUARD = `WW_NULL_GUARD_BYTES;

  integer w;

  reg [WARPS-1:0]   fvalid_q;    // fpc_q holds the next PC to fetch
  reg [WARPS-1:0]   ibuf_v_q;    // decoded instruction waiting to issue
  reg [31:0]        fpc_q     [0:WARPS-1];
  // instruction buffer (decoded)
  reg [31:0]        ib_pc_q   [0:WARPS-1];
  reg [31:0]        ib_insn_q [0:WARPS-1];
  reg [6:0]         ib_op_q   [0:WARPS-1];
  reg [4:0]         ib_rd_q   [0:WARPS-1];
  reg [4:0]         ib_rs1_q  [0:WARPS-1];
  reg [4:0]         ib_rs2_q  [0:WARPS-1];
  reg [4:0]         ib_rs3_q  [0:WARPS-1];
  reg [31:0]        ib_imm_q  [0:WARPS-1];
  reg [1:0]         ib_fault_q[0:WARPS-1];  // 0 none, 1 null guard, 2 outside imem
  reg [WARPS-1:0]   ib_mem_q, ib_md_q, ib_ctrl_q;

  ////////////////////
  // Fetch          //
  ////////////////////

  reg              f_valid_q;
  reg [WID_W-1:0]  f_wid_q;
  reg [31:0]       f_pc_q;
  reg [1:0]        f_fault_q;
  reg [WID_W-1:0]  f_last_q;       // round robin among waiting warps

  wire        iss_fetch = iss_valid_i && !bv_ctrl_o[iss_wid_i];
  wire [31:0] iss_npc   = bv_pc_o[32*iss_wid_i +: 32] + 32'd4;

  reg [WARPS-1:0] fcand_c;
  reg             rr_found;
  reg [WID_W-1:0] rr_wid, rr_idx;
  always @* begin
    for (w = 0; w < WARPS; w = w + 1)
      fcand_c[w] = active_i[w] && !zeroing_i[w] && fvalid_q[w] && !ibuf_v_q[w] &&
                   !(f_valid_q && f_wid_q == w[WID_W-1:0]);
    rr_found = 1'b0;
    rr_wid   = {WID_W{1'b0}};
    for (w = WARPS; w >= 1; w = w - 1) begin
      rr_idx = f_last_q + w[WID_W-1:0];   // WARPS is a power of two: wraps
      if (fcand_c[rr_idx]) begin
        rr_found = 1'b1;
        rr_wid   = rr_idx;
      end
    end
  end

  wire             fetch_go  = !halted_i && (cmp_fetch_i || iss_fetch || rr_found);
  wire [WID_W-1:0] fetch_wid = cmp_fetch_i ? cmp_wid_i : iss_fetch ? iss_wid_i : rr_wid;
  wire [31:0]      fetch_pc  = cmp_fetch_i ? cmp_npc_i : iss_fetch ? iss_npc : fpc_q[rr_wid];
  wire [31:0]      fetch_off = fetch_pc - CODE_BASE;
  wire [1:0]       fetch_fault = (fetch_pc < NULL_GUARD) ? 2'd1 :
                                 (fetch_pc < CODE_BASE || fetch_off >= IMEM_BYTES) ? 2'd2 : 2'd0;
  wire [31:0]      imem_rdata;

  // a load may write the word being fetched: old data, as the C model (RW_OLD)
  ww_sram_1r1w #(.WIDTH(32), .DEPTH(IMEM_W), .RW_OLD(1)) u_imem (
    .clk_i   (clk_i),
    .raddr_i (fetch_off[2 +: IMEM_AW]),
    .rdata_o (imem_rdata),
    .we_i    (imem_we_i),
    .waddr_i (imem_waddr_i),
    .wdata_i (imem_wdata_i)
  );

  ////////////////////
  // Decode         //
  ////////////////////

  wire [31:0] f_insn = (f_fault_q != 2'd0) ? 32'd0 : imem_rdata;
  wire [6:0]  d_op;
  wire [4:0]  d_rd, d_rs1, d_rs2, d_rs3;
  wire [31:0] d_imm;
  wire        d_mul, d_div, d_branch, d_jump, d_load, d_store, d_atomic, d_sys, d_tx, d_illegal;

  // unused outputs of this instance are left open on purpose
  /* verilator lint_off PINCONNECTEMPTY */
  ww_decode u_decode (
    .clk_i       (clk_i),
    .insn_i      (f_insn),
    .op_o        (d_op),
    .illegal_o   (d_illegal),
    .fmt_o       (),
    .cls_o       (),
    .is_alu_o    (),
    .is_mul_o    (d_mul),
    .is_div_o    (d_div),
    .is_branch_o (d_branch),
    .is_jump_o   (d_jump),
    .is_load_o   (d_load),
    .is_store_o  (d_store),
    .is_atomic_o (d_atomic),
    .is_fence_o  (),
    .is_sys_o    (d_sys),
    .is_csr_o    (),
    .is_simt_o   (),
    .is_tx_o     (d_tx),
    .rd_o        (d_rd),
    .rs1_o       (d_rs1),
    .rs2_o       (d_rs2),
    .rs3_o       (d_rs3),
    .uses_rd_o   (),
    .uses_rs1_o  (),
    .uses_rs2_o  (),
    .uses_rs3_o  (),
    .imm_o       (d_imm)
  );
  /* verilator lint_on PINCONNECTEMPTY */

  // with ScoRD on, fence.blk goes to the LSU too (it sends FENCE records)
  wire d_is_mem  = d_load || d_store || d_atomic || (d_op == WW_OP_FENCE) || (d_op == WW_OP_FENCE_DEV) ||
                   (scord_en_i && d_op == WW_OP_FENCE_BLK);
  wire d_is_ctrl = d_branch || d_jump || d_sys || d_tx || d_illegal || (f_fault_q != 2'd0) ||
                   (d_op == WW_OP_SPLIT) || (d_op == WW_OP_JOIN) || (d_op == WW_OP_EXIT);
  wire d_mem     = d_is_mem && f_fault_q == 2'd0;
  wire d_md      = (d_mul || d_div) && f_fault_q == 2'd0;

  ////////////////////
  // Issue view     //
  ////////////////////

  always @* begin
    for (w = 0; w < WARPS; w = w + 1) begin
`ifdef WW_MUTANT_FETCH_BYPASS_STALE
      if (1'b0 && f_valid_q && f_wid_q == w[WID_W-1:0] && !halted_i) begin  // MUTANT: no bypass
`else
      if (f_valid_q && f_wid_q == w[WID_W-1:0] && !halted_i) begin
`endif
        bv_valid_o[w]          = 1'b1;
        bv_mem_o[w]            = d_mem;
        bv_md_o[w]             = d_md;
        bv_ctrl_o[w]           = d_is_ctrl;
        bv_pc_o[32*w +: 32]    = f_pc_q;
        bv_insn_o[32*w +: 32]  = f_insn;
        bv_imm_o[32*w +: 32]   = d_imm;
        bv_op_o[7*w +: 7]      = d_op;
        bv_rd_o[5*w +: 5]      = d_rd;
        bv_rs1_o[5*w +: 5]     = d_rs1;
        bv_rs2_o[5*w +: 5]     = d_rs2;
        bv_rs3_o[5*w +: 5]     = d_rs3;
        bv_fault_o[2*w +: 2]   = f_fault_q;
      end else begin
        bv_valid_o[w]          = ibuf_v_q[w];
        bv_mem_o[w]            = ib_mem_q[w];
        bv_md_o[w]             = ib_md_q[w];
        bv_ctrl_o[w]           = ib_ctrl_q[w];
        bv_pc_o[32*w +: 32]    = ib_pc_q[w];
        bv_insn_o[32*w +: 32]  = ib_insn_q[w];
        bv_imm_o[32*w +: 32]   = ib_imm_q[w];
        bv_op_o[7*w +: 7]      = ib_op_q[w];
        bv_rd_o[5*w +: 5]      = ib_rd_q[w];
        bv_rs1_o[5*w +: 5]     = ib_rs1_q[w];
        bv_rs2_o[5*w +: 5]     = ib_rs2_q[w];
        bv_rs3_o[5*w +: 5]     = ib_rs3_q[w];
        bv_fault_o[2*w +: 2]   = ib_fault_q[w];
      end
    end
  end

  assign ibuf_valid_o = ibuf_v_q;
  genvar gw;
  generate
    for (gw = 0; gw < WARPS; gw = gw + 1) begin : g_fpc
      assign fpc_o[32*gw +: 32] = fpc_q[gw];
    end
  endgenerate

  ////////////////////
  // Sequential     //
  ////////////////////

  // later assignments win: launch, fetch, decode, issue, completion, exit
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      fvalid_q  <= {WARPS{1'b0}};
      ibuf_v_q  <= {WARPS{1'b0}};
      ib_mem_q  <= {WARPS{1'b0}};
      ib_md_q   <= {WARPS{1'b0}};
      ib_ctrl_q <= {WARPS{1'b0}};
      for (w = 0; w < WARPS; w = w + 1) begin
        fpc_q[w]      <= 32'd0;
        ib_pc_q[w]    <= 32'd0;
        ib_insn_q[w]  <= 32'd0;
        ib_op_q[w]    <= 7'd0;
        ib_rd_q[w]    <= 5'd0;
        ib_rs1_q[w]   <= 5'd0;
        ib_rs2_q[w]   <= 5'd0;
        ib_rs3_q[w]   <= 5'd0;
        ib_imm_q[w]   <= 32'd0;
        ib_fault_q[w] <= 2'd0;
      end
      f_valid_q <= 1'b0;
      f_wid_q   <= {WID_W{1'b0}};
      f_pc_q    <= 32'd0;
      f_fault_q <= 2'd0;
      f_last_q  <= {WID_W{1'b0}};
    end else begin
      for (w = 0; w < WARPS; w = w + 1)
        if (launch_i[w]) begin
          fvalid_q[w] <= 1'b1;
          fpc_q[w]    <= entry_pc_i;
        end
      // fetch
      f_valid_q <= fetch_go;
      if (fetch_go) begin
        f_wid_q   <= fetch_wid;
        f_pc_q    <= fetch_pc;
        f_fault_q <= fetch_fault;
        fvalid_q[fetch_wid] <= 1'b0;
        if (!cmp_fetch_i && !iss_fetch)
          f_last_q <= rr_wid;
      end
      // decode into the buffer
      if (f_valid_q && !halted_i) begin
        ibuf_v_q[f_wid_q]   <= 1'b1;
        ib_pc_q[f_wid_q]    <= f_pc_q;
        ib_insn_q[f_wid_q]  <= f_insn;
        ib_op_q[f_wid_q]    <= d_op;
        ib_rd_q[f_wid_q]    <= d_rd;
        ib_rs1_q[f_wid_q]   <= d_rs1;
        ib_rs2_q[f_wid_q]   <= d_rs2;
        ib_rs3_q[f_wid_q]   <= d_rs3;
        ib_imm_q[f_wid_q]   <= d_imm;
        ib_fault_q[f_wid_q] <= f_fault_q;
        ib_mem_q[f_wid_q]   <= d_mem;
        ib_md_q[f_wid_q]    <= d_md;
        ib_ctrl_q[f_wid_q]  <= d_is_ctrl;
      end
      // issue: the buffer empties; fetch-ahead of PC+4 (or later, by 3)
      if (iss_valid_i) begin
        ibuf_v_q[iss_wid_i] <= 1'b0;
        if (!bv_ctrl_o[iss_wid_i] && !(fetch_go && fetch_wid == iss_wid_i))
          fvalid_q[iss_wid_i] <= 1'b1;
        fpc_q[iss_wid_i] <= iss_npc;
      end
      // a control instruction completes: its successor (or later, by 3)
      if (cmp_fetch_i) begin
        fpc_q[cmp_wid_i] <= cmp_npc_i;
        if (!(fetch_go && fetch_wid == cmp_wid_i)) fvalid_q[cmp_wid_i] <= 1'b1;
      end
      if (exit_i) begin
        fvalid_q[exit_wid_i] <= 1'b0;
        ibuf_v_q[exit_wid_i] <= 1'b0;
      end
    end
  end

endmodule  // ww_fetch
`default_nettype wire
