"""lttng regenerate metadata / statedump (and lttng metadata regenerate)
with real daemons and a real instrumented app, read back with babeltrace2:
the state dump recorded again into the session asked for, the metadata
written again with the clock offset measured again (a clock stepped like
an NTP correction gives correct dates again), and LTTng 2.13's errors
(messages and exit statuses as the reference LTTng prints them)."""
import os
import pathlib
import re
import socket
import struct
import subprocess
import time

from kernel_support import KernelSession, require_tracefs, run_workload
from trace_reader import read_trace
from ust_tracing import Tracing, uid_dir

SD = "lttng_ust_statedump:"
DUMP_FIELDS = {
    SD + "start": [],
    SD + "procname": ["procname"],
    SD + "bin_info": ["baddr", "memsz", "path", "is_pic", "has_build_id",
                      "has_debug_link"],
    SD + "build_id": ["baddr", "_build_id_length", "build_id"],
    SD + "debug_link": ["baddr", "crc", "filename"],
    SD + "end": [],
}
STEP_SECONDS = 100000


def check_values(record, seq):
    """Every field of ust-test-app's testapp:values number seq."""
    f = record.fields
    assert list(f) == ["seq", "low", "neg", "half", "name", "triple",
                       "_items_length", "items", "parity"]
    assert (f["seq"], f["low"], f["neg"], f["half"]) == (
        seq, seq % 256, -(seq % 1000), seq / 2.0)
    assert f["name"] == f"event-{seq}"
    assert f["triple"] == [seq, -1, 7]
    assert f["_items_length"] == seq % 4
    assert f["items"] == [seq + j for j in range(seq % 4)]
    assert f["parity"] == seq % 2
    assert f["parity"].labels == ["ODD" if seq % 2 else "EVEN"]


def dumps_of(trace, pid):
    """The state dumps of process pid: one list of records per dump."""
    dumps = []
    for r in trace:
        if not r.name.startswith(SD) or r.common_context.get("vpid") != pid:
            continue
        if r.name == SD + "start":
            dumps.append([])
        dumps[-1].append(r)
    return dumps


def summary(dump):
    """What a dump says, without its timestamps."""
    return [(r.name, sorted(r.fields.items())) for r in dump]


def check_dump(dump, app_path):
    names = [r.name for r in dump]
    assert names[0] == SD + "start" and names[-1] == SD + "end"
    assert names[1] == SD + "procname"
    assert dump[1].fields["procname"] == "ust-test-app"
    for r in dump:
        assert list(r.fields) == DUMP_FIELDS[r.name], r
    bins = {r.fields["path"]: r.fields for r in dump
            if r.name == SD + "bin_info"}
    app = bins[str(app_path)]
    assert app["is_pic"] == 1 and app["memsz"] > 0
    assert any(p.endswith("/liblttng-ust.so.1.0.0") or
               "/liblttng-ust.so" in p for p in bins)
    for r in dump:
        if r.name == SD + "build_id":
            assert r.fields["_build_id_length"] == len(r.fields["build_id"])
            assert r.fields["baddr"] in {b["baddr"] for b in bins.values()}


def start_statedump_session(t, name, *channel_opts):
    t.lttng("create", name)
    if channel_opts:
        t.lttng("enable-channel", "-u", "c0", *channel_opts)
    channel = ["-c", "c0"] if channel_opts else []
    t.lttng("enable-event", "-u", SD + "*,testapp:*", *channel)
    t.lttng("add-context", "-u", "-t", "vpid", *channel)
    t.lttng("start")


def test_statedump_regenerated_into_that_session_only(build_dir, lttng_env,
                                                       tmp_path):
    t = Tracing(build_dir, lttng_env, tmp_path)
    try:
        t.start_daemon()
        app = t.app()
        start_statedump_session(t, "other")
        start_statedump_session(t, "s")
        app.emit(3)
        r = t.lttng("regenerate", "statedump")
        assert r.out == "State dump successfully regenerated for session s\n"
        assert r.err == ""
        app.emit(2)
        r = t.lttng("regenerate", "statedump", "-s", "s")
        assert r.out == "State dump successfully regenerated for session s\n"
        app.emit(1)
        t.lttng("destroy", "-a")
        trace = read_trace(uid_dir(t.session_dir("s")))
        other = read_trace(uid_dir(t.session_dir("other")))
    finally:
        t.close()
    app_path = build_dir / "tests/tools/ust-apps/ust-test-app"
    dumps = dumps_of(trace, app.pid)
    assert len(dumps) == 3  # the session start, then two regenerations
    for dump in dumps:
        check_dump(dump, app_path)
    assert summary(dumps[1]) == summary(dumps[0])
    assert summary(dumps[2]) == summary(dumps[0])
    # A dump runs in the app's listener thread after it answered, while
    # its main thread may emit: only a regenerated dump's start is sure
    # to come after the events emitted before the request.
    names = [r.name for r in trace]
    starts = [i for i, n in enumerate(names) if n == SD + "start"]
    values = [i for i, n in enumerate(names) if n == "testapp:values"]
    assert len(values) == 6
    for seq, i in enumerate(values):
        check_values(trace[i], seq)
    assert values[2] < starts[1] and values[4] < starts[2]
    # the other session got its start's dump only
    assert len(dumps_of(other, app.pid)) == 1
    assert [r.fields["seq"] for r in other
            if r.name == "testapp:values"] == list(range(6))


def offset_seconds(metadata):
    block = re.search(r"clock \{(.*?)\};", metadata, re.S).group(1)
    seconds = re.search(r"offset_s = (-?\d+);", block)
    cycles = int(re.search(r"\toffset = (-?\d+);", block).group(1))
    freq = int(re.search(r"freq = (\d+);", block).group(1))
    return (int(seconds.group(1)) if seconds else 0) + cycles / freq


def test_metadata_regenerated_after_a_clock_step(build_dir, lttng_env,
                                                 tmp_path):
    """A clock that jumps ahead by STEP_SECONDS plays a wall clock that
    NTP corrected: after `lttng regenerate metadata` the metadata declares
    the offset measured again, so the events recorded since are dated
    right (and those before the step, STEP_SECONDS earlier)."""
    step = tmp_path / "step"
    plugin = build_dir / "tests/tools/ust-apps/libust-step-clock-plugin.so"
    env = dict(lttng_env, LTTNG_UST_CLOCK_PLUGIN=str(plugin),
               TEST_CLOCK_STEP_FILE=str(step))
    t = Tracing(build_dir, env, tmp_path)
    try:
        t.start_daemon()
        app = t.app()
        t.record_testapp()
        before_step = time.time_ns()
        app.emit(5)
        step.write_text(f"{STEP_SECONDS}\n")
        app.emit(5)
        r = t.lttng("regenerate", "metadata")
        assert r.out == "Metadata successfully regenerated for session s\n"
        directory = uid_dir(t.session_dir("s"))
        # written again at once, whole, with the offset measured again
        metadata = (directory / "metadata").read_bytes().decode(
            errors="replace")
        expected = time.time() - time.monotonic() - STEP_SECONDS
        assert abs(offset_seconds(metadata) - expected) < 1
        after_regen = time.time_ns()
        app.emit(5)
        end = time.time_ns()
        r = t.lttng("metadata", "regenerate")
        assert r.out == "Metadata successfully regenerated for session s\n"
        t.lttng("destroy")
        trace = read_trace(directory)
    finally:
        t.close()
    records = [r for r in trace if r.name == "testapp:values"]
    assert len(records) == 15
    for seq, record in enumerate(records):
        check_values(record, seq)
    assert [r.name for r in trace].count("testapp:tick") == 3
    assert trace.discarded_events == 0
    stamps = [r.timestamp for r in records]
    assert stamps == sorted(stamps)
    # after the step: the right dates again
    assert all(before_step - 2e9 <= s <= end + 2e9 for s in stamps[5:])
    assert all(after_regen - 2e9 <= s for s in stamps[10:])
    # before the step: STEP_SECONDS earlier than they happened
    shifted = STEP_SECONDS * 1_000_000_000
    assert all(abs(s + shifted - before_step) < 5e9 for s in stamps[:5])


def test_regenerations_in_a_snapshot_session(build_dir, lttng_env, tmp_path):
    t = Tracing(build_dir, lttng_env, tmp_path)
    try:
        t.start_daemon()
        app = t.app()
        t.lttng("create", "s", "--snapshot")
        t.lttng("enable-event", "-u", SD + "*,testapp:*")
        t.lttng("add-context", "-u", "-t", "vpid")
        t.lttng("start")
        app.emit(4)
        r = t.lttng("regenerate", "statedump")
        assert r.out == "State dump successfully regenerated for session s\n"
        r = t.lttng("regenerate", "metadata")
        assert r.out == "Metadata successfully regenerated for session s\n"
        t.lttng("stop")
        t.lttng("snapshot", "record")
        snapshots = list(t.session_dir("s").iterdir())
        assert len(snapshots) == 1
        trace = read_trace(uid_dir(snapshots[0]))
    finally:
        t.close()
    records = [r for r in trace if r.name == "testapp:values"]
    assert len(records) == 4
    for seq, record in enumerate(records):
        check_values(record, seq)
    dumps = dumps_of(trace, app.pid)
    assert len(dumps) == 2
    assert summary(dumps[1]) == summary(dumps[0])


def test_per_pid_buffers_refuse_metadata_but_not_statedump(
        build_dir, lttng_env, tmp_path):
    t = Tracing(build_dir, lttng_env, tmp_path)
    try:
        t.start_daemon()
        app = t.app()
        start_statedump_session(t, "s", "--buffers-pid")
        r = t.lttng("regenerate", "metadata", check=False)
        assert (r.rc, r.out, r.err) == (
            120, "", "Error: Per-PID recording sessions are not supported\n")
        r = t.lttng("metadata", "regenerate", check=False)
        assert r.rc == 120
        r = t.lttng("regenerate", "statedump")
        assert r.out == "State dump successfully regenerated for session s\n"
        app.emit(1)
        # the app's listener answers the stop once its dump is recorded
        t.lttng("stop")
        app.quit()
        t.lttng("destroy")
        pid_dirs = list((t.session_dir("s") / "ust" / "pid").iterdir())
        assert len(pid_dirs) == 1
        trace = read_trace(pid_dirs[0])
    finally:
        t.close()
    assert len(dumps_of(trace, app.pid)) == 2


def test_errors_as_lttng_reports_them(build_dir, lttng_env, tmp_path):
    t = Tracing(build_dir, lttng_env, tmp_path)
    home = lttng_env["LTTNG_HOME"]
    try:
        t.start_daemon()

        def run(*args):
            r = t.lttng(*args, check=False)
            return (r.rc, r.out, r.err)

        no_session = (1, "Did you create a session? (lttng create "
                      "<my_session>)\n",
                      f"Error: Can't find valid lttng config {home}/.lttngrc\n")
        assert run("regenerate", "metadata") == no_session
        assert run("regenerate", "statedump") == no_session
        assert run("metadata", "regenerate") == no_session
        assert run("regenerate") == no_session
        not_found = (23, "", "Error: Session name not found\n")
        assert run("regenerate", "metadata", "-s", "nosuch") == not_found
        assert run("metadata", "regenerate", "-s", "nosuch") == not_found
        # LTTng prints nothing when a state dump request fails
        assert run("regenerate", "statedump", "-s", "nosuch") == (23, "", "")
        t.lttng("create", "s")
        not_started = (118, "", "Error: Session not started\n")
        assert run("regenerate", "metadata") == not_started
        assert run("regenerate", "statedump") == (118, "", "")
        t.lttng("enable-event", "-u", "-a")
        t.lttng("start")
        t.lttng("stop")
        assert run("regenerate", "metadata") == not_started
        assert run("regenerate", "statedump") == (118, "", "")
        t.lttng("start")
        assert run("regenerate") == (
            1, "", "Error: No object specified for regenerate command.\n")
        assert run("metadata") == (
            1, "", "Error: No action specified for metadata command.\n")
        unknown = "Error: Unrecognized argument used with '{}' command\n"
        assert run("regenerate", "bogus") == (
            2, "", unknown.format("regenerate"))
        assert run("metadata", "bogus") == (2, "", unknown.format("metadata"))
        assert run("regenerate", "metadata", "extra") == (
            2, "", unknown.format("regenerate"))
        assert run("metadata", "regenerate", "extra") == (
            2, "", unknown.format("metadata"))
        assert run("regenerate", "statedump", "extra") == (97, "", "")
        assert run("regenerate", "--list-commands") == (
            0, "metadata\nstatedump\n", "")
        assert run("metadata", "--list-commands") == (0, "regenerate\n", "")
        # the daemon is still there and the session still works
        assert run("regenerate", "metadata") == (
            0, "Metadata successfully regenerated for session s\n", "")
    finally:
        t.close()


MI_HEAD = ('<?xml version="1.0" encoding="UTF-8"?>\n<command '
           'xmlns="https://lttng.org/xml/ns/lttng-mi" '
           'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
           'xsi:schemaLocation="https://lttng.org/xml/ns/lttng-mi '
           'https://lttng.org/xml/schemas/lttng-mi/4/lttng-mi-4.1.xsd" '
           'schemaVersion="4.1">')


def test_machine_interface(build_dir, lttng_env, tmp_path):
    t = Tracing(build_dir, lttng_env, tmp_path)
    try:
        t.start_daemon()

        def mi(*args):
            r = t.lttng("--mi", "xml", *args, check=False)
            assert r.out.startswith(MI_HEAD)
            return r.rc, r.out[len(MI_HEAD):]

        assert mi("regenerate", "metadata") == (
            1, "<name>regenerate</name><output/></command>\n")
        t.lttng("create", "s")
        assert mi("regenerate", "statedump") == (
            118, "<name>regenerate</name><output><regenerate_action><name>"
            "statedump</name></regenerate_action></output><success>false"
            "</success></command>\n")
        t.lttng("enable-event", "-u", "-a")
        t.lttng("start")
        assert mi("regenerate", "metadata") == (
            0, "<name>regenerate</name><output><regenerate_action><name>"
            "metadata</name></regenerate_action></output><success>true"
            "</success></command>\n")
        assert mi("metadata", "regenerate") == (
            0, "<name>metadata</name><output><metadata_action><name>"
            "regenerate</name></metadata_action></output><success>true"
            "</success></command>\n")
        assert mi("regenerate", "bogus") == (
            2, "<name>regenerate</name><output/><success>false</success>"
            "</command>\n")
    finally:
        t.close()


def test_kernel_metadata_regenerated_and_read(build_dir, lttng_env, tool,
                                              tmp_path):
    """The kernel trace's metadata is written again by its consumer (the
    clock offset measured again) and the trace reads whole; statedump
    succeeds on a kernel session whose rules designate no state dump
    event, adding nothing (test_kernel_statedump.py covers those that
    do)."""
    require_tracefs()
    # CLOCK_MONOTONIC (not the TSC), so the test can tell the offset
    ks = KernelSession(build_dir, dict(lttng_env,
                                       LTTNG_TRACE_CLOCK="monotonic"))
    out = tmp_path / "trace"
    try:
        ks.ok("create", "k", f"--output={out}")
        ks.ok("enable-event", "-k", "--syscall", "openat,close")
        ks.ok("add-context", "-k", "-t", "tid")
        ks.ok("start")
        first = run_workload(tool, "open", "/etc/hostname", "2")
        metadata = out / "kernel" / "metadata"
        r = ks.ok("regenerate", "metadata")
        assert r.out == "Metadata successfully regenerated for session k\n"
        # truncated and written again: one preamble, the new offset
        after = metadata.read_bytes().decode(errors="replace")
        assert after.count("/* CTF 1.8 */") == 1
        expected = time.time() - time.monotonic()
        assert abs(offset_seconds(after) - expected) < 1
        second = run_workload(tool, "open", "/etc/hostname", "2")
        r = ks.ok("regenerate", "statedump")
        assert r.out == ("State dump successfully regenerated for session "
                         "k\n")
        ks.ok("destroy")
        trace = read_trace(out / "kernel")
        text = metadata.read_bytes().decode(errors="replace")
    finally:
        ks.stop()
    assert text.count("/* CTF 1.8 */") == 1
    tids = {int(lines[0].split("=")[1]) for lines in (first, second)}
    for tid in tids:
        mine = [r for r in trace if r.common_context.get("tid") == tid]
        assert {"syscall_entry_openat", "syscall_exit_openat",
                "syscall_entry_close"} <= {r.name for r in mine}


def test_control_api(build_dir, lttng_env, tool, tmp_path):
    """lttng_regenerate_metadata(), the deprecated
    lttng_metadata_regenerate() and lttng_regenerate_statedump():
    0 or a negative LTTng error code."""
    t = Tracing(build_dir, lttng_env, tmp_path)
    api = str(tool("tests/tools/ctl-api/regenerate-api"))

    def call(session):
        proc = subprocess.run([api, session], capture_output=True,
                              text=True, env=t.env, timeout=30)
        assert proc.returncode == 0, proc.stderr
        return proc.stdout

    try:
        t.start_daemon()
        app = t.app()
        start_statedump_session(t, "s")
        assert call("s") == ("metadata(NULL): -97\nstatedump(NULL): -97\n"
                             "metadata: 0\nmetadata_regenerate: 0\n"
                             "statedump: 0\n")
        assert call("nosuch") == ("metadata(NULL): -97\n"
                                  "statedump(NULL): -97\nmetadata: -23\n"
                                  "metadata_regenerate: -23\n"
                                  "statedump: -23\n")
        t.lttng("stop")
        assert call("s").endswith("metadata: -118\nmetadata_regenerate: "
                                  "-118\nstatedump: -118\n")
        t.lttng("destroy")
        trace = read_trace(uid_dir(t.session_dir("s")))
    finally:
        t.close()
    assert len(dumps_of(trace, app.pid)) == 2


def chunk_metadata(path):
    """The user space metadata file of a trace chunk."""
    found = [pathlib.Path(root) / "metadata"
             for root, _, files in os.walk(path) if "metadata" in files]
    assert len(found) == 1, found
    return found[0]


def test_rotation_keeps_the_archived_chunks_metadata(build_dir, lttng_env,
                                                      tmp_path):
    """As lttng-regenerate(1) says: only the current chunk's (and the
    next ones') metadata is regenerated; an archived chunk keeps its own."""
    step = tmp_path / "step"
    plugin = build_dir / "tests/tools/ust-apps/libust-step-clock-plugin.so"
    env = dict(lttng_env, LTTNG_UST_CLOCK_PLUGIN=str(plugin),
               TEST_CLOCK_STEP_FILE=str(step))
    t = Tracing(build_dir, env, tmp_path)
    try:
        t.start_daemon()
        app = t.app()
        t.record_testapp()
        app.emit(3)
        t.lttng("rotate")
        session_dir = t.session_dir("s")
        [archive] = list((session_dir / "archives").iterdir())
        [current] = [p for p in session_dir.iterdir()
                     if p.name != "archives"]
        archived_text = chunk_metadata(archive).read_bytes()
        step.write_text(f"{STEP_SECONDS}\n")
        app.emit(3)
        t.lttng("regenerate", "metadata")
        expected = time.time() - time.monotonic()
        app.emit(3)
        t.lttng("rotate")
        t.lttng("destroy")
        archives = sorted((session_dir / "archives").iterdir())
        old = read_trace(chunk_metadata(archives[0]).parent)
        new = read_trace(chunk_metadata(archives[1]).parent)
    finally:
        t.close()
    assert chunk_metadata(archives[0]).read_bytes() == archived_text
    assert abs(offset_seconds(archived_text.decode(errors="replace")) -
               expected) < 1
    new_text = chunk_metadata(archives[1]).read_bytes().decode(
        errors="replace")
    assert abs(offset_seconds(new_text) - expected + STEP_SECONDS) < 1
    assert archives[1].name.startswith(current.name.split("-")[0])
    assert [r.fields["seq"] for r in old
            if r.name == "testapp:values"] == [0, 1, 2]
    values = [r for r in new if r.name == "testapp:values"]
    for seq, record in enumerate(values, start=3):
        check_values(record, seq)
    assert len(values) == 6


LSC_CMD_REGENERATE_METADATA = 33
LSC_CMD_REGENERATE_STATEDUMP = 34
LTTNG_OK = 10
LTTNG_ERR_INVALID_PROTOCOL = 152


def raw_request(t, command, payload):
    """One request on the client socket; the reply's code, or None."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(10)
        sock.connect(t.sessiond.client_sock)
        sock.sendall(struct.pack("=II", command, len(payload)) + payload)
        header = sock.recv(8)
    return struct.unpack("=iI", header)[0] if len(header) == 8 else None


def test_malformed_requests_are_refused(build_dir, lttng_env, tmp_path):
    t = Tracing(build_dir, lttng_env, tmp_path)
    try:
        t.start_daemon()
        t.lttng("create", "s")
        t.lttng("enable-event", "-u", "-a")
        t.lttng("start")
        name = b"s"
        good = struct.pack("=I", len(name)) + name
        for command in (LSC_CMD_REGENERATE_METADATA,
                        LSC_CMD_REGENERATE_STATEDUMP):
            assert raw_request(t, command, good) == LTTNG_OK
            for bad in (b"", good + b"junk", struct.pack("=I", 1000) + name,
                        b"\xff" * 3):
                assert raw_request(t, command, bad) == \
                    LTTNG_ERR_INVALID_PROTOCOL
        r = t.lttng("regenerate", "metadata")
        assert r.out == "Metadata successfully regenerated for session s\n"
    finally:
        t.close()
