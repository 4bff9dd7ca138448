// SPDX-License-Identifier: Apache-2.0
//
// tb_fpga_sdram -- ww_fpga_sdram (two partitions' ports and the host's,
// granted round-robin onto ww_sdram_ctrl) on the SDRAM model that checks
// JEDEC's rules (sw/fpga/ww_sdram_model.v, clocked inverted as on the board),
// every port issuing random requests at once against one host reference
// (docs/fpga.md sec. 4). Run by tb/fpga/test_sdram.sh under Icarus.
// Each port, after a random gap, offers a request until it is taken: a
// write of a random line of a pool spread over every bank and many rows
// (the host under a random word mask, partitions whole lines), or a read,
// whose answer it waits for; one in 32 is a line beyond the SDRAM (a read
// answers zeros, a write is dropped, oor_o rises). The controller works in
// the order requests are taken, so the reference is updated, and a read's
// expected line taken, at the cycle of the handshake. Fails ("MISMATCH
// seed=S ...") on a wrong line, an answer to a port without a read, a
// request not taken in 400 cycles (the round robin starves nobody), oor_o
// wrong, too few refreshes, or a broken SDRAM rule (the model's code).
// Plusargs: +seed=N, +requests=N (per port, default 700), +wave=FILE.

`timescale 1ns / 1ps
`default_nettype none
module tb_fpga_sdram;

  localparam NUM_PART = 2, PORTS = NUM_PART + 1;
  localparam LINE_BYTES = 32, DQ_W = 16, BANK_W = 2, ROW_W = 11, COL_W = 6, CL = 2;
  localparam T_INIT = 20, T_REFI = 60, T_RCD = 2, T_RP = 2, T_RFC = 6, T_WR = 2, T_MRD = 2;
  localparam REFI_MAX = T_REFI + 48;
  localparam LB = LINE_BYTES * 8, WORDS = LINE_BYTES / 4, LINE_W = 32 - $clog2(LINE_BYTES);
  localparam CAP_W = ROW_W + BANK_W + COL_W - $clog2(LB / DQ_W);
  localparam POOL = 16, POOL_W = 4;

  reg clk = 1'b0;
  always #5 clk = ~clk;
  wire sd_clk = ~clk;

  reg rst_n = 1'b0;
  // the ports' requests (port NUM_PART is the host)
  reg  [PORTS-1:0]        valid;
  reg  [PORTS-1:0]        we;
  reg  [PORTS*LINE_W-1:0] line;
  reg  [PORTS*LB-1:0]     data;
  reg  [WORDS-1:0]        h_wmask;
  wire [PORTS-1:0]        ready, rsp_valid;
  wire [NUM_PART*LB-1:0]  p_rsp_data;
  wire [LB-1:0]           h_rsp_data;
  wire                    oor;
  wire                    cke, cs_n, ras_n, cas_n, we_n, dq_oe, dq_drive, sd_err;
  wire [BANK_W-1:0]       ba;
  wire [ROW_W-1:0]        a;
  wire [DQ_W/8-1:0]       dqm;
  wire [DQ_W-1:0]         dq_c2m, dq_m2c, bd_data;
  wire [7:0]              sd_code;
  wire [31:0]             refreshes;

  ww_fpga_sdram #(
    .NUM_PART (NUM_PART), .LINE_BYTES (LINE_BYTES), .DQ_W (DQ_W), .BANK_W (BANK_W),
    .ROW_W (ROW_W), .COL_W (COL_W), .CL (CL), .T_RCD (T_RCD), .T_RP (T_RP), .T_RFC (T_RFC),
    .T_WR (T_WR), .T_MRD (T_MRD), .T_INIT (T_INIT), .T_REFI (T_REFI)
  ) u_mem (
    .clk_i (clk), .rst_ni (rst_n),
    .req_valid_i (valid[NUM_PART-1:0]), .req_ready_o (ready[NUM_PART-1:0]),
    .req_we_i (we[NUM_PART-1:0]), .req_line_i (line[NUM_PART*LINE_W-1:0]),
    .req_data_i (data[NUM_PART*LB-1:0]), .rsp_valid_o (rsp_valid[NUM_PART-1:0]),
    .rsp_data_o (p_rsp_data),
    .h_req_valid_i (valid[NUM_PART]), .h_req_ready_o (ready[NUM_PART]), .h_req_we_i (we[NUM_PART]),
    .h_req_wmask_i (h_wmask), .h_req_line_i (line[NUM_PART*LINE_W +: LINE_W]),
    .h_req_data_i (data[NUM_PART*LB +: LB]), .h_rsp_valid_o (rsp_valid[NUM_PART]),
    .h_rsp_data_o (h_rsp_data), .oor_o (oor),
    .sd_cke_o (cke), .sd_cs_no (cs_n), .sd_ras_no (ras_n), .sd_cas_no (cas_n), .sd_we_no (we_n),
    .sd_ba_o (ba), .sd_a_o (a), .sd_dqm_o (dqm), .sd_dq_o (dq_c2m), .sd_dq_oe_o (dq_oe),
    .sd_dq_i (dq_m2c)
  );

  ww_sdram_model #(
    .DQ_W (DQ_W), .BANK_W (BANK_W), .ROW_W (ROW_W), .COL_W (COL_W), .CL (CL),
    .T_RCD (T_RCD), .T_RP (T_RP), .T_RFC (T_RFC), .T_WR (T_WR), .T_MRD (T_MRD),
    .T_INIT (T_INIT), .T_REFI (REFI_MAX)
  ) u_sdram (
    .clk_i (sd_clk), .rst_ni (rst_n), .cke_i (cke), .cs_ni (cs_n), .ras_ni (ras_n),
    .cas_ni (cas_n), .we_ni (we_n), .ba_i (ba), .a_i (a), .dqm_i (dqm), .dq_i (dq_c2m),
    .dq_oe_i (dq_oe), .dq_o (dq_m2c), .dq_drive_o (dq_drive), .error_o (sd_err),
    .error_code_o (sd_code), .refreshes_o (refreshes),
    .bd_addr_i ({(BANK_W + ROW_W + COL_W){1'b0}}), .bd_data_o (bd_data)
  );

  // ---- the reference, shared by the ports -------------------------------------
  reg [LB-1:0]     ref_mem [0:POOL-1];
  reg [LINE_W-1:0] pool_line [0:POOL-1];
  integer seed, seed0, requests, cycles, i, k, w, done_ports;
  reg [31:0]       r;
  reg [8*256-1:0]  wave;
  // per port: 0 gap, 1 offering, 2 waiting for its read's answer
  reg [1:0]        st [0:PORTS-1];
  integer          gap [0:PORTS-1];
  integer          sent [0:PORTS-1];
  integer          waited [0:PORTS-1];
  reg [POOL_W-1:0] pick [0:PORTS-1];
  reg              beyond [0:PORTS-1];
  reg              any_oor;
  integer          oors;
  reg [LB-1:0]     want [0:PORTS-1];
  reg [LB-1:0]     got;
  reg [WORDS-1:0]  m;

  task fail;
    input [8*120-1:0] why;
    begin
      $display("MISMATCH seed=%0d cycle %0d: %0s", seed0, cycles, why);
      $finish;
    end
  endtask

  function [LB-1:0] rand_line;
    input integer dummy;
    integer q;
    begin
      rand_line = {LB{1'b0}};
      for (q = 0; q < WORDS; q = q + 1) rand_line[q * 32 +: 32] = $random(seed);
      if (dummy < 0) rand_line = {LB{1'b0}};
    end
  endfunction

  // one edge of every port's driver (before the edge's updates)
  always @(posedge clk) begin
    cycles = cycles + 1;
    if (rst_n && sd_err) begin
      $display("MISMATCH seed=%0d cycle %0d: the SDRAM model saw rule %0d broken", seed0, cycles, sd_code);
      $finish;
    end
    if (rst_n) begin
      for (k = 0; k < PORTS; k = k + 1) begin
        got = (k == NUM_PART) ? h_rsp_data : p_rsp_data[k * LB +: LB];
        if (rsp_valid[k] && st[k] != 2'd2) fail("an answer to a port without a read");
        case (st[k])
          2'd0: if (sent[k] < requests) begin
            if (gap[k] > 0) gap[k] = gap[k] - 1;
            else begin                            // offer a request
              r = $random(seed);
              pick[k] = r[POOL_W+7:8];
              beyond[k] = r[20:16] == 5'd0;       // one in 32: a line beyond the SDRAM
              we[k] <= r[0];
              line[k * LINE_W +: LINE_W] <= beyond[k] ?
                {{(LINE_W - CAP_W - 1){1'b0}}, 1'b1, r[CAP_W+7:8]} : pool_line[pick[k]];
              data[k * LB +: LB] <= rand_line(0);
              if (k == NUM_PART) h_wmask <= r[1:0] == 2'b00 ? {WORDS{1'b1}} : r[31:31-WORDS+1];
              valid[k] <= 1'b1;
              waited[k] = 0;
              st[k] = 2'd1;
            end
          end
          2'd1: if (ready[k]) begin               // taken at this edge
            valid[k] <= 1'b0;
            sent[k] = sent[k] + 1;
            if (beyond[k]) begin
              oors = oors + 1;
              any_oor = 1'b1;
            end
            if (we[k]) begin
              m = (k == NUM_PART) ? h_wmask : {WORDS{1'b1}};
              if (beyond[k]) m = {WORDS{1'b0}};   // dropped
              for (w = 0; w < WORDS; w = w + 1)
                if (m[w]) ref_mem[pick[k]][w * 32 +: 32] = data[k * LB + w * 32 +: 32];
              r = $random(seed);
              gap[k] = r[2:0];
              st[k] = 2'd0;
            end else begin
              want[k] = beyond[k] ? {LB{1'b0}} : ref_mem[pick[k]];
              st[k] = 2'd2;
            end
          end else begin
            waited[k] = waited[k] + 1;
            if (waited[k] > 400) fail("a port's request was not taken in 400 cycles");
          end
          default: if (rsp_valid[k]) begin        // its read's answer
            if (got !== want[k]) begin
              $display("  port %0d read %h", k, got);
              $display("  port %0d want %h", k, want[k]);
              fail("a read returned other data than the reference");
            end
            r = $random(seed);
            gap[k] = r[2:0];
            st[k] = 2'd0;
          end
        endcase
      end
    end
  end

  initial begin
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    seed0 = seed;
    if (!$value$plusargs("requests=%d", requests)) requests = 700;
    if ($value$plusargs("wave=%s", wave)) begin
      $dumpfile(wave);
      $dumpvars(0, tb_fpga_sdram);
    end
    $display("tb_fpga_sdram: seed %0d, %0d requests per port (replay: +seed=%0d)", seed, requests, seed);
    cycles = 0; oors = 0; any_oor = 1'b0;
    valid = {PORTS{1'b0}}; we = {PORTS{1'b0}}; line = {PORTS*LINE_W{1'b0}};
    data = {PORTS*LB{1'b0}}; h_wmask = {WORDS{1'b0}};
    for (i = 0; i < POOL; i = i + 1) begin
      ref_mem[i] = {LB{1'b0}};
      r = $random(seed);
      pool_line[i] = {{(LINE_W - CAP_W){1'b0}}, r[CAP_W-POOL_W-1:0], i[POOL_W-1:0]};
    end
    for (i = 0; i < PORTS; i = i + 1) begin
      st[i] = 2'd0; gap[i] = 0; sent[i] = 0; waited[i] = 0; beyond[i] = 1'b0;
    end
    repeat (3) @(posedge clk);
    rst_n <= 1'b1;
    done_ports = 0;
    while (done_ports < PORTS) begin
      @(posedge clk);
      done_ports = 0;
      for (i = 0; i < PORTS; i = i + 1)
        if (sent[i] >= requests && st[i] == 2'd0) done_ports = done_ports + 1;
      if (cycles > 200 * requests * PORTS) fail("the ports did not finish");
    end
    repeat (2 * REFI_MAX) @(posedge clk);        // idle: the refreshes go on
    if (oor !== any_oor) fail("oor_o differs from whether a line beyond the SDRAM was sent");
    if (refreshes < (cycles - T_INIT) / REFI_MAX) fail("fewer refreshes than the time needs");
    $display("PASS seed=%0d: %0d ports x %0d requests at once (%0d beyond the SDRAM), %0d cycles, %0d refreshes, no SDRAM rule broken",
             seed0, PORTS, requests, oors, cycles, refreshes);
    $finish;
  end

endmodule  // tb_fpga_sdram
`default_nettype wire
