# SPDX-License-Identifier: Apache-2.0
#
# tb/scord/ref.mk -- the independent ScoRD reference detector
# (docs/scord.md §4 "Independent check"; included by the top Makefile,
# "Area fragments").
#   SCORD_REF_SRC     tb/scord/ww_scord_ref.c: link it (with -Itb/scord
#                     $(SCORD_REF_CFLAGS)) into any checker that needs it
# Tests:
#   scord/ref         hand-made traces for Tables III and IV, negative cases,
#                     the approximations (Bloom alias, fence/barrier wrap,
#                     BlockID alias, cache eviction) and random-trace
#                     properties, ASan + UBSan (tb/scord/test_scord_ref.c)

# The top Makefile defines `all` after the fragments: keep the default goal.
SCORD_REF_SAVED_GOAL := $(.DEFAULT_GOAL)

SCORD_REF_SRC    := tb/scord/ww_scord_ref.c
SCORD_REF_HDR    := tb/scord/ww_scord_ref.h
SCORD_REF_CFLAGS := -Itb/scord -Icmodel/include
SCORD_REF_TEST   := $(BUILD)/scord/test_scord_ref

$(SCORD_REF_TEST): tb/scord/test_scord_ref.c $(SCORD_REF_SRC) $(SCORD_REF_HDR) \
    cmodel/include/ww_config.h tb/scord/ref.mk cmodel/include/ww_proto.h
	@mkdir -p $(@D)
	gcc -std=c11 -O1 -g -Wall -Wextra -Werror -fsanitize=address,undefined \
	  -fno-sanitize-recover=all $(SCORD_REF_CFLAGS) tb/scord/test_scord_ref.c $(SCORD_REF_SRC) -o $@

TESTS += scord/ref
TEST_CMD.scord/ref := $(SCORD_REF_TEST)
ALL_TARGETS += $(SCORD_REF_TEST)

.DEFAULT_GOAL := $(SCORD_REF_SAVED_GOAL)
