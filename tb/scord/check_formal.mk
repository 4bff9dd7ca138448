# SPDX-License-Identifier: Apache-2.0
#
# tb/scord/check_formal.mk -- SAT proofs of ww_scord_check's FORMAL
# properties (tb/scord/check_formal.sh; included by the top Makefile,
# "Area fragments").
TESTS += scord/check-formal
TEST_CMD.scord/check-formal := bash tb/scord/check_formal.sh
