# The ULX3S (LFE5U-85F) for fpga/run_fpga.sh: nextpnr-ecp5 device and
# package, the oscillator in MHz, the constraints file.
BOARD_DEVICE=--85k
BOARD_PACKAGE=CABGA381
BOARD_CLK_MHZ=25
BOARD_LPF=fpga/boards/ulx3s/ulx3s.lpf
# the device's logic, flip-flops, block RAMs and multipliers (LFE5U-85F; the
# check after synthesis: a design over them stops before nextpnr)
BOARD_LUTS=83640
BOARD_FFS=83640
BOARD_BRAMS=208
BOARD_MULTS=156
