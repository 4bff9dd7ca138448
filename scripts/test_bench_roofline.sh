#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# test_bench_roofline.sh -- self-test of scripts/bench_roofline.sh (`make
# test`: bench/roofline), without the RTL: the script runs with stand-in
# tools (ROOF_*), a stand-in configuration and known cycle counts, and its
# report must hold the numbers worked out by hand below; broken runs must
# fail it. Then the real DRAM peak tool (build/vgpu/dram_peak), when built,
# must measure what the configuration gives.
#
# Stand-in configuration: 4 SMs x 2 warps x 8 lanes, 8 partitions, 64-byte
# lines, 3 L1 MSHRs; the DRAM interval is 2 (the stand-in dram_peak says so).
# The stand-in CLI computes the kernels' results and answers
#   pchase: 500 + 120 x steps cycles -> round trip 120
#   stream: 100000 cycles, vecadd: 64000 cycles
# and places buffers from 0x20020 on, each rounded up to 32 bytes, so they
# are not line-aligned (the footprint must come from the addresses).
# Expected (by hand):
#   outstanding 3 x 4 = 12 lines; littles_bound 12 x 64 / 120 = 6.4 B/cycle
#   dram_peak 8 x 64 / 2 = 256 B/cycle
#   stream (UNROLL 2 in the stand-in source, 2 rounds, 64 threads): 256
#     lines; `in` starts 32 bytes into a line, so line l's word (byte
#     64 l + 4 (l % 16) + 32) is in line l + 1 when l % 16 >= 8: lines l with
#     l % 16 = 15 share theirs with l + 1, except l = 255 (there is no line
#     256 to read), 256 - 15 = 241 lines; `out` (256 bytes at 32 mod 64) 5
#     lines: 246 x 64 = 15744 bytes, 0.15744 B/cycle
#   vecadd n = 1008 (4032 bytes = 63 lines per array, but 32 bytes into a
#     line: 64 each): 192 x 64 = 12288 bytes, 0.192 B/cycle
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
script=$here/bench_roofline.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
check() {  # check OK MESSAGE
  if [ "$1" = 1 ]; then
    pass=$((pass + 1)); echo "PASS $2"
  else
    fail=$((fail + 1)); echo "FAIL $2"
  fi
}

# ---- stand-ins ---------------------------------------------------------------------------
mkdir -p "$tmp/kernels"
for k in pchase stream vecadd; do echo stand-in >"$tmp/kernels/$k.elf"; done
cat >"$tmp/ww_config.h" <<'EOF'
#define WW_NUM_SM             4      /* stand-in */
#define WW_WARPS_PER_SM       2
#define WW_LANES              8
#define WW_NUM_PART           8
#define WW_LINE_BYTES         64
#define WW_L1_MSHRS           3
#define WW_L1_WQ              2
#define WW_DRAM_LATENCY       50
EOF
printf '#define UNROLL 2\n' >"$tmp/stream.c"

cat >"$tmp/dram_peak" <<'EOF'
#!/usr/bin/env bash
echo "dram_peak: channels=8 line_bytes=64 latency=50 interval=2 window=4096 answers=16384 bytes=1048576 bytes_per_cycle=${STANDIN_PEAK:-256.000}"
EOF

cat >"$tmp/warpwatch" <<'EOF'
#!/usr/bin/env python3
# stand-in for `warpwatch run ... --json`: computes pchase, stream (UNROLL 2)
# and vecadd, with fixed cycle counts; STANDIN_BREAK breaks one run
import json, os, struct, sys
a = sys.argv[1:]
assert a[0] == "run", a
kernel = os.path.basename(a[1])[:-4]
rtl = "--backend" in a
brk = os.environ.get("STANDIN_BREAK", "")
grid = int(a[a.index("--grid") + 1]); block = int(a[a.index("--block") + 1])
args, bufs, prints, nxt = [], {}, [], 0x20020
i = 2
while i < len(a):
    if a[i] == "--arg":
        v = a[i + 1]
        if v.startswith("buf:="):
            data = bytearray(open(v[5:], "rb").read())
        elif v.startswith("buf:"):
            data = bytearray(int(v[4:]))
        else:
            args.append(int(v, 0)); i += 2; continue
        bufs[len(args)] = (nxt, data); args.append(nxt)
        nxt += (len(data) + 31) // 32 * 32
        i += 2
    elif a[i] == "--print":
        prints.append(a[i + 1]); i += 2
    else:
        i += 1
def word(n, k): return struct.unpack_from("<I", bufs[n][1], 4 * k)[0]
def put(n, k, v): struct.pack_into("<I", bufs[n][1], 4 * k, v & 0xFFFFFFFF)
G = grid * block
if kernel == "pchase":
    off = args[1]
    for _ in range(args[2]):
        off = word(0, off // 4)
    for g in range(G):
        put(3, g, off)
    cycles = 500 + (0 if brk == "rtt-flat" else 120 * args[2])
elif kernel == "stream":
    nl, rounds, wpl = args[2], args[3], 64 // 4
    for g in range(G):
        s = 0
        for r in range(rounds):
            for u in range(2):
                l = ((r * 2 + u) * G + g) & (nl - 1)
                s += word(0, l * wpl + l % wpl)
        put(1, g, s)
    cycles = 100000
    if brk == "stream-ref" and not rtl:
        put(1, 3, word(1, 3) + 1)
else:
    for k in range(args[3]):
        put(2, k, word(0, k) + word(1, k))
    cycles = 64000
    if brk == "vecadd-rtl" and rtl:
        put(2, 5, word(2, 5) ^ 1)
out = {"status": "ok", "kernel": a[1], "backend": "verilator" if rtl else "cmodel",
       "cycles": cycles if rtl else None, "trap": None, "buffers": []}
if brk == "pchase-trap" and rtl and kernel == "pchase":
    out.update(status="trap", trap={"message": "stand-in trap"})
for p in prints:
    f = p.split(":"); n = int(f[0]); addr, data = bufs[n]
    cnt = int(f[2]) if len(f) > 2 else len(data) // 4
    vals = [struct.unpack_from("<i" if f[1] == "i32" else "<I", data, 4 * k)[0] for k in range(cnt)]
    out["buffers"].append({"arg": n, "type": f[1], "addr": addr, "count": cnt, "values": vals})
print(json.dumps(out))
EOF
chmod +x "$tmp/dram_peak" "$tmp/warpwatch"

# roof NAME [ENV=V ...]: bench_roofline.sh with the stand-ins into $tmp/NAME;
# exit status in $tmp/NAME/rc, stdout and stderr beside it
roof() {
  local name=$1
  shift
  mkdir -p "$tmp/$name"
  env ROOF_WW="$tmp/warpwatch" ROOF_DRAM_PEAK="$tmp/dram_peak" ROOF_CONFIG="$tmp/ww_config.h" \
      ROOF_KERNELS="$tmp/kernels" ROOF_STREAM_SRC="$tmp/stream.c" ROOF_OUT="$tmp/$name" \
      ROOF_PCHASE_NODES=32 ROOF_PCHASE_STEPS="8 32" ROOF_STREAM_ROUNDS=2 ROOF_VECADD_N=1008 "$@" \
      "$script" >"$tmp/$name/out" 2>"$tmp/$name/err"
  echo $? >"$tmp/$name/rc"
}
rc() { cat "$tmp/$1/rc"; }
has() { grep -qF -- "$2" "$tmp/$1/$3"; }

# ---- a good run: every number as worked out above ------------------------------------
roof good
check "$([ "$(rc good)" = 0 ] && echo 1)" "good run exits 0 (rc $(rc good): $(tail -1 "$tmp/good/err"))"
while read -r verdict what; do
  check "$([ "$verdict" = PASS ] && echo 1)" "$what"
done < <(python3 - "$tmp/good/roofline.json" <<'PY'
import json, sys
try:
    d = json.load(open(sys.argv[1]))
except (OSError, ValueError) as e:
    print("FAIL roofline.json: %s" % e); sys.exit(0)
def near(x, want):
    return isinstance(x, (int, float)) and abs(x - want) <= 1e-3 * max(abs(want), 1e-9)
k = d.get("kernels", {}); s = k.get("stream", {}); v = k.get("vecadd", {})
cases = [
    ("round trip 120 cycles from (4340 - 1460) / (32 - 8)", near(d.get("round_trip_cycles"), 120)),
    ("outstanding lines = WW_L1_MSHRS 3 x WW_NUM_SM 4 = 12", d.get("outstanding_lines") == 12),
    ("littles_bound = 12 x 64 / 120 = 6.4", near(d.get("littles_bound_bytes_per_cycle"), 6.4)),
    ("dram_peak = 8 x 64 / 2 = 256, from the configuration", near(d.get("dram_peak_bytes_per_cycle"), 256)),
    ("dram_peak measured 256 (stand-in tool)", near(d.get("dram_peak_measured_bytes_per_cycle"), 256)),
    ("stream: 246 lines x 64 = 15744 bytes from the buffer addresses", s.get("bytes") == 15744),
    ("stream: 100000 cycles, achieved 0.15744", s.get("cycles") == 100000 and near(s.get("achieved_bytes_per_cycle"), 0.15744)),
    ("stream: of_littles 0.15744 / 6.4 = 0.0246", near(s.get("of_littles_bound"), 0.0246)),
    ("stream: of_dram 0.15744 / 256 = 0.000615", near(s.get("of_dram_peak"), 0.000615)),
    ("stream: lines in flight 0.15744 / 64 x 120 = 0.2952", near(s.get("lines_in_flight"), 0.2952)),
    ("vecadd: 192 lines x 64 = 12288 bytes, achieved 0.192", v.get("bytes") == 12288 and near(v.get("achieved_bytes_per_cycle"), 0.192)),
    ("vecadd: of_littles 0.192 / 6.4 = 0.03, of_dram 0.192 / 256 = 0.00075",
     near(v.get("of_littles_bound"), 0.03) and near(v.get("of_dram_peak"), 0.00075)),
    ("every value is named measured or derived", all(key in d.get("kind", {}) for key in (
        "round_trip_cycles", "outstanding_lines", "littles_bound_bytes_per_cycle",
        "dram_peak_bytes_per_cycle", "dram_peak_measured_bytes_per_cycle"))),
    ("the bytes definition is in the report", "footprint" in d.get("bytes", "")),
    ("commands: the RTL runs with --backend verilator --cosim off, the golden run without",
     "--backend verilator --cosim off" in s.get("command", "") and "--backend" not in s.get("golden_command", "x --backend")),
    ("two round-trip runs, 8 and 32 steps, with their commands",
     [r.get("steps") for r in d.get("round_trip_runs", [])] == [8, 32] and all(r.get("command") for r in d["round_trip_runs"])),
]
for what, ok in cases:
    print("%s %s" % ("PASS" if ok else "FAIL", what))
PY
)
for s in "round trip" "(4340 - 1460) cycles / (32 - 8) loads" "WW_L1_MSHRS 3 x WW_NUM_SM 4" "6.400" \
         "256.000" "0.1574" "0.1920" "--backend verilator --cosim off" "checks against the golden model"; do
  check "$(has good "$s" out && echo 1)" "table shows: $s"
done

# ---- broken runs must fail -----------------------------------------------------------------
roof vecadd_rtl STANDIN_BREAK=vecadd-rtl
check "$([ "$(rc vecadd_rtl)" = 1 ] && has vecadd_rtl "vecadd: result check failed" err && echo 1)" \
  "a wrong word in the RTL's vecadd fails (golden model and host)"
check "$(python3 -c 'import json,sys; k=json.load(open(sys.argv[1]))["kernels"]; print(int("vecadd" not in k and "stream" in k))' \
  "$tmp/vecadd_rtl/roofline.json" 2>/dev/null)" "  ... and vecadd has no achieved number, stream still has its"
roof stream_ref STANDIN_BREAK=stream-ref
check "$([ "$(rc stream_ref)" = 1 ] && has stream_ref "stream: result check failed" err && echo 1)" \
  "stream's RTL sums differing from the golden model's fail"
roof trap STANDIN_BREAK=pchase-trap
check "$([ "$(rc trap)" = 1 ] && has trap "the RTL run failed: stand-in trap" err && echo 1)" \
  "a pchase run that traps fails, with the trap's message"
roof flat STANDIN_BREAK=rtt-flat
check "$([ "$(rc flat)" = 1 ] && has flat "no positive round trip" err && echo 1)" \
  "cycles that do not grow with the steps give no round trip and fail"
roof peak STANDIN_PEAK=100.000
check "$([ "$(rc peak)" = 1 ] && has peak "dram_peak: measured 100.000 B/cycle, derived 256.000" err && echo 1)" \
  "a measured DRAM peak unlike the derived one fails"
roof odd ROOF_STREAM_ROUNDS=3
check "$([ "$(rc odd)" = 1 ] && has odd "power-of-two line count" err && echo 1)" \
  "a stream size that is not a power of two is refused"
roof missing ROOF_DRAM_PEAK="$tmp/no-such-tool"
check "$([ "$(rc missing)" = 1 ] && has missing "missing $tmp/no-such-tool" err && echo 1)" \
  "a missing tool is named"

# ---- the real DRAM peak tool: measured = WW_NUM_PART x WW_LINE_BYTES / interval -----------
peak_tool=${ROOF_TEST_DRAM_PEAK:-build/vgpu/dram_peak}
if [ -x "$peak_tool" ]; then
  cfgv() { sed -n "s/^#define WW_$1 *\([0-9]*\).*/\1/p" cmodel/include/ww_config.h; }
  np=$(cfgv NUM_PART) lb=$(cfgv LINE_BYTES)
  for iv in "" 3; do
    line=$(WW_DRAM_INTERVAL=$iv "$peak_tool")
    got=$(sed -n 's/.*bytes_per_cycle=\([0-9.]*\).*/\1/p' <<<"$line")
    want=$(python3 -c "print('%.3f' % ($np * $lb / ${iv:-1}))")
    check "$([ "$got" = "$want" ] && echo 1)" \
      "$peak_tool${iv:+ (WW_DRAM_INTERVAL=$iv)}: $got B/cycle = $np x $lb / ${iv:-1} ($line)"
  done
else
  echo "SKIP $peak_tool not built"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
