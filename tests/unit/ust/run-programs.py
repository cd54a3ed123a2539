#!/usr/bin/env python3
"""Runs programs built against our UST headers and checks what they do.

  run-programs.py hello EXE HARNESS
  run-programs.py bench EXE HARNESS
  run-programs.py dynamic APP PROVIDER_SO HARNESS

Without a session daemon (and without the harness) a program must behave
exactly as if it were not instrumented. With the capture harness
(capture-preload.c) preloaded, its events must be recorded with exact
payloads: the harness writes "<event> <hex payload>" lines at exit.
"""
import os
import re
import struct
import subprocess
import sys
import tempfile


def fail(msg):
    sys.exit("FAIL: " + msg)


def run(argv, preload=(), env_extra=None):
    """Runs argv; returns (stdout, stderr, captured records or None)."""
    env = dict(os.environ)
    env.pop("LD_PRELOAD", None)
    env.update(env_extra or {})
    out_path = None
    if preload:
        fd, out_path = tempfile.mkstemp(prefix="ust-capture-")
        os.close(fd)
        env["LD_PRELOAD"] = ":".join(preload)
        env["UST_CAPTURE_OUT"] = out_path
        # Sanitized builds: preloaded objects come before the ASan runtime.
        env["ASAN_OPTIONS"] = env.get("ASAN_OPTIONS", "") + \
            ":verify_asan_link_order=0"
    proc = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True,
                          env=env, timeout=120)
    if proc.returncode != 0:
        fail(f"{argv} exited {proc.returncode}: {proc.stderr.decode()}")
    records = None
    if out_path:
        with open(out_path) as f:
            records = [tuple(line.split(" ")) for line in f.read().split("\n")
                       if line]
        os.unlink(out_path)
        records = [(name, bytes.fromhex(hexa)) for name, hexa in
                   [(r[0], r[1] if len(r) > 1 else "") for r in records]]
    return proc.stdout.decode(), proc.stderr.decode(), records


def expect_equal(what, got, want):
    if got != want:
        fail(f"{what}: got {got!r}, want {want!r}")


def check_hello(exe, harness):
    argv = [exe, "world", "and", "beyond"]
    want_out = "Hello, World!\nPress Enter to continue...\nQuitting now!\n"
    out, err, _ = run(argv)
    expect_equal("hello stdout", out, want_out)
    expect_equal("hello stderr", err, "")

    out, err, records = run(argv, preload=[harness])
    expect_equal("hello stdout (traced)", out, want_out)
    expect_equal("hello stderr (traced)", err, "")
    calls = [(23, "hi there!")] + [(i, a) for i, a in enumerate(argv)] + \
        [(16, "i^2")]
    want = [("hello_world:my_first_tracepoint",
             s.encode() + b"\0" + struct.pack("<i", n)) for n, s in calls]
    expect_equal("hello records", records, want)


def check_bench(exe, harness):
    out, err, _ = run([exe, "int", "1000"])
    if not re.fullmatch(r"kind=int events=1000 threads=1 "
                        r"ns_per_event=[0-9.]+ mevents_per_s=[0-9.]+\n", out):
        fail(f"bench output {out!r}")
    expect_equal("bench stderr", err, "")

    env = {"UST_CAPTURE_PATTERN": "bench:*"}
    _, _, records = run([exe, "str", "500", "2"], [harness], env)
    expect_equal("bench str records", len(records), 500)
    values = sorted(struct.unpack("<i", p[:4])[0] for _, p in records)
    expect_equal("bench str values", values,
                 sorted(list(range(250)) * 2))
    for name, payload in records:
        expect_equal("bench str event", name, "bench:str_event")
        expect_equal("bench str string", payload[4:], b"benchmark-payload\0")

    _, _, records = run([exe, "wide", "10"], [harness], env)
    want = [("bench:wide_event", struct.pack("<QQId", i, i * 7, i, i * 0.5))
            for i in range(10)]
    expect_equal("bench wide records", records, want)


def check_dynamic(app, provider, harness):
    with open(app, "rb") as f:
        if b"liblttng-ust.so" in f.read():
            fail(f"{app} must not be linked with liblttng-ust")
    out, err, _ = run([app])
    expect_equal("dyn-app stdout", out, "ticks=3\n")
    expect_equal("dyn-app stderr", err, "")

    out, err, records = run([app], [provider, harness])
    expect_equal("dyn-app stdout (provider preloaded)", out, "ticks=3\n")
    expect_equal("dyn-app records", records,
                 [("ust_tests_dyn:tick", struct.pack("<i", i))
                  for i in range(3)])


def main():
    scenario, args = sys.argv[1], sys.argv[2:]
    {"hello": check_hello, "bench": check_bench,
     "dynamic": check_dynamic}[scenario](*args)


if __name__ == "__main__":
    main()
