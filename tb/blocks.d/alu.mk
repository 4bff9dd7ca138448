# ww_alu: one lane's combinational RV32I ALU (no parameters, so no extra point).
BLOCKS += alu
alu_TOP     := ww_alu
alu_RTL     := rtl/sm/ww_alu.v
alu_C       := cmodel/sm/ww_alu.c
alu_MUTANTS := ALU_SRA_LOGICAL
alu_POINTS  :=
alu_SYNTH   := 1
