# SPDX-License-Identifier: Apache-2.0
#
# randprog.mk -- random race-free SIMT programs for co-simulation (included
# by the top Makefile after sw/sw.mk, whose toolchain variables it uses).
#
#   make build/bin/ww_randprog      the generator (C11, ASan + UBSan)
#   make randprog-check [RANDPROG_N=n] [SEED=s]
#                                   n programs from seed s (default: fresh)
#                                   on the C model, three interleavings each
#   make randprog-build RANDPROG_N=n [SEED=s]
#                                   only generate and build them, into
#                                   build/randprog/elf/ (+ manifest.txt)
#
# Tests: randprog/model (RANDPROG_N programs; 100 by default, CYCLES/1000
# when that is more, so `make test-long` runs 1000), the mutants
# randprog/mutant-{divergent,bar,race} (every illegal variant must be
# caught), and randprog/generator (determinism, options, layout header).

# The top Makefile defines `all` after the fragments: keep it the default goal.
RP_SAVED_GOAL := $(.DEFAULT_GOAL)

RP_GEN     := $(BUILD)/bin/ww_randprog
RP_CRT0    := build/kernels/obj/crt0.o
RP_CFLAGS  := -std=c11 -O1 -g -Wall -Wextra -Werror -fsanitize=address,undefined \
              -fno-sanitize-recover=all -Icmodel/include
RANDPROG_N ?= $(shell n=$$(( $(CYCLES) / 1000 )); [ $$n -lt 100 ] && n=100; echo $$n)
RP_MUTANT_N ?= 10
# The kernel toolchain of sw/sw.mk, handed to the runner.
RP_ENV     := RANDPROG_CC="$(SW_CC) $(SW_CFLAGS)" RANDPROG_LD="$(SW_LD) $(SW_LDFLAGS)" \
              RANDPROG_GEN=$(RP_GEN) RANDPROG_CRT0=$(RP_CRT0) WARPWATCH=$(BUILD)/bin/warpwatch
RP_RUN     := $(RP_ENV) sw/randprog/run_randprog.sh $(if $(SEED),--seed $(SEED))

$(RP_GEN): sw/randprog/ww_randprog.c cmodel/include/ww_isa.def cmodel/include/ww_config.h \
           sw/randprog/randprog.mk | $(BUILD)/.deps-ok
	@mkdir -p $(@D)
	gcc $(RP_CFLAGS) $< -o $@

.PHONY: randprog randprog-check randprog-build
randprog: $(RP_GEN) $(RP_CRT0) $(BUILD)/bin/warpwatch
randprog-check: randprog
	$(RP_RUN) --count $(RANDPROG_N)
randprog-build: $(RP_GEN) $(RP_CRT0)
	$(RP_RUN) --count $(RANDPROG_N) --build-only --keep $(BUILD)/randprog/elf

ALL_TARGETS += $(RP_GEN) $(RP_CRT0)
TESTS += randprog/generator randprog/model randprog/mutant-divergent randprog/mutant-bar \
         randprog/mutant-race
TEST_CMD.randprog/generator := sw/randprog/test_generator.sh $(RP_GEN)
TEST_CMD.randprog/model := $(RP_RUN) --count $(RANDPROG_N)
$(foreach m,divergent bar race,\
  $(eval TEST_CMD.randprog/mutant-$(m) := $(RP_RUN) --count $(RP_MUTANT_N) --inject-bug $(m)))

.DEFAULT_GOAL := $(RP_SAVED_GOAL)
