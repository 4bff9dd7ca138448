// SPDX-License-Identifier: Apache-2.0
//
// ww_lsu_wb -- the LSU's response and write-back stage (docs/gpu_rtl.md
// "Memory path"): a table of CTX warp memory instructions in flight, each
// gathering its lanes' results until it is complete and offered for retire.
//
// An entry is FREE, FRONT (the LSU's issue FSM works on it), WAIT (handed
// off by the FSM with lines still unanswered) or DONE (complete, offered on
// done_*). Several entries wait at once, so several warp memory
// instructions (from different warps: a warp has at most one instruction in
// flight, so per-warp program order holds) have lines in the L1 together.
//   alloc_i   the FSM accepts an instruction into entry free_ctx_o (FREE ->
//             FRONT) with its retire fields; results start at 0
//   line_i    line line_idx_i of entry line_ctx_i covers line_lanes_i
//   out_i     a line of entry out_ctx_i went to the L1 (one more to answer)
//   wr_i      the FSM writes result words of entry wr_ctx_i (shared memory
//             answers, atomics' old values); a load's are extracted
//   rsp_*     the L1's load answer for tag {ctx, line}: the lanes of that
//             line take their words (extracted); the entry's GSI level rises
//   wack_*    the L1's write acknowledgement for tag {ctx, line}: one store
//             line fewer to answer (other entries' acks are ignored)
//   fin_i     the FSM is done with entry fin_ctx_i: DONE when no line is
//             unanswered (counting this cycle's answers), else WAIT
//   done_*    the lowest DONE entry; done_ready_i retires it (-> FREE)
// L1 tag: {ctx, line index}; the line index is LI_W bits.
// Parameters: CTX entries (>= 1), LANES, LINE_BYTES, WID_W, TAG_W (the L1's
// tag width, >= CTX_W + LI_W).

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
`include "ww_assert.vh"
module ww_lsu_wb #(
  parameter CTX        = `WW_LSU_CTX,
  parameter LANES      = `WW_LANES,
  parameter LINE_BYTES = `WW_LINE_BYTES,
  parameter WID_W      = (`WW_WARPS_PER_SM > 1) ? $clog2(`WW_WARPS_PER_SM) : 1,
  parameter TAG_W      = 8,
  // derived, do not override
  parameter CTX_W      = (CTX > 1) ? $clog2(CTX) : 1,
  parameter LI_W       = (LANES > 1) ? $clog2(LANES) : 1
) (
  input  wire                      clk_i,
  input  wire                      rst_ni,
  // allocation
  output wire                      free_o,
  output wire [CTX_W-1:0]          free_ctx_o,
  input  wire                      alloc_i,
  input  wire [WID_W-1:0]          alloc_wid_i,
  input  wire                      alloc_load_i,     // rd values are loads: extract
  input  wire                      alloc_signed_i,
  input  wire                      alloc_store_i,    // write acks count as answers
  input  wire [2:0]                alloc_bytes_i,    // access size (0: fence)
  input  wire [`WW_MEM_W-1:0]      alloc_mem_i,
  input  wire [LANES*32-1:0]       alloc_addr_i,
  input  wire [LANES*32-1:0]       alloc_wdata_i,
  // lines of an entry
  input  wire                      line_i,
  input  wire [CTX_W-1:0]          line_ctx_i,
  input  wire [LI_W-1:0]           line_idx_i,
  input  wire [LANES-1:0]          line_lanes_i,
  input  wire                      out_i,
  input  wire [CTX_W-1:0]          out_ctx_i,
  // result words from the FSM
  input  wire                      wr_i,
  input  wire [CTX_W-1:0]          wr_ctx_i,
  input  wire [LANES-1:0]          wr_mask_i,
  input  wire [LANES*32-1:0]       wr_data_i,
  // L1 answers
  input  wire                      rsp_valid_i,
  input  wire [TAG_W-1:0]          rsp_tag_i,
  input  wire [LINE_BYTES*8-1:0]   rsp_data_i,
  input  wire [`WW_GSI_SRC_W-1:0]  rsp_lvl_i,
  input  wire                      wack_valid_i,
  input  wire [TAG_W-1:0]          wack_tag_i,
  // the FSM hands an entry over
  input  wire                      fin_i,
  input  wire [CTX_W-1:0]          fin_ctx_i,
  output wire                      waiting_o,        // some entry is WAIT or DONE
  output wire                      rsp_load_o,       // rsp_valid_i answers a load entry
  // retire
  output wire                      done_valid_o,
  input  wire                      done_ready_i,
  output wire [WID_W-1:0]          done_wid_o,
  output wire [LANES*32-1:0]       done_rd_o,
  output wire [LANES*32-1:0]       done_addr_o,
  output wire [LANES*32-1:0]       done_wdata_o,
  output wire [`WW_MEM_W-1:0]      done_mem_o,
  output wire [2:0]                done_bytes_o,
  output wire                      done_load_o,
  output wire [`WW_GSI_SRC_W-1:0]  done_src_o
);

  localparam OFF_W = $clog2(LINE_BYTES);
  localparam WORDS = LINE_BYTES / 4;
  localparam LB_W  = LINE_BYTES * 8;
  localparam NL_W  = $clog2(LANES + 1);       // 0..LANES lines unanswered

  localparam [1:0] E_FREE = 2'd0, E_FRONT = 2'd1, E_WAIT = 2'd2, E_DONE = 2'd3;

  // per entry, flattened (entry c at [c*W +: W]); written in the generate
  // loop below, one always block per entry
  wire [CTX*2-1:0]               st_all;
  wire [CTX*WID_W-1:0]           wid_all;
  wire [CTX-1:0]                 load_all, sgn_all;
  wire [CTX*3-1:0]               n_all;
  wire [CTX*`WW_MEM_W-1:0]       mem_all;
  wire [CTX*LANES*32-1:0]        addr_all, wdata_all, rd_all;
  wire [CTX*`WW_GSI_SRC_W-1:0]   lvl_all;
  reg  [LANES-1:0]               ltab_q [0:CTX*LANES-1];   // entry c, line i: c*LANES + i

  ////////////////////
  // Extraction     //
  ////////////////////

  function [31:0] ld_extract(input [31:0] word, input [1:0] off, input [2:0] n, input sgn);
    reg [31:0] s;
    reg        sb;
    begin
      s  = word >> {off, 3'b000};
      sb = sgn;
`ifdef WW_MUTANT_LSU_LB_ZERO_EXTENDS
      if (n == 3'd1) sb = 1'b0;  // MUTANT: lb behaves as lbu
`endif
      if (n == 3'd1)      ld_extract = {{24{sb & s[7]}}, s[7:0]};
      else if (n == 3'd2) ld_extract = {{16{sgn & s[15]}}, s[15:0]};
      else                ld_extract = s;
    end
  endfunction

  function [31:0] pick_word(input [LB_W-1:0] ln, input [OFF_W-1:2] wi);
    integer lw;
    begin
      pick_word = 32'd0;
      for (lw = 0; lw < WORDS; lw = lw + 1)
        if (wi == lw[OFF_W-3:0]) pick_word = ln[32*lw +: 32];
    end
  endfunction

  ////////////////////
  // Selection      //
  ////////////////////

  wire [CTX_W-1:0] rsp_ctx  = rsp_tag_i[LI_W +: CTX_W];
  wire [LI_W-1:0]  rsp_line = rsp_tag_i[LI_W-1:0];
  wire [CTX_W-1:0] ack_ctx  = wack_tag_i[LI_W +: CTX_W];

  reg             free_c, done_c, wait_c;
  reg [CTX_W-1:0] free_idx_c, done_idx_c;
  integer c;
  always @* begin
    free_c = 1'b0; done_c = 1'b0; wait_c = 1'b0;
    free_idx_c = {CTX_W{1'b0}};
    done_idx_c = {CTX_W{1'b0}};
    for (c = CTX - 1; c >= 0; c = c - 1) begin   // lowest index wins
      if (st_all[2*c +: 2] == E_FREE) begin free_c = 1'b1; free_idx_c = c[CTX_W-1:0]; end
      if (st_all[2*c +: 2] == E_DONE) begin done_c = 1'b1; done_idx_c = c[CTX_W-1:0]; end
      if (st_all[2*c +: 2] == E_WAIT || st_all[2*c +: 2] == E_DONE) wait_c = 1'b1;
    end
  end
  assign free_o     = free_c;
  assign free_ctx_o = free_idx_c;
  assign waiting_o  = wait_c;
  assign rsp_load_o = rsp_valid_i && load_all[rsp_ctx];

  ////////////////////
  // Entries        //
  ////////////////////

  // result words, extracted once for the entry they are for (the L1's
  // answering entry, the FSM's entry) with that entry's addresses and size
  wire [LANES*32-1:0] rsp_addr = addr_all[LANES*32*rsp_ctx +: LANES*32];
  wire [2:0]          rsp_n    = n_all[3*rsp_ctx +: 3];
  wire [LANES*32-1:0] wr_addr  = addr_all[LANES*32*wr_ctx_i +: LANES*32];
  wire [2:0]          wr_n     = n_all[3*wr_ctx_i +: 3];
  reg  [LANES*32-1:0] rsp_words, wr_words;
  integer x;
  always @* begin
    for (x = 0; x < LANES; x = x + 1) begin
      rsp_words[32*x +: 32] = ld_extract(pick_word(rsp_data_i, rsp_addr[32*x + 2 +: OFF_W-2]),
                                         rsp_addr[32*x +: 2], rsp_n, sgn_all[rsp_ctx]);
      wr_words[32*x +: 32]  = load_all[wr_ctx_i] ?
          ld_extract(wr_data_i[32*x +: 32], wr_addr[32*x +: 2], wr_n, sgn_all[wr_ctx_i]) :
          wr_data_i[32*x +: 32];
    end
  end

  wire take = done_c && done_ready_i;
  genvar g;
  generate
    for (g = 0; g < CTX; g = g + 1) begin : e
      reg [1:0]               st_q;
      reg [WID_W-1:0]         wid_q;
      reg                     load_q, sgn_q, store_q;
      reg [2:0]               n_q;
      reg [`WW_MEM_W-1:0]     mem_q;
      reg [LANES*32-1:0]      addr_q, wdata_q, rd_q;
      reg [NL_W-1:0]          out_q;
      reg [`WW_GSI_SRC_W-1:0] lvl_q;
      wire [CTX_W-1:0] me = g;
      wire rsp_here = rsp_valid_i && rsp_ctx == me && load_q;
      wire ack_here = wack_valid_i && ack_ctx == me && store_q;
      wire [NL_W-1:0] o = out_q + {{(NL_W-1){1'b0}}, out_i && out_ctx_i == me}
                                - {{(NL_W-1){1'b0}}, rsp_here || ack_here};
`ifdef WW_MUTANT_LSU_WB_LINE_OF_ENTRY0
      // MUTANT: every entry takes the lanes of entry 0's line
      wire [LANES-1:0] rsp_lanes = ltab_q[0 * LANES + rsp_line];
`else
      wire [LANES-1:0] rsp_lanes = ltab_q[g * LANES + rsp_line];
`endif
      integer l;
      always @(posedge clk_i) begin
        if (!rst_ni) begin
          st_q  <= E_FREE;
          out_q <= {NL_W{1'b0}};
          lvl_q <= `WW_GSI_SRC_L1;
        end else begin
          out_q <= o;
          if (alloc_i && free_idx_c == me) begin
            st_q    <= E_FRONT;
            wid_q   <= alloc_wid_i;
            load_q  <= alloc_load_i;
            sgn_q   <= alloc_signed_i;
            store_q <= alloc_store_i;
            n_q     <= alloc_bytes_i;
            mem_q   <= alloc_mem_i;
            addr_q  <= alloc_addr_i;
            wdata_q <= alloc_wdata_i;
            rd_q    <= {LANES*32{1'b0}};
            lvl_q   <= `WW_GSI_SRC_L1;
          end else begin
            if (fin_i && fin_ctx_i == me)
`ifdef WW_MUTANT_LSU_WB_FIN_IGNORES_LATE
              // MUTANT: the fin cycle's answer and line out are not counted
              st_q <= (out_q == {NL_W{1'b0}}) ? E_DONE : E_WAIT;
`else
              st_q <= (o == {NL_W{1'b0}}) ? E_DONE : E_WAIT;
`endif
            else if (st_q == E_WAIT && o == {NL_W{1'b0}})
              st_q <= E_DONE;
            else if (take && done_idx_c == me)
              st_q <= E_FREE;
            if (rsp_here && rsp_lvl_i > lvl_q)
              lvl_q <= rsp_lvl_i;
            for (l = 0; l < LANES; l = l + 1) begin
              if (wr_i && wr_ctx_i == me && wr_mask_i[l])
                rd_q[32*l +: 32] <= wr_words[32*l +: 32];
              if (rsp_here && rsp_lanes[l])
                rd_q[32*l +: 32] <= rsp_words[32*l +: 32];
            end
          end
        end
      end
      // an answer for an entry with no line out is a routing error
      `WW_ASSERT(AnswerHasLineOut, !((rsp_here || ack_here) && out_q == {NL_W{1'b0}}))
      assign st_all[2*g +: 2]                         = st_q;
      assign wid_all[WID_W*g +: WID_W]                = wid_q;
      assign load_all[g]                              = load_q;
      assign sgn_all[g]                               = sgn_q;
      assign n_all[3*g +: 3]                          = n_q;
      assign mem_all[`WW_MEM_W*g +: `WW_MEM_W]        = mem_q;
      assign addr_all[LANES*32*g +: LANES*32]         = addr_q;
      assign wdata_all[LANES*32*g +: LANES*32]        = wdata_q;
      assign rd_all[LANES*32*g +: LANES*32]           = rd_q;
      assign lvl_all[`WW_GSI_SRC_W*g +: `WW_GSI_SRC_W] = lvl_q;
    end
  endgenerate

  always @(posedge clk_i)
    if (line_i)
      ltab_q[line_ctx_i * LANES + line_idx_i] <= line_lanes_i;

  // the tags' bits above {ctx, line}, the ack's line index: not needed
  wire unused_ok = &{1'b0, rsp_tag_i, wack_tag_i};

  ////////////////////
  // Retire         //
  ////////////////////

  assign done_valid_o = done_c;
  assign done_wid_o   = wid_all[WID_W*done_idx_c +: WID_W];
  assign done_rd_o    = rd_all[LANES*32*done_idx_c +: LANES*32];
  assign done_addr_o  = addr_all[LANES*32*done_idx_c +: LANES*32];
  assign done_wdata_o = wdata_all[LANES*32*done_idx_c +: LANES*32];
  assign done_mem_o   = mem_all[`WW_MEM_W*done_idx_c +: `WW_MEM_W];
  assign done_bytes_o = n_all[3*done_idx_c +: 3];
  assign done_load_o  = load_all[done_idx_c];
  assign done_src_o   = lvl_all[`WW_GSI_SRC_W*done_idx_c +: `WW_GSI_SRC_W];


  ////////////////////
  // Assertions     //
  ////////////////////

  // the issue FSM's protocol: allocate only a free entry; lines, results and
  // the hand-over only for the entry it works on
  `WW_ASSERT(AllocWhenFree, !alloc_i || free_c)
  `WW_ASSERT(LineOfFront, !line_i || st_all[2*line_ctx_i +: 2] == E_FRONT)
  `WW_ASSERT(OutOfFront,  !out_i  || st_all[2*out_ctx_i +: 2] == E_FRONT)
  `WW_ASSERT(WrOfFront,   !wr_i   || st_all[2*wr_ctx_i +: 2] == E_FRONT)
  `WW_ASSERT(FinOfFront,  !fin_i  || st_all[2*fin_ctx_i +: 2] == E_FRONT)

endmodule  // ww_lsu_wb
`default_nettype wire
