# SPDX-License-Identifier: Apache-2.0
#
# tb/mem/blocks.mk -- lockstep registry of the memory system (crossbar, L2 slices, partition port) (see tb/blocks.mk).

BLOCKS += l2_slice
l2_slice_C        := cmodel/common/ww_amo.c cmodel/mem/ww_l2_slice.c
l2_slice_LOCKSTEP := tb/mem/lockstep/l2_slice.c
l2_slice_MUTANTS  := L2_LOSE_DIRTY_ON_EVICT L2_NO_SET_WAIT L2_FULL_WRITE_ANY_MASK
l2_slice_POINTS   := mshr4:WW_L2_MSHRS=4 small:WW_L2_SETS=2,WW_L2_WAYS=2,WW_NUM_PART=1,WW_L2_MSHRS=2,WW_L2_QUEUE=2 wide:WW_LINE_BYTES=128,WW_L2_SETS=4,WW_L2_WAYS=1,WW_NUM_PART=3,WW_L2_MSHRS=8,WW_L2_QUEUE=4

BLOCKS += switch
switch_C        := cmodel/mem/ww_switch.c
switch_LOCKSTEP := tb/mem/lockstep/switch.c
switch_MUTANTS  := SWITCH_FIXED_PRIORITY SWITCH_HOLD_IGNORED
switch_POINTS   := wide:WW_NUM_SM=4,WW_NUM_PART=3 single:WW_NUM_SM=3,WW_NUM_PART=1 \
                   voq:WW_XBAR_VOQ=1 voqwide:WW_XBAR_VOQ=1,WW_NUM_SM=4,WW_NUM_PART=3

BLOCKS += part_port
part_port_C        := cmodel/mem/ww_part_port.c
part_port_LOCKSTEP := tb/mem/lockstep/part_port.c
part_port_MUTANTS  := PART_PORT_XBAR_BEATS_UNIT PART_PORT_RSP_LEAKS PART_PORT_TM_LEAKS PART_PORT_MSG_LAST
part_port_POINTS   := two:WW_PART_UNITS=2 three:WW_PART_UNITS=3,WW_NUM_SM=3,WW_LINE_BYTES=4
