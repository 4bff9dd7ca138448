// SPDX-License-Identifier: Apache-2.0
//
// ww_hl_run -- the host link's view of a kernel run (docs/fpga.md sec. 2
// "Run control"): the GPU's reset, its state, the run's counters and the
// trap record, read by the executor (ww_hostlink) as words.
//   gpu_rst_no  low while rst_ni is low, while the executor holds the GPU
//               in reset for a launch (hold_i), and after a trap or an
//               abort until the next launch (a stopped GPU changes nothing).
//   state       `WW_HL_STATE_*: IDLE after reset and after abort_i; BUSY
//               from start_i; DONE at done_i; TRAP at the first trap (the
//               lowest SM whose trap_valid_i rises), whose record is kept
//               (all zeros after reset and from start_i until a trap).
//   counters    cleared at start_i: cycles with busy_i or done_i (the
//               launch's cycles, as sw/sim/ww_vgpu.cpp counts them), warp
//               and thread instructions retired (ret_valid_i, ret_mask_i),
//               blocks placed (launch_valid_i); CNT_W bits each.
// Words (word_idx_i -> word_o, combinational):
//   0 state | det_ovf << 8 | mem_oor << 9     1, 2 cycles (low, high)
//   3, 4 warp instructions   5, 6 thread instructions   7 blocks placed
//   8 trap kind  9 SM  10 warp  11 block  12 lane mask  13 pc
//   14 instruction  15 lane (63: none)  16 address
// Parameters: as ww_gpu; CNT_W <= 64.

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
module ww_hl_run #(
  parameter NUM_SM = `WW_NUM_SM,
  parameter WARPS  = `WW_WARPS_PER_SM,
  parameter LANES  = `WW_LANES,
  parameter CNT_W  = 48,
  parameter WID_W  = (WARPS > 1) ? $clog2(WARPS) : 1
) (
  input  wire                         clk_i,
  input  wire                         rst_ni,
  // from the executor
  input  wire                         hold_i,
  input  wire                         start_i,
  input  wire                         abort_i,
  output wire                         gpu_rst_no,
  // the GPU
  input  wire                         busy_i,
  input  wire                         done_i,
  input  wire                         det_ovf_i,
  input  wire                         mem_oor_i,
  input  wire [NUM_SM-1:0]            ret_valid_i,
  input  wire [NUM_SM*LANES-1:0]      ret_mask_i,
  input  wire                         launch_valid_i,
  input  wire [NUM_SM-1:0]            trap_valid_i,
  input  wire [NUM_SM*`WW_TRAP_W-1:0] trap_kind_i,
  input  wire [NUM_SM*WID_W-1:0]      trap_warp_i,
  input  wire [NUM_SM*32-1:0]         trap_block_i,
  input  wire [NUM_SM*LANES-1:0]      trap_mask_i,
  input  wire [NUM_SM*32-1:0]         trap_pc_i,
  input  wire [NUM_SM*32-1:0]         trap_insn_i,
  input  wire [NUM_SM*6-1:0]          trap_lane_i,
  input  wire [NUM_SM*32-1:0]         trap_addr_i,
  // state and words
  output wire [`WW_HL_STATE_W-1:0]    state_o,
  input  wire [4:0]                   word_idx_i,
  output reg  [31:0]                  word_o
);

  localparam TW = `WW_TRAP_W;

  reg [`WW_HL_STATE_W-1:0] state_q;
  reg                      stop_q;          // trapped or aborted: GPU in reset
  reg [NUM_SM-1:0]         trap_prev_q;
  reg [CNT_W-1:0]          cycles_q, warps_q, threads_q;
  reg [31:0]               blocks_q;
  // the trap record
  reg [TW-1:0]  t_kind_q;
  reg [31:0]    t_sm_q, t_block_q, t_pc_q, t_insn_q, t_addr_q;
  reg [WID_W-1:0] t_warp_q;
  reg [LANES-1:0] t_mask_q;
  reg [5:0]     t_lane_q;

  // this cycle's retired warp and thread instructions
  reg [CNT_W-1:0] n_warps, n_threads;
  integer s, l;
  always @(*) begin
    s = 0;                  // loop variables, set on every path (else Yosys infers latches)
    l = 0;
    n_warps = {CNT_W{1'b0}};
    n_threads = {CNT_W{1'b0}};
    for (s = 0; s < NUM_SM; s = s + 1) begin
      if (ret_valid_i[s]) begin
        n_warps = n_warps + 1'b1;
        for (l = 0; l < LANES; l = l + 1) begin
          n_threads = n_threads + {{(CNT_W - 1){1'b0}}, ret_mask_i[s * LANES + l]};
        end
      end
    end
  end

  // the first trap: the lowest SM whose trap_valid_i rises
  wire [NUM_SM-1:0] rise = trap_valid_i & ~trap_prev_q;
  reg  [31:0]       tsm;
  integer r;
  always @(*) begin
    r = 0;                  // loop variable, set on every path
    tsm = 32'd0;
    for (r = NUM_SM - 1; r >= 0; r = r - 1) begin
      if (rise[r]) begin
        tsm = r;
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q     <= `WW_HL_STATE_IDLE;
      stop_q      <= 1'b0;
      trap_prev_q <= {NUM_SM{1'b0}};
      cycles_q    <= {CNT_W{1'b0}};
      warps_q     <= {CNT_W{1'b0}};
      threads_q   <= {CNT_W{1'b0}};
      blocks_q    <= 32'd0;
      t_kind_q    <= {TW{1'b0}};   // the record reads all zeros until a trap
      t_sm_q      <= 32'd0;
      t_warp_q    <= {WID_W{1'b0}};
      t_block_q   <= 32'd0;
      t_mask_q    <= {LANES{1'b0}};
      t_pc_q      <= 32'd0;
      t_insn_q    <= 32'd0;
      t_lane_q    <= 6'd0;
      t_addr_q    <= 32'd0;
    end else if (hold_i) begin
      stop_q      <= 1'b0;
      trap_prev_q <= {NUM_SM{1'b0}};
    end else if (start_i) begin
      state_q   <= `WW_HL_STATE_BUSY;
      cycles_q  <= {CNT_W{1'b0}};
      warps_q   <= {CNT_W{1'b0}};
      threads_q <= {CNT_W{1'b0}};
      blocks_q  <= 32'd0;
      t_kind_q  <= {TW{1'b0}};   // no trap: the record reads all zeros
      t_sm_q    <= 32'd0;
      t_warp_q  <= {WID_W{1'b0}};
      t_block_q <= 32'd0;
      t_mask_q  <= {LANES{1'b0}};
      t_pc_q    <= 32'd0;
      t_insn_q  <= 32'd0;
      t_lane_q  <= 6'd0;
      t_addr_q  <= 32'd0;
    end else if (abort_i) begin
      state_q <= `WW_HL_STATE_IDLE;
      stop_q  <= 1'b1;
    end else if (state_q == `WW_HL_STATE_BUSY) begin
      trap_prev_q <= trap_valid_i;
      if (busy_i || done_i) begin
        cycles_q <= cycles_q + 1'b1;
      end
      warps_q   <= warps_q + n_warps;
      threads_q <= threads_q + n_threads;
      if (launch_valid_i) begin
        blocks_q <= blocks_q + 32'd1;
      end
      if (done_i) begin
        state_q <= `WW_HL_STATE_DONE;
      end else if (rise != {NUM_SM{1'b0}}) begin
        state_q   <= `WW_HL_STATE_TRAP;
        stop_q    <= 1'b1;
        t_kind_q  <= trap_kind_i[tsm * TW +: TW];
        t_sm_q    <= tsm;
        t_warp_q  <= trap_warp_i[tsm * WID_W +: WID_W];
        t_block_q <= trap_block_i[tsm * 32 +: 32];
        t_mask_q  <= trap_mask_i[tsm * LANES +: LANES];
        t_pc_q    <= trap_pc_i[tsm * 32 +: 32];
        t_insn_q  <= trap_insn_i[tsm * 32 +: 32];
        t_lane_q  <= trap_lane_i[tsm * 6 +: 6];
        t_addr_q  <= trap_addr_i[tsm * 32 +: 32];
      end
    end
  end

  // counters as two words, zero-extended
  wire [63:0] cyc64 = {{(64 - CNT_W){1'b0}}, cycles_q};
  wire [63:0] wrp64 = {{(64 - CNT_W){1'b0}}, warps_q};
  wire [63:0] thr64 = {{(64 - CNT_W){1'b0}}, threads_q};

  always @(*) begin
    case (word_idx_i)
      5'd0:    word_o = {22'd0, mem_oor_i, det_ovf_i, state_q};
      5'd1:    word_o = cyc64[31:0];
      5'd2:    word_o = cyc64[63:32];
      5'd3:    word_o = wrp64[31:0];
      5'd4:    word_o = wrp64[63:32];
      5'd5:    word_o = thr64[31:0];
      5'd6:    word_o = thr64[63:32];
      5'd7:    word_o = blocks_q;
      5'd8:    word_o = {{(32 - TW){1'b0}}, t_kind_q};
      5'd9:    word_o = t_sm_q;
      5'd10:   word_o = {{(32 - WID_W){1'b0}}, t_warp_q};
      5'd11:   word_o = t_block_q;
      5'd12:   word_o = {{(32 - LANES){1'b0}}, t_mask_q};
      5'd13:   word_o = t_pc_q;
      5'd14:   word_o = t_insn_q;
      5'd15:   word_o = {26'd0, t_lane_q};
      5'd16:   word_o = t_addr_q;
      default: word_o = 32'd0;
    endcase
  end

  assign state_o    = state_q;
  assign gpu_rst_no = rst_ni && !hold_i && !stop_q;

endmodule  // ww_hl_run
`default_nettype wire
