// SPDX-License-Identifier: Apache-2.0
//
// ww_scord_det -- the ScoRD race detector of one memory partition (ISCA
// 2020, §IV, Fig. 6; docs/scord.md §3 "Detector"), one instance in front of
// each L2 slice. It takes the partition's CHECK and FENCE records into a queue,
// and processes them strictly in order, one at a time, against metadata and
// a race log kept in memory above GMEM_BYTES, through its own port on the
// slice; only the metadata READs of the next READAHEAD md lines run ahead,
// and an md line a record before them still works on is forwarded from the
// detector's own copy instead of READ. The §1 decision procedure is
// ww_scord_check, the fence file ww_scord_fencefile.
//
// Intake (in_valid_i && in_ready_o): {src, line, sb} of a CHECK (sk = 1: one
//   warp instruction's access to one line, words in wmask) or a FENCE (sk = 2,
//   op WW_OP_FENCE_BLK = block fence, WW_OP_FENCE / WW_OP_FENCE_DEV = device
//   fence). in_ready_o = !en_i || (!clear_i && queue not full); with en_i = 0
//   every record is taken and dropped. A cycle with in_valid_i && !in_ready_o
//   counts as a queue-full cycle. Sideband sb: the SB layout of
//   cmodel/include/ww_proto.def (WW_SB_* of ww_proto.vh), LSB first: op[7],
//   wid[WID_W], ctaid[32], pc[32], sk[2], wmask[WORDS], bar[BARID_W],
//   lk[BLOOM_W]. Record kinds sk: WW_SCORD_SK_*.
// Fence ack: ack_valid_o for one cycle, the cycle after a device-fence record
//   (sk = FENCE, op != FENCE_BLK) was taken at the intake (also with en_i = 0,
//   so a fence.dev can never hang on a detector that is off); ack_sm_o = its src.
// Memory port (to the slice): mreq_valid_o/mreq_ready_i, op WW_L2_READ / WRITE,
//   line, byte enables, data (mreq_data_o is the write data masked by
//   mreq_be_o; 0 for a READ). Up to OUTS = 2*READAHEAD + 2 requests in
//   flight (out_q; okind_q marks which are READs): a request is presented
//   only while fewer are and the detector does not defer (Deferral). Each
//   gets exactly one mrsp_valid_i, at the earliest the cycle after it was
//   accepted, IN THE ORDER OF THE REQUESTS (ww_l2_slice answers in
//   acceptance order and ww_part_port steers the detector's responses by id),
//   always taken (mrsp_data_i used for READs only). A READ that is not
//   accepted may be withdrawn when the FSM's own request goes first, or at
//   clear_i.
// Deferral: xbar_req_i = the crossbar presents an ordinary request to this
//   slice (the partition port grants the detector first). While it is high
//   and fewer than QUEUE/2 records wait in the queue (qcnt_q), the detector
//   presents no request: its work, which only has to keep the queue from
//   filling, takes the cycles the SMs leave; with a backlog it goes first
//   again. The order of its own requests, and so every result, is unchanged.
//   No starvation: records that arrive while it defers fill the queue, and
//   when the SMs are done their requests stop (the end-of-grid drain).
// Address map (docs/scord.md §3), data line L of this partition (L mod
//   NUM_PART = PART, asserted), i = L div NUM_PART:
//     tracked     NULL_GUARD/LB <= L < LOCAL_BASE0/LB (LOCAL_BASE0 = GMEM -
//                 NUM_SM*WARPS*LANES*LOCAL_BYTES); other CHECKs are dropped
//     full        j = i
//     cached      j = i mod S, tag = i div S, S = 2^S_W, S_W = clog2(ceil(
//                 ceil(LOCAL_BASE0/LB / NUM_PART) / 2^TAG_W)) (ceilings: every
//                 tracked line's tag fits TAG_W bits)
//     word k      entry in line MD_BASE_LINE + (2j + k div HALF)*NUM_PART + PART,
//                 bytes 8*(k mod HALF) +: 8, HALF = WORDS/2
//     MD_BASE_LINE  = GMEM/LB rounded up to a multiple of NUM_PART
//     LOG_BASE_LINE = 3*GMEM/LB rounded up to a multiple of NUM_PART
//     log record  an entry or the header, WW_SCORD_ENT_N = 8 words, in LP =
//                 max(1, 32/LINE_BYTES) lines: its part k (words from
//                 k*LINE_BYTES/4 on) in line R + k*NUM_PART, R its first line
//     header      R = LOG_BASE_LINE + PART, words WW_SCORD_HDR_*: {entries,
//                 races (incl. duplicates), ring overwrites, records, md reads,
//                 md writes, queue-full cycles, WW_SCORD_LOG_MAGIC | PART}
//     entry n     R = LOG_BASE_LINE + LP*(1 + n mod LOG_ENTRIES)*NUM_PART + PART,
//                 words WW_SCORD_ENT_*: {pc, byte address of the word, count,
//                 {kind[5:4] (WW_SCORD_KIND_*: load, store, atomic),
//                 scope_blk[3], type[2:0]} (WW_SCORD_EK_*), ctaid, {prev
//                 warp[31:24], prev SM[23:16], cur warp[15:8], cur SM[7:0]}
//                 (WW_SCORD_EW_*; warps global: sm*WARPS + wid), prev
//                 BlockID, n}
//   Log lines use bytes 0..31; words 8 and up (LINE_BYTES > 32) are written 0.
//   With LINE_BYTES = 16 a record is two lines, the second NUM_PART lines on.
// Counters (32 bits, wrapping): records = every record taken from the queue
//   (CHECK, FENCE, dropped ones too); md reads / md writes = metadata
//   requests accepted by the slice (forwarded md lines are not READs, so md
//   reads depend on timing); entries = appends (sequence number of the
//   next entry); ring overwrites = appends with entries >= LOG_ENTRIES.
// Dedup table: DEDUP direct-mapped entries {pc, word address, type, seq,
//   count}, index (pc[31:2] ^ waddr ^ type) mod DEDUP (waddr = byte address
//   >> 2). A race whose key hits an entry whose line is still in the ring
//   (entries - seq <= LOG_ENTRIES) increments the count and rewrites only the
//   entry's count word (byte enables of word 2); otherwise it appends a new
//   entry with count 1 and takes over the table slot.
//
// FSM (state_q), records in order, the metadata of the next md line read
// ahead (docs/scord.md §6 item 7):
//   IDLE   pop the queue head: FENCE -> fence-file increment (1 cycle);
//          CHECK (tracked, wmask != 0) -> latch the record, half := first
//          half with wmask bits -> RD; anything else is dropped. Queue empty
//          and header dirty and en_i -> header into logbuf -> HDR.
//   RD     the md line of `half` is the oldest buffer's (always: see
//          Read-ahead): here, arriving now, or forwarded from linebuf itself
//          -> linebuf (lp_q := its md line); rem := the half's wmask -> CHK;
//          buffer taken but line not here -> RDW; no buffer yet (the
//          read-ahead takes it, RD itself requests nothing) -> RD
//   RDW    wait for that line -> linebuf, rem -> CHK
//   CHK    one word per cycle, ascending: the lowest bit r of rem goes to
//          ww_scord_check with linebuf entry r, fC (current warp) and fP
//          (entry of md.WarpID); rem empty -> VLAST
//   (CHK, VLAST) each verdict arrives the cycle after its word: the new
//          entry replaces entry r in linebuf; a changed entry sets its 8
//          byte enables; a race is noted for r with md.WarpID/BlockID
//   VLAST  last verdict -> WR if some entry changed, else LOG if a race,
//          else NEXT
//   WR     WRITE linebuf with the changed entries' byte enables once the
//          detector does not defer (it goes before a read-ahead; md
//          writes++); accepted -> LOG if a race is noted, else NEXT (the ack
//          is not waited for: the slice performs requests in order)
//   LOG    lowest noted race: race event port pulse; dedup lookup; either
//          count word (dup) or a new entry into logbuf -> LWR
//   LWR    WRITE the log entry's lines, one per accepted request (a dup: the
//          count word's line only) -> LWRW -> (the last ack, the last
//          response due: no request is made in LWRW) header into logbuf -> HDR
//   HDR    WRITE the header's lines -> HDRW -> (the last ack) LOG if races
//          remain, NEXT inside a record, IDLE after an idle-time header
//   NEXT   (not a state) second half needed ? half := 1, RD : IDLE
//   ABORT  clear_i came while responses were due: wait for the last -> IDLE
// Read-ahead (docs/scord.md §3 "Processing", §6 item 7): the md lines the
//   records need, in record order (a CHECK that will be checked needs its
//   first md line, then its second half if wmask has words in both), get a
//   buffer up to READAHEAD lines ahead of the line in work. The cursor
//   (cur_e_q, cur_h_q) names the next one: record cur_e_q (0 = the record in
//   work, k >= 1 = the k-th record in the queue, read from the queue's
//   array), its first md line or (cur_h_q) its second half. When the
//   cursor's record exists and a buffer is free (sl_n_q < READAHEAD), the
//   cursor's md line takes the next buffer (sl_line_q) and the cursor moves
//   on (to the second half, or the next record) in one of two ways:
//   forwarded (sl_fwd_q), in any state and without a request, if the line is
//   pending: it is lp_q (the line in linebuf: its record may still write it,
//   or linebuf holds what it wrote) or the line of a buffer in use; else
//   READ (md reads++), in every state but LWRW, HDRW and ABORT, when fewer
//   than OUTS requests are in flight, the detector does not defer and the
//   FSM makes no request of its own. A record with no md line (FENCE,
//   untracked, empty wmask) is passed without a buffer. READ lines arrive in
//   order into the oldest READ buffer whose line is not here (sl_have_q).
//   RD takes the oldest buffer, so the line it takes is always the one it
//   asks for (asserted), and RD never reads: a forwarded buffer on lp_q is
//   linebuf itself; when RD takes any other buffer linebuf is final, and is
//   copied into every forwarded buffer of line lp_q in use (the next record
//   on that line gets what this one wrote). Every READ is thus performed by
//   the slice after the WRITE of every record before it on the same md line,
//   and every forwarded line is what that WRITE wrote: each record sees what
//   the serial order would. Records are checked, written and logged in queue
//   order and the log is the same; md writes, records, entries and races are
//   the counters of the serial order, md reads and queue-full cycles depend
//   on timing. cached_i changes only with clear_i.
// clear_i (launch start): empties the queue, clears the fence file, dedup
//   table, counters and noted races, marks the header dirty (written once the
//   queue drains, so every launch with en_i gets a header) and returns to IDLE
//   (ABORT if responses are still due: their READs' lines are dropped; a
//   request not yet accepted is withdrawn), the cursor at the queue's first
//   record and no line read ahead. idle_o = IDLE && queue empty && no
//   response due && !(header dirty && en_i): all metadata and log writes
//   done, header exact.
// Race event port: race_valid_o one cycle per race (state LOG) with its pc,
//   byte address, type (WW_SCORD_RACE_A..F = Table IV a..f), scope and dup (merged into an
//   existing entry).
// Timing, measured by cmodel/scord/test/test_scord_det (t_timing; xbar_req_i
//   low; queue kept full; steady state, cycles per record), READAHEAD = 8:
//   with a memory that takes one request at a time and answers 4 cycles
//   after acceptance (ww_l2_slice's hit timing, one requester alone):
//   CHECKs of one md line each on different md lines, every one changed: 10,
//   the port's READ and WRITE back to back; two md lines each: 20; every
//   record on the same md line, changed: 5 (forwarded: only its WRITE);
//   unchanged: 4; a race each time: 19; a FENCE: 1. With requests in
//   flight, answered in order 4 cycles after acceptance: 5 (the FSM: IDLE,
//   RD, CHK, VLAST, WR), 15, 5, 4, 16, 1; 100 cycles after (every md line
//   from DRAM): 12.32 (about READAHEAD lines per 100 cycles), 25.25, 5.66
//   (OUTS WRITEs per 101 cycles), 4, 208 (each log and header WRITE waits
//   for its ack), 1.
// Parameters: LINE_BYTES power of two >= 16; QUEUE, LOG_ENTRIES, DEDUP powers
//   of two (QUEUE >= 2); READAHEAD >= 1 (`WW_SCORD_READAHEAD); NUM_PART >= 1,
//   0 <= PART < NUM_PART (default 0, or `WW_SCORD_DET_PART, which the
//   lockstep points use); NUM_SM*WARPS <=
//   2^WARPID_W and <= 256 (log byte fields). Simulation assertions: every
//   record's line is in this partition, sk is CHECK or FENCE, a response
//   comes only when one is due, the oldest line read ahead is the one RD
//   asks for, a line arrives only for a buffer waiting for it, the cursor
//   has passed a record before it leaves the queue.

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
`include "ww_assert.vh"
module ww_scord_det #(
  parameter NUM_SM           = `WW_NUM_SM,
  parameter WARPS            = `WW_WARPS_PER_SM,
  parameter LANES            = `WW_LANES,
  parameter NUM_PART         = `WW_NUM_PART,
`ifdef WW_SCORD_DET_PART
  parameter PART             = `WW_SCORD_DET_PART,
`else
  parameter PART             = 0,
`endif
  parameter LINE_BYTES       = `WW_LINE_BYTES,
  parameter GMEM_BYTES       = `WW_GMEM_BYTES,
  parameter NULL_GUARD_BYTES = `WW_NULL_GUARD_BYTES,
  parameter LOCAL_BYTES      = `WW_LOCAL_BYTES,
  parameter BLOCKID_W        = `WW_SCORD_BLOCKID_W,
  parameter WARPID_W         = `WW_SCORD_WARPID_W,
  parameter FENCEID_W        = `WW_SCORD_FENCEID_W,
  parameter BARID_W          = `WW_SCORD_BARID_W,
  parameter TAG_W            = `WW_SCORD_TAG_W,
  parameter BLOOM_W          = `WW_SCORD_BLOOM_W,
  parameter QUEUE            = `WW_SCORD_QUEUE,
  parameter READAHEAD        = `WW_SCORD_READAHEAD,
  parameter LOG_ENTRIES      = `WW_SCORD_LOG_ENTRIES,
  parameter DEDUP            = `WW_SCORD_DEDUP,
  parameter WID_W            = (WARPS > 1) ? $clog2(WARPS) : 1,
  parameter SM_W             = (NUM_SM > 1) ? $clog2(NUM_SM) : 1,
  parameter LINE_W           = 32 - $clog2(LINE_BYTES),
  parameter WORDS            = LINE_BYTES / 4,
  parameter SB_W             = `WW_SB_W(WID_W, WORDS, BARID_W, BLOOM_W)
) (
  input  wire                    clk_i,
  input  wire                    rst_ni,
  // control (latched per launch by the GPU)
  input  wire                    clear_i,
  input  wire                    en_i,
  input  wire                    cached_i,
  // intake: CHECK and FENCE records of this partition
  input  wire                    in_valid_i,
  output wire                    in_ready_o,
  input  wire [SM_W-1:0]         in_src_i,
  input  wire [LINE_W-1:0]       in_line_i,
  input  wire [SB_W-1:0]         in_sb_i,
  // device-fence ack to SM ack_sm_o
  output wire                    ack_valid_o,
  output wire [SM_W-1:0]         ack_sm_o,
  // memory port (to the L2 slice)
  output wire                    mreq_valid_o,
  input  wire                    mreq_ready_i,
  output wire [`WW_L2_W-1:0]     mreq_op_o,
  output wire [LINE_W-1:0]       mreq_line_o,
  output wire [LINE_BYTES-1:0]   mreq_be_o,
  output wire [LINE_BYTES*8-1:0] mreq_data_o,
  input  wire                    mrsp_valid_i,
  // the crossbar presents an ordinary request to this partition's slice
  input  wire                    xbar_req_i,
  input  wire [LINE_BYTES*8-1:0] mrsp_data_i,
  // status
  output wire                    idle_o,
  // race events (debug / host test bench)
  output wire                    race_valid_o,
  output wire [31:0]             race_pc_o,
  output wire [31:0]             race_addr_o,
  output wire [`WW_SCORD_RACE_W-1:0] race_type_o,
  output wire                    race_scope_blk_o,
  output wire                    race_dup_o
);

  // ISA constants: this module uses the WW_OP_* codes only.
  /* verilator lint_off UNUSEDPARAM */
  `include "ww_isa.vh"
  /* verilator lint_on UNUSEDPARAM */

  ////////////////////
  // Geometry       //
  ////////////////////

  localparam LB      = LINE_BYTES * 8;
  localparam HALF    = WORDS / 2;                       // md entries per md line
  localparam HI_W    = $clog2(HALF);                    // entry index in an md line
  localparam WI_W    = $clog2(WORDS);                   // word index in a data line
  localparam NWP     = NUM_SM * WARPS;                  // global hardware warps
  localparam WP_W    = (NWP > 1) ? $clog2(NWP) : 1;
  localparam DD_W    = (DEDUP > 1) ? $clog2(DEDUP) : 1;
  localparam LE_W    = (LOG_ENTRIES > 1) ? $clog2(LOG_ENTRIES) : 1;
  localparam Q_W     = SM_W + LINE_W + SB_W;

  localparam GMEM_LINES = GMEM_BYTES / LINE_BYTES;
  localparam LB0_LINES  = (GMEM_BYTES - NUM_SM * WARPS * LANES * LOCAL_BYTES) / LINE_BYTES;
  localparam NG_LINES   = NULL_GUARD_BYTES / LINE_BYTES;
  localparam PER_PART   = (LB0_LINES + NUM_PART - 1) / NUM_PART;
  localparam PER_TAG    = (PER_PART + (1 << TAG_W) - 1) / (1 << TAG_W);
  localparam S_W        = $clog2(PER_TAG);              // S = 2^S_W md pairs (cached)
  localparam MD_BASE_I  = ((GMEM_LINES + NUM_PART - 1) / NUM_PART) * NUM_PART;
  localparam LOG_BASE_I = ((3 * GMEM_LINES + NUM_PART - 1) / NUM_PART) * NUM_PART;

  localparam [LINE_W-1:0] L_NG       = NG_LINES;
  localparam [LINE_W-1:0] L_LB0      = LB0_LINES;
  localparam [LINE_W-1:0] L_NPART    = NUM_PART;
  localparam [LINE_W-1:0] L_PART     = PART;
  localparam [LINE_W-1:0] L_MD_BASE  = MD_BASE_I;
  localparam [LINE_W-1:0] L_LOG_BASE = LOG_BASE_I;
  localparam [LINE_W-1:0] L_HDR      = LOG_BASE_I + PART;
  localparam [LINE_W-1:0] L_S_MASK   = (1 << S_W) - 1;
  localparam [31:0]       LOG_N      = LOG_ENTRIES;
  localparam [31:0]       MAGIC      = `WW_SCORD_LOG_MAGIC | PART;
  localparam integer      DD_MASK_I  = DEDUP - 1;
  localparam integer      LE_MASK_I  = LOG_ENTRIES - 1;
  localparam [DD_W-1:0]   DD_MASK    = DD_MASK_I[DD_W-1:0];
  localparam [LE_W-1:0]   LE_MASK    = LE_MASK_I[LE_W-1:0];
  // SM*WARPS+warp: with one SM (src always 0) WARPS itself needs one bit
  // more than WP_W and truncates to 0, which changes nothing
  localparam integer      W_WARPS_I  = WARPS;
  localparam [WP_W-1:0]   W_WARPS    = W_WARPS_I[WP_W-1:0];
  localparam [WARPID_W-1:0] W_WARPS_ID = WARPS;

  // a log record (an entry or the header: WW_SCORD_ENT_N words) takes
  // LOG_LP lines, LPB byte enables across them: of the whole record and of
  // an entry's count word, which is in part CNT_PART
  localparam LOG_RB    = 4 * `WW_SCORD_ENT_N;            // bytes of a log record
  localparam LOG_LP    = (LINE_BYTES >= LOG_RB) ? 1 : LOG_RB / LINE_BYTES;
  localparam LP_W      = (LOG_LP > 1) ? $clog2(LOG_LP) : 1;
  localparam LPB       = LOG_LP * LINE_BYTES;
  localparam [LPB-1:0] BE_ONES  = {LPB{1'b1}};
  localparam [LPB-1:0] BE_LOG   = ~(BE_ONES << LOG_RB);
  localparam [LPB-1:0] BE_COUNT = (BE_ONES >> (LPB - 4)) << (4 * `WW_SCORD_ENT_COUNT);
  localparam integer   CNT_PART_I = (4 * `WW_SCORD_ENT_COUNT) / LINE_BYTES;
  localparam integer   LAST_PART_I = LOG_LP - 1;
  localparam [LP_W-1:0] CNT_PART  = CNT_PART_I[LP_W-1:0];
  localparam [LP_W-1:0] LAST_PART = LAST_PART_I[LP_W-1:0];
  localparam [LINE_W-1:0] L_LP    = LOG_LP;

  // sideband fields (ww_proto.def SB)
  localparam SB_OP  = `WW_SB_OP_LSB(WID_W, WORDS, BARID_W, BLOOM_W);
  localparam SB_WID = `WW_SB_WID_LSB(WID_W, WORDS, BARID_W, BLOOM_W);
  localparam SB_CTA = `WW_SB_CTA_LSB(WID_W, WORDS, BARID_W, BLOOM_W);
  localparam SB_PC  = `WW_SB_PC_LSB(WID_W, WORDS, BARID_W, BLOOM_W);
  localparam SB_SK  = `WW_SB_SK_LSB(WID_W, WORDS, BARID_W, BLOOM_W);
  localparam SB_WM  = `WW_SB_WM_LSB(WID_W, WORDS, BARID_W, BLOOM_W);
  localparam SB_BAR = `WW_SB_BAR_LSB(WID_W, WORDS, BARID_W, BLOOM_W);
  localparam SB_LK  = `WW_SB_LK_LSB(WID_W, WORDS, BARID_W, BLOOM_W);
  localparam OP_W   = `WW_SB_OP_W(WID_W, WORDS, BARID_W, BLOOM_W);
  localparam SK_W   = `WW_SB_SK_W(WID_W, WORDS, BARID_W, BLOOM_W);

  // metadata fields (ww_proto.def SCORD_MD, ww_scord_check's layout, Fig. 7)
  localparam MD_WARP  =
    `WW_SCORD_MD_WARP_LSB(BLOOM_W, BARID_W, FENCEID_W, WARPID_W, BLOCKID_W, TAG_W);
  localparam MD_BLOCK =
    `WW_SCORD_MD_BLOCK_LSB(BLOOM_W, BARID_W, FENCEID_W, WARPID_W, BLOCKID_W, TAG_W);

  localparam [3:0] ST_IDLE  = 4'd0;
  localparam [3:0] ST_RD    = 4'd1;
  localparam [3:0] ST_RDW   = 4'd2;
  localparam [3:0] ST_CHK   = 4'd3;
  localparam [3:0] ST_VLAST = 4'd4;
  localparam [3:0] ST_WR    = 4'd5;
  localparam [3:0] ST_LOG   = 4'd6;
  localparam [3:0] ST_LWR   = 4'd7;
  localparam [3:0] ST_LWRW  = 4'd8;
  localparam [3:0] ST_HDR   = 4'd9;
  localparam [3:0] ST_HDRW  = 4'd10;
  localparam [3:0] ST_ABORT = 4'd11;


`ifndef SYNTHESIS
  initial begin
    if (LINE_BYTES < 16 || (LINE_BYTES & (LINE_BYTES - 1)) != 0 || QUEUE < 2 ||
        (QUEUE & (QUEUE - 1)) != 0 || LOG_ENTRIES < 1 ||
        (LOG_ENTRIES & (LOG_ENTRIES - 1)) != 0 || DEDUP < 1 || (DEDUP & (DEDUP - 1)) != 0 ||
        NUM_PART < 1 || PART >= NUM_PART || NWP > (1 << WARPID_W) || NWP > 256 ||
        BLOCKID_W > 32) begin
      $display("ww_scord_det: illegal parameters");
      $fatal(1);
    end
  end
`endif

  ////////////////////
  // Intake queue   //
  ////////////////////

  // a circular buffer of QUEUE records, qcnt_q of them waiting from qhd_q on;
  // the read-ahead's cursor reads the entry it has reached (Read-ahead)
  localparam QP_W = (QUEUE > 1) ? $clog2(QUEUE) : 1;
  localparam QC_W = $clog2(QUEUE) + 1;
  reg  [Q_W-1:0]   q_mem [0:QUEUE-1];
  reg  [QP_W-1:0]  qhd_q, qtl_q;
  reg  [QC_W-1:0]  qcnt_q;
  wire             q_in_ready = (qcnt_q != QUEUE[QC_W-1:0]);
  wire             q_valid    = (qcnt_q != {QC_W{1'b0}});
  wire [Q_W-1:0]   q_head     = q_mem[qhd_q];
  reg  [3:0]       state_q;
  wire             q_pop   = (state_q == ST_IDLE) && q_valid && !clear_i;
  wire             q_push  = in_valid_i && en_i && !clear_i && q_in_ready;

  assign in_ready_o = !en_i || (!clear_i && q_in_ready);

  always @(posedge clk_i) begin
    if (!rst_ni || clear_i) begin
      qhd_q  <= {QP_W{1'b0}};
      qtl_q  <= {QP_W{1'b0}};
      qcnt_q <= {QC_W{1'b0}};
    end else begin
      if (q_push) begin
        qtl_q <= qtl_q + {{(QP_W-1){1'b0}}, 1'b1};
      end
      if (q_pop) begin
        qhd_q <= qhd_q + {{(QP_W-1){1'b0}}, 1'b1};
      end
      qcnt_q <= qcnt_q + {{(QC_W-1){1'b0}}, q_push} - {{(QC_W-1){1'b0}}, q_pop};
    end
  end
  always @(posedge clk_i) begin
    if (q_push) begin
      q_mem[qtl_q] <= {in_sb_i, in_line_i, in_src_i};
    end
  end

  wire [SK_W-1:0] in_sk = in_sb_i[SB_SK +: SK_W];
  wire [OP_W-1:0] in_op = in_sb_i[SB_OP +: OP_W];
  wire       qfull  = in_valid_i && !in_ready_o;

  // device-fence acks, one cycle after the intake
  reg            ack_q;
  reg [SM_W-1:0] ack_sm_q;
  wire ack_d = in_valid_i && in_ready_o && (in_sk == `WW_SCORD_SK_FENCE) &&
               (in_op != WW_OP_FENCE_BLK);
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      ack_q <= 1'b0;
    end else begin
      ack_q <= ack_d;
    end
  end
  always @(posedge clk_i) begin
    if (ack_d) begin
      ack_sm_q <= in_src_i;
    end
  end
  assign ack_valid_o = ack_q;
  assign ack_sm_o    = ack_sm_q;

  // the queue head
  wire [SM_W-1:0]   h_src  = q_head[0 +: SM_W];
  wire [LINE_W-1:0] h_line = q_head[SM_W +: LINE_W];
  wire [SB_W-1:0]   h_sb   = q_head[SM_W + LINE_W +: SB_W];
  wire [OP_W-1:0]   h_op   = h_sb[SB_OP +: OP_W];
  wire [WID_W-1:0]  h_wid  = h_sb[SB_WID +: WID_W];
  wire [SK_W-1:0]   h_sk   = h_sb[SB_SK +: SK_W];
  wire [WORDS-1:0]  h_wm   = h_sb[SB_WM +: WORDS];
  wire h_tracked = (h_line >= L_NG) && (h_line < L_LB0);
  wire h_check   = (h_sk == `WW_SCORD_SK_CHECK) && h_tracked && (h_wm != {WORDS{1'b0}});
  wire h_fence   = (h_sk == `WW_SCORD_SK_FENCE);
  reg  [WP_W-1:0] h_src_x, h_wid_x;
  always @(*) begin
    h_src_x = {WP_W{1'b0}};
    h_src_x[SM_W-1:0] = h_src;
    h_wid_x = {WP_W{1'b0}};
    h_wid_x[WID_W-1:0] = h_wid;
  end
  wire [WP_W-1:0] h_wp = h_src_x * W_WARPS + h_wid_x;

  ////////////////////
  // The record     //
  ////////////////////

  reg [SM_W-1:0]    rec_src_q;
  reg [LINE_W-1:0]  rec_line_q;
  reg [6:0]         rec_op_q;
  reg [WP_W-1:0]    rec_wp_q;       // global hardware warp
  reg [31:0]        rec_cta_q;
  reg [31:0]        rec_pc_q;
  reg [WORDS-1:0]   rec_wm_q;
  reg [BARID_W-1:0] rec_bar_q;
  reg [BLOOM_W-1:0] rec_lk_q;
  reg               half_q;         // md line (half of the data line) in work

  wire op_ld_plain = (rec_op_q >= WW_OP_LB) && (rec_op_q <= WW_OP_LHU);
  wire op_st_plain = (rec_op_q >= WW_OP_SB) && (rec_op_q <= WW_OP_SW);
  wire op_atom_blk = ((rec_op_q >= WW_OP_AMOADD_BLK) && (rec_op_q <= WW_OP_AMOXOR_BLK)) ||
                     (rec_op_q == WW_OP_CAS_BLK);
  wire op_atom_dev = ((rec_op_q >= WW_OP_AMOADD_DEV) && (rec_op_q <= WW_OP_AMOXOR_DEV)) ||
                     (rec_op_q == WW_OP_CAS_DEV);
  wire rec_atom    = op_atom_blk || op_atom_dev;
  wire rec_store   = op_st_plain || (rec_op_q == WW_OP_SW_STRONG);
  wire rec_strong  = (rec_op_q == WW_OP_LW_STRONG) || (rec_op_q == WW_OP_SW_STRONG);
  wire [`WW_SCORD_KIND_W-1:0] rec_kind = rec_atom ? `WW_SCORD_KIND_ATOMIC :
                                        rec_store ? `WW_SCORD_KIND_STORE : `WW_SCORD_KIND_LOAD;
  wire unused_op   = op_ld_plain;   // loads are the default (is_w = atom = 0)

  // address map
  wire [LINE_W-1:0] rec_i   = rec_line_q / L_NPART;
  wire [LINE_W-1:0] rec_j   = cached_i ? (rec_i & L_S_MASK) : rec_i;
  wire [LINE_W-1:0] rec_tsh = rec_i >> S_W;
  wire [TAG_W-1:0]  rec_tag = rec_tsh[TAG_W-1:0];
  wire [LINE_W-1:0] md_line = L_MD_BASE + ({rec_j[LINE_W-2:0], half_q} * L_NPART) + L_PART;
  wire [HALF-1:0]   wm_lo   = rec_wm_q[0 +: HALF];
  wire [HALF-1:0]   wm_hi   = rec_wm_q[HALF +: HALF];
  wire              next_hi = !half_q && (wm_hi != {HALF{1'b0}});   // the second half is next

  // The read-ahead's cursor (header "Read-ahead"): the next md line to read
  // in record order is in record cur_e_q (0: the record in work, k >= 1:
  // the k-th record of the queue), its first md line (cur_h_q = 0) or its
  // second half (cur_h_q = 1: the first was read, the record needs both).
  localparam CE_W = QC_W;                              // 0..QUEUE+1
  reg  [CE_W-1:0]   cur_e_q;
  reg               cur_h_q;
  wire [CE_W-1:0]   cur_e1  = cur_e_q - {{(CE_W-1){1'b0}}, 1'b1};
  wire [QP_W-1:0]   cur_qi  = qhd_q + cur_e1[QP_W-1:0];
  wire [Q_W-1:0]    cur_q   = q_mem[cur_qi];
  wire [LINE_W-1:0] cq_line = cur_q[SM_W +: LINE_W];
  wire [SB_W-1:0]   cq_sb   = cur_q[SM_W + LINE_W +: SB_W];
  wire [WORDS-1:0]  cq_wm   = cq_sb[SB_WM +: WORDS];
  wire              unused_cq = ^{cur_q[SM_W-1:0], cq_sb};
  wire              cq_chk  = (cq_sb[SB_SK +: SK_W] == `WW_SCORD_SK_CHECK) && (cq_line >= L_NG) &&
                              (cq_line < L_LB0) && (cq_wm != {WORDS{1'b0}});
  wire              cur_rec = (cur_e_q == {CE_W{1'b0}});
  // the cursor's record exists: the one in work, or one in the queue
  wire              cur_av  = cur_rec || (cur_e1 < qcnt_q);
  wire [LINE_W-1:0] c_line  = cur_rec ? rec_line_q : cq_line;
  wire [WORDS-1:0]  c_wm    = cur_rec ? rec_wm_q : cq_wm;
  wire              c_chk   = cur_rec || cq_chk;
  wire              c_lo    = (c_wm[0 +: HALF] != {HALF{1'b0}});
  wire              c_both  = c_lo && (c_wm[HALF +: HALF] != {HALF{1'b0}});
  wire              c_half  = cur_h_q || !c_lo;
  wire [LINE_W-1:0] c_i     = c_line / L_NPART;
  wire [LINE_W-1:0] c_j     = cached_i ? (c_i & L_S_MASK) : c_i;
  wire [LINE_W-1:0] c_md    = L_MD_BASE + ({c_j[LINE_W-2:0], c_half} * L_NPART) + L_PART;

  ////////////////////
  // Line buffer    //
  ////////////////////

  // the md line in work (md line lp_q, kept after its record: a later
  // record on that line takes it from here, Read-ahead)
  reg [LB-1:0]         linebuf_q;
  reg [LINE_W-1:0]     lp_q;
  reg                  lp_v_q;
  reg [HALF-1:0]       rem_q;        // entries still to send to the check
  reg [HI_W-1:0]       vidx_q;       // entry whose verdict comes next cycle
  reg [LINE_BYTES-1:0] chg_be_q;     // byte enables of changed entries
  reg [HALF-1:0]       rvec_q;       // entries with a race to log
  reg [`WW_SCORD_RACE_W-1:0] rtype_q [0:HALF-1];
  reg                  rscope_q [0:HALF-1];
  reg [WARPID_W-1:0]   rpwarp_q [0:HALF-1];   // md.WarpID / md.BlockID before the race
  reg [BLOCKID_W-1:0]  rpblk_q  [0:HALF-1];

  function automatic [HI_W-1:0] lowest(input [HALF-1:0] v);
    integer b;
    begin
      lowest = {HI_W{1'b0}};
      for (b = HALF - 1; b >= 0; b = b - 1) begin
        if (v[b]) begin
          lowest = b[HI_W-1:0];
        end
      end
    end
  endfunction

  wire [HI_W-1:0] iss_r   = lowest(rem_q);
  wire [HALF-1:0] rem_nx  = rem_q & ~({{(HALF-1){1'b0}}, 1'b1} << iss_r);
  // entry selects over constant indices (a variable part-select becomes a shifter)
  reg  [63:0]     iss_md;
  integer ie;
  always @(*) begin
    iss_md = 64'd0;
    for (ie = 0; ie < HALF; ie = ie + 1) begin
      if (iss_r == ie[HI_W-1:0]) begin
        iss_md = linebuf_q[ie * 64 +: 64];
      end
    end
  end
  wire            iss_v   = (state_q == ST_CHK);

  ////////////////////
  // Fence file     //
  ////////////////////

  wire [FENCEID_W-1:0] fc_blk, fc_dev, fp_blk, fp_dev;
  wire [WARPID_W-1:0]  iss_pwarp = iss_md[MD_WARP +: WARPID_W];

  ww_scord_fencefile #(.NUM_SM(NUM_SM), .WARPS(WARPS), .FID_W(FENCEID_W)) u_fence (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .clear_i     (clear_i),
    .inc_valid_i (q_pop && h_fence),
    .inc_wp_i    (h_wp),
    .inc_dev_i   (h_op != WW_OP_FENCE_BLK),
    .rd_a_wp_i   (rec_wp_q),
    .rd_a_blk_o  (fc_blk),
    .rd_a_dev_o  (fc_dev),
    .rd_b_wp_i   (iss_pwarp[WP_W-1:0]),
    .rd_b_blk_o  (fp_blk),
    .rd_b_dev_o  (fp_dev)
  );
  wire unused_pwarp = ^(iss_pwarp >> WP_W);

  ////////////////////
  // Check          //
  ////////////////////

  wire                 v_valid, v_race, v_scope;
  wire [63:0]          v_md;
  wire [`WW_SCORD_RACE_W-1:0] v_type;
  reg  [WARPID_W-1:0]  rec_warp;
  always @(*) begin
    rec_warp = {WARPID_W{1'b0}};
    rec_warp[WP_W-1:0] = rec_wp_q;
  end

`ifdef WW_MUTANT_SCORD_DET_NO_TAG_CHECK
  localparam MD_TAG = MD_BLOCK + BLOCKID_W;
  wire [TAG_W-1:0]     iss_tag = iss_md[MD_TAG +: TAG_W];   // compare always equal
`else
  wire [TAG_W-1:0]     iss_tag = rec_tag;
`endif

  ww_scord_check #(
    .BLOCKID_W (BLOCKID_W),
    .WARPID_W  (WARPID_W),
    .FENCEID_W (FENCEID_W),
    .BARID_W   (BARID_W),
    .TAG_W     (TAG_W),
    .BLOOM_W   (BLOOM_W)
  ) u_check (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .in_valid_i       (iss_v),
    .md_i             (iss_md),
    .cached_i         (cached_i),
    .tag_i            (iss_tag),
    .is_w_i           (rec_store),
    .is_atom_i        (rec_atom),
    .strong_i         (rec_strong),
    .scope_blk_i      (op_atom_blk),
    .block_i          (rec_cta_q[BLOCKID_W-1:0]),
    .warp_i           (rec_warp),
    .bar_i            (rec_bar_q),
    .lock_i           (rec_lk_q),
    .fc_blk_i         (fc_blk),
    .fc_dev_i         (fc_dev),
`ifdef WW_MUTANT_SCORD_DET_FP_FROM_CUR
    .fp_blk_i         (fc_blk),       // fP read at the current warp
    .fp_dev_i         (fc_dev),
`else
    .fp_blk_i         (fp_blk),
    .fp_dev_i         (fp_dev),
`endif
    .out_valid_o      (v_valid),
    .md_o             (v_md),
    .race_o           (v_race),
    .race_type_o      (v_type),
    .race_scope_blk_o (v_scope)
  );

  // a verdict, for entry vidx_q
  wire        v_take = v_valid && ((state_q == ST_CHK) || (state_q == ST_VLAST));
  reg  [63:0] v_old;
  integer ve;
  always @(*) begin
    v_old = 64'd0;
    for (ve = 0; ve < HALF; ve = ve + 1) begin
      if (vidx_q == ve[HI_W-1:0]) begin
        v_old = linebuf_q[ve * 64 +: 64];
      end
    end
  end
  wire        v_chg  = v_take && (v_md != v_old);
  wire        v_rc   = v_take && v_race;
  wire        any_chg  = (chg_be_q != {LINE_BYTES{1'b0}}) || v_chg;
  wire        any_race = (rvec_q != {HALF{1'b0}}) || v_rc;

  ////////////////////
  // Race log       //
  ////////////////////

  reg [31:0] n_entries_q, n_races_q, n_ovw_q, n_recs_q, n_mdrd_q, n_mdwr_q, n_qfull_q;
  reg        hdr_dirty_q;
  reg        in_rec_q;           // the header in flight belongs to a record
  localparam LOGB = 8 * LOG_RB;                     // bits of a log entry / the header
  reg [LINE_W-1:0]     log_line_q;                  // the record's first line
  reg [LPB-1:0]        log_be_q;                    // its byte enables, all its lines
  reg [LP_W-1:0]       log_part_q, log_last_q;      // line written now, the last to write
  reg [LOGB-1:0]       logbuf_q;                    // the log entry or header to write

  reg [DEDUP-1:0] dd_valid_q;
  reg [31:0]      dd_pc_q   [0:DEDUP-1];
  reg [29:0]      dd_wa_q   [0:DEDUP-1];
  reg [`WW_SCORD_RACE_W-1:0] dd_type_q [0:DEDUP-1];
  reg [31:0]      dd_seq_q  [0:DEDUP-1];
  reg [31:0]      dd_cnt_q  [0:DEDUP-1];

  // the race to log: lowest noted entry
  wire [HI_W-1:0]      lg_r     = lowest(rvec_q);
  wire [`WW_SCORD_RACE_W-1:0] lg_type = rtype_q[lg_r];
  wire                 lg_scope = rscope_q[lg_r];
  wire [WARPID_W-1:0]  lg_pwarp = rpwarp_q[lg_r];
  wire [BLOCKID_W-1:0] lg_pblk  = rpblk_q[lg_r];
  wire [WI_W-1:0]      lg_k     = {half_q, lg_r};
  wire [29:0]          lg_wa    = {rec_line_q, lg_k};
  wire [29:0]          lg_fold  = rec_pc_q[31:2] ^ lg_wa ^ {{(30-`WW_SCORD_RACE_W){1'b0}}, lg_type};
  wire [DD_W-1:0]      lg_idx   = lg_fold[DD_W-1:0] & DD_MASK;
  wire [31:0]          lg_seq   = dd_seq_q[lg_idx];
  wire [31:0]          lg_cnt1  = dd_cnt_q[lg_idx] + 32'd1;
  wire [31:0]          lg_age   = n_entries_q - lg_seq;
  wire                 lg_dup   = dd_valid_q[lg_idx] && (dd_pc_q[lg_idx] == rec_pc_q) &&
                                  (dd_wa_q[lg_idx] == lg_wa) && (dd_type_q[lg_idx] == lg_type) &&
                                  (lg_age <= LOG_N);
  wire [31:0]          lg_nseq  = lg_dup ? lg_seq : n_entries_q;
  wire [LE_W-1:0]      lg_slot  = lg_nseq[LE_W-1:0] & LE_MASK;
  reg  [LINE_W-1:0]    lg_slot1;
  always @(*) begin
    lg_slot1 = {LINE_W{1'b0}};
    lg_slot1[LE_W-1:0] = lg_slot;
    lg_slot1 = lg_slot1 + {{(LINE_W-1){1'b0}}, 1'b1};
  end
  wire [LINE_W-1:0]    lg_line  = L_LOG_BASE + lg_slot1 * L_LP * L_NPART + L_PART;
  wire                 log_now  = (state_q == ST_LOG);
  wire unused_bits = ^{rec_j[LINE_W-1], c_j[LINE_W-1], rec_tsh[LINE_W-1:TAG_W], lg_fold[29:DD_W],
                       lg_nseq[31:LE_W]};

  // previous accessor: SM and global warp, 8 bits each in the log
  localparam PW8 = (WARPID_W < 8) ? WARPID_W : 8;
  wire [WARPID_W-1:0] lg_psm = lg_pwarp / W_WARPS_ID;
  reg  [7:0]          lg_pwarp8, lg_psm8, cur_sm8, cur_wp8;
  reg  [31:0]         lg_pblk32;
  always @(*) begin
    lg_pwarp8 = 8'd0;
    lg_pwarp8[PW8-1:0] = lg_pwarp[PW8-1:0];
    lg_psm8 = 8'd0;
    lg_psm8[PW8-1:0] = lg_psm[PW8-1:0];
    cur_sm8 = 8'd0;
    cur_sm8[SM_W-1:0] = rec_src_q;
    cur_wp8 = 8'd0;
    cur_wp8[WP_W-1:0] = rec_wp_q;
    lg_pblk32 = 32'd0;
    lg_pblk32[BLOCKID_W-1:0] = lg_pblk;
  end

  // a log entry line and the header line (words WW_SCORD_ENT_* / WW_SCORD_HDR_*)
  localparam E_KIND  = 32 * `WW_SCORD_ENT_KIND;
  localparam E_WARPS = 32 * `WW_SCORD_ENT_WARPS;
  reg [LOGB-1:0] entry_c, header_c;
  always @(*) begin
    entry_c = {LOGB{1'b0}};
    entry_c[32 * `WW_SCORD_ENT_PC +: 32]         = rec_pc_q;
    entry_c[32 * `WW_SCORD_ENT_ADDR +: 32]       = {lg_wa, 2'b00};
    entry_c[32 * `WW_SCORD_ENT_COUNT +: 32]      = 32'd1;
    entry_c[E_KIND + `WW_SCORD_EK_TYPE_LSB +: `WW_SCORD_EK_TYPE_W]           = lg_type;
    entry_c[E_KIND + `WW_SCORD_EK_SCOPE_BLK_LSB +: `WW_SCORD_EK_SCOPE_BLK_W] = lg_scope;
    entry_c[E_KIND + `WW_SCORD_EK_KIND_LSB +: `WW_SCORD_EK_KIND_W]           = rec_kind;
    entry_c[32 * `WW_SCORD_ENT_CTAID +: 32]      = rec_cta_q;
    entry_c[E_WARPS + `WW_SCORD_EW_CUR_SM_LSB +: `WW_SCORD_EW_CUR_SM_W]       = cur_sm8;
    entry_c[E_WARPS + `WW_SCORD_EW_CUR_WARP_LSB +: `WW_SCORD_EW_CUR_WARP_W]   = cur_wp8;
    entry_c[E_WARPS + `WW_SCORD_EW_PREV_SM_LSB +: `WW_SCORD_EW_PREV_SM_W]     = lg_psm8;
    entry_c[E_WARPS + `WW_SCORD_EW_PREV_WARP_LSB +: `WW_SCORD_EW_PREV_WARP_W] = lg_pwarp8;
    entry_c[32 * `WW_SCORD_ENT_PREV_BLOCK +: 32] = lg_pblk32;
    entry_c[32 * `WW_SCORD_ENT_SEQ +: 32]        = n_entries_q;
    header_c = {LOGB{1'b0}};
    header_c[32 * `WW_SCORD_HDR_ENTRIES +: 32]    = n_entries_q;
    header_c[32 * `WW_SCORD_HDR_RACES +: 32]      = n_races_q;
    header_c[32 * `WW_SCORD_HDR_OVERWRITES +: 32] = n_ovw_q;
    header_c[32 * `WW_SCORD_HDR_RECORDS +: 32]    = n_recs_q;
    header_c[32 * `WW_SCORD_HDR_MD_READS +: 32]   = n_mdrd_q;
    header_c[32 * `WW_SCORD_HDR_MD_WRITES +: 32]  = n_mdwr_q;
    header_c[32 * `WW_SCORD_HDR_QFULL +: 32]      = n_qfull_q;
    header_c[32 * `WW_SCORD_HDR_MAGIC +: 32]      = MAGIC;
  end

  ////////////////////
  // Memory port    //
  ////////////////////

  // Requests in flight: out_q responses are due, in the order of the
  // requests; bit k of okind_q says whether the k-th due is a read-ahead's
  // READ (else a WRITE's ack). At most OUTS in flight.
  localparam OUTS = 2 * READAHEAD + 2;
  localparam OC_W = $clog2(OUTS + 1);
  reg  [OC_W-1:0]  out_q;
  reg  [OUTS-1:0]  okind_q;
  wire             pend    = (out_q != {OC_W{1'b0}});
  wire             out_one = (out_q == {{(OC_W-1){1'b0}}, 1'b1});
  wire             out_ok  = (out_q < OUTS[OC_W-1:0]);
  wire             rsp_ra  = mrsp_valid_i && okind_q[0];   // a read-ahead's line arrives
  // Deferral: while the crossbar has a request for the slice, the detector
  // presents none unless half its queue is full (records waiting: qcnt_q)
  localparam [QC_W-1:0] Q_URGENT = QUEUE / 2;
  wire             defer = xbar_req_i && (qcnt_q < Q_URGENT);
  wire             busy  = defer || !out_ok;

  // the read-ahead's line buffers (header "Read-ahead"): sl_n_q lines from
  // sl_rd_q on, in record order. A buffer is READ (its line comes from the
  // slice, in the order of the READs) or forwarded (sl_fwd_q: its line is
  // the detector's own copy of an md line a record before it works on);
  // sl_have_q: its line is here
  localparam SL_W = (READAHEAD > 1) ? $clog2(READAHEAD) : 1;
  localparam SN_W = $clog2(READAHEAD + 1);
  localparam integer    SL_LAST_I = READAHEAD - 1;
  localparam [SL_W-1:0] SL_LAST = SL_LAST_I[SL_W-1:0];
  reg  [SL_W-1:0]   sl_rd_q;
  reg  [SN_W-1:0]   sl_n_q;
  reg  [READAHEAD-1:0] sl_fwd_q, sl_have_q;
  (* mem2reg *) reg [LINE_W-1:0] sl_line_q [0:READAHEAD-1];   // several written per cycle
  (* mem2reg *) reg [LB-1:0]     sl_data_q [0:READAHEAD-1];

  function automatic [SL_W-1:0] sl_add(input [SL_W-1:0] a, input [SN_W-1:0] b);
    integer x;
    begin
      x = {{(32-SL_W){1'b0}}, a} + {{(32-SN_W){1'b0}}, b};
      if (x >= READAHEAD) begin
        x = x - READAHEAD;
      end
      sl_add = x[SL_W-1:0];
    end
  endfunction

  wire [SL_W-1:0] sl_tail = sl_add(sl_rd_q, sl_n_q);      // the next buffer to use
  wire            sl_free = (sl_n_q < READAHEAD[SN_W-1:0]);
  // buffers in use (k-th from sl_rd_q, k < sl_n_q), and the READ buffer the
  // next line from the slice fills: the oldest READ one whose line is not here
  reg  [READAHEAD-1:0] sl_used;
  reg  [SL_W-1:0]      sl_fill;
  reg                  sl_wait;
  integer hu;
  always @(*) begin
    sl_used = {READAHEAD{1'b0}};
    sl_fill = sl_rd_q;
    sl_wait = 1'b0;
    for (hu = READAHEAD - 1; hu >= 0; hu = hu - 1) begin
      if (hu[SN_W-1:0] < sl_n_q) begin
        sl_used[sl_add(sl_rd_q, hu[SN_W-1:0])] = 1'b1;
        if (!sl_fwd_q[sl_add(sl_rd_q, hu[SN_W-1:0])] && !sl_have_q[sl_add(sl_rd_q, hu[SN_W-1:0])]) begin
          sl_fill = sl_add(sl_rd_q, hu[SN_W-1:0]);
          sl_wait = 1'b1;
        end
      end
    end
  end

  // Forwarding: a READ must never pass a WRITE still to come from a record
  // before it on the same md line. The cursor's md line is pending when it
  // is the line in the line buffer (lp_q: its record may still write it; if
  // not, the buffer holds what it wrote) or the line of a buffer in use; then
  // it is not READ but forwarded from the record before it on that line
  reg  pend_sl;
  integer hs;
  always @(*) begin
    pend_sl = 1'b0;
    for (hs = 0; hs < READAHEAD; hs = hs + 1) begin
`ifdef WW_MUTANT_SCORD_DET_FWD_FIRST_ONLY
      // MUTANT: only the oldest buffer is compared
      if ((hs == 0) && (sl_n_q != {SN_W{1'b0}}) && (sl_line_q[sl_rd_q] == c_md)) begin
`else
      if (sl_used[hs] && (sl_line_q[hs] == c_md)) begin
`endif
        pend_sl = 1'b1;
      end
    end
  end
`ifdef WW_MUTANT_SCORD_DET_NO_FORWARD
  wire c_pend = 1'b0;                                    // READs past a pending write
`else
  wire c_pend = (lp_v_q && (c_md == lp_q)) || pend_sl;
`endif
  // the cursor passes a record with no md line (a FENCE, an untracked line,
  // an empty wmask) without a request
  wire cur_skip = cur_av && !c_chk;

  // the FSM's own requests go first; the read-ahead takes the port otherwise
  wire st_wr  = (state_q == ST_WR) && !busy;
  wire st_lwr = (state_q == ST_LWR) && !busy;
  wire st_hdr = (state_q == ST_HDR) && !busy;
  wire st_log = st_lwr || st_hdr;                        // a log record's line
  wire lg_end = (log_part_q == log_last_q);              // ... its last
  wire ra_st  = (state_q != ST_LWRW) && (state_q != ST_HDRW) && (state_q != ST_ABORT);
  wire ra_go  = ra_st && !clear_i && cur_av && c_chk && sl_free && !busy && !c_pend &&
                !st_wr && !st_lwr && !st_hdr;
  wire ra_fwd = !clear_i && cur_av && c_chk && sl_free && c_pend;   // no request
  wire m_req  = st_wr || st_lwr || st_hdr || ra_go;
  wire m_acc  = m_req && mreq_ready_i;
  wire ra_acc = m_acc && ra_go;                          // md reads
  wire wr_acc = m_acc && st_wr;                          // md writes
  wire ra_new = ra_acc || ra_fwd;                        // the cursor takes a buffer

  // the log record's line log_part_q: its byte enables and data
  localparam LOGP = LOG_LP * LB;
  reg [LINE_BYTES-1:0] lp_be;
  reg [LB-1:0]         lp_data;
  reg [LOGP-1:0]       logbuf_x;
  integer pp;
  always @(*) begin
    logbuf_x = {LOGP{1'b0}};
    logbuf_x[LOGB-1:0] = logbuf_q;
    lp_be   = {LINE_BYTES{1'b0}};
    lp_data = {LB{1'b0}};
    for (pp = 0; pp < LOG_LP; pp = pp + 1) begin
      if (log_part_q == pp[LP_W-1:0]) begin
        lp_be   = log_be_q[pp * LINE_BYTES +: LINE_BYTES];
        lp_data = logbuf_x[pp * LB +: LB];
      end
    end
  end
  reg  [LINE_W-1:0] lp_off;
  always @(*) begin
    lp_off = {LINE_W{1'b0}};
    lp_off[LP_W-1:0] = log_part_q;
    lp_off = lp_off * L_NPART;
  end

  reg [LINE_BYTES-1:0] be_c;
  reg [LB-1:0]         be_bits;
  integer bb;
  always @(*) begin
    be_c = st_wr ? chg_be_q : st_log ? lp_be : {LINE_BYTES{1'b0}};
    for (bb = 0; bb < LINE_BYTES; bb = bb + 1) begin
      be_bits[bb * 8 +: 8] = {8{be_c[bb]}};
    end
  end

  assign mreq_valid_o = m_req;
  assign mreq_op_o    = ra_go ? `WW_L2_READ : `WW_L2_WRITE;
  assign mreq_line_o  = ra_go ? c_md : st_wr ? md_line : log_line_q + lp_off;
  assign mreq_be_o    = be_c;
  assign mreq_data_o  = (st_wr ? linebuf_q : lp_data) & be_bits;

  // RD (and RDW) take the oldest buffer: its line here, arriving now, or
  // (forwarded, the line in the line buffer) the line buffer itself
  wire rd_st   = (state_q == ST_RD) || (state_q == ST_RDW);
  wire s0_have = sl_have_q[sl_rd_q];
  wire s0_adj  = sl_fwd_q[sl_rd_q] && lp_v_q && (sl_line_q[sl_rd_q] == lp_q);
  wire s0_now  = rsp_ra && sl_wait && (sl_fill == sl_rd_q);
  wire ra_take = rd_st && !clear_i && (sl_n_q != {SN_W{1'b0}}) && (s0_adj || s0_have || s0_now);
  wire ld_line = ra_take;
`ifdef WW_MUTANT_SCORD_DET_FWD_FROM_LINEBUF
  // MUTANT: every forwarded buffer takes the line buffer, not its copy
  wire [LB-1:0] ld_data = sl_fwd_q[sl_rd_q] ? linebuf_q : s0_have ? sl_data_q[sl_rd_q] : mrsp_data_i;
`else
  wire [LB-1:0] ld_data = s0_adj ? linebuf_q : s0_have ? sl_data_q[sl_rd_q] : mrsp_data_i;
`endif
  // taking a line other than the line buffer's: the line buffer is final,
  // copy it to every forwarded buffer after it on its line (also one the
  // cursor takes now)
  wire ld_copy = ra_take && !s0_adj && lp_v_q;
  // the response to the last request in flight (LWRW, HDRW, ABORT wait for it)
  wire rsp_last = mrsp_valid_i && out_one;

  ////////////////////
  // FSM            //
  ////////////////////

  // counters that move this cycle (the header goes dirty)
  wire bump      = qfull || q_pop || ra_acc || wr_acc || log_now;
  wire hdr_build = ((state_q == ST_IDLE) && !q_valid && hdr_dirty_q && en_i) ||
                   ((state_q == ST_LWRW) && rsp_last);
  wire [3:0] st_next = next_hi ? ST_RD : ST_IDLE;   // record: second half or done

  reg [3:0] state_d;
  always @(*) begin
    state_d = state_q;
    case (state_q)
      ST_IDLE: begin
        if (q_valid) begin
          state_d = h_check ? ST_RD : ST_IDLE;
        end else if (hdr_dirty_q && en_i) begin
          state_d = ST_HDR;
        end
      end
      ST_RD:    if (ra_take) state_d = ST_CHK; else if (sl_n_q != {SN_W{1'b0}} || ra_new) state_d = ST_RDW;
      ST_RDW:   if (ra_take) state_d = ST_CHK;
      ST_CHK:   if (rem_nx == {HALF{1'b0}}) state_d = ST_VLAST;
      ST_VLAST: state_d = any_chg ? ST_WR : any_race ? ST_LOG : st_next;
      ST_WR:    if (wr_acc) state_d = (rvec_q != {HALF{1'b0}}) ? ST_LOG : st_next;
      ST_LOG:   state_d = ST_LWR;
`ifdef WW_MUTANT_SCORD_DET_LOG_ONE_LINE
      // MUTANT: a log entry's first line only (LINE_BYTES < 32 drops the rest)
      ST_LWR:   if (m_acc) state_d = ST_LWRW;
`else
      ST_LWR:   if (m_acc && lg_end) state_d = ST_LWRW;
`endif
      ST_LWRW:  if (rsp_last) state_d = ST_HDR;
      ST_HDR:   if (m_acc && lg_end) state_d = ST_HDRW;
      ST_HDRW: begin
        if (rsp_last) begin
          state_d = !in_rec_q ? ST_IDLE : (rvec_q != {HALF{1'b0}}) ? ST_LOG : st_next;
        end
      end
      ST_ABORT: if (mrsp_valid_i) state_d = out_one ? ST_IDLE : ST_ABORT;
      default:  state_d = ST_IDLE;
    endcase
    if (clear_i) begin
      // a request accepted now, or a response still due: wait for them
      state_d = (m_acc || (pend && !rsp_last)) ? ST_ABORT : ST_IDLE;
    end
  end
  wire go_hi = (state_d == ST_RD) && (state_q != ST_IDLE) && (state_q != ST_RD);

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q     <= ST_IDLE;
      n_entries_q <= 32'd0;
      n_races_q   <= 32'd0;
      n_ovw_q     <= 32'd0;
      n_recs_q    <= 32'd0;
      n_mdrd_q    <= 32'd0;
      n_mdwr_q    <= 32'd0;
      n_qfull_q   <= 32'd0;
      hdr_dirty_q <= 1'b0;
      dd_valid_q  <= {DEDUP{1'b0}};
      rvec_q      <= {HALF{1'b0}};
      in_rec_q    <= 1'b0;
    end else if (clear_i) begin
      state_q     <= state_d;
      n_entries_q <= 32'd0;
      n_races_q   <= 32'd0;
      n_ovw_q     <= 32'd0;
      n_recs_q    <= 32'd0;
      n_mdrd_q    <= 32'd0;
      n_mdwr_q    <= 32'd0;
      n_qfull_q   <= 32'd0;
      hdr_dirty_q <= 1'b1;
      dd_valid_q  <= {DEDUP{1'b0}};
      rvec_q      <= {HALF{1'b0}};
      in_rec_q    <= 1'b0;
    end else begin
      state_q <= state_d;
      if (qfull) begin
        n_qfull_q <= n_qfull_q + 32'd1;
      end
      if (q_pop) begin
        n_recs_q <= n_recs_q + 32'd1;
      end
      if (ra_acc) begin
        n_mdrd_q <= n_mdrd_q + 32'd1;
      end
      if (wr_acc) begin
        n_mdwr_q <= n_mdwr_q + 32'd1;
      end
      hdr_dirty_q <= (hdr_dirty_q && !hdr_build) || bump;
      if (v_rc) begin
        rvec_q[vidx_q] <= 1'b1;
      end
      if (state_q == ST_IDLE && state_d == ST_HDR) begin
        in_rec_q <= 1'b0;
      end
      if (log_now) begin
        rvec_q[lg_r] <= 1'b0;
        n_races_q    <= n_races_q + 32'd1;
        in_rec_q     <= 1'b1;
        if (!lg_dup) begin
          n_entries_q        <= n_entries_q + 32'd1;
          dd_valid_q[lg_idx] <= 1'b1;
          if (n_entries_q >= LOG_N) begin
            n_ovw_q <= n_ovw_q + 32'd1;
          end
        end
      end
    end
  end

  // the port, the read-ahead's cursor and buffers
  wire [OC_W-1:0] out_d = out_q + {{(OC_W-1){1'b0}}, m_acc} - {{(OC_W-1){1'b0}}, mrsp_valid_i};
  wire [OC_W-1:0] out_pos = out_q - {{(OC_W-1){1'b0}}, mrsp_valid_i};   // the new request's place
  reg  [OUTS-1:0] okind_d;
  integer ok;
  always @(*) begin
    okind_d = mrsp_valid_i ? (okind_q >> 1) : okind_q;
    for (ok = 0; ok < OUTS; ok = ok + 1) begin
      if (m_acc && (ok[OC_W-1:0] == out_pos)) begin
        okind_d[ok] = ra_go;
      end
    end
  end
  // cursor: one record on after its last md line is read, or past a record
  // with none; the queue head leaving moves every record one place down
  wire cur_adv = cur_skip || (ra_new && (cur_h_q || !c_both));
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      out_q   <= {OC_W{1'b0}};
      okind_q <= {OUTS{1'b0}};
      cur_e_q <= {{(CE_W-1){1'b0}}, 1'b1};
      cur_h_q <= 1'b0;
      sl_rd_q <= {SL_W{1'b0}};
      sl_n_q  <= {SN_W{1'b0}};
      lp_v_q  <= 1'b0;
    end else begin
      out_q   <= out_d;
      okind_q <= okind_d;
      if (clear_i) begin
        cur_e_q <= {{(CE_W-1){1'b0}}, 1'b1};
        cur_h_q <= 1'b0;
        sl_rd_q <= {SL_W{1'b0}};
        sl_n_q  <= {SN_W{1'b0}};
        lp_v_q  <= 1'b0;
      end else begin
        cur_e_q <= cur_e_q + {{(CE_W-1){1'b0}}, cur_adv} - {{(CE_W-1){1'b0}}, q_pop};
        if (cur_adv) begin
          cur_h_q <= 1'b0;
        end else if (ra_new) begin
          cur_h_q <= 1'b1;
        end
        if (ra_take) begin
          sl_rd_q <= (sl_rd_q == SL_LAST) ? {SL_W{1'b0}} : sl_rd_q + {{(SL_W-1){1'b0}}, 1'b1};
        end
        sl_n_q <= sl_n_q + {{(SN_W-1){1'b0}}, ra_new} - {{(SN_W-1){1'b0}}, ra_take};
        if (ld_line) begin
          lp_v_q <= 1'b1;
        end
      end
    end
  end

  // the buffers' lines (ABORT's stale READs were dropped with the buffers
  // at clear_i); a buffer's flags are meaningful while it is in use
  integer sb;
  always @(posedge clk_i) begin
    for (sb = 0; sb < READAHEAD; sb = sb + 1) begin
      if (ra_new && (sl_tail == sb[SL_W-1:0])) begin
        sl_line_q[sb] <= c_md;
        sl_fwd_q[sb]  <= ra_fwd;
        sl_have_q[sb] <= ld_copy && ra_fwd && (c_md == lp_q);
        if (ld_copy && ra_fwd && (c_md == lp_q)) begin
          sl_data_q[sb] <= linebuf_q;
        end
      end else if (ld_copy && sl_used[sb] && (sl_rd_q != sb[SL_W-1:0]) && sl_fwd_q[sb] &&
                   (sl_line_q[sb] == lp_q)) begin
        sl_have_q[sb] <= 1'b1;
        sl_data_q[sb] <= linebuf_q;
      end else if (rsp_ra && (state_q != ST_ABORT) && sl_wait && (sl_fill == sb[SL_W-1:0])) begin
        sl_have_q[sb] <= 1'b1;
        sl_data_q[sb] <= mrsp_data_i;
      end
    end
  end

  // datapath (not reset)
  integer we;
  always @(posedge clk_i) begin
    if (q_pop && h_check) begin
      rec_src_q  <= h_src;
      rec_line_q <= h_line;
      rec_op_q   <= h_op;
      rec_wp_q   <= h_wp;
      rec_cta_q  <= h_sb[SB_CTA +: 32];
      rec_pc_q   <= h_sb[SB_PC +: 32];
      rec_wm_q   <= h_wm;
      rec_bar_q  <= h_sb[SB_BAR +: BARID_W];
      rec_lk_q   <= h_sb[SB_LK +: BLOOM_W];
      half_q     <= (h_wm[0 +: HALF] == {HALF{1'b0}});
    end
    if (go_hi) begin
      half_q <= 1'b1;
    end
    if (ld_line) begin
      linebuf_q <= ld_data;
      lp_q      <= md_line;
      rem_q     <= half_q ? wm_hi : wm_lo;
      chg_be_q  <= {LINE_BYTES{1'b0}};
    end
    if (iss_v) begin
      rem_q  <= rem_nx;
      vidx_q <= iss_r;
    end
    if (v_take) begin
      for (we = 0; we < HALF; we = we + 1) begin
        if (vidx_q == we[HI_W-1:0]) begin
          linebuf_q[we * 64 +: 64] <= v_md;
          if (v_chg) begin
            chg_be_q[we * 8 +: 8] <= 8'hFF;
          end
        end
      end
      if (v_race) begin
        rtype_q[vidx_q]  <= v_type;
        rscope_q[vidx_q] <= v_scope;
        rpwarp_q[vidx_q] <= v_old[MD_WARP +: WARPID_W];
        rpblk_q[vidx_q]  <= v_old[MD_BLOCK +: BLOCKID_W];
      end
    end
    if (m_acc && st_log) begin
      log_part_q <= log_part_q + {{(LP_W-1){1'b0}}, 1'b1};
    end
    if (log_now) begin
      log_line_q <= lg_line;
      log_part_q <= lg_dup ? CNT_PART : {LP_W{1'b0}};
      log_last_q <= lg_dup ? CNT_PART : LAST_PART;
      if (lg_dup) begin
        log_be_q                <= BE_COUNT;
        logbuf_q[32 * `WW_SCORD_ENT_COUNT +: 32] <= lg_cnt1;
        dd_cnt_q[lg_idx]        <= lg_cnt1;
      end else begin
        log_be_q          <= BE_LOG;
        logbuf_q          <= entry_c;
        dd_pc_q[lg_idx]   <= rec_pc_q;
        dd_wa_q[lg_idx]   <= lg_wa;
        dd_type_q[lg_idx] <= lg_type;
        dd_seq_q[lg_idx]  <= n_entries_q;
        dd_cnt_q[lg_idx]  <= 32'd1;
      end
    end
    if (hdr_build) begin
      logbuf_q   <= header_c;
      log_line_q <= L_HDR;
      log_be_q   <= BE_LOG;
      log_part_q <= {LP_W{1'b0}};
      log_last_q <= LAST_PART;
    end
  end

  ////////////////////
  // Outputs        //
  ////////////////////

  assign idle_o = (state_q == ST_IDLE) && !q_valid && !pend && !(hdr_dirty_q && en_i);

  assign race_valid_o     = log_now;
  assign race_pc_o        = rec_pc_q;
  assign race_addr_o      = {lg_wa, 2'b00};
  assign race_type_o      = lg_type;
  assign race_scope_blk_o = lg_scope;
  assign race_dup_o       = lg_dup;

  ////////////////////
  // Assertions     //
  ////////////////////

  `WW_ASSERT(RecordInPartition, !(in_valid_i && (in_line_i % L_NPART) != L_PART))
  `WW_ASSERT(RecordKind, !(in_valid_i && in_sk != `WW_SCORD_SK_CHECK &&
                           in_sk != `WW_SCORD_SK_FENCE))
  `WW_ASSERT(ResponseExpected, !(mrsp_valid_i && !pend))
  // the oldest line read ahead is exactly the md line RD asks for (a
  // clear_i cycle may bring a new cached_i; RD's work is dropped then)
  `WW_ASSERT(ReadAheadLine, !(rd_st && (sl_n_q != {SN_W{1'b0}}) && !clear_i &&
                              (sl_line_q[sl_rd_q] != md_line)))
  // a record leaves the queue only after the cursor has passed it
  `WW_ASSERT(CursorAhead, !(q_pop && cur_rec))
  // a line arrives only for a buffer waiting for it
  `WW_ASSERT(ReadAheadArrives, !(rsp_ra && (state_q != ST_ABORT) && !sl_wait))
  // a READ buffer is never on the line buffer's line when taken (it would
  // have been forwarded), and a forwarded one not adjacent was copied
  `WW_ASSERT(ForwardedHere, !(ra_take && !s0_adj && sl_fwd_q[sl_rd_q] && !s0_have))
  `WW_ASSERT(ReadNotPending, !(ra_take && !sl_fwd_q[sl_rd_q] && lp_v_q && (sl_line_q[sl_rd_q] == lp_q)))

endmodule  // ww_scord_det
`default_nettype wire
