// SPDX-License-Identifier: Apache-2.0
//
// tb_sdram -- ww_sdram_ctrl on the SDRAM model (tb/fpga/sdram_model.v, which
// checks JEDEC's command and timing rules, clocked inverted as on the
// board), driven by random line requests against a host reference
// (docs/fpga.md sec. 4). Run by tb/fpga/test_sdram.sh under Icarus.
// A pool of POOL lines spread over every bank and many rows (pool entry i
// is line {random, i}): writes of random data under random word masks,
// reads compared with the reference, and lines beyond the SDRAM (a read
// answers zeros, oor_o rises), with random gaps between requests.
// Fails (a line "MISMATCH seed=S ...") on a wrong read, a broken SDRAM
// rule (the model's code), a request not taken or answered in time, oor_o
// wrong, or fewer refreshes than the time needs. Plusargs: +seed=N
// (default 1), +requests=N (default 2000), +wave=FILE (an FST of the run).

`timescale 1ns / 1ps
`default_nettype none
module tb_sdram;

  localparam LINE_BYTES = 32, DQ_W = 16, BANK_W = 2, ROW_W = 11, COL_W = 6, CL = 2;
  localparam T_INIT = 20, T_REFI = 60, T_RCD = 2, T_RP = 2, T_RFC = 6, T_WR = 2, T_MRD = 2;
  localparam REFI_MAX = T_REFI + 48;             // the longest request delays a refresh
  localparam LB = LINE_BYTES * 8, WORDS = LINE_BYTES / 4, LINE_W = 32 - $clog2(LINE_BYTES);
  localparam CAP_W = ROW_W + BANK_W + COL_W - $clog2(LB / DQ_W);
  localparam POOL = 32, POOL_W = 5;

  reg clk = 1'b0;
  always #5 clk = ~clk;
  wire sd_clk = ~clk;                            // the board's SDRAM clock

  reg                  rst_n = 1'b0;
  reg                  req_valid = 1'b0, req_we = 1'b0;
  reg  [WORDS-1:0]     req_wmask = {WORDS{1'b0}};
  reg  [LINE_W-1:0]    req_line = {LINE_W{1'b0}};
  reg  [LB-1:0]        req_data = {LB{1'b0}};
  wire                 req_ready, rsp_valid, oor;
  wire [LB-1:0]        rsp_data;
  wire                 cke, cs_n, ras_n, cas_n, we_n, dq_oe, dq_drive, sd_err;
  wire [BANK_W-1:0]    ba;
  wire [ROW_W-1:0]     a;
  wire [DQ_W/8-1:0]    dqm;
  wire [DQ_W-1:0]      dq_c2m, dq_m2c, bd_data;
  wire [7:0]           sd_code;
  wire [31:0]          refreshes;

  ww_sdram_ctrl #(
    .LINE_BYTES (LINE_BYTES), .DQ_W (DQ_W), .BANK_W (BANK_W), .ROW_W (ROW_W), .COL_W (COL_W),
    .CL (CL), .T_RCD (T_RCD), .T_RP (T_RP), .T_RFC (T_RFC), .T_WR (T_WR), .T_MRD (T_MRD),
    .T_INIT (T_INIT), .T_REFI (T_REFI)
  ) u_ctrl (
    .clk_i (clk), .rst_ni (rst_n),
    .req_valid_i (req_valid), .req_ready_o (req_ready), .req_we_i (req_we),
    .req_wmask_i (req_wmask), .req_line_i (req_line), .req_data_i (req_data),
    .rsp_valid_o (rsp_valid), .rsp_data_o (rsp_data), .oor_o (oor),
    .sd_cke_o (cke), .sd_cs_no (cs_n), .sd_ras_no (ras_n), .sd_cas_no (cas_n), .sd_we_no (we_n),
    .sd_ba_o (ba), .sd_a_o (a), .sd_dqm_o (dqm), .sd_dq_o (dq_c2m), .sd_dq_oe_o (dq_oe),
    .sd_dq_i (dq_m2c)
  );

  sdram_model #(
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

  // ---- the reference ---------------------------------------------------------
  reg [LB-1:0]     ref_mem [0:POOL-1];
  reg [LINE_W-1:0] pool_line [0:POOL-1];
  integer seed, seed0, requests, n, i, w, gap, cycles, t_start, reads, writes, oors;
  reg [LB-1:0]     want, data;
  reg [WORDS-1:0]  mask;
  reg [POOL_W-1:0] pick;
  reg [31:0]       r;
  reg              any_oor;
  reg [8*256-1:0]  wave;

  always @(posedge clk) cycles = cycles + 1;

  task fail;
    input [8*120-1:0] why;
    begin
      $display("MISMATCH seed=%0d request %0d cycle %0d: %0s", seed0, n, cycles, why);
      $finish;
    end
  endtask

  // the model's verdict, every cycle
  always @(posedge clk)
    if (rst_n && sd_err) begin
      $display("MISMATCH seed=%0d request %0d cycle %0d: the SDRAM model saw rule %0d broken",
               seed0, n, cycles, sd_code);
      $finish;
    end

  // one request: wait for ready (bounded), hold it one cycle
  task send;
    input            we;
    input [LINE_W-1:0] line;
    input [WORDS-1:0] m;
    input [LB-1:0]   d;
    integer t;
    begin
      req_valid <= 1'b1; req_we <= we; req_line <= line; req_wmask <= m; req_data <= d;
      t = 0;
      @(posedge clk);
      while (!req_ready) begin
        t = t + 1;
        if (t > 200) fail("the controller did not take a request in 200 cycles");
        @(posedge clk);
      end
      req_valid <= 1'b0;
      // every earlier request is done: oor_o says whether one was beyond
      if (oor !== any_oor) fail("oor_o differs from whether a line beyond the SDRAM was sent");
    end
  endtask

  task expect_line;
    input [LB-1:0] d;
    integer t;
    begin
      t = 0;
      while (!rsp_valid) begin
        t = t + 1;
        if (t > 200) fail("a read was not answered in 200 cycles");
        @(posedge clk);
      end
      if (rsp_data !== d) begin
        $display("  read  %h", rsp_data);
        $display("  want  %h", d);
        fail("a read returned other data than the reference");
      end
      @(posedge clk);
    end
  endtask

  function [LB-1:0] rand_line;
    input integer dummy;
    integer k;
    begin
      rand_line = {LB{1'b0}};
      for (k = 0; k < WORDS; k = k + 1) rand_line[k * 32 +: 32] = $random(seed);
      if (dummy < 0) rand_line = {LB{1'b0}};
    end
  endfunction

  initial begin
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    seed0 = seed;                                // seed is $random's state from here on
    if (!$value$plusargs("requests=%d", requests)) requests = 2000;
    if ($value$plusargs("wave=%s", wave)) begin
      $dumpfile(wave);
      $dumpvars(0, tb_sdram);
    end
    $display("tb_sdram: seed %0d, %0d requests (replay: +seed=%0d)", seed, requests, seed);
    n = 0; cycles = 0; reads = 0; writes = 0; oors = 0; any_oor = 1'b0;
    for (i = 0; i < POOL; i = i + 1) begin
      ref_mem[i] = {LB{1'b0}};                   // the model starts zeroed
      r = $random(seed);
      pool_line[i] = {{(LINE_W - CAP_W){1'b0}}, r[CAP_W-POOL_W-1:0], i[POOL_W-1:0]};
    end
    repeat (3) @(posedge clk);
    rst_n <= 1'b1;
    t_start = cycles;
    for (n = 0; n < requests; n = n + 1) begin
      r = $random(seed);
      gap = r[1:0] == 2'b00 ? r[4:2] : 0;
      repeat (gap) @(posedge clk);
      pick = r[12:8];
      if (r[20:16] == 5'd0) begin                // beyond the SDRAM
        oors = oors + 1;
        send(r[5], {{(LINE_W - CAP_W - 1){1'b0}}, 1'b1, r[CAP_W-1+8:8]}, {WORDS{1'b1}}, rand_line(0));
        any_oor = 1'b1;
        if (!r[5]) expect_line({LB{1'b0}});
      end else if (r[5]) begin                   // a write under a mask
        writes = writes + 1;
        data = rand_line(0);
        mask = r[31:30] == 2'b00 ? {WORDS{1'b1}} : r[29:29-WORDS+1];
        send(1'b1, pool_line[pick], mask, data);
        for (w = 0; w < WORDS; w = w + 1)
          if (mask[w]) ref_mem[pick][w * 32 +: 32] = data[w * 32 +: 32];
      end else begin
        reads = reads + 1;
        want = ref_mem[pick];
        send(1'b0, pool_line[pick], {WORDS{1'b0}}, {LB{1'b0}});
        expect_line(want);
      end
    end
    repeat (2 * REFI_MAX) @(posedge clk);        // idle: the refreshes go on
    if (oor !== any_oor) fail("oor_o differs from whether a line beyond the SDRAM was sent");
    if (refreshes < (cycles - t_start - T_INIT) / REFI_MAX)
      fail("fewer refreshes than the time since power-up needs");
    $display("PASS seed=%0d: %0d requests (%0d reads, %0d writes, %0d beyond the SDRAM), %0d cycles, %0d refreshes, no SDRAM rule broken",
             seed0, requests, reads, writes, oors, cycles, refreshes);
    $finish;
  end

endmodule  // tb_sdram
`default_nettype wire
