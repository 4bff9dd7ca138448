# SPDX-License-Identifier: Apache-2.0
#
# cmodel/cmodel.mk -- the C models' include path (the one place it is
# written: every build of a model or of code that includes a model header
# uses CMODEL_INC, tb/lockstep/build.sh gets it as an argument) and the
# block-model library the C model tests link (one per defines-set: today
# the default configuration, under ASan + UBSan).
#   CMODEL_INC        -I for cmodel/include, the ISA library cmodel/isa and
#                     every block-model area (cmodel/<area>/)
#   CMODEL_BLOCK_SRC  every block model and the ISA library (not the golden
#                     GPU model cmodel/gpu, which gpu.mk builds)
#   CMODEL_LIB_ASAN   build/lib/libwwcm-asan.a: CMODEL_BLOCK_SRC, ASan + UBSan

CMODEL_AREAS     := isa common tm sm gsi mem top scord det drf
CMODEL_INC       := -Icmodel/include $(addprefix -Icmodel/,$(CMODEL_AREAS)) -Icmodel/gpu
CMODEL_BLOCK_SRC := $(foreach a,$(CMODEL_AREAS),$(wildcard cmodel/$(a)/*.c))
CMODEL_HDR       := $(wildcard cmodel/include/*.h cmodel/include/*.def \
                      $(foreach a,$(CMODEL_AREAS),cmodel/$(a)/*.h cmodel/$(a)/*.def))
CMODEL_SAN       := -std=c11 -O1 -g -Wall -Wextra -Werror -fsanitize=address,undefined \
                    -fno-sanitize-recover=all
CMODEL_LIB_ASAN  := $(BUILD)/lib/libwwcm-asan.a
CMODEL_OBJ_ASAN  := $(patsubst cmodel/%.c,$(BUILD)/cmodel/asan/%.o,$(CMODEL_BLOCK_SRC))

$(BUILD)/cmodel/asan/%.o: cmodel/%.c $(CMODEL_HDR)
	@mkdir -p $(@D)
	gcc $(CMODEL_SAN) $(CMODEL_INC) -c $< -o $@

$(CMODEL_LIB_ASAN): $(CMODEL_OBJ_ASAN)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

# ---- C model property tests (the independent checks): cmodel/<area>/test/
CTEST_SRC := $(foreach a,$(CMODEL_AREAS),$(wildcard cmodel/$(a)/test/test_*.c))
CTESTS    := $(foreach s,$(CTEST_SRC),$(BUILD)/ctest/$(basename $(notdir $(s))))
define CMODEL_CTEST
$(BUILD)/ctest/$(basename $(notdir $(1))): $(1) $(CMODEL_LIB_ASAN) $(CMODEL_HDR)
	@mkdir -p $$(@D)
	gcc $(CMODEL_SAN) $(CMODEL_INC) $(1) $(CMODEL_LIB_ASAN) -lm -o $$@
endef
$(foreach s,$(CTEST_SRC),$(eval $(call CMODEL_CTEST,$(s))))
