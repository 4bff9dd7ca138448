# ww_muldiv: the SM's warp-wide RV32M unit (DSP multipliers, iterative dividers).
BLOCKS += muldiv
muldiv_TOP     := ww_muldiv
muldiv_RTL     := rtl/sm/ww_muldiv.v
muldiv_C       := cmodel/sm/ww_muldiv.c
muldiv_MUTANTS := MULDIV_REM_SIGN
muldiv_POINTS  := small:WW_LANES=1 wide:WW_LANES=32
muldiv_SYNTH   := 1
muldiv_DSP     := 1
