# SPDX-License-Identifier: Apache-2.0
#
# config.mk -- whole-GPU configurations without editing ww_config.def
# (included by sw/runtime/runtime.mk; README "Configurations").
#   build/config/NAME/warpwatch   the tool whose C model (libwwgpu.a), runtime
#                                 (libwwrt.a), Verilated RTL and glue
#                                 (libwwvgpu.a, VGPU_ARCHIVE) and own sources
#                                 are all compiled with the defines of NAME,
#                                 each into build/config/NAME/.
# NAME is canonical: sms<N>-warps<N>-lanes<N>, then l1_mshrs<N>, l1_wq<N> and
# det_bloom<N> when not the ww_config.def default (`warpwatch run --config` writes it and
# checks the limits; sw/tools/ww_cfgopt.c). The defines come from NAME, so
# `make build/config/sms4-warps8-lanes16/warpwatch` works by itself: rules
# exist for every NAME among the goals and for the test's CFG_TEST.
# Kernels do not depend on the configuration: crt0 takes its stack from CSRs
# and the link script only the memory map, which no key changes (a kernel
# that sizes arrays by WW_LANES/WW_WARPS_PER_SM is rebuilt with -D flags).

CFG_DIR  := $(BUILD)/config
CFG_TEST := sms1-warps2-lanes4
# key in NAME : the define it sets
CFG_MAP  := sms:WW_NUM_SM warps:WW_WARPS_PER_SM lanes:WW_LANES l1_mshrs:WW_L1_MSHRS l1_wq:WW_L1_WQ \
            det_bloom:WW_DET_BLOOM_BITS

cfg_key   = $(word 1,$(subst :, ,$(1)))
cfg_macro = $(word 2,$(subst :, ,$(1)))
# $(call cfg_val,NAME,KEY): the number after KEY in NAME (empty if absent)
cfg_val   = $(patsubst $(2)%,%,$(filter $(2)%,$(subst -, ,$(1))))
cfg_defs  = $(foreach m,$(CFG_MAP),$(if $(call cfg_val,$(1),$(call cfg_key,$(m))),$(call cfg_macro,$(m))=$(call cfg_val,$(1),$(call cfg_key,$(m)))))
cfg_bad   = $(filter-out $(foreach m,$(CFG_MAP),$(call cfg_key,$(m))%),$(subst -, ,$(1)))

# $(1) NAME, $(2) its defines (WW_X=v words)
define CFG_RULES
$(CFG_DIR)/$(1)/gpu/%.o: cmodel/%.c $$(GPU_HDR)
	@mkdir -p $$(@D)
	gcc $$(GPU_CFLAGS) $(addprefix -D,$(2)) -c $$< -o $$@
$(CFG_DIR)/$(1)/libwwgpu.a: $(patsubst cmodel/%.c,$(CFG_DIR)/$(1)/gpu/%.o,$(GPU_SRC))
	rm -f $$@ && ar rcs $$@ $$^
$(CFG_DIR)/$(1)/runtime/%.o: sw/runtime/%.c $$(RT_DEPS) | $(BUILD)/.deps-ok
	@mkdir -p $$(@D)
	gcc $$(RT_CFLAGS) -O2 $(addprefix -D,$(2)) -c $$< -o $$@
$(CFG_DIR)/$(1)/libwwrt.a: $(patsubst sw/runtime/%.c,$(CFG_DIR)/$(1)/runtime/%.o,$(RT_SRC))
	rm -f $$@ && ar rcs $$@ $$^
$(CFG_DIR)/$(1)/libwwvgpu.a: $$(gpu_RTL) $$(VGPU_GLUE) | $(BUILD)/.deps-ok
	$$(call VGPU_ARCHIVE,$(CFG_DIR)/$(1)/vgpu,$$@,$$(gpu_RTL),$$(VGPU_DEFS) $(2))
$(CFG_DIR)/$(1)/warpwatch: $(RT_CLI_SRC) $(RT_CLI_HDR) $(VGPU_BACKEND) $$(RT_DEPS) \
    $(CFG_DIR)/$(1)/libwwrt.a $(CFG_DIR)/$(1)/libwwgpu.a $(CFG_DIR)/$(1)/libwwvgpu.a
	gcc $$(RT_CFLAGS) $(addprefix -D,$(2)) -DWW_CONFIG_NAME='"$(1)"' -DWW_BUILD_HOME='"$$(CURDIR)"' \
	  $$(VGPU_CFLAGS) -Isw/gsi -O2 $(RT_CLI_SRC) $(VGPU_BACKEND) $(CFG_DIR)/$(1)/libwwrt.a \
	  $(CFG_DIR)/$(1)/libwwvgpu.a $(CFG_DIR)/$(1)/libwwgpu.a $$(RT_LDLIBS) $$(VGPU_LDLIBS) -o $$@
endef

CFG_NAMES := $(sort $(CFG_TEST) $(foreach g,$(filter $(CFG_DIR)/%,$(MAKECMDGOALS)),\
               $(word 1,$(subst /, ,$(patsubst $(CFG_DIR)/%,%,$(g))))))
$(foreach n,$(CFG_NAMES),\
  $(if $(call cfg_bad,$(n)),$(error $(CFG_DIR)/$(n): unknown part '$(call cfg_bad,$(n))' of a configuration name (sms<N>-warps<N>-lanes<N>[-l1_mshrs<N>][-l1_wq<N>][-det_bloom<N>]; warpwatch run --config writes it))) \
  $(if $(and $(call cfg_val,$(n),sms),$(call cfg_val,$(n),warps),$(call cfg_val,$(n),lanes)),,$(error $(CFG_DIR)/$(n): a configuration name has sms<N>-warps<N>-lanes<N>)) \
  $(eval $(call CFG_RULES,$(n),$(call cfg_defs,$(n)))))

# make test builds the test's configuration with everything else (one small
# Verilator build); the check then runs it and must find it up to date.
ALL_TARGETS += $(CFG_DIR)/$(CFG_TEST)/warpwatch
TESTS += runtime/config
TEST_CMD.runtime/config := sw/runtime/test/test_config.sh $(CFG_TEST)
