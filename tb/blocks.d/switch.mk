BLOCKS += switch
switch_TOP     := ww_switch
switch_RTL     := rtl/common/ww_fifo.v rtl/mem/ww_switch.v
switch_C       := cmodel/mem/ww_switch.c
switch_MUTANTS := SWITCH_FIXED_PRIORITY
switch_POINTS  := wide:WW_NUM_SM=4,WW_NUM_PART=3 single:WW_NUM_SM=3,WW_NUM_PART=1
switch_SYNTH   := 1
