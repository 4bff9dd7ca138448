# ww_decode: the SM's combinational instruction decoder, table from the
# generated rtl/include/ww_isa.vh (no parameters, so no extra point). Its C
# model maps cmodel/gpu/ww_isa.c's decoder onto the ports.
BLOCKS += decode
decode_TOP     := ww_decode
decode_RTL     := rtl/sm/ww_decode.v
decode_C       := cmodel/gpu/ww_isa.c cmodel/sm/ww_decode.c
decode_MUTANTS := DECODE_BRANCH_IMM_BIT
decode_POINTS  :=
decode_SYNTH   := 1
