#!/usr/bin/python3
"""Compares the traces two builds write, for a refactoring that must keep
the trace layout: the same scenarios (a normal session, rotation, clear,
snapshot, tracefile limits, regenerated metadata; user space and, as
root with tracefs, kernel) run with each build's daemons, then the file
trees (names, dates in chunk names replaced by DATE) and the metadata
texts (decoded from their packets; UUIDs, clock offsets, creation times
and process ids replaced by X) must be the same.

    tests/tools/compare_trace_layout.py BEFORE_BUILD AFTER_BUILD [WORKDIR]

Exits 0 when every scenario matches, 1 with the differences otherwise.
"""
import difflib
import os
import pathlib
import re
import struct
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] /
                       "integration"))
from kernel_support import KernelSession  # noqa: E402
from ust_tracing import Tracing  # noqa: E402

DATE = re.compile(r"\d{8}T\d{6}[+-]\d{4}|\d{8}-\d{6}")
VOLATILE = re.compile(
    r"\b(uuid|offset_s|offset|trace_creation_datetime|vpid|vpid_datetime|"
    r"boot_id|trace_name|hostname)(\s*=\s*)[^;]*;")


def env_in(tmp):
    home, run = tmp / "home", tmp / "run"
    home.mkdir(parents=True)
    run.mkdir()
    env = dict(os.environ)
    env.update(HOME=str(home), LTTNG_HOME=str(home), LTTNG_RUNDIR=str(run))
    return env


def metadata_text(path):
    data = path.read_bytes()
    if data[:4] != struct.pack("=I", 0x75D11D57):
        return data.decode(errors="replace")
    text, at = [], 0
    while at + 37 <= len(data):
        content, size = struct.unpack_from("=II", data, at + 24)
        text.append(data[at + 37:at + content // 8].decode(errors="replace"))
        at += size // 8
    return "".join(text)


def describe(out):
    """The tree under out and its metadata, normalized, as lines."""
    lines = []
    for p in sorted(out.rglob("*")):
        rel = DATE.sub("DATE", str(p.relative_to(out)))
        lines.append(rel + ("/" if p.is_dir() else ""))
    for p in sorted(out.rglob("metadata")):
        rel = DATE.sub("DATE", str(p.relative_to(out)))
        lines.append(f"--- {rel}")
        lines += VOLATILE.sub(r"\1\2X;", metadata_text(p)).splitlines()
    return lines


def wait_for(predicate, timeout=30.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return False


def ust_scenarios(build, tmp):
    t = Tracing(build, env_in(tmp / "env"), tmp)
    t.start_daemon()
    app = t.app(wrapper=("taskset", "-c", "0"))  # one CPU's files fill
    results = {}
    try:
        def session(name, *create, channel=(), steps=()):
            out = tmp / name
            t.lttng("create", name, *create, *(() if "--snapshot" in create
                                               else (f"--output={out}",)))
            if channel:
                t.lttng("enable-channel", "-u", "c", *channel)
            t.lttng("enable-event", "-u", "-a",
                    *(("-c", "c") if channel else ()))
            t.lttng("start")
            app.emit(100)
            for step in steps:
                if step == "emit":
                    app.emit(100)
                else:
                    t.lttng(*step)
            t.lttng("destroy", name)
            results["ust " + name] = describe(out)

        session("normal")
        session("rotation", steps=(("rotate",), "emit"))
        session("clear", steps=(("clear",), "emit"))
        session("regenerate", steps=(("regenerate", "metadata"), "emit"))
        session("tracefile", channel=("--subbuf-size=4096",
                                      "--tracefile-size=8192",
                                      "--tracefile-count=2"),
                steps=("emit",) * 20)
        snap = tmp / "snapshot"
        t.lttng("create", "snapshot", "--snapshot", f"--output={snap}")
        t.lttng("enable-event", "-u", "-a")
        t.lttng("start")
        app.emit(100)
        t.lttng("snapshot", "record")
        t.lttng("destroy", "snapshot")
        results["ust snapshot"] = describe(snap)
    finally:
        app.quit()
        t.sessiond.stop()
    return results


def kernel_scenarios(build, tmp):
    ks = KernelSession(build, env_in(tmp / "env"))
    results = {}
    try:
        def session(name, *create, channel=(), steps=()):
            out = tmp / name
            ks.ok("create", name, f"--output={out}", *create)
            ks.ok("enable-channel", "-k", "c", "--subbuf-size=4096",
                  "--switch-timer=100000", *channel)
            ks.ok("enable-event", "-k", "sched_switch", "-c", "c")
            ks.ok("start")
            for step in steps:
                ks.ok(*step)
            if channel:  # both files of every CPU's ring
                wait_for(lambda: len(list((out / "kernel").glob("c_*_1")))
                         == os.cpu_count())
            ks.ok("destroy", name)
            results["kernel " + name] = describe(out)

        session("normal")
        session("rotation", steps=(("rotate",),))
        session("clear", steps=(("clear",),))
        session("regenerate", steps=(("regenerate", "metadata"),))
        session("tracefile", channel=("--tracefile-size=4096",
                                      "--tracefile-count=2"))
        snap = tmp / "snapshot"
        ks.ok("create", "snapshot", "--snapshot", f"--output={snap}")
        ks.ok("enable-event", "-k", "sched_switch")
        ks.ok("start")
        ks.ok("snapshot", "record")
        ks.ok("destroy", "snapshot")
        results["kernel snapshot"] = describe(snap)
    finally:
        ks.stop()
    return results


def run(build, tmp):
    results = ust_scenarios(build, tmp / "ust")
    if os.getuid() == 0 and pathlib.Path("/sys/kernel/tracing/trace").exists():
        results.update(kernel_scenarios(build, tmp / "kernel"))
    return results


def main():
    before, after = (pathlib.Path(a).resolve() for a in sys.argv[1:3])
    work = pathlib.Path(sys.argv[3] if len(sys.argv) > 3
                        else tempfile.mkdtemp(prefix="trace-layout-"))
    a = run(before, work / "before")
    b = run(after, work / "after")
    failed = False
    for name in sorted(set(a) | set(b)):
        diff = list(difflib.unified_diff(a.get(name, []), b.get(name, []),
                                         "before", "after", lineterm=""))
        print(f"{name}: {'different' if diff else 'same'}"
              f" ({len(b.get(name, []))} lines)")
        if diff:
            failed = True
            print("\n".join(diff[:60]))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
