# SPDX-License-Identifier: Apache-2.0
#
# tb/drf/drf_tests.mk -- the DRF tester's checks (issue 16; docs/drf.md),
# included by the top Makefile after sw/drf/drf.mk.
#   drf/pass       the correct memory system passes every run (small caches,
#                  several windows, short and long episodes; final memory
#                  compared after the L2 flush)
#   drf/bugs       every observable injected bug is caught, as the kind it
#                  must cause, with its event log, and replays by seed
#                  (tb/drf/test_drf_bugs.sh)
#   drf/coverage   the tester's runs reach every reachable L1 and L2
#                  transition (docs/drf.md sec. 3)
#   drf/pass-c     the same on the C memory system (drf_run --model c, the
#                  C model of ww_drf_top), small and default caches, final
#                  memory compared (tb/drf/test_drf_pass_c.sh)
#   drf/rtl-vs-c   the C model is cycle-exact: --model rtl and --model c
#                  give the same cycles, status words and coverage, passing
#                  and failing runs (tb/drf/test_drf_cross.sh)
#   drf/fpga-top   the tester's board top (fpga/boards/ulx3s/ulx3s_drf.v)
#                  Verilated: runs pass in seed order; injected bugs halt it
#                  with their failure kind (tb/drf/test_drf_fpga.sh)
#   drf/wack-voq   (test-long) the voq configuration with request links held
#                  at random and DRAM refresh, 3 settings x 100 seeds: no
#                  false alarm; L1_WACK_ON_SEND caught, replays
#                  (tb/drf/test_drf_wack.sh)
# make test-long (LONG=1): many more seeds, and drf/pass on the default and wide
# configurations (18 s and 98 s at session 19).

DRF_SMALL := $(BUILD)/drf/small/drf_run
DRF_DEFAULT := $(BUILD)/drf/default/drf_run
DRF_VOQ     := $(BUILD)/drf/voq/drf_run
ALL_TARGETS += $(DRF_SMALL) $(DRF_DEFAULT) $(DRF_VOQ) $(if $(LONG),$(BUILD)/drf/wide/drf_run)
TESTS += drf/pass drf/bugs drf/coverage drf/pass-c drf/rtl-vs-c drf/fpga-top
ALL_TARGETS += $(BUILD)/fpga/sim_drf/ulx3s_drf_sim
TEST_CMD.drf/fpga-top := tb/drf/test_drf_fpga.sh $(BUILD)/fpga/sim_drf/ulx3s_drf_sim
TEST_CMD.drf/pass := tb/drf/test_drf_pass.sh $(DRF_SMALL) $(if $(LONG),40,4)
TEST_CMD.drf/bugs := tb/drf/test_drf_bugs.sh $(DRF_SMALL) $(DRF_VOQ)
TEST_CMD.drf/coverage := tb/drf/test_drf_coverage.sh $(DRF_SMALL) $(BUILD)/drf/coverage.txt
TEST_CMD.drf/pass-c := tb/drf/test_drf_pass_c.sh $(DRF_SMALL) $(DRF_DEFAULT) $(if $(LONG),20,3)
TEST_CMD.drf/rtl-vs-c := tb/drf/test_drf_cross.sh $(DRF_SMALL) $(DRF_DEFAULT) $(DRF_VOQ)
ifneq ($(LONG),)
TESTS += drf/wack-voq
TEST_CMD.drf/wack-voq := tb/drf/test_drf_wack.sh $(DRF_VOQ)
TESTS += drf/pass-default drf/pass-wide
TEST_CMD.drf/pass-default := tb/drf/test_drf_pass.sh $(DRF_DEFAULT) 40
TEST_CMD.drf/pass-wide := tb/drf/test_drf_pass.sh $(BUILD)/drf/wide/drf_run 20
endif
