"""No event silently lost (issue 15, item 14).

* Threads at full speed into a small discard-mode channel, or into a
  larger one whose consumer daemon is stopped (SIGSTOP) for the whole
  run, so that the buffers are full when the session stops: every event
  the app emitted is either read back by babeltrace2 or counted in a
  discarded-events message (events_discarded of the packet contexts),
  exactly; none appears twice.
* An app started while sessions are active records from its very first
  event (a constructor after the tracer's, main's first line) into every
  active session: its constructor waits (up to LTTNG_UST_REGISTER_TIMEOUT)
  until the sessions' channels and events are applied and their streams
  mapped, not merely until it is registered.
"""
import collections
import concurrent.futures
import os
import pathlib
import re
import signal
import subprocess

import pytest

from lttng_cli import Cli, Sessiond
from trace_reader import read_trace

APP = "tests/tools/ust-apps/burst-app"


@pytest.fixture
def chain(build_dir, lttng_env):
    sessiond = Sessiond(build_dir, lttng_env)
    assert sessiond.start().returncode == 0
    yield Cli(build_dir, lttng_env)
    sessiond.stop()


def run_app(tool, env, threads, events):
    proc = subprocess.run([str(tool(APP)), str(threads), str(events)],
                          env=env, capture_output=True, text=True,
                          timeout=600)
    assert proc.returncode == 0, proc.stderr
    m = re.fullmatch(r"emitted=(\d+)\n", proc.stdout)
    assert m, proc.stdout
    return int(m.group(1))


def read(out):
    metadata = list(out.rglob("metadata"))
    assert metadata, f"no trace under {out}"
    return read_trace(*[m.parent for m in metadata]) if len(metadata) == 1 \
        else [read_trace(m.parent) for m in metadata]


def session(chain, name, out, *channel_opts, contexts=()):
    assert chain.run("create", name, f"--output={out}").rc == 0
    r = chain.run("enable-channel", "-u", "-s", name, "ch", *channel_opts)
    assert r.rc == 0, r.err
    for ctx in contexts:
        r = chain.run("add-context", "-u", "-s", name, "-c", "ch", "-t", ctx)
        assert r.rc == 0, r.err
    r = chain.run("enable-event", "-u", "-s", name, "-c", "ch", "burst:*")
    assert r.rc == 0, r.err
    assert chain.run("start", name).rc == 0


def check_accounting(trace, emitted):
    """recorded + discarded == emitted; returns the recorded count. A
    thread is known by its process's vpid (when the session has that
    context: several apps) and its index in the app."""
    per_thread = collections.defaultdict(list)
    starts = 0
    for rec in trace:
        if rec.name == "burst:start":
            starts += 1
        else:
            thread = (rec.common_context.get("vpid"), rec.fields["thread"])
            per_thread[thread].append(rec.fields["seq"])
    recorded = starts + sum(len(s) for s in per_thread.values())
    print(f"emitted {emitted}, recorded {recorded}, "
          f"discarded {trace.discarded_events}")
    assert trace.discarded_packets == 0
    assert recorded + trace.discarded_events == emitted
    for seqs in per_thread.values():
        assert len(set(seqs)) == len(seqs), "an event recorded twice"
    return recorded


@pytest.mark.parametrize("threads,buffers", [(2, "--buffers-uid"),
                                             (4, "--buffers-uid"),
                                             (3, "--buffers-pid")])
def test_every_event_is_recorded_or_counted_as_discarded(
        chain, tool, lttng_env, tmp_path, threads, buffers):
    out = tmp_path / "trace"
    session(chain, "s", out, buffers, "--subbuf-size=8k", "--num-subbuf=2")
    emitted = run_app(tool, lttng_env, threads, 300000)
    assert chain.run("destroy", "s").rc == 0

    trace = read(out)
    check_accounting(trace, emitted)
    # The buffers are small: most events are discarded, and counted.
    assert trace.discarded_events > 0


def consumerd_of(sessiond_pid):
    """The pid of the user space consumer daemon the session daemon
    spawned, or None."""
    for stat in pathlib.Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        comm = text[text.index("(") + 1:text.rindex(")")]
        ppid = int(text[text.rindex(")") + 2:].split()[1])
        if ppid == sessiond_pid and comm.startswith("lttng-consumer"):
            return int(stat.parent.name)
    return None


def test_discards_while_the_consumer_cannot_read_are_counted(
        build_dir, tool, lttng_env, tmp_path):
    sessiond = Sessiond(build_dir, lttng_env)
    assert sessiond.start().returncode == 0
    chain = Cli(build_dir, lttng_env)
    try:
        out = tmp_path / "trace"
        session(chain, "s", out, "--subbuf-size=256k", "--num-subbuf=4",
                contexts=("vpid",))
        # A first app makes the consumer create the per-user buffers.
        emitted = run_app(tool, lttng_env, 1, 1)
        consumerd = consumerd_of(sessiond.pid())
        assert consumerd, "no consumer daemon"
        os.kill(consumerd, signal.SIGSTOP)
        try:
            emitted += run_app(tool, lttng_env, 2, 400000)
        finally:
            os.kill(consumerd, signal.SIGCONT)
        assert chain.run("destroy", "s").rc == 0
        trace = read(out)
        check_accounting(trace, emitted)
        # At most the buffers' worth was recorded: the rest is counted.
        assert trace.discarded_events > 0
    finally:
        sessiond.stop()


def test_first_events_are_recorded_in_every_active_session(
        chain, tool, lttng_env, tmp_path):
    outs = [tmp_path / "a", tmp_path / "b"]
    for name, out in zip(("a", "b"), outs):
        session(chain, name, out, "--subbuf-size=1M", "--num-subbuf=4",
                contexts=("vpid",))
    # Several apps, some starting at the same time. The wait is bounded
    # by LTTNG_UST_REGISTER_TIMEOUT; a long one keeps a loaded machine
    # from failing the test, and with 0 (no wait) it fails.
    env = dict(lttng_env, LTTNG_UST_REGISTER_TIMEOUT="30000")
    with concurrent.futures.ThreadPoolExecutor(3) as pool:
        emitted = list(pool.map(lambda _: run_app(tool, env, 2, 1000),
                                range(12)))
    for name in ("a", "b"):
        assert chain.run("destroy", name).rc == 0

    for out in outs:
        trace = read(out)
        assert trace.discarded_events == 0
        starts = collections.defaultdict(set)
        events = collections.Counter()
        for rec in trace:
            pid = rec.common_context["vpid"]
            if rec.name == "burst:start":
                starts[pid].add(rec.fields["where"])
            else:
                events[pid] += 1
        assert len(starts) == len(emitted), f"{out.name}: apps {starts}"
        for pid, where in starts.items():
            assert where == {0, 1}, f"{out.name}: app {pid} lost {where}"
            assert events[pid] + 2 == emitted[0]
