# SPDX-License-Identifier: Apache-2.0
#
# tb/blocks.mk -- the lockstep registry: which RTL modules are checked cycle
# by cycle against a C model. One fragment per area, tb/<area>/blocks.mk,
# beside that area's tests; the RTL file lists themselves live beside the
# RTL (rtl/<area>/rtl.mk: M_TOP, M_RTL, M_SYNTH, M_DSP, M_HIER).
#
# For each block B in BLOCKS (B must also be an RTL module):
#   B_C         C model sources (cmodel/<area>/...)
#   B_LOCKSTEP  the lockstep descriptor: stimulus and port binding (tb/<area>/lockstep/B.c)
#   B_MUTANTS   names X of `ifdef WW_MUTANT_X lines in B's RTL; each must be caught
#               (X@P: built at point P of B_POINTS, for a mutation only P shows)
#   B_POINTS    extra parameter points as NAME:DEF,DEF (DEF = WW_CFG_NAME=value),
#               run in lockstep besides the defaults
#
# Adding a block: its RTL list in rtl/<area>/rtl.mk, its entry here in
# tb/<area>/blocks.mk; no other file changes (docs/lockstep.md).

BLOCKS :=
include $(sort $(wildcard tb/*/blocks.mk))
