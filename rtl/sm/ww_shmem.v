// SPDX-License-Identifier: Apache-2.0
//
// ww_shmem -- the SM's banked shared memory (docs/isa.md "Memory": one
// SHMEM_BYTES window per resident block; docs/gpu_rtl.md "Memory path").
// Words are interleaved over BANKS banks (bank = word address mod BANKS),
// each bank four byte-wide 1R1W memories, so stores need no read-modify-write.
//
//   LOAD, STORE  every cycle each bank serves the lowest pending lane that
//                maps to it, together with every pending lane on the same
//                word (broadcast); lanes on other words of a busy bank wait
//                (a bank conflict: conflict_o is high). Store bytes of lanes
//                on one word merge in lane order, so the highest lane wins,
//                as if the lanes stored one after another.
//   CLEAR        zero the whole memory (block launch), one row of every
//                bank per cycle; reset does the same before the first request.
//   atomics      one lane at a time in lane order, two cycles each (read,
//                then write the new value), returning the old word. Ops as
//                in docs/isa.md: add exch min max minu maxu and or xor, and
//                CAS (write req_wdata if the old word equals req_cmp).
//
// Protocol: req_op_i is WW_SHM_* of rtl/include/ww_proto.vh (LOAD, STORE,
// ADD .. CAS = WW_SHM_ADD + the atomic op, CLEAR). A request moves in when
// req_valid_i && req_ready_o (only when idle); rsp_valid_o pulses once when
// it is complete, with the loaded or old word of every active lane in
// rsp_data_o (stores: zero). A request without
// active lanes completes the next cycle. Addresses are word addresses within
// the block's window; the LSU checks the range and extracts bytes.
// Parameters: LANES 1..32; BANKS a power of two; SLOTS >= 1;
// WORDS (per slot) a power of two and a multiple of BANKS.

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
module ww_shmem #(
  parameter LANES  = `WW_LANES,
  parameter BANKS  = `WW_LANES,
  parameter SLOTS  = `WW_BLOCKS_PER_SM,
  parameter WORDS  = `WW_SHMEM_BYTES / 4,
  parameter SLOT_W = (SLOTS > 1) ? $clog2(SLOTS) : 1,
  parameter WORD_W = $clog2(WORDS)
) (
  input  wire                  clk_i,
  input  wire                  rst_ni,
  // request
  input  wire                  req_valid_i,
  output wire                  req_ready_o,
  input  wire [`WW_SHM_W-1:0]   req_op_i,
  input  wire [SLOT_W-1:0]     req_slot_i,
  input  wire [LANES-1:0]      req_mask_i,
  input  wire [LANES*WORD_W-1:0] req_addr_i,   // lane l at [l*WORD_W +: WORD_W]
  input  wire [LANES*4-1:0]    req_be_i,       // store byte enables, lane l at [4l +: 4]
  input  wire [LANES*32-1:0]   req_wdata_i,    // store data / atomic operand / CAS new
  input  wire [LANES*32-1:0]   req_cmp_i,      // CAS compare value
  // response
  output wire                  rsp_valid_o,
  output wire [LANES*32-1:0]   rsp_data_o,
  // stall-inspector hook: lanes wait for a busy bank this cycle
  output wire                  conflict_o
);

  localparam BANK_W = (BANKS > 1) ? $clog2(BANKS) : 1;
  localparam ROW_W  = SLOT_W + WORD_W - ((BANKS > 1) ? BANK_W : 0);
  localparam DEPTH  = (1 << ROW_W);


  localparam [2:0] ST_IDLE  = 3'd0;  // accept a request
  localparam [2:0] ST_LOAD  = 3'd1;  // bank reads, one pass per cycle
  localparam [2:0] ST_LLAST = 3'd2;  // last load data arrives
  localparam [2:0] ST_STORE = 3'd3;  // bank writes, one pass per cycle
  localparam [2:0] ST_ARD   = 3'd4;  // atomic: read the lowest pending lane's word
  localparam [2:0] ST_AWR   = 3'd5;  // atomic: write its new value
  localparam [2:0] ST_INIT  = 3'd6;  // zeroing every row (after reset, CLEAR)

  reg  [2:0]             state_q, state_d;
  reg  [LANES-1:0]       pend_q, pend_d;       // lanes not yet served
  reg  [LANES-1:0]       cap_q;                // lanes whose data arrives this cycle
  reg                    rsp_valid_q, rsp_valid_d;
  reg  [`WW_SHM_W-1:0]    op_q;
  reg  [SLOT_W-1:0]      slot_q;
  reg  [LANES*WORD_W-1:0] addr_q;
  reg  [LANES*4-1:0]     be_q;
  reg  [LANES*32-1:0]    wdata_q, cmp_q;
  reg  [LANES*32-1:0]    res_q;
  reg  [LANES-1:0]       cap_d;
  reg  [ROW_W-1:0]       sweep_q, sweep_d;     // INIT row
  reg                    clr_q, clr_d;         // INIT was asked for: answer at the end

  ////////////////////
  // Lane geometry  //
  ////////////////////

  // bank and row of every lane
  wire [LANES*BANK_W-1:0] lane_bank;
  wire [LANES*ROW_W-1:0]  lane_row;
  genvar l;
  for (l = 0; l < LANES; l = l + 1) begin : g_lane
    wire [WORD_W-1:0] a = addr_q[l*WORD_W +: WORD_W];
    if (BANKS > 1) begin : g_banked
      assign lane_bank[l*BANK_W +: BANK_W] = a[BANK_W-1:0];
      assign lane_row[l*ROW_W +: ROW_W]    = {slot_q, a[WORD_W-1:BANK_W]};
    end else begin : g_single
      assign lane_bank[l*BANK_W +: BANK_W] = 1'b0;
      assign lane_row[l*ROW_W +: ROW_W]    = {slot_q, a};
    end
  end

  // per bank: the row of its lowest pending lane; lanes served this pass
  reg [BANKS*ROW_W-1:0] sel_row;
  reg [LANES-1:0]       serve;
  integer b, i, k;
  always @(*) begin
    sel_row = {BANKS*ROW_W{1'b0}};
    for (b = 0; b < BANKS; b = b + 1) begin
      for (i = LANES - 1; i >= 0; i = i - 1) begin
        if (pend_q[i] && lane_bank[i*BANK_W +: BANK_W] == b[BANK_W-1:0]) begin
          sel_row[b*ROW_W +: ROW_W] = lane_row[i*ROW_W +: ROW_W];
        end
      end
    end
    for (i = 0; i < LANES; i = i + 1) begin
      serve[i] = 1'b0;
      for (b = 0; b < BANKS; b = b + 1) begin
        if (pend_q[i] && lane_bank[i*BANK_W +: BANK_W] == b[BANK_W-1:0] &&
`ifdef WW_MUTANT_SHMEM_IGNORE_ROW
            1'b1) begin  // MUTANT: every lane of a bank is served by one row
`else
            lane_row[i*ROW_W +: ROW_W] == sel_row[b*ROW_W +: ROW_W]) begin
`endif
          serve[i] = 1'b1;
        end
      end
    end
  end

  // lowest pending lane (atomics), one-hot, and its fields (selected with
  // the one-hot mask: an index times a field width would become a multiplier)
  wire [LANES-1:0]  alane_bit = pend_q & ~(pend_q - {{(LANES-1){1'b0}}, 1'b1});
  reg  [BANK_W-1:0] abank;
  reg  [ROW_W-1:0]  arow;
  reg  [31:0]       aopd, acmp;
  always @(*) begin
    abank = {BANK_W{1'b0}};
    arow  = {ROW_W{1'b0}};
    aopd  = 32'd0;
    acmp  = 32'd0;
    for (i = 0; i < LANES; i = i + 1) begin
      if (alane_bit[i]) begin
        abank = lane_bank[i*BANK_W +: BANK_W];
        arow  = lane_row[i*ROW_W +: ROW_W];
        aopd  = wdata_q[i*32 +: 32];
        acmp  = cmp_q[i*32 +: 32];
      end
    end
  end

  ////////////////////
  // Banks          //
  ////////////////////

  reg  [BANKS*ROW_W-1:0] raddr;
  reg  [BANKS*4-1:0]     wbe;
  reg  [BANKS*ROW_W-1:0] waddr;
  reg  [BANKS*32-1:0]    wdata;
  wire [BANKS*32-1:0]    rdata;

  genvar g, y;
  for (g = 0; g < BANKS; g = g + 1) begin : g_bank
    for (y = 0; y < 4; y = y + 1) begin : g_byte
      ww_sram_1r1w #(
        .WIDTH (8),
        .DEPTH (DEPTH)
      ) u_ram (
        .clk_i   (clk_i),
        .raddr_i (raddr[g*ROW_W +: ROW_W]),
        .rdata_o (rdata[g*32 + y*8 +: 8]),
        .we_i    (wbe[g*4 + y]),
        .waddr_i (waddr[g*ROW_W +: ROW_W]),
        .wdata_i (wdata[g*32 + y*8 +: 8])
      );
    end
  end

  // the atomic's old word and new word
  reg  [31:0] aold;
  always @(*) begin
    aold = 32'd0;
    for (b = 0; b < BANKS; b = b + 1) begin
      if (abank == b[BANK_W-1:0]) begin
        aold = rdata[b*32 +: 32];
      end
    end
  end
  // the request's ops ADD..CAS (2..11) are the atomic ALU's 0..9
  wire [31:0] anew;
  wire        awrite;
  // WW_SHM_ADD .. WW_SHM_CAS are WW_SHM_ADD + WW_AMO_*; otherwise no atomic (NOP)
  wire [`WW_AMO_W-1:0] aop = (op_q >= `WW_SHM_ADD && op_q <= `WW_SHM_CAS) ? op_q - `WW_SHM_ADD :
                            `WW_AMO_NOP;
  ww_amo_alu u_amo (
    .op_i    (aop),
    .old_i   (aold),
    .a_i     ((op_q == `WW_SHM_CAS) ? acmp : aopd),
    .b_i     (aopd),
    .new_o   (anew),
    .write_o (awrite)
  );

  ////////////////////
  // Control        //
  ////////////////////

  assign req_ready_o = (state_q == ST_IDLE);
  wire accept = req_valid_i && req_ready_o;

  always @(*) begin
    b = 0;   // loop variable, set on every path (else Yosys infers a latch)
    i = 0;   // loop variable, set on every path (else Yosys infers a latch)
    k = 0;   // loop variable, set on every path (else Yosys infers a latch)
    state_d     = state_q;
    pend_d      = pend_q;
    cap_d       = {LANES{1'b0}};
    rsp_valid_d = 1'b0;
    raddr       = sel_row;
    waddr       = sel_row;
    wbe         = {BANKS*4{1'b0}};
    wdata       = {BANKS*32{1'b0}};
    sweep_d     = sweep_q;
    clr_d       = clr_q;
    case (state_q)
      ST_INIT: begin
        waddr   = {BANKS{sweep_q}};
        wbe     = {BANKS*4{1'b1}};
        sweep_d = sweep_q + {{(ROW_W-1){1'b0}}, 1'b1};
        if (sweep_q == {ROW_W{1'b1}}) begin
          state_d     = ST_IDLE;
          rsp_valid_d = clr_q;
          clr_d       = 1'b0;
        end
      end
      ST_IDLE: begin
        if (accept) begin
          pend_d = req_mask_i;
          if (req_op_i == `WW_SHM_CLEAR) begin
            state_d = ST_INIT;
            clr_d   = 1'b1;
          end else if (req_mask_i == {LANES{1'b0}}) begin
            rsp_valid_d = 1'b1;
          end else if (req_op_i == `WW_SHM_LOAD) begin
            state_d = ST_LOAD;
          end else if (req_op_i == `WW_SHM_STORE) begin
            state_d = ST_STORE;
          end else begin
            state_d = ST_ARD;
          end
        end
      end
      ST_LOAD: begin
        pend_d = pend_q & ~serve;
        cap_d  = serve;
        if (pend_d == {LANES{1'b0}}) begin
          state_d = ST_LLAST;
        end
      end
      ST_LLAST: begin
        state_d     = ST_IDLE;
        rsp_valid_d = 1'b1;
      end
      ST_STORE: begin
        // merge the served lanes' bytes per bank, in lane order (constant
        // indices only: variable-index writes make Yosys's proc crawl)
        for (b = 0; b < BANKS; b = b + 1) begin
          for (i = 0; i < LANES; i = i + 1) begin
            if (serve[i] && lane_bank[i*BANK_W +: BANK_W] == b[BANK_W-1:0]) begin
              for (k = 0; k < 4; k = k + 1) begin
                if (be_q[i*4 + k]) begin
                  wbe[b*4 + k]         = 1'b1;
                  wdata[b*32 + k*8 +: 8] = wdata_q[i*32 + k*8 +: 8];
                end
              end
            end
          end
        end
        pend_d = pend_q & ~serve;
        if (pend_d == {LANES{1'b0}}) begin
          state_d     = ST_IDLE;
          rsp_valid_d = 1'b1;
        end
      end
      ST_ARD: begin
        for (b = 0; b < BANKS; b = b + 1) begin
          if (abank == b[BANK_W-1:0]) begin
            raddr[b*ROW_W +: ROW_W] = arow;
          end
        end
        state_d = ST_AWR;
      end
      ST_AWR: begin
        for (b = 0; b < BANKS; b = b + 1) begin
          if (abank == b[BANK_W-1:0]) begin
            waddr[b*ROW_W +: ROW_W] = arow;
            wbe[b*4 +: 4]           = {4{awrite}};
            wdata[b*32 +: 32]       = anew;
          end
        end
        pend_d = pend_q & ~alane_bit;
        if (pend_d == {LANES{1'b0}}) begin
          state_d     = ST_IDLE;
          rsp_valid_d = 1'b1;
        end else begin
          state_d = ST_ARD;
        end
      end
      default: begin
        state_d = ST_IDLE;
      end
    endcase
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q     <= ST_INIT;
      pend_q      <= {LANES{1'b0}};
      cap_q       <= {LANES{1'b0}};
      rsp_valid_q <= 1'b0;
      sweep_q     <= {ROW_W{1'b0}};
      clr_q       <= 1'b0;
    end else begin
      state_q     <= state_d;
      pend_q      <= pend_d;
      cap_q       <= cap_d;
      rsp_valid_q <= rsp_valid_d;
      sweep_q     <= sweep_d;
      clr_q       <= clr_d;
    end
  end

  // Datapath registers: not reset.
  always @(posedge clk_i) begin
    if (accept) begin
      op_q    <= req_op_i;
      slot_q  <= req_slot_i;
      addr_q  <= req_addr_i;
      be_q    <= req_be_i;
      wdata_q <= req_wdata_i;
      cmp_q   <= req_cmp_i;
      res_q   <= {LANES*32{1'b0}};
    end
    for (i = 0; i < LANES; i = i + 1) begin
      for (b = 0; b < BANKS; b = b + 1) begin
        if (cap_q[i] && lane_bank[i*BANK_W +: BANK_W] == b[BANK_W-1:0]) begin
          res_q[i*32 +: 32] <= rdata[b*32 +: 32];
        end
      end
      if (state_q == ST_AWR && alane_bit[i]) begin
        res_q[i*32 +: 32] <= aold;
      end
    end
  end

  assign rsp_valid_o = rsp_valid_q;
  assign rsp_data_o  = res_q;
  assign conflict_o  = (state_q == ST_LOAD || state_q == ST_STORE) &&
                       ((pend_q & ~serve) != {LANES{1'b0}});

endmodule  // ww_shmem
`default_nettype wire
