#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# test_cli.sh -- checks the warpwatch command-line tool, normally the ASan +
# UBSan build, end to end: help texts, usage errors (exit 2), unusable
# kernels (exit 1: missing, random bytes, truncated, x86, big-endian, not
# EXEC, in the null guard, beyond memory), traps (exit 3, message content
# with file:line), correct kernels with every --arg form and --print type,
# --stats, --trace, --json (parsed by python3), disasm, configuration limits
# (code of exactly WW_IMEM_BYTES runs, one byte more is refused at load time,
# on the cmodel and, with WARPWATCH_VERILATOR, the verilator backend),
# `warpwatch cc` and `warpwatch cflags` (flags equal to make's reading of
# sw/kernel_flags.mk, the tree found from WW_HOME / the program's place / the
# build, .c + .S + .o inputs, -mno-relax for .align 3, errors), and a small
# fuzz of byte-flipped ELFs. Any sanitizer report fails the check it happens in.
#
# usage: test_cli.sh [WARPWATCH [KERNEL_DIR]]
#   defaults: build/bin/warpwatch-asan build/runtime/kernels
#   WARPWATCH_VERILATOR (default build/bin/warpwatch): the build with the
#   verilator backend; its absence fails the run (make test always builds it).
# Outputs go to build/runtime/cli-test/. Last line: "N passed, N failed".
set -uo pipefail

WW=${1:-build/bin/warpwatch-asan}
K=${2:-build/runtime/kernels}
OUT=build/runtime/cli-test
SRC=sw/runtime/test
mkdir -p "$OUT"
export ASAN_OPTIONS=exitcode=99:detect_leaks=1
export UBSAN_OPTIONS=exitcode=98:print_stacktrace=1:halt_on_error=1

# ok, bad, run, run_with, has, one_line_error, json_ok
source "$(dirname "$0")/cli_lib.sh"

# ---- help and usage errors (exit 2) ------------------------------------------
run 0 --help && has stdout "usage: warpwatch COMMAND"
run 0 run --help && has stdout "usage: warpwatch run KERNEL.elf --grid N --block N"
has stdout "--print N:T[:C]"
run 0 help disasm && has stdout "usage: warpwatch disasm"
run 2
run 2 frobnicate && one_line_error "unknown command 'frobnicate'"
run 2 run "$K/store_tid.elf" --grid 1 --block 8 --bogus && one_line_error "unknown option '--bogus'"
run 2 run "$K/store_tid.elf" --grid 1 --block && one_line_error "option --block needs a value"
run 2 run "$K/store_tid.elf" --grid abc --block 8 && one_line_error "--grid: bad number 'abc'"
run 2 run "$K/store_tid.elf" --grid 1x --block 8 && one_line_error "bad number"
run 2 run "$K/store_tid.elf" --grid 0 --block 8 && one_line_error "--grid must be at least 1"
run 2 run "$K/store_tid.elf" --grid 1 --block 0 && one_line_error "--block must be at least 1"
run 2 run "$K/store_tid.elf" --grid 1 --block 100000 && one_line_error "--block 100000 is too large"
run 2 run "$K/store_tid.elf" --grid 99999999999 --block 8 && one_line_error "is too large"
run 2 run "$K/store_tid.elf" --grid 99999999999999999999999 --block 8 && one_line_error "bad number"
run 2 run "$K/store_tid.elf" --block 8 && one_line_error "missing --grid"
run 2 run --grid 1 --block 8 && one_line_error "no kernel file given"
run 2 run a.elf b.elf --grid 1 --block 8 && one_line_error "unexpected argument 'b.elf'"
run 2 run "$K/store_tid.elf" --grid 1 --block 8 --backend fpga && one_line_error "unknown backend 'fpga'"
run 2 run "$K/store_tid.elf" --grid 1 --block 8 --seed -1 && one_line_error "--seed: bad number"
run 2 run "$K/store_tid.elf" --grid 1 --block 8 --arg 0x1ffffffff && one_line_error "not a 32-bit number"
run 2 run "$K/store_tid.elf" --grid 1 --block 8 --arg buf: && one_line_error "missing buffer size"
run 2 run "$K/store_tid.elf" --grid 1 --block 8 --arg buf:0 && one_line_error "bad buffer size"
run 2 run "$K/store_tid.elf" --grid 1 --block 8 --arg buf:99M && one_line_error "bad buffer size"
run 2 run "$K/store_tid.elf" --grid 1 --block 8 --arg i32:1,x,3 && one_line_error "bad i32 value 'x'"
run 2 run "$K/store_tid.elf" --grid 1 --block 8 --arg f32:1.5,zz && one_line_error "bad f32 value"
run 2 run "$K/store_tid.elf" --grid 1 --block 8 --arg 5 --print 0:i32 && one_line_error "is a scalar, not a buffer"
run 2 run "$K/store_tid.elf" --grid 1 --block 8 --arg buf:32 --print 1:i32 && one_line_error "there are only 1 --arg"
run 2 run "$K/store_tid.elf" --grid 1 --block 8 --arg buf:32 --print 0:q32 && one_line_error "unknown type 'q32'"
run 2 run "$K/store_tid.elf" --grid 1 --block 8 --arg buf:32 --print 0:i32:9 && one_line_error "do not fit"
run 2 run "$K/store_tid.elf" --grid 1 --block 8 --json --trace - && one_line_error "--json"
run 2 disasm && one_line_error "no kernel file given"

# ---- unusable kernels (exit 1) --------------------------------------------------
run 1 run "$OUT/no-such.elf" --grid 1 --block 8 && one_line_error "cannot open: No such file or directory"
run 1 run "$OUT" --grid 1 --block 8 && one_line_error "not a regular file"
head -c 4096 /dev/urandom >"$OUT/random.bin"
run 1 run "$OUT/random.bin" --grid 1 --block 8 && one_line_error "not an ELF file"
: >"$OUT/empty.elf"
run 1 run "$OUT/empty.elf" --grid 1 --block 8 && one_line_error "not an ELF file (empty)"
size=$(stat -c %s "$K/store_tid.elf")
for cut in 3 10 40 52 100 $((size / 2)) $((size - 1)); do
  head -c "$cut" "$K/store_tid.elf" >"$OUT/cut.elf"
  if [ "$cut" -lt 4 ]; then want="not an ELF file"; else want="truncated ELF file"; fi
  run 1 run "$OUT/cut.elf" --grid 1 --block 8 && one_line_error "$want"
done
run 1 run /bin/true --grid 1 --block 8 && one_line_error "wrong ELF class: ELF64 (x86-64)"
printf 'int f(int x) { return x + 1; }\n' >"$OUT/x86.c"
if gcc -c "$OUT/x86.c" -o "$OUT/x86.o" 2>/dev/null; then
  run 1 run "$OUT/x86.o" --grid 1 --block 8 && one_line_error "wrong ELF class: ELF64 (x86-64)"
fi
# A 32-bit little-endian x86 ELF: the valid kernel with e_machine = EM_386.
cp "$K/store_tid.elf" "$OUT/i386.elf"
printf '\003\000' | dd of="$OUT/i386.elf" bs=1 seek=18 conv=notrunc status=none
run 1 run "$OUT/i386.elf" --grid 1 --block 8 && one_line_error "wrong machine: x86 (e_machine 3), expected RISC-V"
cp "$K/store_tid.elf" "$OUT/be.elf"
printf '\002' | dd of="$OUT/be.elf" bs=1 seek=5 conv=notrunc status=none
run 1 run "$OUT/be.elf" --grid 1 --block 8 && one_line_error "wrong endianness: big-endian"
run 1 run "$K/store_tid.o" --grid 1 --block 8 && one_line_error "not an executable (ET_REL, a relocatable object"
run 1 run "$K/in_null_guard.elf" --grid 1 --block 8 && one_line_error "lies in the null guard [0, 0x10000)"
run 1 run "$K/beyond_memory.elf" --grid 1 --block 8 && one_line_error "is outside global memory"
run 1 run "$K/store_tid.elf" --grid 1 --block 8 --arg buf:64=$OUT/no-such.bin && one_line_error "cannot open"
run 1 run "$K/store_tid.elf" --grid 1 --block 8 --arg buf:16M && one_line_error "out of device memory"
run 1 run "$K/store_tid.elf" --grid 1 --block 8 --arg buf:4=/bin/true && one_line_error "is larger than the 4-byte buffer"
run 1 run "$OUT/random.bin" --grid 1 --block 8 --json && json_ok "j['status'] == 'error' and 'not an ELF' in j['error'] and j['exit_code'] == 1"
run 1 disasm "$OUT/i386.elf" && one_line_error "wrong machine"

# ---- correct kernels (exit 0) -----------------------------------------------------
run 0 run "$K/store_tid.elf" --grid 2 --block 8 --arg buf:64 --print 0:i32
has stdout "arg0 i32[16]: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"
run 0 run --grid=2 --block=8 --arg=buf:64 --print=0:i32 "$K/store_tid.elf"
has stdout "arg0 i32[16]: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"
has stdout "ok: $K/store_tid.elf completed, grid 2 x block 8, 22 warp instructions"
# More blocks than the SMs hold at once, a partial last warp, a random interleaving.
run 0 run "$K/store_tid.elf" --grid 7 --block 13 --seed 42 --arg buf:4k --print 0:u32:91
has stdout "arg0 u32[91]: 0 1 2 3 4 5 6 7 8 9 10 11 12"
has stdout " 88 89 90"
# Scalars (negative, hex), buf:=FILE and i32 lists; x32 and f32 views.
python3 -c "import struct,sys; sys.stdout.buffer.write(struct.pack('<8i', 10, 20, 30, 40, -50, 60, 70, 80))" >"$OUT/in.bin"
run 0 run "$K/add_scalar.elf" --grid 1 --block 8 --arg buf:32 --arg buf:=$OUT/in.bin --arg -7 --print 0:i32 --print 1:i32:2
has stdout "arg0 i32[8]: 3 13 23 33 -57 53 63 73"
has stdout "arg1 i32[2]: 10 20"
run 0 run "$K/add_scalar.elf" --grid 2 --block 4 --arg buf:64 --arg i32:1,2,3,4,-1,-2,0x10,0 --arg 0x100 --print 0:x32:8
has stdout "arg0 x32[8]: 0x00000101 0x00000102 0x00000103 0x00000104 0x000000ff 0x000000fe 0x00000110 0x00000100"
run 0 run "$K/add_scalar.elf" --grid 1 --block 2 --arg buf:8 --arg buf:64=$OUT/in.bin --arg 0 --print 1:i32:8
has stdout "arg1 i32[8]: 10 20 30 40 -50 60 70 80"
run 0 run "$K/store_tid.elf" --grid 1 --block 4 --arg f32:1.5,-2,0.25,3 --print 0:f32
has stdout "arg0 f32[4]: 0 1.40129846e-45 2.80259693e-45 4.20389539e-45"
run 0 run "$K/c_kernel.elf" --grid 1 --block 8 --arg buf:32 --arg 5 --arg 0 --print 0:i32
has stdout "arg0 i32[8]: 5 6 9 14 21 30 41 54"
# --stats
run 0 run "$K/store_tid.elf" --grid 2 --block 8 --arg buf:64 --stats
has stdout "stats: warp insns 22  thread insns 176"
has stdout "stores 2"
has stdout "hit rate"
has stdout "stats: cmodel speed"
# --trace: one line per warp instruction, fixed format
run 0 run "$K/store_tid.elf" --grid 2 --block 8 --arg buf:64 --trace "$OUT/trace.txt"
lines=$(wc -l <"$OUT/trace.txt")
if [ "$lines" -eq 22 ]; then ok; else bad "trace has $lines lines, expected 22"; fi
if grep -q -E '^step=[0-9]+ sm=[0-9]+ warp=[0-9]+ blk=0 pc=00010024 mask=ff  sw t2, 0\(t5\)  addr=\[[0-9a-f]+(,[0-9a-f]+){7}\]  data=\[0,1,2,3,4,5,6,7\]$' "$OUT/trace.txt"; then
  ok
else
  bad "trace lacks the store of block 0"
fi
if grep -q -E '^step=[0-9]+ sm=[0-9]+ warp=[0-9]+ blk=1 pc=00010008 mask=ff  csrrs t2, tid, zero  t2=\[0,1,2,3,4,5,6,7\]$' "$OUT/trace.txt"; then
  ok
else
  bad "trace lacks the tid read of block 1"
fi
# options the backend cannot honour are usage errors naming the backend
run 2 run "$K/store_tid.elf" --grid 1 --block 8 --arg buf:64 --cosim follow &&
  has stderr "--cosim needs --backend verilator"
run 2 run "$K/store_tid.elf" --grid 1 --block 8 --arg buf:64 --wave "$OUT/x.fst" &&
  has stderr "--wave needs --backend verilator"
# output files: missing parent directories are created; a parent that is a
# file is a clear error before the run
rm -rf "$OUT/newdir"
run 0 run "$K/store_tid.elf" --grid 1 --block 8 --arg buf:64 --trace "$OUT/newdir/a/trace.txt"
if [ -s "$OUT/newdir/a/trace.txt" ]; then ok; else bad "--trace into a missing directory wrote nothing"; fi
: >"$OUT/plainfile"
run 1 run "$K/store_tid.elf" --grid 1 --block 8 --arg buf:64 --trace "$OUT/plainfile/trace.txt" &&
  has stderr "exists and is not a directory"
run 0 run "$K/store_tid.elf" --grid 1 --block 3 --arg buf:64 --trace -
has stdout "mask=07  csrrs t2, tid, zero  t2=[0,1,2,-,-,-,-,-]"
# --json
run 0 run "$K/store_tid.elf" --grid 2 --block 8 --arg buf:64 --print 0:i32 --print 0:x32:2 --json
json_ok "j['status'] == 'ok' and j['exit_code'] == 0 and j['trap'] is None and j['buffers'][0]['values'] == list(range(16)) and j['buffers'][1]['values'] == ['0x00000000', '0x00000001'] and j['stats']['warp_insns'] == 22 and j['stats']['blocks_done'] == 2"
# disasm
run 0 disasm "$K/store_tid.elf"
has stdout "00010000 <_start>:"
has stdout "ww.exit"
has stdout "store_tid.S:"
run 0 disasm "$K/c_kernel.elf"
has stdout "<kmain>:"
has stdout "c_kernel.c:"

# ---- traps (exit 3) ---------------------------------------------------------------
run 3 run "$K/trap_ebreak.elf" --grid 1 --block 8
has stderr "trap: kernel trap (ecall/ebreak) at sm 0 warp 0 (block 0) mask 0xff pc 0x00010004: ebreak  [trap_ebreak.S:9]"
run 3 run "$K/trap_misaligned.elf" --grid 1 --block 4 --arg buf:64
has stderr "trap: misaligned access at sm 0 warp 0 (block 0) mask 0x0f pc 0x00010008: lw t2, 2(t1)  [trap_misaligned.S:11]: "
has stderr "lane"
run 3 run "$K/trap_divergent.elf" --grid 1 --block 8
has stderr "trap: divergent branch outside split/join at sm 0 warp 0 (block 0) mask 0xff pc 0x00010008: bne t0, zero, 0x1000c  [trap_divergent.S:11]"
run 3 run "$K/spin.elf" --grid 1 --block 8 --max-steps 1000
has stderr "trap: run stopped (step limit, hang or Ctrl-C)"
line=$(grep -n 'TRAP HERE' "$SRC/c_kernel.c" | cut -d: -f1)
call=$(grep -n 'CALLED HERE' "$SRC/c_kernel.c" | cut -d: -f1)
run 3 run "$K/c_kernel.elf" --grid 1 --block 8 --arg buf:64 --arg 0 --arg 1 --print 0:i32
has stderr "trap: misaligned access at sm 0 warp 0 (block 0) mask 0xff pc 0x"
has stderr ": sw a0, 2(a1)  [c_kernel.c:$line inlined at c_kernel.c:$call]: "
has stdout "arg0 i32[16]: 0 1 4 9 16 25 36 49 0 0 0 0 0 0 0 0"
run 3 run "$K/c_kernel.elf" --grid 1 --block 8 --arg buf:64 --arg 0 --arg 1 --print 0:i32:4 --json
json_ok "j['status'] == 'trap' and j['exit_code'] == 3 and j['trap']['kind'] == 'MISALIGNED' and j['trap']['srcline'] == 'c_kernel.c:$line' and j['trap']['callsite'] == 'c_kernel.c:$call' and j['trap']['disasm'] == 'sw a0, 2(a1)' and j['trap']['mask'] == 255 and j['buffers'][0]['values'] == [0, 1, 4, 9]"
run 3 run "$K/trap_ebreak.elf" --grid 1 --block 8 --json
json_ok "j['trap']['kind'] == 'KERNEL_TRAP' and j['trap']['srcline'] == 'trap_ebreak.S:9' and j['trap']['callsite'] is None and j['trap']['lane'] == -1"

# ---- configuration limits: refused at load time (exit 1) on every backend ----------
cfg() { sed -n "s/^$1 = \(.*\);/\1/p" sw/link/ww_config.ld; }
IMEM=$(cfg WW_IMEM_BYTES)
IMEM_ERR="kernel code is $((IMEM + 1)) bytes; the SM instruction memory holds $IMEM bytes (WW_IMEM_BYTES"
run 0 run "$K/imem_full.elf" --grid 2 --block 8 --arg buf:64 --print 0:i32
has stdout "arg0 i32[16]: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"
run 1 run "$K/imem_over.elf" --grid 2 --block 8 --arg buf:64 && one_line_error "imem_over.elf: $IMEM_ERR"
run 1 disasm "$K/imem_over.elf" && one_line_error "$IMEM_ERR"
run 1 run "$K/imem_over.elf" --grid 2 --block 8 --json
json_ok "j['status'] == 'error' and 'WW_IMEM_BYTES' in j['error'] and j['exit_code'] == 1"

WWV=${WARPWATCH_VERILATOR:-build/bin/warpwatch}
no_wwv() {
  fail=$((fail + 1))
  echo "FAIL: no $WWV (make build/bin/warpwatch): the verilator backend's $1 did not run"
}
if [ -x "$WWV" ]; then
  run_with "$WWV" 0 run "$K/imem_full.elf" --grid 3 --block 13 --arg buf:256 --print 0:i32:39 --backend verilator
  has stdout "co-simulation (sync) agrees"
  has stdout " 36 37 38"
  run_with "$WWV" 1 run "$K/imem_over.elf" --grid 2 --block 8 --arg buf:64 --backend verilator &&
    one_line_error "imem_over.elf: $IMEM_ERR"
  run_with "$WWV" 1 run "$K/in_null_guard.elf" --grid 1 --block 8 --backend verilator &&
    one_line_error "lies in the null guard"
  run_with "$WWV" 1 run "$K/beyond_memory.elf" --grid 1 --block 8 --backend verilator &&
    one_line_error "is outside global memory"
else
  no_wwv "load checks"
fi

# ---- warpwatch cc and warpwatch cflags ----------------------------------------------
TOP=$(pwd -P)
CCS=$SRC/cc
TMPD=$(mktemp -d)
trap 'rm -rf "$TMPD"' EXIT
run 0 cc --help && has stdout "usage: warpwatch cc INPUT... -o KERNEL.elf"
has stdout "-nostartfiles"
run 0 help cc && has stdout "usage: warpwatch cc"
run 0 cflags --help && has stdout "usage: warpwatch cflags"
run 0 help cflags && has stdout "ld.lld \$(warpwatch cflags --ldflags) crt0.o k.o -o k.elf"
run 0 --help && has stdout "cflags [--ldflags|--crt0|--home]"
run 2 cc && one_line_error "no input files"
run 2 cc "$CCS/scale_main.c" && one_line_error "no output file: give -o KERNEL.elf"
run 2 cc "$CCS/scale.h" -o "$OUT/x.elf" && one_line_error "unknown kind of input (expected .c, .S, .s or .o)"
run 2 cc "$CCS/scale_main.c" -o && one_line_error "option -o needs a value"
run 2 cc "$CCS/scale_main.c" -o a.elf -o b.elf && one_line_error "-o given twice"
run 2 cc "$CCS/scale_main.c" -S -o "$OUT/x.s" && one_line_error "-S is not supported"
run 2 cc -c "$CCS/scale_main.c" "$CCS/scale_helper.c" -o "$OUT/x.o" && one_line_error "-c compiles exactly one"
run 2 cc "$CCS/scale_main.c" -o "$CCS/scale_main.c" && one_line_error "would overwrite an input"
run 2 cc "$CCS/scale_main.c" -I && one_line_error "option -I needs a value"
run 1 cc "$OUT/no-such.c" -o "$OUT/x.elf" && one_line_error "no-such.c: cannot open: No such file or directory"
run 2 cflags --bogus && one_line_error "unknown option '--bogus'"

# The flags are sw/kernel_flags.mk as make reads it (sw.mk includes the same file).
make_var() {
  printf 'print:\n\t@echo $(%s)\n' "$1" |
    make --no-print-directory -s -f sw/kernel_flags.mk -f - WW_KERNEL_HOME="$TOP" print
}
for v in cflags:WW_KERNEL_CFLAGS ldflags:WW_KERNEL_LDFLAGS crt0:WW_KERNEL_CRT0 cc:WW_KERNEL_CC ld:WW_KERNEL_LD; do
  run 0 cflags "--${v%%:*}"
  want=$(make_var "${v#*:}")
  if [ -n "$want" ] && [ "$(cat "$OUT/stdout")" = "$want" ]; then ok; else bad "cflags --${v%%:*} is not make's \$(${v#*:}): $want"; fi
done
run 0 cflags && has stdout " -mno-relax "
has stdout "-Xclang -fconvergent-functions -I$TOP/sw/include -I$TOP/cmodel/include"
run 0 cflags --home && if [ "$(cat "$OUT/stdout")" = "$TOP" ]; then ok; else bad "--home is not $TOP"; fi

# Which tree: WW_HOME, else the one around the program, else the one it was built in.
run_with env 1 WW_HOME="$TMPD/nowhere" "$WW" cflags &&
  one_line_error "WW_HOME is '$TMPD/nowhere', which is not a Warpwatch tree (no sw/kernel_flags.mk there)"
mkdir -p "$TMPD/tree/sw" "$TMPD/tree/build/bin" "$TMPD/lone"
cp sw/kernel_flags.mk "$TMPD/tree/sw/"
cp "$WW" "$TMPD/tree/build/bin/ww"
cp "$WW" "$TMPD/lone/ww"
run_with "$TMPD/tree/build/bin/ww" 0 cflags --crt0 && has stdout "$TMPD/tree/sw/crt0.S"
run_with env 0 WW_HOME="$TOP" "$TMPD/tree/build/bin/ww" cflags --home && has stdout "$TOP"
run_with "$TMPD/lone/ww" 0 cflags --home && has stdout "$TOP"

# Builds: assembly with .align 3 and 4 links (-mno-relax) and runs.
run 0 cc "$CCS/align_asm.S" -o "$OUT/align_asm.elf"
run 0 run "$OUT/align_asm.elf" --grid 2 --block 8 --arg buf:64 --print 0:i32
has stdout "arg0 i32[16]: 7 10 13 16 19 22 25 28 31 34 37 40 43 46 49 52"
# Two C files, -D and -I forwarded, -Wl, to the linker; -v prints every command.
run 0 cc -v -DSCALE=5 -I "$CCS" "$CCS/scale_main.c" "$CCS/scale_helper.c" -o "$OUT/scale.elf" \
  -Wl,-Map,"$OUT/scale.map"
has stderr "warpwatch cc: Warpwatch tree $TOP"
has stderr "clang --target=riscv32-unknown-elf -march=rv32im -mabi=ilp32 -mno-relax "
has stderr " -O2 -g -Wall -Wextra -c $TOP/sw/crt0.S -o "
has stderr " -O2 -g -Wall -Wextra -DSCALE=5 -I $CCS -c $CCS/scale_helper.c -o "
has stderr "ld.lld -m elf32lriscv -T $TOP/sw/link/kernel.ld -L $TOP/sw/link --gc-sections -Map $OUT/scale.map "
has stderr " -o $OUT/scale.elf"
if [ -s "$OUT/scale.map" ]; then ok; else bad "-Wl,-Map did not reach ld.lld"; fi
run 0 run "$OUT/scale.elf" --grid 2 --block 8 --arg buf:64 --print 0:i32
has stdout "arg0 i32[16]: 100 105 110 115 120 125 130 135 140 145 150 155 160 165 170 175"
# From another directory: compile one file with -c, link it as a .o input.
RUN_DIR=$TMPD run 0 cc -c -DSCALE=2 -I "$TOP/$CCS" "$TOP/$CCS/scale_helper.c" -o helper.o
RUN_DIR=$TMPD run 0 cc -DSCALE=2 -I "$TOP/$CCS" "$TOP/$CCS/scale_main.c" helper.o -o scale2.elf
run 0 run "$TMPD/scale2.elf" --grid 1 --block 4 --arg buf:16 --print 0:i32
has stdout "arg0 i32[4]: 100 102 104 106"
# A pure-assembly kernel without crt0, exactly at the instruction-memory limit;
# one byte more does not link (kernel.ld).
run 0 cc -nostartfiles "$SRC/imem_full.S" -o "$OUT/imem_full_cc.elf"
run 0 run "$OUT/imem_full_cc.elf" --grid 2 --block 8 --arg buf:64 --print 0:i32
has stdout "arg0 i32[16]: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"
run 1 cc -nostartfiles "$SRC/imem_over.S" -o "$OUT/imem_over_cc.elf"
has stderr "kernel.ld: the code (.text) exceeds WW_IMEM_BYTES of SM instruction memory"
has stderr "warpwatch: error: ld.lld failed (exit status 1) linking"
# Compile errors: clang's diagnostics, then one line of ours.
printf '#include "warpwatch.h"\nWW_KERNEL(k)(void *a) { (void)a; return x; }\n' >"$OUT/broken.c"
run 1 cc "$OUT/broken.c" -o "$OUT/broken.elf"
has stderr "use of undeclared identifier 'x'"
has stderr "warpwatch: error: clang failed (exit status 1) compiling $OUT/broken.c"
# A missing toolchain names its Debian package.
mkdir -p "$TMPD/nobin" "$TMPD/clangonly"
ln -s "$(command -v clang)" "$TMPD/clangonly/clang"
run_with env 1 PATH="$TMPD/nobin" "$WW" cc "$CCS/align_asm.S" -o "$OUT/x.elf" &&
  one_line_error "clang is not installed (not found in PATH): install the Debian package 'clang' (scripts/install_deps.sh"
run_with env 1 PATH="$TMPD/clangonly" "$WW" cc "$CCS/align_asm.S" -o "$OUT/x.elf" &&
  one_line_error "ld.lld is not installed (not found in PATH): install the Debian package 'lld'"
if [ -x "$WWV" ]; then
  run_with "$WWV" 0 run "$OUT/align_asm.elf" --grid 2 --block 8 --arg buf:64 --print 0:i32 --backend verilator
  has stdout "arg0 i32[16]: 7 10 13 16 19 22 25 28 31 34 37 40 43 46 49 52"
else
  no_wwv "run of a warpwatch cc kernel"
fi

# ---- fuzz: byte-flipped kernels never crash the tool ---------------------------------
size=$(stat -c %s "$K/add_scalar.elf")
for i in $(seq 1 40); do
  cp "$K/add_scalar.elf" "$OUT/fuzz.elf"
  for f in 1 2 3; do
    off=$(( (RANDOM * 32768 + RANDOM) % (i % 2 ? size : 128) ))
    printf "\\$(printf '%03o' $((RANDOM % 256)))" | dd of="$OUT/fuzz.elf" bs=1 seek=$off conv=notrunc status=none
  done
  last_cmd="$WW run $OUT/fuzz.elf (mutant $i)"
  "$WW" run "$OUT/fuzz.elf" --grid 2 --block 8 --arg buf:64 --arg buf:64 --arg 3 --max-steps 2000 \
    >"$OUT/stdout" 2>"$OUT/stderr"
  rc=$?
  if [ $rc -le 3 ] && ! grep -q -E 'Sanitizer|runtime error:' "$OUT/stderr"; then
    ok
  else
    cp "$OUT/fuzz.elf" "$OUT/fuzz-fail-$i.elf"
    bad "fuzz mutant $i: exit $rc (kept as $OUT/fuzz-fail-$i.elf)"
  fi
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
