BLOCKS += scoreboard
scoreboard_TOP     := ww_scoreboard
scoreboard_RTL     := rtl/sm/ww_scoreboard.v
scoreboard_C       := cmodel/sm/ww_scoreboard.c
scoreboard_MUTANTS := SB_IGNORE_RS2
scoreboard_POINTS  := small:WW_WARPS_PER_SM=1 wide:WW_WARPS_PER_SM=13
scoreboard_SYNTH   := 1
