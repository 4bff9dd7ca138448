BLOCKS += shmem
shmem_TOP     := ww_shmem
shmem_RTL     := rtl/common/ww_sram_1r1w.v rtl/common/ww_amo_alu.v rtl/sm/ww_shmem.v
shmem_C       := cmodel/common/ww_amo.c cmodel/sm/ww_shmem.c
shmem_MUTANTS := SHMEM_IGNORE_ROW
shmem_POINTS  := small:WW_LANES=4,WW_BLOCKS_PER_SM=1,WW_SHMEM_BYTES=1024
shmem_SYNTH   := 1
