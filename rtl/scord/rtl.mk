# SPDX-License-Identifier: Apache-2.0
#
# rtl/scord/rtl.mk -- RTL file lists of rtl/scord/: ScoRD, the scoped race detector (ISCA 2020).
# Read by lint, synthesis, the lockstep builds and the GPU build (the top
# Makefile includes every rtl/*/rtl.mk). For each module M:
#   M_TOP    top module        M_RTL  its files, leaves first
#   M_SYNTH  1: `make synth` reports it   M_DSP 1: may map onto DSPs   M_HIER 1: keep hierarchy

RTL_MODULES += scord_bartab
scord_bartab_TOP   := ww_scord_bartab
scord_bartab_RTL   := rtl/scord/ww_scord_bartab.v
scord_bartab_SYNTH := 1

RTL_MODULES += scord_check
scord_check_TOP   := ww_scord_check
scord_check_RTL   := rtl/scord/ww_scord_check.v
scord_check_SYNTH := 1

RTL_MODULES += scord_det
scord_det_TOP   := ww_scord_det
scord_det_RTL   := rtl/scord/ww_scord_check.v rtl/scord/ww_scord_fencefile.v rtl/scord/ww_scord_det.v
scord_det_SYNTH := 1

RTL_MODULES += scord_fencefile
scord_fencefile_TOP   := ww_scord_fencefile
scord_fencefile_RTL   := rtl/scord/ww_scord_fencefile.v
scord_fencefile_SYNTH := 1

RTL_MODULES += scord_rec
scord_rec_TOP   := ww_scord_rec
scord_rec_RTL   := rtl/scord/ww_scord_rec.v
scord_rec_SYNTH := 1

RTL_MODULES += scord_locktab
scord_locktab_TOP   := ww_scord_locktab
scord_locktab_RTL   := rtl/scord/ww_scord_locktab.v
scord_locktab_SYNTH := 1
