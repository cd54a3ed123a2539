"""A traced application damaging its own ring buffer: the root consumer
daemon reads the per-PID buffers of any user's app, from memory the app
can write. An app that corrupts one channel's shared memory (the content
size of its closed packets, written while the consumer is stopped so
that it meets them, as a hostile app would race it) must neither crash
nor stall the consumer: `lttng destroy` succeeds, the other channel of
the same app keeps every event (read back by babeltrace2), and the
consumer serves the next session.
"""
import mmap
import os
import signal
import struct
import time

import pytest

from trace_reader import read_trace
from ust_tracing import Tracing, values_of

BAD_SUBBUF = 64 * 1024  # the damaged channel's sub-buffer size
GOOD_SUBBUF = 128 * 1024
HEADER_FMT = "<IIQQQQIIII"  # rb_shm_header: magic .. mode (shm-layout.h)
SHM_MAGIC = 0x4C545242
PHYS_SIZE = 40  # rb_shm_phys
PHYS_CONTENT = 16  # offset of content in rb_shm_phys
DEADLINE_S = 60


@pytest.fixture
def tracing(build_dir, lttng_env, tmp_path):
    t = Tracing(build_dir, lttng_env, tmp_path)
    t.start_daemon()
    yield t
    t.close()


def stream_memfds(pid):
    """The app's ring buffer streams: {fd path: mapped header fields}."""
    found = {}
    fd_dir = f"/proc/{pid}/fd"
    for fd in os.listdir(fd_dir):
        path = f"{fd_dir}/{fd}"
        try:
            if "memfd:lttng-rb-stream" not in os.readlink(path):
                continue
            with open(path, "rb") as f:
                head = f.read(struct.calcsize(HEADER_FMT))
        except OSError:
            continue
        fields = struct.unpack(HEADER_FMT, head)
        if fields[0] == SHM_MAGIC:
            found[path] = fields
    return found


def damage_streams(pid, subbuf_size):
    """Sets a content size past the sub-buffer in every physical
    sub-buffer of the channel whose sub-buffers are subbuf_size bytes;
    returns how many streams."""
    deadline = time.monotonic() + DEADLINE_S
    while True:
        streams = {p: h for p, h in stream_memfds(pid).items()
                   if h[6] == subbuf_size}
        if streams:
            break
        assert time.monotonic() < deadline, \
            f"app {pid} never mapped a stream of {subbuf_size} bytes"
        time.sleep(0.05)
    for path, h in streams.items():
        map_size, phys_offset, nr_phys = h[2], h[4], h[8]
        with open(path, "r+b") as f, mmap.mmap(f.fileno(), map_size) as m:
            for i in range(nr_phys):
                struct.pack_into("<I", m,
                                 phys_offset + i * PHYS_SIZE + PHYS_CONTENT,
                                 0xFFFFFFF0)
    return len(streams)


def consumerd_pids(sessiond_pid):
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{entry}/comm") as f:
                comm = f.read().strip()
        except OSError:
            continue
        if int(fields[1]) == sessiond_pid and comm.startswith("lttng-consumer"):
            pids.append(int(entry))
    assert pids, "no consumer daemon"
    return pids


def test_consumer_survives_an_app_damaging_its_buffers(tracing, tmp_path):
    out = tmp_path / "trace"
    tracing.lttng("create", "s", f"--output={out}")
    for name, size in (("bad", BAD_SUBBUF), ("good", GOOD_SUBBUF)):
        tracing.lttng("enable-channel", "--userspace", "--buffers-pid",
                      f"--subbuf-size={size}", "--num-subbuf=4", name)
        tracing.lttng("enable-event", "--userspace", "testapp:*",
                      f"--channel={name}")
    tracing.lttng("start")
    app = tracing.app()
    app.emit(10)
    stopped = consumerd_pids(tracing.sessiond.pid())
    for pid in stopped:
        os.kill(pid, signal.SIGSTOP)
    try:
        app.emit(2000)  # closes packets the consumer has not read
        assert damage_streams(app.pid, BAD_SUBBUF) > 0
    finally:
        for pid in stopped:
            os.kill(pid, signal.SIGCONT)
    app.quit()
    tracing.lttng("destroy", "s")

    # the undamaged channel holds every event, in order
    good = [p.parent for p in out.rglob("good_*") if p.parent.name != "index"]
    assert good
    trace_dir = good[0]
    for bad_file in trace_dir.glob("bad_*"):
        bad_file.unlink()
    for bad_index in (trace_dir / "index").glob("bad_*"):
        bad_index.unlink()
    trace = read_trace(trace_dir)
    assert values_of(trace) == list(range(2010))
    assert trace.discarded_events == 0

    # the consumer daemon still serves a new session
    tracing.lttng("create", "t", f"--output={tmp_path / 'next'}")
    tracing.lttng("enable-event", "--userspace", "testapp:*")
    tracing.lttng("start")
    app = tracing.app()
    app.emit(100)
    app.quit()
    tracing.lttng("destroy", "t")
    metadata = list((tmp_path / "next").rglob("metadata"))
    assert len(metadata) == 1
    assert values_of(read_trace(metadata[0].parent)) == list(range(100))
