#!/usr/bin/python3
"""Cost per event of a program built against LTTng-UST 2.13's headers on
our liblttng-ust, beside the same binary on LTTng's own and the same
source built against our headers on ours (issue 18, binary
compatibility). A figure, never a pass/fail test.

    bench/ust-abi/ust-abi-bench.py [BUILD_DIR] [--kinds int,str,wide]

Uses the benchmark kit's application (../shared/bench/ust) and the
real LTTng extracted by ../shared/bench/anchor-install. Each program
runs under valgrind's callgrind in a recording session of its tracer's
own session daemon, twice (N1 and N2 events); the instructions per
event are (I(N2) - I(N1)) / (N2 - N1), start-up and tear-down cancel
out. Instruction counts, not time: this machine is shared and noisy.
"""
import argparse
import pathlib
import re
import shutil
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests/integration"))
from ust_anchor import Anchor, Ours, anchor_root, record  # noqa: E402

KIT = pathlib.Path("/work/shared/bench/ust")
N1, N2 = 20000, 120000


def instructions(impl, exe, kind, events, tag):
    """Total instructions (callgrind's Ir) of one traced run."""
    out = impl.work / f"callgrind-{tag}-{events}.out"
    argv = ["/usr/bin/valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
            exe, kind, str(events)]
    trace, _ = record(impl, argv, enable=["bench:*"], session=f"b{tag}{events}")
    recorded = sum(1 for r in trace if r.name.startswith("bench:"))
    text = out.read_text()
    m = re.search(r"^summary:\s+(\d+)", text, re.M) or \
        re.search(r"^totals:\s+(\d+)", text, re.M)
    return int(m.group(1)), recorded


def per_event(impl, exe, kind, tag):
    i1, r1 = instructions(impl, exe, kind, N1, tag)
    i2, r2 = instructions(impl, exe, kind, N2, tag)
    return (i2 - i1) / (N2 - N1), (r1, r2)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build_dir", nargs="?", default=str(ROOT / "build"))
    ap.add_argument("--kinds", default="int,str,wide")
    args = ap.parse_args()
    root = anchor_root()
    if root is None:
        sys.exit("the real LTTng is not extracted: run ../shared/bench/anchor-install")
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="ust-abi-bench-"))
    sources = [KIT / "app.c", KIT / "tp.c"]
    flags = [f"-I{KIT}", "-O2"]
    rows = []
    anchor = Anchor(root, tmp)
    ours = Ours(pathlib.Path(args.build_dir).resolve(), tmp)
    try:
        lttng_exe = anchor.build(sources, "app-lttng", flags)
        shutil.copy2(lttng_exe, ours.work / "app-lttng")
        ours_exe = ours.build(sources, "app-ours", flags)
        for kind in args.kinds.split(","):
            theirs, n_theirs = per_event(anchor, lttng_exe, kind, "lttng")
            mixed, n_mixed = per_event(ours, ours.work / "app-lttng", kind, "mixed")
            native, n_native = per_event(ours, ours_exe, kind, "ours")
            rows.append((kind, theirs, mixed, native, n_theirs, n_mixed, n_native))
    finally:
        anchor.close()
    print("| event | LTTng-built on LTTng | LTTng-built on ours | ours-built on ours |"
          " ratio mixed/LTTng | events recorded (LTTng, mixed, ours) |")
    print("|---|---|---|---|---|---|")
    for kind, t, m, n, nt, nm, nn in rows:
        print(f"| {kind} | {t:.0f} | {m:.0f} | {n:.0f} | {m / t:.2f} | {nt} {nm} {nn} |")
    print(f"\ninstructions per event (callgrind Ir, ({N2} - {N1}) events); work dir {tmp}")


if __name__ == "__main__":
    main()
