// SPDX-License-Identifier: Apache-2.0
//
// ww_sm_exec -- the SM's execute stage (docs/gpu_rtl.md "SM", the execute
// row of its cycle table), combinational: from the instruction in execute
// and its operands (read from ww_regfile at issue) it computes
//   * the ALU operands and one ww_alu per lane (u_alu in g_alu): rs1 or the
//     PC (auipc) or zero (lui); rs2 (register-register ops and branches) or
//     the immediate;
//   * branch and jump resolution: the lanes taking a branch (taken, within
//     the mask), whether the warp jumps (jal, jalr, or a branch every active
//     lane takes), the target (pc + imm; jalr: the first active lane's
//     (rs1 + imm) & ~1) and the next PC (npc_o); jalr's divergence (two
//     active lanes with different targets);
//   * the result per lane (res_o): the link pc + 4 (jal, jalr), a CSR
//     (csrrs with rs1 = x0: the ids of docs/isa.md from the warp's slot
//     state and the launch), a vote (any, all, ballot over the active
//     lanes' rs1 != 0), else the ALU result;
//   * the predicate of split and the votes (pred_o: active lanes with
//     rs1 != 0);
//   * the execute-stage trap (trap_o, WW_TRAP_*; WW_TRAP_NONE when
//     valid_i is low), first that holds: the fetch fault (null guard, out
//     of range), illegal instruction, ecall/ebreak, transactions, an
//     unknown CSR, a divergent branch, a divergent jalr, a misaligned jump
//     target, ww.bar or ww.exit with lanes not live (exit also with a
//     non-empty reconvergence stack), the LSU's address fault.
// Timing: every output is combinational from the inputs. clk_i is not used
// (no state): it is passed to the ALU lanes, whose lockstep adapter drives
// it. Parameters: LANES power of two >= 2, WARPS >= 1, NUM_SM >= 1.
// Checked by the GPU's co-simulation (docs/sm_blocks.md); mutant
// SM_EXEC_VOTE_ALL_IGNORES_MASK (rtl/mutant in make test).

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
module ww_sm_exec #(
  parameter NUM_SM = `WW_NUM_SM,
  parameter WARPS  = `WW_WARPS_PER_SM,
  parameter LANES  = `WW_LANES,
  parameter SM_W   = (NUM_SM > 1) ? $clog2(NUM_SM) : 1,
  parameter WID_W  = (WARPS > 1) ? $clog2(WARPS) : 1
) (
  input  wire                      clk_i,        // unused, see above
  // launch parameters and the SM
  input  wire [SM_W-1:0]           sm_id_i,
  input  wire [31:0]               grid_i,
  input  wire [31:0]               block_i,
  input  wire [31:0]               kargs_i,
  input  wire [31:0]               nwarps_i,     // warps per block
  // the instruction in execute (the execute-stage registers)
  input  wire                      valid_i,
  input  wire [WID_W-1:0]          wid_i,
  input  wire [31:0]               pc_i,
  input  wire [2:0]                funct3_i,     // instruction bits 14:12
  input  wire                      alt_i,        // instruction bit 30 (sub, sra)
  input  wire [31:0]               imm_i,
  input  wire [6:0]                op_i,         // WW_OP_*
  input  wire [4:0]                rs1_i,
  input  wire [LANES-1:0]          mask_i,
  input  wire [1:0]                fault_i,      // ww_fetch's fetch fault code
  input  wire                      mem_i,        // goes to the LSU
  // its warp's slot state
  input  wire [WID_W-1:0]          wib_i,        // warp index in its block
  input  wire [31:0]               ctaid_i,      // its block's index
  input  wire [LANES-1:0]          live_i,       // its live lanes
  input  wire                      stack_empty_i,
  // operands
  input  wire [LANES*32-1:0]       rs1_data_i,
  input  wire [LANES*32-1:0]       rs2_data_i,
  // the LSU's address fault for it
  input  wire                      lsu_fault_i,
  input  wire [`WW_TRAP_W-1:0]     lsu_fault_kind_i,
  // a transaction rule the instruction breaks (KILO TM, docs/tm.md sec. 1:
  // TX_OUTSIDE, TX_BARRIER, TX_NESTING; WW_TRAP_NONE if none)
  input  wire [`WW_TRAP_W-1:0]     tx_trap_i,
  // results
  output reg  [LANES*32-1:0]       res_o,
  output reg  [LANES-1:0]          pred_o,
  output wire [31:0]               target_o,
  output wire [31:0]               npc_o,
  output reg  [`WW_TRAP_W-1:0]     trap_o
);

  // ISA constants: this module uses the WW_OP_* codes and WW_CSR_* numbers.
  /* verilator lint_off UNUSEDPARAM */
  `include "ww_isa.vh"
  /* verilator lint_on UNUSEDPARAM */

  localparam LG_LANES  = $clog2(LANES);
  localparam LG_WARPS  = (WARPS > 1) ? $clog2(WARPS) : 0;
  localparam [31:0] LOCAL_BYTES = `WW_LOCAL_BYTES;
  localparam [31:0] LOCAL_BASE0 = `WW_GMEM_BYTES - NUM_SM * WARPS * LANES * `WW_LOCAL_BYTES;
  localparam LG_LOCAL  = $clog2(`WW_LOCAL_BYTES);
  // ww_fetch's fetch-fault codes (bv_fault_o)
  localparam [1:0] FAULT_NULL  = 2'd1;   // below the null guard
  localparam [1:0] FAULT_RANGE = 2'd2;   // outside the instruction memory

  integer l;

  ////////////////////
  // ALU lanes      //
  ////////////////////

  wire [2:0] f3    = funct3_i;
  wire       rtype = (op_i >= WW_OP_ADD && op_i <= WW_OP_AND);
  wire [3:0] alu_op = (op_i == WW_OP_LUI || op_i == WW_OP_AUIPC) ? 4'd0 :
                      (rtype || op_i == WW_OP_SRAI) ? {alt_i, f3} : {1'b0, f3};
  wire       b_reg = rtype || op_i == WW_OP_BEQ || op_i == WW_OP_BNE ||
                     op_i == WW_OP_BLT || op_i == WW_OP_BGE || op_i == WW_OP_BLTU ||
                     op_i == WW_OP_BGEU;

  wire [LANES*32-1:0] alu_res;
  wire [LANES-1:0]    alu_eq, alu_lt, alu_ltu;
  genvar gl;
  generate
    for (gl = 0; gl < LANES; gl = gl + 1) begin : g_alu
      wire [31:0] a = (op_i == WW_OP_AUIPC) ? pc_i :
                      (op_i == WW_OP_LUI) ? 32'd0 : rs1_data_i[32*gl +: 32];
      wire [31:0] b = b_reg ? rs2_data_i[32*gl +: 32] : imm_i;
      ww_alu u_alu (
        .clk_i    (clk_i),
        .op_i     (alu_op),
        .a_i      (a),
        .b_i      (b),
        .result_o (alu_res[32*gl +: 32]),
        .eq_o     (alu_eq[gl]),
        .lt_o     (alu_lt[gl]),
        .ltu_o    (alu_ltu[gl])
      );
    end
  endgenerate

  ////////////////////
  // Results        //
  ////////////////////

  wire [31:0] csr    = imm_i;
  wire        csr_ok = (csr >= {20'd0, WW_CSR_TID}) &&
                       (csr <= {20'd0, WW_CSR_LOCAL_SIZE}) && (rs1_i == 5'd0);

  reg  [LANES-1:0] taken;
  reg  [31:0]      jalr_t0, jalr_t;
  reg              jalr_div, jalr_seen;
  reg  [31:0]      csr_v;
  always @(*) begin
    taken     = {LANES{1'b0}};
    pred_o    = {LANES{1'b0}};
    jalr_t0   = 32'd0;
    jalr_div  = 1'b0;
    jalr_seen = 1'b0;
    for (l = 0; l < LANES; l = l + 1) begin
      case (op_i)
        WW_OP_BEQ:  taken[l] = alu_eq[l];
        WW_OP_BNE:  taken[l] = !alu_eq[l];
        WW_OP_BLT:  taken[l] = alu_lt[l];
        WW_OP_BGE:  taken[l] = !alu_lt[l];
        WW_OP_BLTU: taken[l] = alu_ltu[l];
        default:    taken[l] = !alu_ltu[l];
      endcase
      pred_o[l] = (rs1_data_i[32*l +: 32] != 32'd0);
      jalr_t = (rs1_data_i[32*l +: 32] + imm_i) & ~32'd1;
      if (mask_i[l]) begin
        if (!jalr_seen) jalr_t0 = jalr_t;
        else if (jalr_t != jalr_t0) jalr_div = 1'b1;
        jalr_seen = 1'b1;
      end
    end
    taken  = taken & mask_i;
    pred_o = pred_o & mask_i;
    for (l = 0; l < LANES; l = l + 1) begin
      // csr_ok: the CSRs are WW_CSR_TID .. WW_CSR_LOCAL_SIZE, told apart by their low bits
      case (csr[3:0])
        WW_CSR_TID[3:0]:        csr_v = {{(32-WID_W-LG_LANES){1'b0}}, wib_i, l[LG_LANES-1:0]};
        WW_CSR_NTID[3:0]:       csr_v = block_i;
        WW_CSR_CTAID[3:0]:      csr_v = ctaid_i;
        WW_CSR_NCTAID[3:0]:     csr_v = grid_i;
        WW_CSR_LANEID[3:0]:     csr_v = l;
        WW_CSR_WARPID[3:0]:     csr_v = {{(32-WID_W){1'b0}}, wib_i};
        WW_CSR_NWARPID[3:0]:    csr_v = nwarps_i;
        WW_CSR_SMID[3:0]:       csr_v = {{(32-SM_W){1'b0}}, sm_id_i};
        WW_CSR_NSMID[3:0]:      csr_v = NUM_SM;
        WW_CSR_HWWID[3:0]:      csr_v = {{(32-WID_W){1'b0}}, wid_i};
        WW_CSR_NLANES[3:0]:     csr_v = LANES;
        WW_CSR_KARGS[3:0]:      csr_v = kargs_i;
        WW_CSR_LOCAL_BASE[3:0]: csr_v = LOCAL_BASE0 + ((({{(32-SM_W){1'b0}}, sm_id_i} << LG_WARPS |
                                  {{(32-WID_W){1'b0}}, wid_i}) << LG_LANES | l) << LG_LOCAL);
        default:                csr_v = LOCAL_BYTES;   // WW_CSR_LOCAL_SIZE
      endcase
      case (op_i)
        WW_OP_JAL, WW_OP_JALR: res_o[32*l +: 32] = pc_i + 32'd4;
        WW_OP_CSRRS:           res_o[32*l +: 32] = csr_v;
        WW_OP_VOTE_ANY:        res_o[32*l +: 32] = {31'd0, pred_o != {LANES{1'b0}}};
`ifdef WW_MUTANT_SM_EXEC_VOTE_ALL_IGNORES_MASK
        WW_OP_VOTE_ALL:        res_o[32*l +: 32] = {31'd0, pred_o == {LANES{1'b1}}};
`else
        WW_OP_VOTE_ALL:        res_o[32*l +: 32] = {31'd0, pred_o == mask_i};
`endif
        WW_OP_VOTE_BALLOT:     res_o[32*l +: 32] = {{(32-LANES){1'b0}}, pred_o};
        default:               res_o[32*l +: 32] = alu_res[32*l +: 32];
      endcase
    end
  end

  ////////////////////
  // Branches       //
  ////////////////////

  wire branch = (op_i >= WW_OP_BEQ && op_i <= WW_OP_BGEU);
  wire jumps  = (op_i == WW_OP_JAL) || (op_i == WW_OP_JALR) || (branch && taken == mask_i);
  assign target_o = (op_i == WW_OP_JALR) ? jalr_t0 : pc_i + imm_i;
  assign npc_o    = jumps ? target_o : pc_i + 32'd4;

  ////////////////////
  // Trap           //
  ////////////////////

  always @(*) begin
    trap_o = `WW_TRAP_NONE;
    if (fault_i == FAULT_NULL)                              trap_o = `WW_TRAP_NULL_ACCESS;
    else if (fault_i == FAULT_RANGE)                        trap_o = `WW_TRAP_OUT_OF_RANGE;
    else if (op_i == WW_OP_ILLEGAL)                         trap_o = `WW_TRAP_ILLEGAL;
    else if (op_i == WW_OP_ECALL || op_i == WW_OP_EBREAK)   trap_o = `WW_TRAP_KERNEL_TRAP;
    else if (tx_trap_i != `WW_TRAP_NONE)                    trap_o = tx_trap_i;
    else if (op_i == WW_OP_CSRRS && !csr_ok)                trap_o = `WW_TRAP_ILLEGAL;
    else if (branch && taken != mask_i && taken != {LANES{1'b0}})
                                                            trap_o = `WW_TRAP_DIVERGENT;
    else if (op_i == WW_OP_JALR && jalr_div)                trap_o = `WW_TRAP_DIVERGENT;
    else if (jumps && target_o[1:0] != 2'd0)                trap_o = `WW_TRAP_MISALIGNED;
    else if (op_i == WW_OP_BAR && mask_i != live_i)         trap_o = `WW_TRAP_BAR_DIVERGENT;
    else if (op_i == WW_OP_EXIT && (mask_i != live_i || !stack_empty_i))
                                                            trap_o = `WW_TRAP_EXIT_DIVERGENT;
    else if (mem_i && lsu_fault_i)                          trap_o = lsu_fault_kind_i;
    if (!valid_i) trap_o = `WW_TRAP_NONE;
  end

endmodule  // ww_sm_exec
`default_nettype wire
