# SPDX-License-Identifier: Apache-2.0
#
# sw/sim/verilated_pch.mk -- `make -f V<top>.mk -f verilated_pch.mk
# verilated.h.gch` in a Verilator output directory precompiles verilated.h
# with that makefile's own flags. Parsing it is a large part of compiling
# every generated file (Verilated GPU: about a third of its compile time);
# GCC takes a .gch only when its flags match the file's, so there are two
# variants in the .gch directory: OPT_FAST and OPT_SLOW. A second #include
# of verilated.h must find a file where the first found the .gch: the
# directory also gets a link to the header (the callers make it, beside the
# .gch). Used by sw/sim/sim.mk (VGPU_ARCHIVE) and tb/lockstep/opt.mk.
verilated.h.gch:
	mkdir -p $@
	$(CXX) $(CXXFLAGS) $(CPPFLAGS) $(OPT_FAST) -x c++-header $(VERILATOR_ROOT)/include/verilated.h \
	  -MF /dev/null -o $@/opt.gch
	$(CXX) $(CXXFLAGS) $(CPPFLAGS) $(OPT_SLOW) -x c++-header $(VERILATOR_ROOT)/include/verilated.h \
	  -MF /dev/null -o $@/slow.gch
	ln -sf $(VERILATOR_ROOT)/include/verilated.h verilated.h
