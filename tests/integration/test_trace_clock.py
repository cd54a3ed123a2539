"""The trace clock (src/common/trace-clock): the session daemon records with
the TSC where it is invariant and with CLOCK_MONOTONIC otherwise or when
LTTNG_TRACE_CLOCK=monotonic asks. Either way babeltrace2 must place the
events at the wall-clock time they were emitted, in emission order, and
the metadata must declare the clock it counts."""
import re
import time

import pytest

from trace_reader import read_trace
from ust_tracing import Tracing, uid_dir, values_of

NS = 1_000_000_000


def cpu_flags():
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("flags"):
                return set(line.split(":", 1)[1].split())
    return set()


def tsc_usable():
    flags = cpu_flags()
    if not {"constant_tsc", "nonstop_tsc"} <= flags:
        return False
    if "tsc_reliable" in flags:
        return True
    with open("/sys/devices/system/clocksource/clocksource0/"
              "current_clocksource") as f:
        return "tsc" in f.read().split()


def record(build_dir, lttng_env, tmp_path, clock=None, events=50):
    env = dict(lttng_env)
    if clock is not None:
        env["LTTNG_TRACE_CLOCK"] = clock
    t = Tracing(build_dir, env, tmp_path)
    try:
        proc = t.sessiond.start()
        assert proc.returncode == 0, proc.stderr
        app = t.app()
        t.record_testapp()
        before = time.time_ns()
        app.emit(events)
        after = time.time_ns()
        t.lttng("destroy")
        directory = uid_dir(t.session_dir("s"))
        metadata = (directory / "metadata").read_bytes().decode(errors="replace")
        return read_trace(directory), metadata, before, after, proc.stderr
    finally:
        t.close()


def clock_block(metadata):
    match = re.search(r"clock \{(.*?)\};", metadata, re.S)
    assert match, metadata
    return match.group(1)


def check_timeline(trace, before, after, events):
    stamps = [r.timestamp for r in trace if r.name == "testapp:values"]
    assert values_of(trace) == list(range(events))
    assert stamps == sorted(stamps)
    # the offset is measured once per daemon: allow a few ms of error
    assert before - 5_000_000 <= stamps[0] <= stamps[-1] <= after + 5_000_000


def test_default_clock_is_the_tsc_where_invariant(build_dir, lttng_env, tmp_path):
    trace, metadata, before, after, _ = record(build_dir, lttng_env, tmp_path)
    block = clock_block(metadata)
    freq = int(re.search(r"freq = (\d+);", block).group(1))
    assert 'name = "monotonic";' in block
    if tsc_usable():
        assert freq != NS
        # offset_s plus cycles below one second of the clock
        offset = int(re.search(r"\boffset = (-?\d+);", block).group(1))
        assert re.search(r"offset_s = \d+;", block)
        assert 0 <= offset < freq
    else:
        assert freq == NS
    check_timeline(trace, before, after, 50)


def test_monotonic_clock_is_lttngs(build_dir, lttng_env, tmp_path):
    trace, metadata, before, after, _ = record(build_dir, lttng_env, tmp_path,
                                               clock="monotonic")
    block = clock_block(metadata)
    assert "freq = 1000000000;" in block
    assert "offset_s" not in block
    check_timeline(trace, before, after, 50)


def test_unknown_clock_request_falls_back_to_monotonic(build_dir, lttng_env,
                                                      tmp_path):
    trace, metadata, before, after, stderr = record(
        build_dir, lttng_env, tmp_path, clock="sundial")
    assert "LTTNG_TRACE_CLOCK=sundial is not usable here" in stderr
    assert "freq = 1000000000;" in clock_block(metadata)
    check_timeline(trace, before, after, 50)


@pytest.mark.skipif(not tsc_usable(), reason="no invariant TSC on this machine")
def test_tsc_frequency_matches_elapsed_time(build_dir, lttng_env, tmp_path):
    """Two bursts 300 ms apart: the gap babeltrace2 computes from TSC
    cycles and the declared frequency is the elapsed time."""
    env = dict(lttng_env)
    t = Tracing(build_dir, env, tmp_path)
    try:
        t.start_daemon()
        app = t.app()
        t.record_testapp()
        app.emit(1)
        t0 = time.monotonic_ns()
        time.sleep(0.3)
        t1 = time.monotonic_ns()
        app.emit(1)
        t.lttng("destroy")
        trace = read_trace(uid_dir(t.session_dir("s")))
    finally:
        t.close()
    stamps = [r.timestamp for r in trace if r.name == "testapp:values"]
    assert len(stamps) == 2
    gap = stamps[1] - stamps[0]
    # the Python side's gap brackets the events' gap, up to scheduling
    assert abs(gap - (t1 - t0)) < 20_000_000
