"""lttng clear end to end: the buffers' contents and the trace data so
far are deleted (archived trace chunks kept), tracing goes on and only
later events are in the trace, as babeltrace2 reads it. Messages and exit
statuses are LTTng 2.13's, as observed with it."""
import os

import pytest

from kernel_support import run_workload
from test_rotation import ARCHIVE_RE, archives, check_chunk, read_chunk
from trace_reader import read_trace
from ust_tracing import Tracing, values_of


@pytest.fixture
def tracing(build_dir, lttng_env, tmp_path):
    t = Tracing(build_dir, lttng_env, tmp_path)
    t.start_daemon()
    yield t
    t.close()


def start_session(t, name="s", *create_opts):
    t.lttng("create", name, *create_opts)
    t.lttng("enable-event", "--userspace", "testapp:*", "-s", name)
    t.lttng("start", name)


def clear(t, *args):
    r = t.lttng("clear", *args)
    assert r.err == ""
    return r.out


def cleared(name):
    """LTTng's output when a clear deletes a trace chunk's files."""
    return f'Waiting for clear of session "{name}"..\nSession "{name}" cleared\n'


def test_clear_active_session_keeps_only_later_events(tracing):
    app = tracing.app()
    start_session(tracing)
    app.emit(10)
    assert clear(tracing) == cleared("s")
    app.emit(5)
    app.quit()
    tracing.lttng("destroy")
    session_dir = tracing.session_dir("s")
    # Never rotated: the trace stays at the output's root.
    assert sorted(os.listdir(session_dir)) == ["ust"]
    check_chunk(session_dir, list(range(10, 15)))


def test_clear_after_rotation_keeps_the_archives(tracing):
    app = tracing.app()
    start_session(tracing)
    app.emit(4)
    tracing.lttng("rotate")
    app.emit(3)
    assert clear(tracing, "s") == cleared("s")
    session_dir = tracing.session_dir("s")
    # The cleared chunk (1) is gone; chunk 2 continues in <BEGIN>-2.
    names = sorted(p for p in os.listdir(session_dir) if p != "archives")
    assert len(names) == 1 and names[0].endswith("-2")
    app.emit(2)
    app.quit()
    tracing.lttng("destroy")
    [a0, a2] = archives(session_dir)
    assert ARCHIVE_RE.fullmatch(a2.name).group(3) == "2"
    check_chunk(a0, list(range(4)))
    check_chunk(a2, [7, 8])


def test_clear_stopped_session_deletes_its_trace(tracing):
    app = tracing.app()
    start_session(tracing)
    app.emit(6)
    tracing.lttng("stop")
    assert clear(tracing) == cleared("s")
    session_dir = tracing.session_dir("s")
    assert os.listdir(session_dir) == []
    # A clear counts as the one rotation allowed while inactive.
    r = tracing.lttng("rotate", check=False)
    assert (r.rc, r.err) == (1, "Error: Session was already rotated once "
                             "since it became inactive\n")
    tracing.lttng("start")
    app.emit(3)
    app.quit()
    tracing.lttng("destroy")
    check_chunk(session_dir, [6, 7, 8])


def test_clear_all_and_snapshot_and_unstarted_sessions(tracing):
    app = tracing.app()
    start_session(tracing, "a")
    start_session(tracing, "snap", "--snapshot")
    tracing.lttng("create", "idle")
    app.emit(5)
    out = clear(tracing, "--all")
    assert out == ('Session "idle" cleared\n'
                   'Session "snap" cleared\n' + cleared("a"))
    app.emit(1)
    app.quit()
    tracing.lttng("destroy", "a")
    check_chunk(tracing.session_dir("a"), [5])


def test_clear_errors(tracing):
    r = tracing.lttng("clear", check=False)
    assert r.rc == 1
    assert r.out == "Did you create a session? (lttng create <my_session>)\n"
    tracing.lttng("create", "s")
    r = tracing.lttng("clear", "nosuch", check=False)
    assert (r.rc, r.out, r.err) == (
        23, "", "Error: Session name nosuch not found\n")
    r = tracing.lttng("clear", "s", "extra", check=False)
    assert (r.rc, r.err) == (1, "Error: Unknown argument: extra\n")


def test_clear_kernel_channels(ks, tool, tmp_path):
    out = tmp_path / "t"
    ks.ok("create", "s", f"--output={out}")
    ks.ok("enable-event", "-k", "--syscall", "close")
    ks.ok("add-context", "-k", "-t", "tid")
    ks.ok("start")
    before = run_workload(tool, "open", "/etc/hostname", "2")
    r = ks.ok("clear")
    assert r.out == cleared("s")
    after = run_workload(tool, "open", "/etc/hostname", "2")
    ks.ok("destroy")
    trace = read_trace(out / "kernel")
    tids = {r.common_context.get("tid") for r in trace}
    assert int(before[0].split("=")[1]) not in tids
    assert int(after[0].split("=")[1]) in tids


def test_clear_per_process_buffers(tracing):
    app = tracing.app()
    tracing.lttng("create", "s")
    tracing.lttng("enable-channel", "-u", "--buffers-pid", "channel0")
    tracing.lttng("enable-event", "-u", "testapp:*")
    tracing.lttng("start")
    app.emit(8)
    assert clear(tracing) == cleared("s")
    app.emit(4)
    app.quit()
    tracing.lttng("destroy")
    pid_root = tracing.session_dir("s") / "ust" / "pid"
    [d] = os.listdir(pid_root)
    check_chunk(pid_root / d, list(range(8, 12)))


def test_repeated_clears_of_a_stopped_rotated_session(tracing):
    app = tracing.app()
    start_session(tracing)
    app.emit(2)
    tracing.lttng("stop")
    tracing.lttng("rotate")
    for _ in range(2):
        assert clear(tracing) == 'Session "s" cleared\n'
    app.quit()
    tracing.lttng("destroy")
    session_dir = tracing.session_dir("s")
    assert os.listdir(session_dir) == ["archives"]
    [a0] = archives(session_dir)
    check_chunk(a0, [0, 1])


def test_clear_stopped_kernel_session_then_start_again(ks, tool, tmp_path):
    out = tmp_path / "t"
    ks.ok("create", "s", f"--output={out}")
    ks.ok("enable-event", "-k", "--syscall", "close")
    ks.ok("add-context", "-k", "-t", "tid")
    ks.ok("start")
    before = run_workload(tool, "open", "/etc/hostname", "2")
    ks.ok("stop")
    assert ks.ok("clear").out == cleared("s")
    assert os.listdir(out) == []
    ks.ok("start")
    after = run_workload(tool, "open", "/etc/hostname", "2")
    ks.ok("destroy")
    trace = read_trace(out / "kernel")
    tids = {r.common_context.get("tid") for r in trace}
    assert int(before[0].split("=")[1]) not in tids
    assert int(after[0].split("=")[1]) in tids


def test_clear_snapshot_session_empties_its_buffers(tracing):
    app = tracing.app()
    start_session(tracing, "s", "--snapshot")
    app.emit(5)
    assert clear(tracing) == 'Session "s" cleared\n'
    app.emit(3)
    tracing.lttng("stop")
    tracing.lttng("snapshot", "record")
    session_dir = tracing.session_dir("s")
    [snap] = [p for p in session_dir.iterdir() if p.is_dir()]
    trace = read_chunk(snap)
    assert values_of(trace) == [5, 6, 7]
    assert trace.discarded_events == 0


def test_clear_kernel_snapshot_session(ks, tool, tmp_path):
    out = tmp_path / "snaps"
    ks.ok("create", "k", "--snapshot", f"--output={out}")
    ks.ok("enable-event", "-k", "--syscall", "close")
    ks.ok("add-context", "-k", "-t", "tid")
    ks.ok("start")
    before = run_workload(tool, "open", "/etc/hostname", "2")
    assert ks.ok("clear").out == 'Session "k" cleared\n'
    after = run_workload(tool, "open", "/etc/hostname", "2")
    ks.ok("snapshot", "record")
    ks.ok("destroy")
    [snap] = [p for p in out.iterdir() if p.is_dir()]
    trace = read_trace(snap / "kernel")
    tids = {r.common_context.get("tid") for r in trace}
    assert int(before[0].split("=")[1]) not in tids
    assert int(after[0].split("=")[1]) in tids
