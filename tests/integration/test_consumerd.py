"""lttng-consumerd on its own: consumerd-drive plays the session daemon and
a traced process (creates a channel, maps the buffers the consumer sends,
records "test:counter" events, flushes, destroys); babeltrace2 reads what
the consumer wrote: data streams, index files, metadata, rotation."""
import os
import subprocess

from trace_reader import read_trace

CONSUMERD = "src/bin/lttng-consumerd/lttng-consumerd"
DRIVE = "tests/tools/consumerd/consumerd-drive"


def drive(tool, out, events, *options):
    proc = subprocess.run([str(tool(DRIVE)), str(tool(CONSUMERD)), str(out),
                           str(events), *options],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_every_event_recorded_is_in_the_trace_in_order(tool, tmp_path):
    out = drive(tool, tmp_path / "t", 20000, "subbuf_size=262144",
                "subbuf_count=4")
    assert out == "pending=0\n"
    trace = read_trace(tmp_path / "t")
    assert [r.fields["value"] for r in trace] == list(range(20000))
    assert {r.name for r in trace} == {"test:counter"}
    assert trace.discarded_events == 0
    names = sorted(os.listdir(tmp_path / "t"))
    assert names == ["channel0_0", "channel0_1", "index", "metadata"]
    assert sorted(os.listdir(tmp_path / "t/index")) == [
        "channel0_0.idx", "channel0_1.idx"]


def test_index_entries_match_the_packets(tool, tmp_path):
    drive(tool, tmp_path / "t", 5000, "subbuf_size=4096", "subbuf_count=8")
    for name in ("channel0_0", "channel0_1"):
        data = (tmp_path / "t" / name).read_bytes()
        idx = (tmp_path / "t/index" / (name + ".idx")).read_bytes()
        assert int.from_bytes(idx[0:4], "big") == 0xC1F1DCC1
        entries = [idx[16 + i:16 + i + 72] for i in range(0, len(idx) - 16, 72)]
        offset = 0
        for entry in entries:
            assert int.from_bytes(entry[0:8], "big") == offset
            offset += int.from_bytes(entry[8:16], "big") // 8
        assert offset == len(data)


def test_tracefile_rotation_keeps_count_files(tool, tmp_path):
    drive(tool, tmp_path / "t", 20000, "subbuf_size=4096", "subbuf_count=4",
          "tracefile_size=8192", "tracefile_count=3")
    per_cpu = {}
    for n in os.listdir(tmp_path / "t"):
        if n.startswith("channel0_"):
            _, cpu, number = n.split("_")
            per_cpu.setdefault(cpu, []).append(int(number))
            assert os.path.getsize(tmp_path / "t" / n) <= 8192
            assert (tmp_path / "t/index" / (n + ".idx")).exists()
    # LTTng's names: channel0_<cpu>_0 ... _2, reused cyclically; the
    # producer ran on one CPU or both: the busiest stream rotated.
    assert sorted(max(per_cpu.values(), key=len)) == [0, 1, 2]
    assert all(sorted(v) == list(range(len(v))) for v in per_cpu.values())
    # The newest files hold the last events, in order; older ones were
    # replaced.
    trace = read_trace(tmp_path / "t", allow_warnings=True)
    values = [r.fields["value"] for r in trace]
    assert values == sorted(values) and values[-1] == 19999
    assert len(values) < 20000


def test_overwrite_channel_keeps_the_newest_events(tool, tmp_path):
    drive(tool, tmp_path / "t", 3000, "subbuf_size=4096", "subbuf_count=4",
          "overwrite=1")
    trace = read_trace(tmp_path / "t", allow_warnings=True)
    values = [r.fields["value"] for r in trace]
    assert values[-1] == 2999
    assert values == sorted(values)


def test_dead_producer_records_stay_readable(tool, tmp_path):
    drive(tool, tmp_path / "t", 1000, "subbuf_size=65536", "subbuf_count=4",
          "dead=1")
    trace = read_trace(tmp_path / "t", allow_warnings=True)
    assert [r.fields["value"] for r in trace] == list(range(1000))


def test_bad_command_line_is_refused(tool):
    proc = subprocess.run([str(tool(CONSUMERD))], capture_output=True,
                          text=True, timeout=10)
    assert proc.returncode == 1
    assert "--sessiond-fd" in proc.stderr
