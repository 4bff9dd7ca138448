// SPDX-License-Identifier: Apache-2.0
//
// EHXPLLL -- a stand-in for the ECP5 PLL primitive, for lint only
// (Verilator, Icarus and Yosys's front end read it in `make lint`; the
// FPGA flow's synth_ecp5 has the real one and never reads this file).
// The ports ww_ecp5_pll uses; CLKOP follows CLKI (no frequency), LOCK is
// high. Not a model of the PLL: nothing simulates a board top.

`default_nettype none
module EHXPLLL #(
  parameter PLLRST_ENA      = "DISABLED",
  parameter INTFB_WAKE      = "DISABLED",
  parameter STDBY_ENABLE    = "DISABLED",
  parameter DPHASE_SOURCE   = "DISABLED",
  parameter OUTDIVIDER_MUXA = "DIVA",
  parameter CLKOP_ENABLE    = "ENABLED",
  parameter CLKI_DIV        = 1,
  parameter CLKFB_DIV       = 1,
  parameter CLKOP_DIV       = 8,
  parameter CLKOP_CPHASE    = 0,
  parameter CLKOP_FPHASE    = 0,
  parameter FEEDBK_PATH     = "CLKOP"
) (
  input  wire CLKI,
  input  wire CLKFB,
  input  wire RST,
  input  wire STDBY,
  input  wire PHASESEL0,
  input  wire PHASESEL1,
  input  wire PHASEDIR,
  input  wire PHASESTEP,
  input  wire PHASELOADREG,
  input  wire PLLWAKESYNC,
  input  wire ENCLKOP,
  output wire CLKOP,
  output wire LOCK
);

  wire unused_pins = &{1'b0, CLKFB, RST, STDBY, PHASESEL0, PHASESEL1, PHASEDIR,
                       PHASESTEP, PHASELOADREG, PLLWAKESYNC, ENCLKOP};
  assign CLKOP = CLKI;
  assign LOCK  = 1'b1;

endmodule  // EHXPLLL
`default_nettype wire
