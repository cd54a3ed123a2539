#!/usr/bin/python3
"""Measures how far the trace clock drifts from CLOCK_MONOTONIC.

For each trace clock asked (LTTNG_TRACE_CLOCK of a private session daemon,
all run at once), clock-drift-app emits clock_drift:sample every 10 ms
for --seconds, each carrying the CLOCK_MONOTONIC time it read just before
the event. babeltrace2 decodes each event's timestamp (ns from origin);
the difference `timestamp - mono_ns` is constant while the trace clock
keeps CLOCK_MONOTONIC's rate (the constant is the Epoch offset), so its
change from the first samples to the last ones is the drift.

With --ppm P (root), the kernel's frequency correction (adjtimex
ADJ_FREQUENCY) is moved by P ppm for the run, as NTP does when it
slews: CLOCK_MONOTONIC then runs P ppm faster than the hardware counter.
The original frequency is restored on every exit path (normal end,
exception, SIGINT, SIGTERM, SIGHUP); it is also written to
/tmp/clock-drift-saved-freq so that it can be restored by hand with
`clock-drift.py --restore` if this process is killed with SIGKILL.

  clock-drift.py --build BUILD_DIR [--seconds 600] [--ppm 100]
                 [--clocks monotonic,tsc]
Prints one line per clock: drift in us over the run, and in ppm.
"""
import argparse
import ctypes
import os
import pathlib
import signal
import statistics
import subprocess
import sys
import tempfile
import time

import bt2

SAVED = "/tmp/clock-drift-saved-freq"
ADJ_FREQUENCY = 0x0002


class Timex(ctypes.Structure):
    # struct timex of <sys/timex.h> on 64-bit Linux
    _fields_ = [("modes", ctypes.c_uint), ("offset", ctypes.c_long),
                ("freq", ctypes.c_long), ("maxerror", ctypes.c_long),
                ("esterror", ctypes.c_long), ("status", ctypes.c_int),
                ("constant", ctypes.c_long), ("precision", ctypes.c_long),
                ("tolerance", ctypes.c_long),
                ("time_sec", ctypes.c_long), ("time_usec", ctypes.c_long),
                ("tick", ctypes.c_long), ("ppsfreq", ctypes.c_long),
                ("jitter", ctypes.c_long), ("shift", ctypes.c_int),
                ("stabil", ctypes.c_long), ("jitcnt", ctypes.c_long),
                ("calcnt", ctypes.c_long), ("errcnt", ctypes.c_long),
                ("stbcnt", ctypes.c_long), ("tai", ctypes.c_int),
                ("pad", ctypes.c_int * 11)]


libc = ctypes.CDLL(None, use_errno=True)


def adjtimex(modes=0, freq=0):
    t = Timex(modes=modes, freq=freq)
    if libc.adjtimex(ctypes.byref(t)) < 0:
        err = ctypes.get_errno()
        raise OSError(err, os.strerror(err))
    return t.freq


def set_freq(freq):
    adjtimex(ADJ_FREQUENCY, freq)
    assert adjtimex() == freq


class FrequencyShift:
    """Moves the kernel's frequency correction by ppm until exit."""

    def __init__(self, ppm):
        self.ppm = ppm
        self.original = None

    def __enter__(self):
        self.original = adjtimex()
        with open(SAVED, "w") as f:
            f.write(f"{self.original}\n")
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(sig, self.on_signal)
        set_freq(self.original + int(self.ppm * 65536))
        print(f"adjtimex: freq {self.original / 65536:+.3f} ppm -> "
              f"{adjtimex() / 65536:+.3f} ppm", flush=True)
        return self

    def restore(self):
        if self.original is not None:
            set_freq(self.original)
            print(f"adjtimex: freq restored to {self.original / 65536:+.3f}"
                  " ppm", flush=True)
            self.original = None
            os.unlink(SAVED)

    def on_signal(self, signum, frame):
        self.restore()
        sys.exit(128 + signum)

    def __exit__(self, *exc):
        self.restore()


class Tracer:
    """A private session daemon recording clock_drift:sample with one clock."""

    def __init__(self, build, clock, top):
        self.build = build
        self.clock = clock
        self.dir = pathlib.Path(top) / clock
        home, run = self.dir / "home", self.dir / "run"
        home.mkdir(parents=True)
        run.mkdir()
        self.out = self.dir / "trace"
        self.env = dict(os.environ, HOME=str(home), LTTNG_HOME=str(home),
                        LTTNG_RUNDIR=str(run), LTTNG_TRACE_CLOCK=clock,
                        LD_LIBRARY_PATH=str(build / "src/lib/lttng-ust"))
        self.pid_file = (run if os.getuid() == 0 else home / ".lttng") / \
            "lttng-sessiond.pid"
        subprocess.run([str(build / "src/bin/lttng-sessiond/lttng-sessiond"),
                        "--daemonize"], env=self.env, check=True, timeout=60)
        self.lttng("create", "drift", f"--output={self.out}")
        self.lttng("enable-event", "-u", "clock_drift:sample")
        self.lttng("start")

    def lttng(self, *args):
        subprocess.run([str(self.build / "src/bin/lttng/lttng"), *args],
                       env=self.env, check=True, timeout=120,
                       stdout=subprocess.DEVNULL)

    def app(self, seconds):
        return subprocess.Popen(
            [str(self.build / "bench/clock-drift/clock-drift-app"),
             str(seconds)], env=self.env, stdout=subprocess.PIPE, text=True)

    def finish(self):
        self.lttng("destroy")

    def close(self):
        try:
            pid = int(self.pid_file.read_text())
            os.kill(pid, signal.SIGTERM)
        except (OSError, ValueError):
            pass


def differences(trace_dir):
    """(mono_ns, timestamp ns from origin - mono_ns) per sample."""
    out = []
    it = bt2.TraceCollectionMessageIterator(str(trace_dir))
    for msg in it:
        if type(msg) is not bt2._EventMessageConst:
            continue
        if msg.event.name != "clock_drift:sample":
            continue
        mono = int(msg.event.payload_field["mono_ns"])
        ts = msg.default_clock_snapshot.ns_from_origin
        out.append((mono, ts - mono))
    return out


def drift(samples, edge=200):
    """Change of the difference from the first to the last `edge` samples
    (medians, so one preempted sample does not count), in ns, and the
    elapsed CLOCK_MONOTONIC time between them."""
    first = statistics.median(d for _, d in samples[:edge])
    last = statistics.median(d for _, d in samples[-edge:])
    elapsed = samples[-1][0] - samples[0][0]
    return last - first, elapsed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", type=pathlib.Path, default=pathlib.Path("build"))
    ap.add_argument("--seconds", type=float, default=600)
    ap.add_argument("--ppm", type=float, default=0)
    ap.add_argument("--clocks", default="monotonic,tsc")
    ap.add_argument("--restore", action="store_true",
                    help="restore the frequency saved by a killed run")
    args = ap.parse_args()
    if args.restore:
        with open(SAVED) as f:
            set_freq(int(f.read()))
        os.unlink(SAVED)
        return 0
    build = args.build.resolve()
    top = tempfile.mkdtemp(prefix="clock-drift.")
    tracers = []
    try:
        for clock in args.clocks.split(","):
            tracers.append(Tracer(build, clock, top))
        shift = FrequencyShift(args.ppm) if args.ppm else None
        if shift:
            shift.__enter__()
        try:
            apps = [t.app(args.seconds) for t in tracers]
            for a in apps:
                out, _ = a.communicate()
                assert a.returncode == 0 and out.startswith("done"), out
        finally:
            if shift:
                shift.__exit__(None, None, None)
        for t in tracers:
            t.finish()
        for t in tracers:
            samples = differences(t.out)
            d, elapsed = drift(samples)
            jitter = max(abs(x - samples[0][1]) for _, x in samples)
            print(f"clock={t.clock} ppm_applied={args.ppm:+g} "
                  f"samples={len(samples)} elapsed_s={elapsed / 1e9:.1f} "
                  f"drift_us={d / 1e3:+.1f} drift_ppm={d / elapsed * 1e6:+.2f} "
                  f"max_abs_dev_us={jitter / 1e3:.1f} "
                  f"per_hour_ms={d / elapsed * 3600e9 / 1e6:+.2f}",
                  flush=True)
    finally:
        for t in tracers:
            t.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
