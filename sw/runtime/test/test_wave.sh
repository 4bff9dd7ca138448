#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# test_wave.sh -- checks `warpwatch run --backend verilator --wave X.fst` and
# its GTKWave view end to end: runs vecadd with waves, converts the FST with
# GTKWave's fst2vcd, and checks that
#   - X.gtkw exists and names X.fst (absolute);
#   - time: the FST's clock rises at N ns + 500 ps for every cycle N, one
#     cycle per ns (the view's units_per_cycle);
#   - the view opens at the launch: its marker and marker A are at the launch
#     cycle it reports, and there the FST has rst_ni = 1 and the one start
#     pulse (start_i high for exactly that cycle); marker B is the first
#     cycle of done_o, and B - A is the cycle count `warpwatch` printed;
#   - every signal the view names is in the FST;
#   - groups: "SM s" and "SM s warp w" for every SM and warp the FST has
#     (counted from its g_sm[] and g_dbg[] scopes), distinct labels, each
#     begin matched by an end, each warp group holding that warp's PC;
#   - the stall-class traces use a translate filter file that maps every
#     WW_GSI_* code of cmodel/include/ww_proto.h to its name (and the trap
#     and memory kinds theirs), shown in decimal;
#   - the PC traces use a process filter that, fed one PC at a time (as
#     GTKWave does: one line in, one flushed line out), answers every PC of
#     the kernel with the text `warpwatch disasm` prints for it, including a
#     PC taken from the wave; the instruction-word filter disassembles words.
# GTKWave itself is not needed (fst2vcd is: scripts/install_deps.sh).
#
# usage: test_wave.sh [WARPWATCH [KERNEL.elf]]
#   defaults: build/bin/warpwatch build/kernels/vecadd.elf
# Outputs go to build/runtime/wave-test/. Last line: "N passed, N failed".
set -uo pipefail

WW=${1:-build/bin/warpwatch}
KERNEL=${2:-build/kernels/vecadd.elf}
OUT=build/runtime/wave-test
rm -rf "$OUT"
mkdir -p "$OUT"

pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
check() {   # check DESCRIPTION COMMAND...: passes when the command succeeds
  local what=$1
  shift
  if "$@" >"$OUT/check.out" 2>&1; then ok; else bad "$what"; sed 's/^/      | /' "$OUT/check.out" | head -n 12; fi
}
finish() { echo "$pass passed, $fail failed"; [ "$fail" -eq 0 ]; exit $?; }

for f in "$WW" "$KERNEL"; do
  [ -e "$f" ] || { bad "missing $f (make build/bin/warpwatch $KERNEL)"; finish; }
done
command -v fst2vcd >/dev/null || { bad "no fst2vcd (scripts/install_deps.sh installs gtkwave)"; finish; }

# ---- the run ------------------------------------------------------------------
"$WW" run "$KERNEL" --grid 2 --block 32 --arg i32:1,2,3,4,5 --arg i32:10,20,30,40,50 \
  --arg buf:20 --arg 5 --print 2:i32 --backend verilator --wave "$OUT/run.fst" \
  >"$OUT/stdout" 2>"$OUT/stderr"
rc=$?
if [ $rc -ne 0 ] || ! grep -q '^rtl: [0-9]* cycles' "$OUT/stdout"; then
  bad "the run failed (exit $rc)"
  sed 's/^/      | /' "$OUT/stdout" "$OUT/stderr" | head -n 12
  finish
fi
ok
check "the kernel's results" grep -qx 'arg2 i32\[5\]: 11 22 33 44 55' "$OUT/stdout"
for f in run.fst run.gtkw run.gsi.txt run.trap.txt run.mem.txt; do
  check "$f written" test -s "$OUT/$f"
done
[ -s "$OUT/run.gtkw" ] && [ -s "$OUT/run.fst" ] || finish
fst2vcd "$OUT/run.fst" >"$OUT/run.vcd" 2>/dev/null
check "fst2vcd reads the FST" test -s "$OUT/run.vcd"

# ---- the rest: in python3 (VCD and .gtkw parsing) --------------------------------
WW_DISASM_TEXT=$("$WW" disasm "$KERNEL") || bad "warpwatch disasm failed"
export WW_DISASM_TEXT
python3 - "$OUT" "$(realpath "$OUT/run.fst")" "$(realpath "$KERNEL")" cmodel/include/ww_proto.h \
  >"$OUT/checks.out" 2>&1 <<'EOF'
import os, re, subprocess, sys, select

out, fst_abs, elf_abs, proto = sys.argv[1:5]
npass = nfail = 0
def check(cond, what):
    global npass, nfail
    if cond:
        npass += 1
    else:
        nfail += 1
        print("FAIL: " + what)
    return cond

gtkw = open(os.path.join(out, "run.gtkw")).read().splitlines()
stdout = open(os.path.join(out, "stdout")).read()

# ---- the VCD: variables by full name, value changes per id ----
scopes, ids, changes = [], {}, {}
t = 0
with open(os.path.join(out, "run.vcd")) as f:
    in_defs = True
    timescale = None
    lines = iter(f)
    for line in lines:
        tok = line.split()
        if not tok:
            continue
        if in_defs:
            if tok[0] == "$timescale":
                rest = tok[1:] if len(tok) > 1 else next(lines).split()
                timescale = rest[0] if rest[0] != "$end" else None
            elif tok[0] == "$scope":
                scopes.append(tok[2])
            elif tok[0] == "$upscope":
                scopes.pop()
            elif tok[0] == "$var":
                ids[".".join(scopes + [tok[4]])] = tok[3]
            elif tok[0] == "$enddefinitions":
                in_defs = False
            continue
        c = tok[0]
        if c[0] == "#":
            t = int(c[1:])
        elif c[0] in "01xzXZ" and len(tok) == 1:
            changes.setdefault(c[1:], []).append((t, c[0]))
        elif c[0] in "bB":
            changes.setdefault(tok[1], []).append((t, c[1:]))
def value(name, at):
    """the value of a variable at time `at` (after the changes at `at`)"""
    v = None
    for tt, vv in changes.get(ids[name], []):
        if tt > at:
            break
        v = vv
    return v
def rises(name):
    ch, prev, r = changes.get(ids[name], []), None, []
    for tt, vv in ch:
        if vv == "1" and prev != "1":
            r.append(tt)
        prev = vv
    return r
def falls_after(name, at):
    for tt, vv in changes.get(ids[name], []):
        if tt > at and vv == "0":
            return tt
    return None

# ---- the view's header: dump file, launch, markers ----
dump = [l for l in gtkw if l.startswith("[dumpfile]")]
check(dump == ['[dumpfile] "%s"' % fst_abs], "the view names the FST %s: %s" % (fst_abs, dump))
m = [re.search(r"launch_cycle=(-?\d+) end_cycle=(-?\d+) units_per_cycle=(\d+)", l) for l in gtkw]
m = [x for x in m if x]
if not check(len(m) == 1, "the view reports its launch cycle (warpwatch-view line)"):
    sys.exit(1)
L, E, U = (int(x) for x in m[0].groups())
check(L > 0 and E > L, "launch cycle %d, end cycle %d" % (L, E))
check(timescale == "1ps" and U == 1000, "timescale %s, %d units per cycle: 1 ps, one cycle per ns" % (timescale, U))
stars = [l for l in gtkw if l.startswith("*")]
check(len(stars) == 1, "one zoom/marker line")
f = stars[0][1:].split()
check(len(f) == 28, "zoom, marker and 26 named markers: %d fields" % len(f))
zoom, marker, ma, mb = float(f[0]), int(f[1]), int(f[2]), int(f[3])
check(marker == L * U and ma == L * U, "marker %d and A %d at the launch %d" % (marker, ma, L * U))
check(mb == E * U, "marker B %d at the end %d" % (mb, E * U))
ts = [int(l.split()[1]) for l in gtkw if l.startswith("[timestart]")]
check(len(ts) == 1 and ts[0] <= L * U and L * U - ts[0] <= 10 * U,
      "the view starts at most 10 cycles before the launch: %s" % ts)
frame = int(2 ** (-zoom))   # GTKWave: one labelled time-axis division per 200 pixels
check(frame % U == 0 and 5 <= frame // U <= 20,
      "a time-axis division of %d units: a whole number of cycles (ns), 5 to 20 of them" % frame)

# ---- the FST at those times ----
clk_r = rises("TOP.clk_i")
check(len(clk_r) > E and all(r % U == U // 2 for r in clk_r),
      "the clock rises at N ns + 500 ps: %s" % [r for r in clk_r if r % U != U // 2][:4])
check(all(b - a == U for a, b in zip(clk_r, clk_r[1:])), "one clock cycle per ns")
check(value("TOP.rst_ni", L * U) == "1", "reset is deasserted at the marker")
st = rises("TOP.start_i")
check(st == [L * U], "the one start pulse rises at the marker: %s vs %d" % (st, L * U))
check(falls_after("TOP.start_i", L * U) == (L + 1) * U, "the start pulse lasts one cycle")
check(value("TOP.imem_we_i", L * U) == "0", "instruction loading is over at the marker")
# (a register changes at the rising edge: its value at N ns is cycle N's)
check(value("TOP.done_o", E * U) == "1" and value("TOP.done_o", (E - 1) * U) == "0" and
      value("TOP.busy_o", L * U) == "0" and value("TOP.busy_o", (L + 1) * U) == "1",
      "busy_o from kernel cycle 1 (at A + 1 ns), done_o first in the cycle of marker B")
cyc = re.search(r"^rtl: (\d+) cycles", stdout, re.M)
check(cyc and int(cyc.group(1)) == E - L,
      "B - A = %d cycles, warpwatch printed %s" % (E - L, cyc and cyc.group(1)))

# ---- every named signal exists ----
def sig_name(l):
    l = re.sub(r"^\+\{[^}]*\} ", "", l)
    return re.sub(r"\[\d+:\d+\]$", "", l)
traces = []   # (flags, filter line or None, alias, name)
flags, filt = 0, None
for l in gtkw:
    if l.startswith("@"):
        flags, filt = int(l[1:], 16), None
    elif l.startswith("^"):
        filt = l
    elif l and l[0] not in "[*-":
        a = re.match(r"^\+\{([^}]*)\} (.*)$", l)
        traces.append((flags, filt, a.group(1) if a else l, a.group(2) if a else l))
missing = [n for _, _, _, n in traces if sig_name(n) not in ids]
check(traces and not missing, "%d traces, not in the FST: %s" % (len(traces), missing[:5]))

# ---- groups ----
BEGIN, END, BLANK = 0x800000, 0x1000000, 0x200
groups, stack, errors = [], [], []
flags = 0
members = {}
for l in gtkw:
    if l.startswith("@"):
        flags = int(l[1:], 16)
    elif l.startswith("-") and flags & BEGIN:
        groups.append(l[1:])
        stack.append(l[1:])
        members[l[1:]] = []
    elif l.startswith("-") and flags & END:
        if not stack or stack.pop() != l[1:]:
            errors.append(l)
    elif l and l[0] not in "[*^-":
        for g in stack:
            members[g].append(sig_name(l))
check(not errors and not stack, "group ends match their begins: %s %s" % (errors, stack))
check(len(groups) == len(set(groups)), "group labels are distinct")
sms = sorted({int(x) for x in re.findall(r"TOP\.ww_gpu\.g_sm\[(\d+)\]\.", "\n".join(ids))})
warps = sorted({int(x) for x in re.findall(r"TOP\.ww_gpu\.g_sm\[0\]\.u_sm\.g_dbg\[(\d+)\]\.", "\n".join(ids))})
check(len(sms) >= 1 and len(warps) >= 1, "SMs %s and warps %s in the FST" % (sms, warps))
hdr = [l for l in gtkw if "NUM_SM=" in l]
check(hdr and "NUM_SM=%d " % len(sms) in hdr[0] and "WARPS=%d " % len(warps) in hdr[0],
      "the view's header names the FST's SMs and warps: %s" % hdr)
for s in sms:
    check("SM %d" % s in groups, "group SM %d" % s)
    for w in warps:
        g = "SM %d warp %d" % (s, w)
        pc = "TOP.ww_gpu.g_sm[%d].u_sm.g_dbg[%d].pc" % (s, w)
        if check(g in groups, "group " + g):
            check(pc in members[g], "group %s holds %s" % (g, pc))
            check(g in members and all(m in members["SM %d" % s] for m in members[g]),
                  "group %s is inside group SM %d" % (g, s))

# ---- translate filter files against ww_proto.h ----
def proto_list(p):
    text = open(proto).read()
    body = re.search(r"#define WW_%s_LIST\(X\)((?:.*\\\n)*.*\n)" % p, text)
    return [(n, int(v, 0), t) for n, v, t in
            re.findall(r'X\((\w+), (0x[0-9a-fA-F]+|\d+), "([^"]*)"\)', body.group(1))]
def filter_file(fl):
    m = re.match(r"^\^(\d+) (.*)$", fl or "")
    if not m or m.group(1) == "0" or not os.path.isfile(m.group(2)):
        return None
    d = {}
    for l in open(m.group(2)):
        if l.strip() and not l.lstrip().startswith("#"):
            k, v = l.split(None, 1)
            d[k] = v.strip()
    return d
def named(pattern):
    return [(fl, ft, n) for fl, ft, _, n in traces if re.search(pattern, n)]
for what, pattern, key in (("GSI", r"\.dbg_stall\[|\.u_gsi\.cyc\[|\.u_gsi\.g_warp\[\d+\]\.r\[", "text"),
                           ("TRAP", r"\.trap_kind_o\[", "name"),
                           ("MEM", r"\.ret_mem_o\[", "name")):
    codes = proto_list(what)
    want = {str(v): (t if key == "text" else n.lower()) for n, v, t in codes}
    tr = named(pattern)
    check(len(codes) >= 2 and tr, "%s: %d codes in ww_proto.h, %d traces" % (what, len(codes), len(tr)))
    for fl, ft, n in tr:
        d = filter_file(ft)
        if not check(d is not None and fl & 0x2000 and fl & 0x4,
                     "%s is shown in decimal through a translate filter file (@%x %s)" % (n, fl, ft)):
            continue
        check(d == want, "%s: the filter maps %s, ww_proto.h %s" % (n, d, want))

# ---- the disassembly filters ----
dis = {}   # pc -> (word, text, src)
for l in os.environ["WW_DISASM_TEXT"].splitlines():
    m = re.match(r"^  ([0-9a-f]{8}):  ([0-9a-f]{8})  (.*)$", l)
    if m:
        txt, src = m.group(3)[:36].rstrip(), m.group(3)[37:].strip()
        dis[int(m.group(1), 16)] = (int(m.group(2), 16), txt, src)
check(len(dis) > 10, "warpwatch disasm lists %d instructions" % len(dis))
pcs = named(r"\.g_dbg\[\d+\]\.pc\[|\.ret_pc_o\[")
procs = {ft for fl, ft, n in pcs}
check(len(pcs) > 0 and all(fl & 0x4000 and fl & 0x2 for fl, _, _ in pcs),
      "the PC traces are hex through a process filter")
check(len(procs) == 1, "one PC filter: %s" % procs)
pf = re.match(r"^\^>1 (\S+) (.+)$", next(iter(procs)) or "")
if check(pf and pf.group(2) == elf_abs and os.access(pf.group(1), os.X_OK),
         "the PC filter is an executable given the kernel: %s" % procs):
    p = subprocess.Popen([pf.group(1), pf.group(2)], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True, errors="replace")
    def ask(v):   # one line in, one line back (flushed: GTKWave waits for it)
        p.stdin.write(v + "\n")
        p.stdin.flush()
        r, _, _ = select.select([p.stdout], [], [], 10)
        return p.stdout.readline().rstrip("\n") if r else None
    # a PC from the wave: warp 0 of SM 0, five cycles into the kernel
    wpc = value("TOP.ww_gpu.g_sm[0].u_sm.g_dbg[0].pc", (L + 5) * U)
    wpc = int(wpc, 2) if wpc and set(wpc) <= set("01") else None
    check(wpc in dis, "the wave's PC of SM 0 warp 0 at kernel cycle 5 is code: %s" % wpc)
    bad_pcs = []
    for pc in ([wpc] if wpc in dis else []) + sorted(dis):
        w, txt, src = dis[pc]
        want = "%x: %s  %s" % (pc, txt, src) if src else "%x: %s" % (pc, txt)
        got = ask("%08x" % pc)
        if got != want:
            bad_pcs.append((hex(pc), got, want))
    check(not bad_pcs, "the PC filter answers like warpwatch disasm: %s" % bad_pcs[:3])
    check(ask("xxxxxxxx") == "xxxxxxxx", "an unknown value comes back unchanged")
    p.stdin.close()
    check(p.wait(timeout=10) == 0, "the PC filter ends with its input")
insns = named(r"\.ret_insn_o\[")
wf = {ft for _, ft, _ in insns}
wm = re.match(r"^\^>2 (\S+)$", next(iter(wf)) if len(wf) == 1 else "")
if check(insns and wm and all(fl & 0x4000 for fl, _, _ in insns),
         "the instruction-word traces use the word filter: %s" % wf):
    words = [(pc, w, txt) for pc, (w, txt, _) in sorted(dis.items())]
    r = subprocess.run([wm.group(1)], input="".join("%08x\n" % w for _, w, _ in words),
                       capture_output=True, text=True, timeout=20)
    got = r.stdout.splitlines()
    wrong = []
    for (pc, w, txt), g in zip(words, got):
        m = re.match(r"^(.*, )0x([0-9a-f]+)$", txt)
        if m and " pc" in g:   # a branch or jump: the target as an offset
            tgt = int(m.group(2), 16)
            exp = "%spc%+d" % (m.group(1), tgt - pc)
            exp = exp.replace("pc+-", "pc-")
        else:
            exp = txt
        if g != exp:
            wrong.append((hex(pc), g, exp))
    check(len(got) == len(words) and not wrong, "the word filter disassembles: %s" % wrong[:3])

print("PYRESULT %d %d" % (npass, nfail))
EOF
grep -v '^PYRESULT ' "$OUT/checks.out"
if read -r _ p f < <(grep '^PYRESULT ' "$OUT/checks.out"); then
  pass=$((pass + p)) fail=$((fail + f))
else
  bad "the checks did not finish (see above)"
fi
finish
