"""Events the kernel loses, reported as LTTng does: in discard mode as
discarded events (the packets' events_discarded), in overwrite mode as
lost packets (packet_seq_num gaps, babeltrace2's discarded-packets
messages), and in `lttng list SESSION`'s channel statistics. The kernel
consumer is paused (SIGSTOP) while a system call loop fills a tiny
buffer, so that losses happen for sure."""
import os
import re
import signal

import pytest

from kernel_support import kernel_consumer_pid, run_workload
from trace_reader import read_trace


def record_with_consumer_paused(ks, tmp_path, *channel_options):
    """getppid() calls recorded in a 2 x 4 KiB channel while the consumer
    is stopped; returns (lttng list output after stop, trace)."""
    ks.ok("create", "s", f"--output={tmp_path / 't'}")
    ks.ok("enable-channel", "-k", "--subbuf-size=4096", "--num-subbuf=2",
          *channel_options, "small")
    ks.ok("enable-event", "-k", "--syscall", "getppid", "-c", "small")
    ks.ok("start")
    consumer = kernel_consumer_pid(ks.sessiond.pid())
    os.kill(consumer, signal.SIGSTOP)
    try:
        run_workload(ks.tool, "loop", "50000")
    finally:
        os.kill(consumer, signal.SIGCONT)
    ks.ok("stop")
    listing = ks.ok("list", "s").out
    ks.ok("destroy")
    return listing, read_trace(tmp_path / "t" / "kernel")


@pytest.fixture
def ks_tool(ks, tool):
    ks.tool = tool
    return ks


def test_discard_mode_reports_discarded_events(ks_tool, tmp_path):
    listing, trace = record_with_consumer_paused(ks_tool, tmp_path)
    assert "Event-loss mode:  discard" in listing
    shown = int(re.search(r"Discarded events: (\d+)\n", listing).group(1))
    assert trace.discarded_events > 0
    assert trace.discarded_packets == 0
    assert shown == trace.discarded_events
    # What was kept plus what was lost is every call of the loop (two
    # events each), beside the other processes' getppid() calls.
    kept = [r for r in trace if r.name.startswith("syscall_")]
    assert len(kept) + trace.discarded_events >= 100000


def test_overwrite_mode_reports_lost_packets(ks_tool, tmp_path):
    listing, trace = record_with_consumer_paused(ks_tool, tmp_path,
                                                 "--overwrite")
    assert "Event-loss mode:  overwrite" in listing
    shown = int(re.search(r"Lost packets:     (\d+)\n", listing).group(1))
    assert "Discarded events" not in listing
    assert trace.discarded_events == 0
    assert trace.discarded_packets > 0
    # babeltrace2 sees the gaps between a stream's packets; packets lost
    # before a stream's first one (at most one gap per CPU) it cannot.
    assert (trace.discarded_packets <= shown <=
            trace.discarded_packets + os.cpu_count())
    # Overwrite keeps the newest records: the loop's last calls.
    assert [r for r in trace if r.name == "syscall_exit_getppid"]
