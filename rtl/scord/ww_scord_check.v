// SPDX-License-Identifier: Apache-2.0
//
// ww_scord_check -- ScoRD detection logic (paper §IV-A, Tables III/IV; tag
// check §IV-B): the decision procedure of docs/scord.md §1 on one access and
// one metadata entry; new entry and verdict registered one cycle later.
// Layout (Fig. 7), from bit 0 up: Lock[BLOOM_W], Strong, Scope, IsAtom, DS, BS,
// M, BarrierID, BlkFenceID, DevFenceID, WarpID, BlockID, Tag: the SCORD_MD
// layout of cmodel/include/ww_proto.def (WW_SCORD_MD_* of ww_proto.vh);
// bits [63:WW_SCORD_MD_W] unused (written 0). Race types: WW_SCORD_RACE_*.
// Defaults: docs/scord.md §2.

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
module ww_scord_check #(
  parameter BLOCKID_W = `WW_SCORD_BLOCKID_W,
  parameter WARPID_W  = `WW_SCORD_WARPID_W,
  parameter FENCEID_W = `WW_SCORD_FENCEID_W,
  parameter BARID_W   = `WW_SCORD_BARID_W,
  parameter TAG_W     = `WW_SCORD_TAG_W,
  parameter BLOOM_W   = `WW_SCORD_BLOOM_W
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  // the access and its metadata entry
  input  wire                 in_valid_i,
  input  wire [63:0]          md_i,
  input  wire                 cached_i,      // metadata-cache mode: step 0
  input  wire [TAG_W-1:0]     tag_i,
  input  wire                 is_w_i,        // store or atomic
  input  wire                 is_atom_i,     // also counts as W and strong
  input  wire                 strong_i,      // ww.lw/sw.strong
  input  wire                 scope_blk_i,   // atomic scope (1 block); plain: Scope := 0
  input  wire [BLOCKID_W-1:0] block_i,       // ctaid mod 2^BLOCKID_W
  input  wire [WARPID_W-1:0]  warp_i,        // global hardware warp
  input  wire [BARID_W-1:0]   bar_i,
  input  wire [BLOOM_W-1:0]   lock_i,
  // fence-file entries: fC of the accessing warp, fP of md.WarpID
  input  wire [FENCEID_W-1:0] fc_blk_i,
  input  wire [FENCEID_W-1:0] fc_dev_i,
  input  wire [FENCEID_W-1:0] fp_blk_i,
  input  wire [FENCEID_W-1:0] fp_dev_i,
  // verdict, one cycle later
  output wire                 out_valid_o,
  output wire [63:0]          md_o,
  output wire                 race_o,
  output wire [`WW_SCORD_RACE_W-1:0] race_type_o,   // WW_SCORD_RACE_*: Table IV (a)..(f), NONE
  output wire                 race_scope_blk_o  // race within one block; 0 if none
);

  ////////////////////
  // Layout         //
  ////////////////////

  // the SCORD_MD fields (ww_proto.def)
  localparam LOCK_LSB   =
    `WW_SCORD_MD_LOCK_LSB(BLOOM_W, BARID_W, FENCEID_W, WARPID_W, BLOCKID_W, TAG_W);
  localparam STRONG_BIT =
    `WW_SCORD_MD_STRONG_LSB(BLOOM_W, BARID_W, FENCEID_W, WARPID_W, BLOCKID_W, TAG_W);
  localparam SCOPE_BIT  =
    `WW_SCORD_MD_SCOPE_LSB(BLOOM_W, BARID_W, FENCEID_W, WARPID_W, BLOCKID_W, TAG_W);
  localparam ATOM_BIT   =
    `WW_SCORD_MD_ATOM_LSB(BLOOM_W, BARID_W, FENCEID_W, WARPID_W, BLOCKID_W, TAG_W);
  localparam DS_BIT     =
    `WW_SCORD_MD_DS_LSB(BLOOM_W, BARID_W, FENCEID_W, WARPID_W, BLOCKID_W, TAG_W);
  localparam BS_BIT     =
    `WW_SCORD_MD_BS_LSB(BLOOM_W, BARID_W, FENCEID_W, WARPID_W, BLOCKID_W, TAG_W);
  localparam M_BIT      =
    `WW_SCORD_MD_M_LSB(BLOOM_W, BARID_W, FENCEID_W, WARPID_W, BLOCKID_W, TAG_W);
  localparam BAR_LSB    =
    `WW_SCORD_MD_BAR_LSB(BLOOM_W, BARID_W, FENCEID_W, WARPID_W, BLOCKID_W, TAG_W);
  localparam BLKF_LSB   =
    `WW_SCORD_MD_BLKF_LSB(BLOOM_W, BARID_W, FENCEID_W, WARPID_W, BLOCKID_W, TAG_W);
  localparam DEVF_LSB   =
    `WW_SCORD_MD_DEVF_LSB(BLOOM_W, BARID_W, FENCEID_W, WARPID_W, BLOCKID_W, TAG_W);
  localparam WARP_LSB   =
    `WW_SCORD_MD_WARP_LSB(BLOOM_W, BARID_W, FENCEID_W, WARPID_W, BLOCKID_W, TAG_W);
  localparam BLOCK_LSB  =
    `WW_SCORD_MD_BLOCK_LSB(BLOOM_W, BARID_W, FENCEID_W, WARPID_W, BLOCKID_W, TAG_W);
  localparam TAG_LSB    =
    `WW_SCORD_MD_TAG_LSB(BLOOM_W, BARID_W, FENCEID_W, WARPID_W, BLOCKID_W, TAG_W);
  localparam USED_W     =
    `WW_SCORD_MD_W(BLOOM_W, BARID_W, FENCEID_W, WARPID_W, BLOCKID_W, TAG_W);
  localparam HALF_W     = BLOOM_W / 2;

`ifndef SYNTHESIS
  initial begin
    if (USED_W > 64 || BLOOM_W < 2 || (BLOOM_W % 2) != 0 || BLOCKID_W < 1 ||
        WARPID_W < 1 || FENCEID_W < 1 || BARID_W < 1 || TAG_W < 1) begin
      $display("ww_scord_check: illegal widths (fields need %0d bits of 64, BLOOM_W even)",
               USED_W);
      $fatal(1);
    end
  end
`endif

  ////////////////////
  // Decision (§1)  //
  ////////////////////

  // step 0: a tag miss in cached mode turns the entry into INIT. Forcing M, BS
  // and DS is enough: INIT then meets III(a), whose REINIT rewrites every
  // other field (and the tag comes from tag_i in cached mode).
  wire tag_miss = cached_i && (md_i[TAG_LSB +: TAG_W] != tag_i);

  wire [BLOOM_W-1:0]   md_lock  = md_i[LOCK_LSB +: BLOOM_W];
  wire                 md_str   = md_i[STRONG_BIT];
  wire                 md_scope = md_i[SCOPE_BIT];
  wire                 md_atom  = md_i[ATOM_BIT];
  wire                 md_ds    = md_i[DS_BIT]  || tag_miss;
  wire                 md_bs    = md_i[BS_BIT]  || tag_miss;
  wire                 md_m     = md_i[M_BIT]   || tag_miss;
  wire [BARID_W-1:0]   md_bar   = md_i[BAR_LSB   +: BARID_W];
  wire [FENCEID_W-1:0] md_blkf  = md_i[BLKF_LSB  +: FENCEID_W];
  wire [FENCEID_W-1:0] md_devf  = md_i[DEVF_LSB  +: FENCEID_W];
  wire [WARPID_W-1:0]  md_warp  = md_i[WARP_LSB  +: WARPID_W];
  wire [BLOCKID_W-1:0] md_block = md_i[BLOCK_LSB +: BLOCKID_W];
  wire [TAG_W-1:0]     tag_out  = cached_i ? tag_i : md_i[TAG_LSB +: TAG_W];
  wire unused_md_hi = ^(md_i >> USED_W);   // unused bits, written back as 0

  // the access
  wire w  = is_w_i || is_atom_i;
  wire at = is_atom_i;
  wire xs = strong_i || is_atom_i;
  wire sc = is_atom_i && scope_blk_i;

  wire same_b = (md_block == block_i);
  wire same_w = same_b && (md_warp == warp_i);

  wire iii_a = md_m && md_bs && md_ds;
  wire iii_b = same_w && !md_bs && !md_ds;
`ifdef WW_MUTANT_SCORD_III_C_IGNORES_DS
  wire iii_c = same_b && (bar_i != md_bar);
`else
  wire iii_c = same_b && (bar_i != md_bar) && !md_ds;
`endif
  wire fp_blk_eq = (md_blkf == fp_blk_i);
  wire fp_dev_eq = (md_devf == fp_dev_i);
  wire iv_d      = md_atom && md_scope && !same_b;
  wire conflict  = w ? (!same_w || md_bs || md_ds) : (md_m && !same_w);
  wire iv_a      = same_b && (fp_blk_eq || (w && md_ds)) && fp_dev_eq;
  wire iv_b      = !same_b && fp_dev_eq;
  wire iv_c      = !md_str || !xs;
  wire unprot    = (md_lock == {BLOOM_W{1'b0}}) && (lock_i == {BLOOM_W{1'b0}});
  wire [BLOOM_W-1:0] lk_and = md_lock & lock_i;
  wire lk_empty  = (lk_and[HALF_W-1:0] == {HALF_W{1'b0}}) ||
                   (lk_and[BLOOM_W-1:HALF_W] == {(BLOOM_W-HALF_W){1'b0}});

  // the new entry, field by field (n_*), and the verdict
  reg                 n_str, n_scope, n_atom, n_ds, n_bs, n_m, own;
  reg [BLOOM_W-1:0]   n_lock;
  reg [`WW_SCORD_RACE_W-1:0] rtype;

  always @(*) begin
    n_lock  = md_lock;
    n_str   = md_str;
    n_scope = md_scope;
    n_atom  = md_atom;
    n_ds    = md_ds;
    n_bs    = md_bs;
    n_m     = md_m;
    own     = 1'b0;
    rtype   = `WW_SCORD_RACE_NONE;
    if (iii_a || iii_c) begin                                   // step 1: REINIT
      own = 1'b1; n_m = w; n_bs = 1'b0; n_ds = 1'b0; n_str = xs; n_lock = lock_i;
    end else if (iii_b) begin                                   // step 2
      if (!w && md_m && !(fp_blk_eq && fp_dev_eq)) begin
        n_m = 1'b0;
      end
      own = 1'b1; n_m = n_m || w; n_str = xs; n_lock = lock_i;
    end else if (iv_d) begin                                    // step 3
      rtype = `WW_SCORD_RACE_D;
    end else if (w && at && md_atom) begin
      own = 1'b1; n_m = 1'b1; n_str = md_str && xs;
    end else if (conflict && iv_a) begin                        // step 4
      rtype = `WW_SCORD_RACE_A;
    end else if (conflict && iv_b) begin
      rtype = `WW_SCORD_RACE_B;
    end else if (conflict && iv_c) begin
      rtype = `WW_SCORD_RACE_C;
    end else if (unprot) begin                                  // step 5
      if (w || md_m) begin
        if (!w && !same_w) begin
          n_m = 1'b0;
        end
        if (w) begin
          n_m = 1'b1;
        end
        own = 1'b1; n_bs = 1'b0; n_ds = 1'b0; n_str = md_str && xs;
      end else if (same_b && !md_ds) begin
        n_bs = 1'b1;
      end else begin
        n_ds = 1'b1; n_bs = 1'b0;
      end
    end else if ((w || md_m) && lk_empty) begin                 // step 6
      rtype = w ? `WW_SCORD_RACE_F : `WW_SCORD_RACE_E;
    end else begin
      if (!same_b) begin
        n_ds = 1'b1; n_bs = 1'b0;
      end else if (!same_w && !md_ds) begin
        n_bs = 1'b1;
      end
      n_lock = (md_lock == {BLOOM_W{1'b0}}) ? lock_i :
               (lock_i == {BLOOM_W{1'b0}}) ? md_lock : lk_and;
      if (w) begin
        own = 1'b1; n_m = 1'b1; n_str = md_str && xs;
      end
    end
    if (rtype != `WW_SCORD_RACE_NONE) begin                               // RACE: REINIT
      own = 1'b1; n_m = w; n_bs = 1'b0; n_ds = 1'b0; n_str = xs; n_lock = lock_i;
    end
    if (own) begin
      n_atom = at; n_scope = sc;
    end
  end

  reg [63:0] md_d;
  always @(*) begin
    md_d = 64'd0;
    md_d[LOCK_LSB +: BLOOM_W]    = n_lock;
    md_d[STRONG_BIT]             = n_str;
    md_d[SCOPE_BIT]              = n_scope;
    md_d[ATOM_BIT]               = n_atom;
    md_d[DS_BIT]                 = n_ds;
    md_d[BS_BIT]                 = n_bs;
    md_d[M_BIT]                  = n_m;
    md_d[BAR_LSB   +: BARID_W]   = own ? bar_i    : md_bar;
    md_d[BLKF_LSB  +: FENCEID_W] = own ? fc_blk_i : md_blkf;
    md_d[DEVF_LSB  +: FENCEID_W] = own ? fc_dev_i : md_devf;
    md_d[WARP_LSB  +: WARPID_W]  = own ? warp_i   : md_warp;
    md_d[BLOCK_LSB +: BLOCKID_W] = own ? block_i  : md_block;
    md_d[TAG_LSB   +: TAG_W]     = tag_out;
  end

  ////////////////////
  // Output stage   //
  ////////////////////

  reg        valid_q;
  reg [63:0] md_q;
  reg [`WW_SCORD_RACE_W-1:0] rtype_q;
  reg        rscope_q;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q <= 1'b0;
    end else begin
      valid_q <= in_valid_i;
    end
  end

  always @(posedge clk_i) begin
    if (in_valid_i) begin
      md_q     <= md_d;
      rtype_q  <= rtype;
      rscope_q <= same_b && (rtype != `WW_SCORD_RACE_NONE);
    end
  end

  assign out_valid_o      = valid_q;
  assign md_o             = md_q;
  assign race_o           = (rtype_q != `WW_SCORD_RACE_NONE);
  assign race_type_o      = rtype_q;
  assign race_scope_blk_o = rscope_q;

  ////////////////////
  // Properties     //
  ////////////////////

`ifdef FORMAL
  // REINIT of this access (docs/scord.md §1), packed independently of md_d
  reg [63:0] f_reinit;
  always @(*) begin
    f_reinit = 64'd0;
    f_reinit[LOCK_LSB +: BLOOM_W]    = lock_i;
    f_reinit[STRONG_BIT]             = strong_i || is_atom_i;
    f_reinit[SCOPE_BIT]              = is_atom_i && scope_blk_i;
    f_reinit[ATOM_BIT]               = is_atom_i;
    f_reinit[M_BIT]                  = is_w_i || is_atom_i;
    f_reinit[BAR_LSB   +: BARID_W]   = bar_i;
    f_reinit[BLKF_LSB  +: FENCEID_W] = fc_blk_i;
    f_reinit[DEVF_LSB  +: FENCEID_W] = fc_dev_i;
    f_reinit[WARP_LSB  +: WARPID_W]  = warp_i;
    f_reinit[BLOCK_LSB +: BLOCKID_W] = block_i;
    f_reinit[TAG_LSB   +: TAG_W]     = cached_i ? tag_i : md_i[TAG_LSB +: TAG_W];
  end

  wire f_race = (rtype != `WW_SCORD_RACE_NONE);
  always @(*) begin
    // P1 initial metadata (M, BS and DS set, Table III(a)) never races
    if (md_i[M_BIT] && md_i[BS_BIT] && md_i[DS_BIT]) begin
      assert (!f_race);
    end
    // P2 same-warp program order (Table III(b)) never races
    if (md_i[BLOCK_LSB +: BLOCKID_W] == block_i && md_i[WARP_LSB +: WARPID_W] == warp_i &&
        !md_i[BS_BIT] && !md_i[DS_BIT]) begin
      assert (!f_race);
    end
    // P3 a device-scope atomic after a device-scope atomic never races
    if (is_atom_i && !scope_blk_i && md_i[ATOM_BIT] && !md_i[SCOPE_BIT]) begin
      assert (!f_race);
    end
    // P4 a race always leaves REINIT metadata, a legal type and its scope
    if (f_race) begin
      assert (md_d == f_reinit);
      assert (rtype <= `WW_SCORD_RACE_F);
    end
  end

  // the output stage carries the decision one cycle later
  reg        f_past_valid;
  reg [63:0] f_past_reinit;
  initial f_past_valid = 1'b0;
  always @(posedge clk_i) begin
    f_past_valid  <= 1'b1;
    f_past_reinit <= f_reinit;
    if (f_past_valid && $past(rst_ni)) begin
      assert (out_valid_o == $past(in_valid_i));
    end
    if (f_past_valid && $past(in_valid_i)) begin
      assert (race_o == $past(f_race));
      if (race_o) begin
        assert (md_o == f_past_reinit);
      end
    end
  end
`endif

endmodule  // ww_scord_check
`default_nettype wire
