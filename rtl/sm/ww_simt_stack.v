// SPDX-License-Identifier: Apache-2.0
//
// ww_simt_stack -- the per-warp reconvergence stacks of one SM
// (docs/isa.md "Reconvergence", an immediate-post-dominator stack with
// explicit ww.split / ww.join, Vortex style).
//
//   SPLIT  A = req_tmask_i, P = A & req_pred_i. Push RECONV{A}; if the warp
//          diverges (P != 0 and P != A) also push ELSE{A & ~P, pc+4} and
//          answer mask P; else answer mask A. Next pc = pc+4 either way.
//   JOIN   Pop the top entry: RECONV -> its mask, pc+4; ELSE -> its mask, its pc.
//   CLEAR  Empty the warp's stack (warp launch); answers A, pc.
//   TX_BEGIN   (an outermost ww.tx.begin) Push TX{A, pc+4}; answer A, pc+4.
//   TX_COMMIT  (ww.tx.commit; F = A & req_pred_i, the lanes that failed
//          validation) The top must be a TX entry. F != 0: answer F at the
//          entry's pc (a new attempt of the failed lanes), the entry stays;
//          F == 0: pop it, answer its mask at pc+4 (the transaction is done,
//          the warp's mask at ww.tx.begin comes back).
//   TX_ABORT   (the watchdog found the attempt doomed; F = A & req_pred_i,
//          the attempt's lanes) Pop every entry above the warp's TX entry
//          (divergence inside the transaction), answer F at the entry's pc;
//          the entry stays. The TX entry is the warp's newest TX push still
//          on the stack (its index is kept per warp, txi_q; the SM pushes
//          at most one per warp); none: TX_NONE, nothing changes.
// TX is KILO TM's R, T and N entries in one (KILO TM, MICRO 2011, sec. 4.1,
// Fig. 3; docs/tm.md sec. 3 says why one entry does here). Entries are typed
// (2-bit kind: RECONV, ELSE, TX, one spare).
//
// Protocol: a request moves when req_valid_i && req_ready_o and is answered
// by exactly one rsp_valid_o pulse the next cycle. A split that pushes would
// overflow (or a join on an empty stack) answers rsp_err_o = OVERFLOW
// (UNDERFLOW; WW_STACK_* / WW_STACK_ERR_* of ww_proto.vh are the codes) and
// changes nothing. A tx.commit on an empty stack answers TX_NONE and changes
// nothing; one whose top entry is not TX answers TX_NONE, and a join whose
// top entry is TX answers UNDERFLOW, after popping (the kind is known only
// from the memory read; the SM traps on both). A diverging split writes its
// second entry in the cycle after it is accepted, with req_ready_o low.
// empty_o[w] = 1 when warp w's stack holds no entry (for ww.exit's "exit in
// divergent code" trap). It comes from the stack pointer flops, so it
// reflects every request accepted before this cycle (a diverging split's
// second write included: its pointer moves by 2 when it is accepted) and
// never the request of this cycle.
// Storage: one WARPS*DEPTH-entry 1R1W memory (block RAM), stack pointers in
// flops. Parameters: WARPS 1..64 (the C model packs empty_o into 64 bits),
// LANES 1..32, DEPTH a power of two >= 2.

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
module ww_simt_stack #(
  parameter WARPS = `WW_WARPS_PER_SM,
  parameter LANES = `WW_LANES,
  parameter DEPTH = `WW_SIMT_DEPTH
) (
  input  wire                     clk_i,
  input  wire                     rst_ni,
  // requests
  input  wire                     req_valid_i,
  output wire                     req_ready_o,
  input  wire [`WW_STACK_W-1:0]   req_op_i,
  input  wire [WID_W-1:0]         req_wid_i,
  input  wire [LANES-1:0]         req_tmask_i,
  input  wire [LANES-1:0]         req_pred_i,
  input  wire [31:0]              req_pc_i,
  // responses
  output wire                     rsp_valid_o,
  output wire [WID_W-1:0]         rsp_wid_o,
  output wire [LANES-1:0]         rsp_tmask_o,
  output wire [31:0]              rsp_pc_o,
  output wire                     rsp_diverged_o,
  output wire [`WW_STACK_ERR_W-1:0] rsp_err_o,
  // state
  output wire [WARPS-1:0]         empty_o
);

  localparam WID_W   = (WARPS > 1) ? $clog2(WARPS) : 1;
  localparam IDX_W   = $clog2(DEPTH);
  localparam SP_W    = IDX_W + 1;                 // 0 .. DEPTH
  localparam ENT_W   = 2 + LANES + 30;            // {kind, mask, pc[31:2]}
  localparam ADDR_W  = WID_W + IDX_W;


  localparam [1:0] KIND_RECONV = 2'd0;
  localparam [1:0] KIND_ELSE   = 2'd1;
  localparam [1:0] KIND_TX     = 2'd2;


  ////////////////////
  // State          //
  ////////////////////

  reg  [WARPS*SP_W-1:0] sp_q, sp_d;          // entries per warp
  reg                   push2_q, push2_d;    // second push of a diverging split pending
  reg  [ADDR_W-1:0]     push2_addr_q;
  reg  [ENT_W-1:0]      push2_ent_q;
  reg                   rsp_valid_q;
  reg                   rsp_join_q;          // answer comes from the memory read
  reg                   rsp_txc_q;           // a tx.commit's answer comes from it too
  reg                   rsp_txa_q;           // a tx abort's too (the TX entry read)
  reg  [WARPS-1:0]      txv_q, txv_d;        // warp w's newest TX push is on its stack
  reg  [WARPS*IDX_W-1:0] txi_q, txi_d;       // at this index
  reg  [LANES-1:0]      rsp_fail_q;          // the tx.commit's failed lanes
  reg  [WID_W-1:0]      rsp_wid_q;
  reg  [LANES-1:0]      rsp_tmask_q;
  reg  [31:0]           rsp_pc_q;            // split/clear: next pc; join: pc+4
  reg                   rsp_diverged_q;
  reg  [`WW_STACK_ERR_W-1:0] rsp_err_q;

  assign req_ready_o = !push2_q;
  wire   accept      = req_valid_i && req_ready_o;

  // The request's stack pointer, selected with constant slices (an indexed
  // slice would multiply by SP_W, which ECP5 maps onto a DSP).
  reg  [SP_W-1:0]  sp;
  reg              txv;
  reg  [IDX_W-1:0] txi;
  integer          w;
  always @(*) begin
    sp  = {SP_W{1'b0}};
    txv = 1'b0;
    txi = {IDX_W{1'b0}};
    for (w = 0; w < WARPS; w = w + 1) begin
      if (req_wid_i == w[WID_W-1:0]) begin
        sp  = sp_q[w*SP_W +: SP_W];
        txv = txv_q[w];
        txi = txi_q[w*IDX_W +: IDX_W];
      end
    end
  end
  reg  [SP_W-1:0]  sp_new;                   // the request's stack pointer after it
  wire [LANES-1:0] taken    = req_tmask_i & req_pred_i;
  wire             diverge  = (req_op_i == `WW_STACK_SPLIT) &&
                              (taken != {LANES{1'b0}}) && (taken != req_tmask_i);
  wire [SP_W:0]    need     = {1'b0, sp} + (diverge ? {{SP_W-1{1'b0}}, 2'd2} :
                                                      {{SP_W{1'b0}}, 1'b1});
  wire             is_push  = (req_op_i == `WW_STACK_SPLIT) || (req_op_i == `WW_STACK_TX_BEGIN);
  wire             is_txc   = (req_op_i == `WW_STACK_TX_COMMIT);
  wire             is_txa   = (req_op_i == `WW_STACK_TX_ABORT);
  wire [SP_W:0]    depth_n  = {2'b01, {IDX_W{1'b0}}};   // DEPTH
  wire             overflow = need > depth_n;
  wire             empty    = (sp == {SP_W{1'b0}});
  wire [31:0]      pc_next  = req_pc_i + 32'd4;

  wire [IDX_W-1:0] top      = sp[IDX_W-1:0] - {{IDX_W-1{1'b0}}, 1'b1};

  ////////////////////
  // Memory         //
  ////////////////////

  reg              mem_we;
  reg [ADDR_W-1:0] mem_waddr;
  reg [ENT_W-1:0]  mem_wdata;
  wire [ENT_W-1:0] mem_rdata;

  ww_sram_1r1w #(
    .WIDTH (ENT_W),
    .DEPTH ((1 << WID_W) * DEPTH)   // addressed by {wid, index}
  ) u_mem (
    .clk_i   (clk_i),
    .raddr_i ({req_wid_i, is_txa ? txi : top}),   // a tx abort reads the TX entry
    .rdata_o (mem_rdata),
    .we_i    (mem_we),
    .waddr_i (mem_waddr),
    .wdata_i (mem_wdata)
  );

  ////////////////////
  // Control        //
  ////////////////////

  always @(*) begin
    sp_new    = sp;
    push2_d   = 1'b0;
    mem_we    = 1'b0;
    mem_waddr = {req_wid_i, sp[IDX_W-1:0]};
    mem_wdata = (req_op_i == `WW_STACK_TX_BEGIN) ? {KIND_TX, req_tmask_i, pc_next[31:2]}
                                                 : {KIND_RECONV, req_tmask_i, 30'd0};
    if (push2_q) begin
      mem_we    = 1'b1;
      mem_waddr = push2_addr_q;
      mem_wdata = push2_ent_q;
    end else if (accept) begin
      case (req_op_i)
        `WW_STACK_SPLIT, `WW_STACK_TX_BEGIN: begin
          if (!overflow) begin
            mem_we  = 1'b1;
            push2_d = diverge;
            sp_new  = need[SP_W-1:0];
          end
        end
        `WW_STACK_TX_COMMIT: begin
          // all lanes passed: pop (a top that is not TX is an error answer)
`ifdef WW_MUTANT_SIMT_TX_COMMIT_POPS_ON_FAIL
          if (!empty) begin
`else
          if (!empty && taken == {LANES{1'b0}}) begin
`endif
            sp_new = sp - {{SP_W-1{1'b0}}, 1'b1};
          end
        end
        `WW_STACK_JOIN: begin
          if (!empty) begin
`ifdef WW_MUTANT_SIMT_JOIN_KEEPS_TOP
            sp_new = sp;  // MUTANT: join does not pop
`else
            sp_new = sp - {{SP_W-1{1'b0}}, 1'b1};
`endif
          end
        end
        `WW_STACK_TX_ABORT: begin
          // pop the entries above the TX entry
          if (txv) begin
`ifdef WW_MUTANT_SIMT_TX_ABORT_KEEPS_ABOVE
            sp_new = sp;  // MUTANT: the entries above the TX entry stay
`else
            sp_new = {1'b0, txi} + {{SP_W-1{1'b0}}, 1'b1};
`endif
          end
        end
        `WW_STACK_CLEAR: begin
          sp_new = {SP_W{1'b0}};
        end
        default: begin
        end
      endcase
    end
    sp_d  = sp_q;
    txv_d = txv_q;
    txi_d = txi_q;
    for (w = 0; w < WARPS; w = w + 1) begin
      if (req_wid_i == w[WID_W-1:0]) begin
        sp_d[w*SP_W +: SP_W] = sp_new;
        // a TX push is tracked; a pop down to (or below) it forgets it
        if (!push2_q && accept && req_op_i == `WW_STACK_TX_BEGIN && !overflow) begin
          txv_d[w]               = 1'b1;
          txi_d[w*IDX_W +: IDX_W] = sp[IDX_W-1:0];
        end else if (sp_new <= {1'b0, txi}) begin
          txv_d[w] = 1'b0;
        end
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      sp_q        <= {WARPS*SP_W{1'b0}};
      txv_q       <= {WARPS{1'b0}};
      txi_q       <= {WARPS*IDX_W{1'b0}};
      push2_q     <= 1'b0;
      rsp_valid_q <= 1'b0;
    end else begin
      sp_q        <= sp_d;
      txv_q       <= txv_d;
      txi_q       <= txi_d;
      push2_q     <= push2_d;
      rsp_valid_q <= accept;
    end
  end

  // Response and second-push registers: datapath, not reset.
  always @(posedge clk_i) begin
    if (accept) begin
      push2_addr_q   <= {req_wid_i, sp[IDX_W-1:0] + {{IDX_W-1{1'b0}}, 1'b1}};
      push2_ent_q    <= {KIND_ELSE, req_tmask_i & ~req_pred_i, pc_next[31:2]};
      rsp_join_q     <= (req_op_i == `WW_STACK_JOIN) && !empty;
      rsp_txc_q      <= is_txc && !empty;
      rsp_txa_q      <= is_txa && txv;
      rsp_fail_q     <= taken;
      rsp_wid_q      <= req_wid_i;
      rsp_pc_q       <= (req_op_i == `WW_STACK_CLEAR) ? req_pc_i : pc_next;
      rsp_diverged_q <= !overflow && diverge;
      rsp_tmask_q    <= (!overflow && diverge) ? taken : req_tmask_i;
      rsp_err_q      <= (is_push && overflow)                  ? `WW_STACK_ERR_OVERFLOW :
                        (req_op_i == `WW_STACK_JOIN && empty) ? `WW_STACK_ERR_UNDERFLOW :
                        (is_txc && empty)                      ? `WW_STACK_ERR_TX_NONE :
                        (is_txa && !txv)                       ? `WW_STACK_ERR_TX_NONE :
                                                                 `WW_STACK_ERR_OK;
    end
  end

  wire [1:0]       top_kind = mem_rdata[ENT_W-1 -: 2];
  wire [LANES-1:0] top_mask = mem_rdata[30 +: LANES];
  wire [31:0]      top_pc   = {mem_rdata[29:0], 2'b00};

  assign rsp_valid_o    = rsp_valid_q;
  assign rsp_wid_o      = rsp_wid_q;
  // a tx.commit: failed lanes retry at the TX entry's pc, else its mask at pc+4
  wire             retry    = (rsp_fail_q != {LANES{1'b0}});
`ifdef WW_MUTANT_SIMT_TX_RETRY_ALL_LANES
  wire [LANES-1:0] txc_mask = retry ? top_mask : top_mask;
`elsif WW_MUTANT_SIMT_TX_RETRY_DROPS_LANE
  // MUTANT: the lowest failed lane does not retry (its transaction is lost)
  wire [LANES-1:0] txc_mask = retry ? (rsp_fail_q & (rsp_fail_q - 1'b1)) : top_mask;
`else
  wire [LANES-1:0] txc_mask = retry ? rsp_fail_q : top_mask;
`endif
  assign rsp_tmask_o    = rsp_txa_q  ? rsp_fail_q :
                          rsp_txc_q  ? txc_mask :
                          rsp_join_q ? top_mask : rsp_tmask_q;
  assign rsp_pc_o       = (rsp_txc_q && retry) || rsp_txa_q ? top_pc :
                          (rsp_join_q && top_kind == KIND_ELSE) ? top_pc : rsp_pc_q;
  assign rsp_diverged_o = rsp_diverged_q;
  assign rsp_err_o      = ((rsp_txc_q || rsp_txa_q) && top_kind != KIND_TX) ? `WW_STACK_ERR_TX_NONE :
                          (rsp_join_q && top_kind == KIND_TX) ? `WW_STACK_ERR_UNDERFLOW :
                                                                rsp_err_q;

  genvar g;
  for (g = 0; g < WARPS; g = g + 1) begin : g_empty
    assign empty_o[g] = (sp_q[g*SP_W +: SP_W] == {SP_W{1'b0}});
  end

endmodule  // ww_simt_stack
`default_nettype wire
