"""Snapshot mode end to end (lttng create --snapshot, lttng snapshot ...):
the real daemons, instrumented processes, and babeltrace2 reading every
snapshot (event names, field values, counts, discarded counts, no reader
warnings). The messages and exit statuses are LTTng 2.13's (also pinned
against LTTng itself in the doc-snapshot conformance scenario)."""
import ctypes
import os
import re
import threading

import pytest

from kernel_support import require_tracefs, run_workload
from trace_reader import babeltrace2_text, read_trace
from ust_tracing import Tracing, values_of

DATE = r"\d{8}-\d{6}"
NCPU = os.sysconf("SC_NPROCESSORS_CONF")
UID = os.getuid()


@pytest.fixture
def tracing(build_dir, lttng_env, tmp_path):
    t = Tracing(build_dir, lttng_env, tmp_path)
    t.start_daemon()
    yield t
    t.close()


def app_on_cpu0(t):
    """An app pinned to CPU 0: all its records go to the streams _0."""
    saved = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {0})
    try:
        return t.app()
    finally:
        os.sched_setaffinity(0, saved)


def snapshot_session(t, *create_opts, channel_opts=(), name="s"):
    t.lttng("create", name, "--snapshot", *create_opts)
    if channel_opts:
        t.lttng("enable-channel", "--userspace", *channel_opts, "channel0")
    t.lttng("enable-event", "--userspace", "testapp:*")
    t.lttng("start")


def snapshots_in(directory):
    """The snapshot directories under directory, oldest first (by N)."""
    found = [p for p in directory.iterdir() if p.is_dir()]
    return sorted(found, key=lambda p: int(p.name.rsplit("-", 1)[1]))


def uid_trace(snapshot):
    return snapshot / "ust" / "uid" / str(UID) / "64-bit"


def check_values(record, seq):
    f = record.fields
    assert f["seq"] == seq
    assert f["low"] == seq % 256
    assert f["neg"] == -(seq % 1000)
    assert f["name"] == f"event-{seq}"
    assert f["triple"] == [seq, -1, 7]
    assert f["items"] == [(seq + j) % 65536 for j in range(seq % 4)]


def test_create_snapshot_adds_the_automatic_output(tracing):
    result = tracing.lttng("create", "s", "--snapshot")
    out = result.out.replace(str(tracing.home), "$H")
    assert out == (
        "Snapshot session s created.\n"
        "Default snapshot output set to $H/lttng-traces/s-DATE\n"
        "Every channel enabled for this session will be set to mmap output "
        "and default to overwrite mode.\n")
    listed = tracing.lttng("snapshot", "list-output").out
    assert listed == ("Snapshot output list for session s\n"
                      f"    [1] snapshot-1: {tracing.home}/lttng-traces/"
                      "s-DATE\n")
    tracing.lttng("enable-channel", "-u", "ch")
    channel = tracing.lttng("list", "s").out
    assert "Event-loss mode:  overwrite" in channel
    assert "Output mode:      mmap" in channel
    # nothing is written until a snapshot is taken
    assert not (tracing.home / "lttng-traces").exists()


def test_snapshot_after_stop_holds_every_event(tracing):
    app = tracing.app()
    snapshot_session(tracing)
    app.emit(300)
    tracing.lttng("stop")
    result = tracing.lttng("snapshot", "record")
    assert result.out == "Snapshot recorded successfully for session s\n"
    [snap] = snapshots_in(tracing.session_dir("s"))
    assert re.fullmatch(rf"snapshot-1-{DATE}-0", snap.name)
    files = sorted(os.listdir(uid_trace(snap)))
    assert files == sorted(["index", "metadata"] +
                           [f"channel0_{i}" for i in range(NCPU)])
    assert os.listdir(uid_trace(snap) / "index") == []
    trace = read_trace(uid_trace(snap))
    records = [r for r in trace if r.name == "testapp:values"]
    assert len(records) == 300
    for seq, record in enumerate(records):
        check_values(record, seq)
    assert [r.name for r in trace].count("testapp:tick") == 1
    assert trace.discarded_events == 0 and trace.discarded_packets == 0


def test_records_count_up_and_do_not_clear_the_buffers(tracing):
    app = tracing.app()
    snapshot_session(tracing)
    app.emit(50)
    tracing.lttng("snapshot", "record")  # while active
    app.emit(20)
    tracing.lttng("snapshot", "record", "--name=second")
    tracing.lttng("stop")
    tracing.lttng("snapshot", "record", "-n", "third")
    snaps = snapshots_in(tracing.session_dir("s"))
    names = [re.sub(DATE, "DATE", p.name) for p in snaps]
    assert names == ["snapshot-1-DATE-0", "second-DATE-1", "third-DATE-2"]
    assert values_of(read_trace(uid_trace(snaps[0]))) == list(range(50))
    # overlapping snapshots: the first 50 events are in every one
    assert values_of(read_trace(uid_trace(snaps[1]))) == list(range(70))
    assert values_of(read_trace(uid_trace(snaps[2]))) == list(range(70))


def test_record_to_a_temporary_output(tracing, tmp_path):
    app = tracing.app()
    snapshot_session(tracing)
    app.emit(10)
    tracing.lttng("stop")
    other = tmp_path / "elsewhere"
    result = tracing.lttng("snapshot", "record", f"file://{other}")
    assert result.out == ("Snapshot recorded successfully for session s\n"
                          f"Snapshot written at: file://{other}\n")
    tracing.lttng("snapshot", "record", "-n", "named", str(other))
    snaps = snapshots_in(other)
    names = [re.sub(DATE, "DATE", p.name) for p in snaps]
    assert names == ["snapshot-0-DATE-0", "named-DATE-1"]
    for snap in snaps:
        assert values_of(read_trace(uid_trace(snap))) == list(range(10))
    # the session's own output was not used
    assert not (tracing.home / "lttng-traces").exists()


def test_snapshot_of_a_wrapped_buffer_holds_the_latest_events(tracing):
    app = app_on_cpu0(tracing)
    snapshot_session(tracing, channel_opts=("--subbuf-size=4k",
                                            "--num-subbuf=4"))
    app.emit(2000)
    tracing.lttng("stop")
    tracing.lttng("snapshot", "record")
    [snap] = snapshots_in(tracing.session_dir("s"))
    trace = read_trace(uid_trace(snap))
    seqs = values_of(trace)
    # the newest records, in order, without a hole
    assert 0 < len(seqs) < 2000
    assert seqs == list(range(2000 - len(seqs), 2000))
    for record in trace:
        if record.name == "testapp:values":
            check_values(record, record.fields["seq"])
    assert trace[-1].name == "testapp:tick"
    assert trace.discarded_events == 0 and trace.discarded_packets == 0
    assert os.path.getsize(uid_trace(snap) / "channel0_0") <= 4 * 4096


@pytest.mark.parametrize("timeout", ["inf", "100", "0"])
def test_blocking_timeout_is_accepted_and_never_blocks(tracing, timeout):
    """LTTng 2.13 accepts --blocking-timeout on a snapshot session's
    (overwrite) channel, lists it in MI but not in the human listing,
    and an application allowed to block never waits on such a channel:
    it overwrites the oldest packets (nothing consumes them)."""
    tracing.env["LTTNG_UST_ALLOW_BLOCKING"] = "1"
    app = app_on_cpu0(tracing)
    tracing.lttng("create", "s", "--snapshot")
    result = tracing.lttng("enable-channel", "-u", "--subbuf-size=4k",
                           "--num-subbuf=4", f"--blocking-timeout={timeout}",
                           "channel0")
    assert result.out == "ust channel channel0 enabled for session s\n"
    listed = tracing.lttng("list", "s").out
    assert "Event-loss mode:  overwrite" in listed
    assert "Blocking timeout" not in listed
    mi = tracing.lttng("--mi", "xml", "list", "s").out
    expected = {"inf": "-1", "100": "100", "0": "0"}[timeout]
    assert f"<blocking_timeout>{expected}</blocking_timeout>" in mi
    tracing.lttng("enable-event", "--userspace", "testapp:*")
    tracing.lttng("start")
    # 2000 records wrap the 16 KiB buffer many times over.
    done = threading.Event()
    emitter = threading.Thread(target=lambda: (app.emit(2000), done.set()))
    emitter.start()
    emitter.join(timeout=120)
    assert done.is_set(), "the application blocked on an overwrite channel"
    tracing.lttng("stop")
    tracing.lttng("snapshot", "record")
    [snap] = snapshots_in(tracing.session_dir("s"))
    trace = read_trace(uid_trace(snap))
    seqs = values_of(trace)
    assert 0 < len(seqs) < 2000
    assert seqs == list(range(2000 - len(seqs), 2000))
    assert trace.discarded_events == 0


def test_snapshots_while_the_app_writes_read_cleanly(tracing):
    app = app_on_cpu0(tracing)
    snapshot_session(tracing, channel_opts=("--subbuf-size=4k",
                                            "--num-subbuf=4"))
    writer = threading.Thread(target=app.emit, args=(100000,))
    writer.start()
    try:
        for _ in range(3):
            tracing.lttng("snapshot", "record")
    finally:
        writer.join(timeout=60)
    tracing.lttng("snapshot", "record")
    snaps = snapshots_in(tracing.session_dir("s"))
    assert len(snaps) == 4
    for snap in snaps:
        # babeltrace2 reads each without a complaint; the records are
        # the app's, in order (a producer may overwrite a packet while
        # it is copied: LTTng's "holes", seen as discarded packets)
        seqs = values_of(read_trace(uid_trace(snap)))
        assert seqs == sorted(set(seqs))
    assert seqs[-1] == 99999


def test_max_size_keeps_the_newest_packets_of_each_stream(tracing):
    app = app_on_cpu0(tracing)
    snapshot_session(tracing, channel_opts=("--subbuf-size=4k",
                                            "--num-subbuf=4"))
    app.emit(2000)
    tracing.lttng("stop")
    one_packet_each = str(NCPU * 4096)
    tracing.lttng("snapshot", "record", "-m", one_packet_each)
    tracing.lttng("snapshot", "record")
    capped, full = snapshots_in(tracing.session_dir("s"))
    assert os.path.getsize(uid_trace(capped) / "channel0_0") == 4096
    total = sum(os.path.getsize(uid_trace(capped) / f"channel0_{i}")
                for i in range(NCPU))
    assert total <= int(one_packet_each)
    small, large = (values_of(read_trace(uid_trace(s)))
                    for s in (capped, full))
    assert 0 < len(small) < len(large)
    assert small == list(range(2000 - len(small), 2000))
    assert large[-len(small):] == small


def test_max_size_too_small_is_refused(tracing):
    app = tracing.app()
    snapshot_session(tracing, channel_opts=("--subbuf-size=4k",
                                            "--num-subbuf=4"))
    app.emit(5)
    result = tracing.lttng("snapshot", "record", "-m",
                           str(NCPU * 4096 - 1), check=False)
    assert result.rc == 1
    assert result.out == ""
    assert result.err == ("Error: Invalid snapshot size. Cannot fit at least "
                          "one packet per stream.\n"
                          "Error: Snapshot max size is invalid\n")
    # the failed record did not count: the next one is still number 0
    tracing.lttng("snapshot", "record")
    names = [p.name for p in snapshots_in(tracing.session_dir("s"))]
    assert names and all(n.endswith("-0") for n in names)


def test_output_max_size_applies_to_its_records(tracing, tmp_path):
    app = tracing.app()
    snapshot_session(tracing, channel_opts=("--subbuf-size=4k",
                                            "--num-subbuf=4"))
    app.emit(5)
    tracing.lttng("snapshot", "del-output", "1")
    result = tracing.lttng("snapshot", "add-output", "-m", "1k",
                           str(tmp_path / "out"))
    assert result.out == ("Snapshot output successfully added for session "
                          "s\n  [2] snapshot-2: "
                          f"{tmp_path / 'out'} (max size: 1024 bytes)\n")
    result = tracing.lttng("snapshot", "record", check=False)
    assert result.rc == 1
    assert "Snapshot max size is invalid" in result.err
    # a larger size given to record overrides the output's
    tracing.lttng("snapshot", "record", "-m", "1M")
    [snap] = [p for p in snapshots_in(tmp_path / "out")
              if (p / "ust/uid").exists() and
              any((uid_trace(p)).glob("channel0_*"))]
    assert values_of(read_trace(uid_trace(snap))) == list(range(5))


def test_record_before_any_app_has_only_the_ust_directory(tracing):
    snapshot_session(tracing)
    # no buffers yet: nothing to fit, so any maximum size goes
    tracing.lttng("snapshot", "record")
    tracing.lttng("snapshot", "record", "-m", "1")
    snaps = snapshots_in(tracing.session_dir("s"))
    assert [re.sub(DATE, "DATE", p.name) for p in snaps] == [
        "snapshot-1-DATE-0", "snapshot-1-DATE-1"]
    for snap in snaps:
        assert os.listdir(snap) == ["ust"]
        assert os.listdir(snap / "ust") == []


def test_max_size_counts_every_per_pid_buffer(tracing):
    a = tracing.app()
    b = tracing.app()
    snapshot_session(tracing, channel_opts=("--buffers-pid",
                                            "--subbuf-size=4k",
                                            "--num-subbuf=4"))
    a.emit(3)
    b.emit(3)
    one_packet_each = 2 * NCPU * 4096
    result = tracing.lttng("snapshot", "record", "-m",
                           str(one_packet_each - 1), check=False)
    assert result.rc == 1
    tracing.lttng("snapshot", "record", "-m", str(one_packet_each))
    [snap] = [p for p in snapshots_in(tracing.session_dir("s"))
              if (p / "ust" / "pid").exists() and
              any((p / "ust" / "pid").glob("*/channel0_0"))]
    for d in (snap / "ust" / "pid").iterdir():
        assert values_of(read_trace(d)) == [0, 1, 2]
        for i in range(NCPU):
            assert os.path.getsize(d / f"channel0_{i}") == 4096


def test_per_uid_buffers_of_an_app_that_exited_are_kept(tracing):
    app = tracing.app()
    snapshot_session(tracing)
    app.emit(25)
    app.quit()
    tracing.lttng("snapshot", "record")
    [snap] = snapshots_in(tracing.session_dir("s"))
    assert values_of(read_trace(uid_trace(snap))) == list(range(25))


def test_per_pid_snapshots_hold_the_processes_still_alive(tracing):
    a = tracing.app()
    b = tracing.app()
    snapshot_session(tracing, channel_opts=("--buffers-pid",))
    a.emit(10)
    b.emit(20)
    tracing.lttng("snapshot", "record")
    b.quit()
    a.emit(5)
    tracing.lttng("stop")
    tracing.lttng("snapshot", "record")
    first, second = snapshots_in(tracing.session_dir("s"))
    for snap, expected in ((first, {a: 10, b: 20}), (second, {a: 15})):
        dirs = sorted(os.listdir(snap / "ust" / "pid"))
        assert len(dirs) == len(expected)
        for app, count in expected.items():
            [d] = [d for d in dirs if re.fullmatch(
                rf"ust-test-app-{app.pid}-{DATE}", d)]
            trace = read_trace(snap / "ust" / "pid" / d)
            assert values_of(trace) == list(range(count))


def test_no_output_session_is_a_flight_recorder(tracing, tmp_path):
    app = tracing.app()
    tracing.lttng("create", "f", "--no-output")
    tracing.lttng("enable-event", "--userspace", "testapp:*")
    tracing.lttng("start")
    app.emit(7)
    result = tracing.lttng("snapshot", "add-output", str(tmp_path / "fr"))
    assert result.out == ("Snapshot output successfully added for session "
                          f"f\n  [1] snapshot-1: {tmp_path / 'fr'}\n")
    tracing.lttng("snapshot", "record")
    [snap] = snapshots_in(tmp_path / "fr")
    assert values_of(read_trace(uid_trace(snap))) == list(range(7))
    tracing.lttng("destroy")
    # the session never wrote a trace of its own
    assert not (tracing.home / "lttng-traces").exists()


def test_snapshot_output_can_be_replaced(tracing, tmp_path):
    tracing.lttng("create", "s", "--snapshot",
                  f"--output={tmp_path / 'first'}")
    result = tracing.lttng("snapshot", "add-output", str(tmp_path / "x"),
                           check=False)
    assert (result.rc, result.err) == (
        1, "Error: Snapshot output already exists\n")
    result = tracing.lttng("snapshot", "del-output", "snapshot-1")
    assert result.out == ("Snapshot output snapshot-1 successfully deleted "
                          "for session s\n")
    assert tracing.lttng("snapshot", "list-output").out == (
        "Snapshot output list for session s\n    None\n")
    tracing.lttng("snapshot", "add-output", "-n", "mine",
                  f"file://{tmp_path / 'second'}")
    assert tracing.lttng("snapshot", "list-output").out == (
        "Snapshot output list for session s\n"
        f"    [2] mine: {tmp_path / 'second'}\n")
    result = tracing.lttng("snapshot", "del-output", "2")
    assert result.out == ("Snapshot output id 2 successfully deleted for "
                          "session s\n")


@pytest.mark.parametrize("args, err, rc", [
    (("record",), "Error: Session needs to be started once\n", 1),
    (("record", "relative/dir"), "Error: Session needs to be started once\n",
     1),
    (("del-output", "7"), "Error: Invalid parameter\n", 1),
    (("del-output", "nosuch"), "Error: Invalid parameter\n", 1),
    (("del-output", "3x"),
     "Error: Argument 3x not recognized\nError: Unknown error code\n", 1),
    (("add-output",), "Error: An output destination must be specified to "
     "add a snapshot output.\n", 1),
    (("add-output", "-C", "tcp://localhost"),
     "Error: URLs must be specified for both data and control\n", 1),
    (("add-output", "-m", "lots", "/tmp/x"),
     "Error: Unable to handle max-size value lots\n", 1),
    (("list-output", "-s", "nosuch"), "Error: Session name not found\n", 1),
    (("record", "-s", "nosuch"), "Error: Session name not found\n", 1),
    (("bogus",), None, 2),
    ((), "Error: No action specified for snapshot command.\n", 1),
])
def test_snapshot_errors(tracing, args, err, rc):
    tracing.lttng("create", "s", "--snapshot")
    result = tracing.lttng("snapshot", *args, check=False)
    assert result.rc == rc
    assert result.out == ""
    if err is not None:
        assert result.err == err


def test_bad_urls_are_invalid_parameters(tracing):
    app = tracing.app()
    snapshot_session(tracing)
    app.emit(1)
    for url in ("relative/dir", "file://relative", "bogus://x"):
        result = tracing.lttng("snapshot", "record", url, check=False)
        assert (result.rc, result.err) == (1, "Error: Invalid parameter\n")
    tracing.lttng("snapshot", "del-output", "1")
    result = tracing.lttng("snapshot", "record", check=False)
    assert (result.rc, result.err) == (1, "Error: Snapshot record failed\n")
    # no relay daemon listens on the port: LTTng's error
    result = tracing.lttng("snapshot", "record", "net://127.0.0.1:1:2",
                           check=False)
    assert (result.rc, result.err) == (
        1, "Error: Unable to connect to lttng-relayd\n")


def test_non_snapshot_sessions_are_refused(tracing):
    tracing.lttng("create", "normal")
    for args in (("record",), ("list-output",), ("add-output", "/tmp/x"),
                 ("del-output", "1")):
        result = tracing.lttng("snapshot", *args, check=False)
        assert (result.rc, result.err) == (
            1, "Error: Snapshot command can't be applied to a non-snapshot "
               "session\n")


def test_snapshot_api_of_liblttng_ctl(tracing, build_dir, tmp_path,
                                      monkeypatch):
    """<lttng/snapshot.h> as an application uses it (ctypes)."""
    monkeypatch.setenv("LTTNG_HOME", tracing.env["LTTNG_HOME"])
    monkeypatch.setenv("LTTNG_RUNDIR", tracing.env["LTTNG_RUNDIR"])
    ctl = ctypes.CDLL(str(build_dir / "src/lib/lttng-ctl/liblttng-ctl.so.0"))
    ctl.lttng_snapshot_output_create.restype = ctypes.c_void_p
    ctl.lttng_snapshot_output_list_get_next.restype = ctypes.c_void_p
    ctl.lttng_snapshot_output_get_name.restype = ctypes.c_char_p
    ctl.lttng_snapshot_output_get_ctrl_url.restype = ctypes.c_char_p
    ctl.lttng_snapshot_output_get_id.restype = ctypes.c_uint32
    ctl.lttng_snapshot_output_get_maxsize.restype = ctypes.c_uint64
    for name in ("lttng_snapshot_output_destroy",
                 "lttng_snapshot_output_list_destroy"):
        getattr(ctl, name).argtypes = [ctypes.c_void_p]
    for name in ("lttng_snapshot_output_get_name",
                 "lttng_snapshot_output_get_ctrl_url",
                 "lttng_snapshot_output_get_id",
                 "lttng_snapshot_output_get_maxsize"):
        getattr(ctl, name).argtypes = [ctypes.c_void_p]
    tracing.lttng("create", "api", "--snapshot", "--no-output")

    out = ctl.lttng_snapshot_output_create()
    assert ctl.lttng_snapshot_output_set_local_path(
        str(tmp_path / "api").encode(), ctypes.c_void_p(out)) == 0
    assert ctl.lttng_snapshot_output_set_name(b"apiout",
                                              ctypes.c_void_p(out)) == 0
    assert ctl.lttng_snapshot_output_set_size(ctypes.c_uint64(1 << 20),
                                              ctypes.c_void_p(out)) == 0
    assert ctl.lttng_snapshot_add_output(b"api", ctypes.c_void_p(out)) == 0
    assert ctl.lttng_snapshot_output_get_id(out) == 1
    assert ctl.lttng_snapshot_add_output(b"api", ctypes.c_void_p(out)) == -31
    ctl.lttng_snapshot_output_destroy(out)

    lst = ctypes.c_void_p()
    assert ctl.lttng_snapshot_list_output(b"api", ctypes.byref(lst)) == 1
    entry = ctl.lttng_snapshot_output_list_get_next(lst)
    assert ctl.lttng_snapshot_output_get_name(entry) == b"apiout"
    assert ctl.lttng_snapshot_output_get_ctrl_url(entry) == \
        str(tmp_path / "api").encode()
    assert ctl.lttng_snapshot_output_get_maxsize(entry) == 1 << 20
    assert ctl.lttng_snapshot_output_list_get_next(lst) is None
    ctl.lttng_snapshot_output_list_destroy(lst)

    # LTTNG_ERR_START_SESSION_ONCE, then LTTNG_ERR_SESS_NOT_FOUND
    assert ctl.lttng_snapshot_record(b"api", None, 0) == -50
    assert ctl.lttng_snapshot_record(b"nosuch", None, 0) == -23


# The kernel domain (tracefs; skipped where instances cannot be made).

def ring_dirs():
    """The private packet directories of kernel consumers."""
    return {p for p in os.listdir("/dev/shm")
            if p.startswith("lttng-kconsumer-")}


def workload_records(trace, tid):
    return [r for r in trace if r.common_context.get("tid") == tid]


def test_kernel_snapshots_hold_the_syscalls_and_overlap(ks, tool, tmp_path):
    out = tmp_path / "snaps"
    ks.ok("create", "k", "--snapshot", f"--output={out}")
    ks.ok("enable-event", "-k", "--syscall", "openat,close")
    ks.ok("add-context", "-k", "-t", "tid", "-t", "procname")
    before = ring_dirs()
    listing = ks.ok("list", "k").out
    assert "Event-loss mode:  overwrite" in listing
    assert "Output mode:      mmap" in listing
    ks.ok("start")
    assert len(ring_dirs() - before) == 1
    lines = run_workload(tool, "open", "/etc/hostname", "2")
    r = ks.ok("snapshot", "record")
    assert r.out == "Snapshot recorded successfully for session k\n"
    ks.ok("stop")
    ks.ok("snapshot", "record", "--name=after-stop")
    rings = ring_dirs()
    ks.ok("destroy")
    assert not rings & ring_dirs()  # the consumer removed its packets
    tid = int(lines[0].split("=")[1])
    fds = [int(line.split("=")[1]) for line in lines[1:]]
    first, second = snapshots_in(out)
    assert re.fullmatch(rf"snapshot-1-{DATE}-0", first.name)
    assert re.fullmatch(rf"after-stop-{DATE}-1", second.name)
    for snap in (first, second):
        kernel = snap / "kernel"
        assert os.listdir(snap) == ["kernel"]
        assert sorted(os.listdir(kernel)) == sorted(
            ["index", "metadata"] + [f"channel0_{i}" for i in range(NCPU)])
        assert os.listdir(kernel / "index") == []
        mine = workload_records(read_trace(kernel), tid)
        opens = [i for i, r in enumerate(mine)
                 if r.name == "syscall_entry_openat"]
        tail = mine[opens[-2]:]
        assert [r.name for r in tail] == [
            "syscall_entry_openat", "syscall_exit_openat",
            "syscall_entry_close", "syscall_exit_close"] * 2
        for i, fd in enumerate(fds):
            assert tail[4 * i].fields == {"dfd": -100,  # AT_FDCWD
                                          "filename": "/etc/hostname",
                                          "flags": os.O_RDONLY, "mode": 0}
            assert tail[4 * i + 1].fields == {"ret": fd}
            assert tail[4 * i + 2].fields == {"fd": fd}
        assert all(r.common_context["procname"] == "ksyscalls"
                   for r in tail)


def test_kernel_snapshot_keeps_the_newest_pages(ks, tool, tmp_path):
    out = tmp_path / "snaps"
    ks.ok("create", "k", "--snapshot", f"--output={out}")
    ks.ok("enable-channel", "-k", "--subbuf-size=4096", "--num-subbuf=2",
          "small")
    ks.ok("enable-event", "-k", "--syscall", "getppid", "-c", "small")
    ks.ok("start")
    run_workload(tool, "loop", "20000")
    ks.ok("stop")
    ks.ok("snapshot", "record", "-m", str(NCPU * 4096))
    ks.ok("snapshot", "record")
    capped, full = snapshots_in(out)
    for i in range(NCPU):
        assert os.path.getsize(capped / "kernel" / f"small_{i}") == 4096
    events = read_trace(full / "kernel")
    newest = read_trace(capped / "kernel")
    # 20000 calls do not fit in 2 x 4 KiB per CPU: only the last ones
    assert 0 < len(newest) <= len(events) < 40000
    assert {r.name for r in events} == {"syscall_entry_getppid",
                                        "syscall_exit_getppid"}
    stamps = [r.timestamp for r in events]
    assert stamps == sorted(stamps)
    assert newest[-1].timestamp == events[-1].timestamp
    assert events.discarded_events == 0


@pytest.fixture
def both_domains(build_dir, lttng_env, tmp_path):
    require_tracefs()
    t = Tracing(build_dir, lttng_env, tmp_path)
    consumerd = build_dir / "src/bin/lttng-consumerd/lttng-consumerd"
    r = t.sessiond.start(f"--kconsumerd-path={consumerd}")
    assert r.returncode == 0, r.stderr
    yield t
    t.close()


def test_one_snapshot_holds_both_domains_on_one_clock(both_domains):
    t = both_domains
    app = t.app()
    t.lttng("create", "s", "--snapshot")
    t.lttng("enable-event", "-k", "--syscall", "read,write")
    t.lttng("add-context", "-k", "-t", "tid")
    t.lttng("enable-event", "-u", "testapp:tick")
    t.lttng("start")
    app.emit(0)  # reads "emit 0", testapp:tick, writes "ok"
    t.lttng("stop")
    t.lttng("snapshot", "record")
    [snap] = snapshots_in(t.session_dir("s"))
    assert sorted(os.listdir(snap)) == ["kernel", "ust"]
    # babeltrace2 merges the two traces of the snapshot by time
    names = []
    for line in babeltrace2_text(snap).splitlines():
        name = line.split(" ")[3].rstrip(":")
        if name == "testapp:tick" or f"{{ tid = {app.pid} }}" in line:
            names.append(name)
    tick = names.index("testapp:tick")
    assert "syscall_exit_read" in names[:tick]
    assert "syscall_entry_write" in names[tick:]
