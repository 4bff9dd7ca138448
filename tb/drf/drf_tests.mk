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
# make test-long (LONG=1): many more seeds, and the default and wide
# configurations (18 s and 98 s at session 19).

DRF_SMALL := $(BUILD)/drf/small/drf_run
ALL_TARGETS += $(DRF_SMALL) $(if $(LONG),$(BUILD)/drf/default/drf_run $(BUILD)/drf/wide/drf_run)
TESTS += drf/pass drf/bugs drf/coverage
TEST_CMD.drf/pass := tb/drf/test_drf_pass.sh $(DRF_SMALL) $(if $(LONG),40,4)
TEST_CMD.drf/bugs := tb/drf/test_drf_bugs.sh $(DRF_SMALL)
TEST_CMD.drf/coverage := tb/drf/test_drf_coverage.sh $(DRF_SMALL) $(BUILD)/drf/coverage.txt
ifneq ($(LONG),)
TESTS += drf/pass-default drf/pass-wide
TEST_CMD.drf/pass-default := tb/drf/test_drf_pass.sh $(BUILD)/drf/default/drf_run 40
TEST_CMD.drf/pass-wide := tb/drf/test_drf_pass.sh $(BUILD)/drf/wide/drf_run 20
endif
