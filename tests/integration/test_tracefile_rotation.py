"""Trace file rotation (lttng enable-channel --tracefile-size,
--tracefile-count) in both domains, checked on disk and with babeltrace2:

* the files are LTTng's: CHANNEL_CPU_0 ... CHANNEL_CPU_{count-1}, reused
  cyclically (CHANNEL_CPU_0, _1, ... without a count), each with
  index/CHANNEL_CPU_N.idx, and no other data or index file;
* each file holds at most the size (every packet here is at most one
  sub-buffer, which the CLI makes the size at least), and its index
  entries tile it exactly;
* per stream, the retained packets are consecutive (packet_seq_num) and
  the events kept are a contiguous suffix of what the stream recorded,
  ending with the last event recorded; a gap is allowed only where
  babeltrace2 reports discarded events, and no larger than they;
* this holds after stop/start cycles whose flushes close empty packets
  (LTTng's flush at stop): they must never replace the file of the last
  events;
* babeltrace2 reads the trace without a warning.
"""
import os
import re
import struct
import subprocess
import sys

import bt2
import pytest

from trace_reader import ReaderComplaint, _StderrCapture
from ust_tracing import Tracing, uid_dir

SUBBUF = 4096
EVENTS = 3000
INDEX_HEADER = struct.Struct(">IIII")
INDEX_ENTRY = struct.Struct(">9Q")
PID_BASE = 4200000  # the kernel workload asks getpgid(PID_BASE + i)


def one_cpu():
    """A CPU this test may use: the workload is pinned there."""
    return min(os.sched_getaffinity(0))


def read_streams(path):
    """Per stream, keyed by its packets' cpu_id: the items babeltrace2
    gives in order, ("event", name, payload), ("discarded", count) and
    ("packet",) where a packet begins, for the streams with events or
    losses. Fails on any reader warning or error."""
    source = bt2.ComponentSpec.from_named_plugin_and_component_class(
        "ctf", "fs", {"inputs": [str(path)]},
        logging_level=bt2.LoggingLevel.WARNING)
    items, cpu_of = {}, {}
    with _StderrCapture() as err:
        try:
            for msg in bt2.TraceCollectionMessageIterator(source):
                if isinstance(msg, bt2._PacketBeginningMessageConst):
                    cpu_of[msg.packet.stream.addr] = int(
                        msg.packet.context_field["cpu_id"])
                    items.setdefault(msg.packet.stream.addr, []).append(
                        ("packet",))
                elif isinstance(msg, bt2._EventMessageConst):
                    ev = msg.event
                    items.setdefault(ev.stream.addr, []).append(
                        ("event", ev.name,
                         {k: v for k, v in ev.payload_field.items()}))
                elif isinstance(msg, (bt2._DiscardedEventsMessageConst,
                                      bt2._DiscardedPacketsMessageConst)):
                    # count None: "may have discarded" (the packets
                    # before were removed by the tracefile ring)
                    items.setdefault(msg.stream.addr, []).append(
                        ("discarded", msg.count))
        except bt2._Error as exc:
            raise ReaderComplaint(f"babeltrace2 failed on {path}: {exc}")
    if err.text.strip():
        raise ReaderComplaint(f"babeltrace2 complained on {path}:\n{err.text}")
    # streams whose packets are all empty hold nothing to check
    return {cpu_of[addr]: stream for addr, stream in items.items()
            if any(item[0] != "packet" for item in stream)}


def read_index(path):
    data = path.read_bytes()
    magic, major, minor, entry_len = INDEX_HEADER.unpack_from(data)
    assert (magic, major, minor, entry_len) == (0xC1F1DCC1, 1, 1, 72)
    body = data[INDEX_HEADER.size:]
    assert len(body) % entry_len == 0, path
    return [INDEX_ENTRY.unpack_from(body, i)
            for i in range(0, len(body), entry_len)]


def check_files(trace_dir, channel, size, count):
    """LTTng's names, sizes and indexes; returns, per CPU, the packet
    sequence numbers of the retained files in order."""
    names = sorted(p.name for p in trace_dir.iterdir()
                   if p.name not in ("metadata", "index"))
    indexes = sorted(p.name for p in (trace_dir / "index").iterdir())
    assert indexes == sorted(f"{n}.idx" for n in names)
    numbers = {}
    for name in names:
        m = re.fullmatch(rf"{re.escape(channel)}_(\d+)_(\d+)", name)
        assert m, f"not a stream file of {channel}: {name}"
        numbers.setdefault(int(m.group(1)), []).append(int(m.group(2)))
    sequences = {}
    for cpu, found in numbers.items():
        found.sort()
        # cyclic names: written in order 0, 1, ..., reused from 0
        assert found == list(range(len(found))), (cpu, found)
        if count:
            assert len(found) <= count, (cpu, found)
        files = []
        for n in found:
            path = trace_dir / f"{channel}_{cpu}_{n}"
            entries = read_index(trace_dir / "index" / f"{path.name}.idx")
            file_size = path.stat().st_size
            assert entries, f"{path.name} holds no packet"
            assert file_size <= size or len(entries) == 1, path.name
            offset = 0
            for entry in entries:
                assert entry[0] == offset, (path.name, entries)
                assert entry[2] <= entry[1]  # content within the packet
                offset += entry[1] // 8
            assert offset == file_size, path.name
            files.append([entry[8] for entry in entries])
        # the retained files, oldest first, hold consecutive packets
        files.sort(key=lambda seqs: seqs[0])
        seqs = [s for f in files for s in f]
        assert seqs == list(range(seqs[0], seqs[0] + len(seqs))), (cpu, files)
        sequences[cpu] = seqs
    return sequences


def check_suffix(items, numbers_of, last):
    """The numbers the records of one stream carry (numbers_of(item) or
    None for a foreign record) are increasing, end with `last`, and skip
    only as many as babeltrace2 reported discarded where they are
    missing. A packet's events_discarded counts every record lost until
    the packet closed, and babeltrace2 reports, before the packet, the
    losses since the previous packet closed; in discard mode these
    include records dropped inside the packet (one that did not fit
    while the buffer was full, then a smaller one that did) and after
    its last record (a full packet waiting for the consumer). So records
    missing from packet k, or between packets k and k+1, are covered by
    what was reported before packets k and k+1 and not used by earlier
    gaps. An unknown count (the packets before were removed by the
    tracefile ring) covers any gap. Returns how many are present."""
    present, previous = 0, None
    reported = 0  # since the last packet began
    carried, own = 0, 0  # the previous packet's unused report, this one's

    def add(a, b):
        return None if a is None or b is None else a + b

    for item in items:
        if item[0] == "discarded":
            reported = add(reported, item[1])
            continue
        if item[0] == "packet":
            carried, own, reported = own, reported, 0
            continue
        n = numbers_of(item)
        if n is None:
            continue
        if previous is not None:
            assert n > previous, (previous, n)
            missing = n - previous - 1
            budget = add(carried, own)
            assert budget is None or missing <= budget, (
                f"records {previous + 1}..{n - 1} missing but only {budget} "
                "reported discarded around them")
            if carried is not None and own is not None:
                used = min(missing, carried)
                carried, own = carried - used, own - (missing - used)
        previous, present = n, present + 1
    assert previous == last, f"the last record kept is {previous}, not {last}"
    return present


# (tracefile size, tracefile count, stop/start cycles after the records)
ROTATIONS = [
    (SUBBUF, 1, 0),
    (SUBBUF, 1, 2),
    (SUBBUF, 2, 1),
    (SUBBUF, 2, 3),
    (2 * SUBBUF, 3, 2),
    (3 * SUBBUF, 2, 4),
    (2 * SUBBUF, 0, 1),  # a size alone: every file kept
]


@pytest.fixture
def tracing(build_dir, lttng_env, tmp_path):
    t = Tracing(build_dir, lttng_env, tmp_path)
    t.start_daemon()
    yield t
    t.close()


def stop_start_cycles(run, cycles):
    run("stop")
    for _ in range(cycles):
        run("start")
        run("stop")
    run("destroy")


@pytest.mark.parametrize("size,count,cycles", ROTATIONS)
def test_user_space_keeps_the_newest_events(tracing, size, count, cycles):
    """Blocking channel: every event is recorded, so the trace must hold
    a suffix of 0..EVENTS-1 ending with EVENTS-1, in stream `cpu`."""
    out = tracing.tmp / "t"
    tracing.lttng("create", "s", f"--output={out}")
    tracing.lttng("enable-channel", "-u", "ch", f"--subbuf-size={SUBBUF}",
                  "--num-subbuf=8", "--blocking-timeout=inf",
                  f"--tracefile-size={size}", f"--tracefile-count={count}")
    tracing.lttng("enable-event", "-u", "testapp:values", "-c", "ch")
    tracing.lttng("start")
    cpu = one_cpu()
    tracing.env["LTTNG_UST_ALLOW_BLOCKING"] = "1"
    app = tracing.app(wrapper=("taskset", "-c", str(cpu)))
    app.emit(EVENTS)
    app.quit()
    stop_start_cycles(tracing.lttng, cycles)
    trace_dir = uid_dir(out)
    check_files(trace_dir, "ch", size, count)
    streams = read_streams(trace_dir)
    assert set(streams) == {cpu}
    present = check_suffix(streams[cpu], lambda item: item[2]["seq"],
                           EVENTS - 1)
    assert not [i for i in streams[cpu] if i[0] == "discarded"]
    if count == 0:
        assert present == EVENTS


def test_user_space_discard_mode_gaps_are_reported(tracing):
    """A discard-mode channel that loses events: what is kept still ends
    with the newest event recorded and every gap is reported."""
    out = tracing.tmp / "t"
    tracing.lttng("create", "s", f"--output={out}")
    tracing.lttng("enable-channel", "-u", "ch", f"--subbuf-size={SUBBUF}",
                  "--num-subbuf=2", f"--tracefile-size={2 * SUBBUF}",
                  "--tracefile-count=3")
    tracing.lttng("enable-event", "-u", "testapp:values", "-c", "ch")
    tracing.lttng("start")
    cpu = one_cpu()
    app = tracing.app(wrapper=("taskset", "-c", str(cpu)))
    for _ in range(10):
        app.emit(EVENTS)
    app.quit()
    stop_start_cycles(tracing.lttng, 2)
    trace_dir = uid_dir(out)
    check_files(trace_dir, "ch", 2 * SUBBUF, 3)
    items = read_streams(trace_dir)[cpu]
    seqs = [i[2]["seq"] for i in items if i[0] == "event"]
    # the newest recorded event is the last of the stream: check_suffix
    # with it, which also checks every gap against the losses reported
    check_suffix(items, lambda item: item[2]["seq"], seqs[-1])


# getpgid: a system call with an integer argument that hardly any other
# process makes, so that the records of the workload are the newest of
# the stream (the pids asked for are above any pid_max below 2^22: ESRCH).
WORKLOAD = """
import os, sys, time
for i in range(int(sys.argv[1])):
    try:
        os.getpgid(int(sys.argv[2]) + i)
    except OSError:
        pass
    if i % 100 == 99:
        time.sleep(0.001)
"""


@pytest.mark.parametrize("size,count,cycles", [
    (SUBBUF, 1, 0), (SUBBUF, 2, 2), (2 * SUBBUF, 3, 1), (3 * SUBBUF, 0, 1)])
def test_kernel_keeps_the_newest_events(ks, tmp_path, size, count, cycles):
    """A process pinned to one CPU calls getpgid(PID_BASE + i) for
    i < EVENTS; the kernel stream of that CPU must keep a suffix of them
    ending with the last one (a 256 KiB buffer holds them all)."""
    out = tmp_path / "t"
    ks.ok("create", "s", f"--output={out}")
    ks.ok("enable-channel", "-k", "c", f"--subbuf-size={SUBBUF}",
          "--num-subbuf=64", f"--tracefile-size={size}",
          f"--tracefile-count={count}")
    ks.ok("enable-event", "-k", "--syscall", "getpgid", "-c", "c")
    ks.ok("start")
    cpu = one_cpu()
    subprocess.run([sys.executable, "-c", WORKLOAD, str(EVENTS),
                    str(PID_BASE)], check=True, timeout=120,
                   preexec_fn=lambda: os.sched_setaffinity(0, {cpu}))
    stop_start_cycles(ks.ok, cycles)
    trace_dir = out / "kernel"
    check_files(trace_dir, "c", size, count)
    streams = read_streams(trace_dir)

    def number(item):
        if item[1] != "syscall_entry_getpgid":
            return None
        pid = int(item[2]["pid"])
        return pid - PID_BASE if PID_BASE <= pid < PID_BASE + EVENTS else None
    present = check_suffix(streams[cpu], number, EVENTS - 1)
    if count == 0:
        assert present == EVENTS
