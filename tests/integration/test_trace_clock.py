"""The trace clock (src/common/trace-clock): the session daemon records with
the TSC where it is invariant and with CLOCK_MONOTONIC otherwise or when
LTTNG_TRACE_CLOCK=monotonic asks. Either way babeltrace2 must place the
events at the wall-clock time they were emitted, in emission order, and
the metadata must declare the clock it counts."""
import os
import re
import subprocess
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


def usable_cpus():
    return sorted(os.sched_getaffinity(0))


@pytest.mark.skipif(not tsc_usable() or len(usable_cpus()) < 2,
                    reason="needs an invariant TSC and two CPUs")
def test_tsc_timestamps_grow_on_a_stream_written_from_several_cpus(
        build_dir, tmp_path):
    """Issue 15 item 2. Threads pinned on different CPUs write 5 M records
    into one stream with atomic reservations and compact headers (27-bit
    timestamps), each record carrying the full timestamp its reservation
    returned (tests/tools/clock/ts-stress). babeltrace2 must rebuild
    every record's timestamp exactly from the headers, and the timestamps
    must never decrease in stream order. An rdtsc that executes before
    the load of the stream's offset broke both (thousands of records per
    10 M)."""
    threads = max(2, min(4, len(usable_cpus())))
    per_thread = 5_000_000 // threads
    proc = subprocess.run(
        [str(build_dir / "tests/tools/clock/ts-stress"), str(tmp_path),
         str(threads), str(per_thread)],
        capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    print(proc.stdout)
    line = re.compile(r"^\[(\d+)\] \(\+[?\d]+\) ts_stress:record: "
                      r"\{ cpu_id = 0 \}, \{ ts = (\d+), producer = (\d+) \}$")
    reader = subprocess.Popen(["babeltrace2", "--clock-cycles", str(tmp_path)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    records = wrong = backwards = 0
    per_producer = [0] * threads
    last = 0
    first_bad = []
    for text in reader.stdout:
        m = line.match(text)
        assert m, text
        rebuilt, intended, producer = (int(g) for g in m.groups())
        if rebuilt != intended:
            wrong += 1
            first_bad[:5] = first_bad[:5] or [text]
        if intended < last:
            backwards += 1
            first_bad[:5] = first_bad[:5] or [text]
        last = intended
        per_producer[producer] += 1
        records += 1
    stderr = reader.stderr.read()
    assert reader.wait() == 0 and not stderr.strip(), stderr
    assert (records, wrong, backwards) == (threads * per_thread, 0, 0), \
        first_bad
    assert per_producer == [per_thread] * threads
