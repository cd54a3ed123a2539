"""Tracepoints fired from signal handlers (LTTng supports them): a
storm of SIGUSR1 whose handler traces, aimed at a thread that dlopens
and dlcloses a provider in a loop (probe registration and removal,
grace periods) and at main, while new threads start under timer signals
of their own (first registration in, or interrupted by, a handler).
The app must finish, and with a session active every event it emitted
is either read back by babeltrace2 or counted as discarded; also with a
perf counter context, which each thread opens on its first record.
A hang is reported with every thread's backtrace (gdb).
"""
import collections
import re
import shutil
import subprocess
import time

import pytest

from lttng_cli import Cli, Sessiond
from trace_reader import read_trace

# A hang, not slowness: the app takes about a second on a quiet machine.
DEADLINE_S = 300


@pytest.fixture
def chain(build_dir, lttng_env):
    sessiond = Sessiond(build_dir, lttng_env)
    assert sessiond.start().returncode == 0
    yield Cli(build_dir, lttng_env)
    sessiond.stop()


def backtraces(pid):
    if not shutil.which("gdb"):
        return "(no gdb to show the threads' backtraces)"
    proc = subprocess.run(["gdb", "-p", str(pid), "-batch", "-ex",
                           "thread apply all bt"], capture_output=True,
                          text=True, timeout=120)
    return proc.stdout


def run_storm(tool, env, rounds, threads):
    app = tool("tests/tools/ust-apps/sigstorm-app")
    module = tool("tests/tools/ust-apps/libsigstorm-dl-tp.so")
    proc = subprocess.Popen([str(app), str(module), str(rounds),
                             str(threads)], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + DEADLINE_S
    while proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.1)
    if proc.poll() is None:
        stacks = backtraces(proc.pid)
        proc.kill()
        proc.wait()
        pytest.fail(f"sigstorm-app hung (deadlock?) after {DEADLINE_S} s;"
                    f" its threads:\n{stacks}")
    out, err = proc.communicate()
    assert proc.returncode == 0, err
    m = re.search(r"emitted handler=(\d+) dl=(\d+) thread=(\d+) main=(\d+)",
                  out)
    assert m, out
    return dict(zip(("handler", "dl", "thread", "main"),
                    map(int, m.groups())))


def test_signal_storm_without_session_finishes(tool, lttng_env):
    emitted = run_storm(tool, lttng_env, 300, 200)
    assert emitted["handler"] > 0


# A perf counter context: each thread opens its counter on its first
# record, often in a handler, or interrupted by one.
@pytest.mark.parametrize("contexts", [[], ["perf:thread:page-fault"]],
                         ids=["no-context", "perf-context"])
def test_signal_handlers_trace_during_dlopen_dlclose_and_thread_starts(
        chain, tool, lttng_env, tmp_path, contexts):
    out = tmp_path / "trace"
    assert chain.run("create", "s", f"--output={out}").rc == 0
    r = chain.run("enable-channel", "-u", "ch", "--subbuf-size=1M",
                  "--num-subbuf=8")
    assert r.rc == 0, r.err
    for context in contexts:
        r = chain.run("add-context", "-u", "-c", "ch", "-t", context)
        assert r.rc == 0, r.err
    for pattern in ("sigstorm:tick", "sigstorm_dl:ev"):
        r = chain.run("enable-event", "-u", "-c", "ch", pattern)
        assert r.rc == 0, r.err
    assert chain.run("start").rc == 0
    emitted = run_storm(tool, dict(lttng_env,
                                   LTTNG_UST_REGISTER_TIMEOUT="30000"),
                        300, 200)
    assert chain.run("destroy", "s").rc == 0

    metadata = list(out.rglob("metadata"))
    assert len(metadata) == 1
    trace = read_trace(metadata[0].parent)
    kinds = {0: "main", 1: "handler", 2: "thread"}
    recorded = collections.Counter()
    seqs = collections.defaultdict(set)
    for rec in trace:
        kind = "dl" if rec.name == "sigstorm_dl:ev" else \
            kinds[rec.fields["kind"]]
        recorded[kind] += 1
        seqs[kind].add(rec.fields["seq"])
    print(f"emitted {emitted}, recorded {dict(recorded)}, "
          f"discarded {trace.discarded_events}")
    assert emitted["handler"] > 0
    for kind, count in emitted.items():
        # no duplicate, no invented event
        assert len(seqs[kind]) == recorded[kind]
        assert seqs[kind] <= set(range(count + 1))
    assert sum(recorded.values()) + trace.discarded_events == \
        sum(emitted.values())
