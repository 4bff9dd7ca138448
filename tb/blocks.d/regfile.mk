# ww_regfile: the SM's vector register file (block RAM, 2 reads + 1 masked write).
BLOCKS += regfile
regfile_TOP     := ww_regfile
regfile_RTL     := rtl/common/ww_sram_1r1w.v rtl/sm/ww_regfile.v
regfile_C       := cmodel/sm/ww_regfile.c
regfile_MUTANTS := REGFILE_RS2_IGNORES_MASK
regfile_POINTS  := small:WW_WARPS_PER_SM=3,WW_LANES=1 wide:WW_WARPS_PER_SM=2,WW_LANES=32
regfile_SYNTH   := 1
