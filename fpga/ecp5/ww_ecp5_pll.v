// SPDX-License-Identifier: Apache-2.0
//
// ww_ecp5_pll -- a board top's clock from the ECP5's PLL (EHXPLLL, Lattice
// TN1263 "ECP5 sysCLOCK PLL/DLL Design and Usage Guide"; docs/fpga_flow.md
// sec. 1): clk_o = clk_i * CLKFB_DIV / CLKI_DIV, its VCO at
// clk_o * CLKOP_DIV (400..800 MHz), feedback from CLKOP. locked_o: the
// PLL is locked (a board top holds its reset until it is).
// yowasp-ecppll prints the divisors for a wanted frequency, e.g.
// `yowasp-ecppll -i 25 -o 12.5`: CLKI_DIV 2, CLKFB_DIV 1, CLKOP_DIV 48.
// nextpnr-ecp5 derives clk_o's timing constraint from clk_i's (the LPF's
// FREQUENCY) and the divisors. Synthesis only (synth_ecp5 knows EHXPLLL);
// lint reads fpga/ecp5/EHXPLLL.v, a stand-in.
// Parameters: CLKI_DIV, CLKFB_DIV, CLKOP_DIV (1..128 each).

`default_nettype none
module ww_ecp5_pll #(
  parameter CLKI_DIV  = 2,
  parameter CLKFB_DIV = 1,
  parameter CLKOP_DIV = 48
) (
  input  wire clk_i,
  output wire clk_o,
  output wire locked_o
);

  // the loop filter's settings and CLKOP_CPHASE = CLKOP_DIV / 2 - 1 are
  // those yowasp-ecppll writes (Trellis's ecppll; the phase is in VCO
  // cycles, the output at 0 degrees)
  (* ICP_CURRENT = "12" *) (* LPF_RESISTOR = "8" *)
  (* MFG_ENABLE_FILTEROPAMP = "1" *) (* MFG_GMCREF_SEL = "2" *)
  EHXPLLL #(
    .PLLRST_ENA      ("DISABLED"),
    .INTFB_WAKE      ("DISABLED"),
    .STDBY_ENABLE    ("DISABLED"),
    .DPHASE_SOURCE   ("DISABLED"),
    .OUTDIVIDER_MUXA ("DIVA"),
    .CLKOP_ENABLE    ("ENABLED"),
    .CLKI_DIV        (CLKI_DIV),
    .CLKFB_DIV       (CLKFB_DIV),
    .CLKOP_DIV       (CLKOP_DIV),
    .CLKOP_CPHASE    (CLKOP_DIV / 2 - 1),
    .CLKOP_FPHASE    (0),
    .FEEDBK_PATH     ("CLKOP")
  ) u_pll (
    .CLKI        (clk_i),
    .CLKFB       (clk_o),
    .RST         (1'b0),
    .STDBY       (1'b0),
    .PHASESEL0   (1'b0),
    .PHASESEL1   (1'b0),
    .PHASEDIR    (1'b1),
    .PHASESTEP   (1'b1),
    .PHASELOADREG(1'b1),
    .PLLWAKESYNC (1'b0),
    .ENCLKOP     (1'b0),
    .CLKOP       (clk_o),
    .LOCK        (locked_o)
  );

endmodule  // ww_ecp5_pll
`default_nettype wire
