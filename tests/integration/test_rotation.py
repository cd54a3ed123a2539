"""Recording session rotation end to end (lttng rotate, enable-rotation,
disable-rotation, destroy after a rotation): real daemons, instrumented
processes, and babeltrace2 reading every trace chunk archive on its own
(events, field values, no loss or duplicate across chunks, no warning).
Messages and exit statuses are LTTng 2.13's, as observed with it."""
import os
import pathlib
import socket
import struct
import re
import subprocess
import threading
import time

import pytest

from kernel_support import run_workload
from trace_reader import read_trace
from lttng_cli import normalize
from ust_tracing import Tracing, values_of

DATE = r"\d{8}T\d{6}[+-]\d{4}"
ARCHIVE_RE = re.compile(rf"({DATE})-({DATE})-(\d+)")
CHUNK_RE = re.compile(rf"({DATE})-(\d+)")


@pytest.fixture
def tracing(build_dir, lttng_env, tmp_path):
    t = Tracing(build_dir, lttng_env, tmp_path)
    t.start_daemon()
    yield t
    t.close()


def start_session(t, name="s", *channel_opts):
    t.lttng("create", name)
    if channel_opts:
        t.lttng("enable-channel", "--userspace", *channel_opts, "channel0")
    t.lttng("enable-event", "--userspace", "testapp:*")
    t.lttng("start")


def archives(session_dir):
    """The archive directories, oldest chunk first (by chunk id)."""
    root = session_dir / "archives"
    if not root.exists():
        return []
    found = [(int(ARCHIVE_RE.fullmatch(p.name).group(3)), p)
             for p in root.iterdir()]
    return [p for _, p in sorted(found)]


def archive_message(session, path):
    return (f"Trace chunk archive for session {session} is now readable "
            f"at {path}\n")


def rotate(t, session="s"):
    """lttng rotate; checks LTTng's output and returns the archive."""
    r = t.lttng("rotate")
    m = re.fullmatch(r"Waiting for rotation to complete\.\.\.\n"
                     r"Trace chunk archive for session (\S+) is now "
                     r"readable at (\S+)\n", r.out)
    assert m, r
    assert m.group(1) == session and r.err == ""
    # The CLI helper writes the session directory's date as DATE.
    session_dir = t.session_dir(session)
    return m.group(2).replace(
        session_dir.name.rsplit("-", 2)[0] + "-DATE", session_dir.name)


def read_chunk(path):
    """The one user space trace of a chunk, read alone by babeltrace2."""
    dirs = [root for root, _, files in os.walk(path) if "metadata" in files]
    assert len(dirs) == 1, dirs
    return read_trace(dirs[0])


def check_chunk(path, expected_seqs):
    """A chunk alone: babeltrace2 reads it without complaint and finds
    exactly these testapp:values, with every field right."""
    trace = read_chunk(path)
    values = [r for r in trace if r.name == "testapp:values"]
    assert [r.fields["seq"] for r in values] == expected_seqs
    for r in values:
        seq = r.fields["seq"]
        assert r.fields["name"] == f"event-{seq}"
        assert r.fields["neg"] == -(seq % 1000)
    assert trace.discarded_events == 0
    return trace


def test_rotation_archives_each_chunk_with_lttngs_names(tracing):
    app = tracing.app()
    start_session(tracing)
    app.emit(10)
    first = rotate(tracing)
    session_dir = tracing.session_dir("s")
    m = ARCHIVE_RE.fullmatch(os.path.basename(first))
    assert m and m.group(3) == "0"
    assert os.path.dirname(first) == str(session_dir / "archives")
    # The next chunk is written under <output>/<BEGIN>-1 and begins when
    # the first one ended.
    [current] = [p for p in session_dir.iterdir() if p.name != "archives"]
    cm = CHUNK_RE.fullmatch(current.name)
    assert cm and cm.group(2) == "1" and cm.group(1) == m.group(2)
    assert sorted(os.listdir(first)) == ["ust"]
    check_chunk(first, list(range(10)))
    app.emit(5)
    second = rotate(tracing)
    m2 = ARCHIVE_RE.fullmatch(os.path.basename(second))
    assert m2.group(3) == "1" and m2.group(1) == m.group(2)
    check_chunk(second, list(range(10, 15)))
    app.quit()
    r = tracing.lttng("destroy")
    [a0, a1, a2] = archives(session_dir)
    assert r.out == ("Destroying session s.." +
                     normalize(archive_message("s", a2)) +
                     "\nSession s destroyed\n")
    # After destroy, the output directory holds the archives only.
    assert os.listdir(session_dir) == ["archives"]
    check_chunk(a2, [])


def test_no_event_lost_or_repeated_across_chunks(tracing):
    app = tracing.app()
    start_session(tracing, "s", "--subbuf-size=256k", "--num-subbuf=8")
    total = 30000
    emitter = threading.Thread(target=app.emit, args=(total,))
    emitter.start()
    for _ in range(3):
        rotate(tracing)
    emitter.join()
    app.quit()
    tracing.lttng("destroy")
    seqs = []
    for path in archives(tracing.session_dir("s")):
        trace = read_chunk(path)
        assert trace.discarded_events == 0
        seqs += values_of(trace)
    assert seqs == list(range(total))


def test_per_process_buffers_rotate_too(tracing):
    app = tracing.app()
    tracing.lttng("create", "s")
    tracing.lttng("enable-channel", "-u", "--buffers-pid", "channel0")
    tracing.lttng("enable-event", "-u", "testapp:*")
    tracing.lttng("start")
    app.emit(7)
    first = rotate(tracing)
    [d] = os.listdir(os.path.join(first, "ust", "pid"))
    assert re.fullmatch(rf"ust-test-app-{app.pid}-\d{{8}}-\d{{6}}", d)
    check_chunk(os.path.join(first, "ust", "pid", d), list(range(7)))
    app.emit(3)
    app.quit()
    time.sleep(0.3)
    tracing.lttng("destroy")
    last = archives(tracing.session_dir("s"))[-1]
    check_chunk(os.path.join(last, "ust", "pid", d), list(range(7, 10)))


def test_rotate_once_after_stop_then_start_again(tracing):
    app = tracing.app()
    start_session(tracing)
    app.emit(4)
    r = tracing.lttng("stop")
    assert r.out == ("Waiting for data availability\n"
                     "Tracing stopped for session s\n")
    first = rotate(tracing)
    check_chunk(first, list(range(4)))
    r = tracing.lttng("rotate", check=False)
    assert (r.rc, r.out) == (1, "")
    assert r.err == ("Error: Session was already rotated once since it "
                     "became inactive\n")
    # No chunk exists until the session starts again.
    session_dir = tracing.session_dir("s")
    assert os.listdir(session_dir) == ["archives"]
    tracing.lttng("start")
    app.emit(2)
    app.quit()
    tracing.lttng("destroy")
    [a0, a1] = archives(session_dir)
    assert ARCHIVE_RE.fullmatch(a1.name).group(3) == "1"
    check_chunk(a1, [4, 5])


def test_destroy_without_rotation_prints_no_archive(tracing):
    start_session(tracing)
    r = tracing.lttng("destroy")
    assert r.out == "Destroying session s..\nSession s destroyed\n"
    assert not (tracing.session_dir("s") / "archives").exists()


def test_rotate_no_wait(tracing):
    start_session(tracing)
    r = tracing.lttng("rotate", "--no-wait", "s")
    assert r.out == "Rotation ongoing for session s\n"
    assert len(archives(tracing.session_dir("s"))) == 1


def test_rotate_errors(tracing):
    r = tracing.lttng("rotate", check=False)
    assert r.rc == 1
    assert r.out == "Did you create a session? (lttng create <my_session>)\n"
    assert r.err.startswith("Error: Can't find valid lttng config")
    tracing.lttng("create", "s")
    r = tracing.lttng("rotate", check=False)
    assert (r.rc, r.err) == (1, "Error: Session needs to be started once\n")
    r = tracing.lttng("rotate", "nosuch", check=False)
    assert (r.rc, r.err) == (1, "Error: Session name not found\n")
    tracing.lttng("create", "snap", "--snapshot")
    tracing.lttng("enable-event", "-u", "-a", "-s", "snap")
    tracing.lttng("start", "snap")
    tracing.lttng("create", "nout", "--no-output")
    tracing.lttng("enable-event", "-u", "-a", "-s", "nout")
    tracing.lttng("start", "nout")
    for name in ("snap", "nout"):
        r = tracing.lttng("rotate", name, check=False)
        assert (r.rc, r.out, r.err) == (
            1, "", "Error: Rotation feature not available for this "
            "session's creation mode\n")


def test_enable_and_disable_rotation_messages(tracing):
    tracing.lttng("create", "s")
    ok = [
        (["--timer", "1s"],
         "Enabled periodic rotations every 1000000 us on session s\n"),
        (["--size", "1M"],
         "Enabled size-based rotations every 1048576 bytes written on "
         "session s\n"),
    ]
    for args, out in ok:
        r = tracing.lttng("enable-rotation", *args)
        assert (r.out, r.err) == (out, "")
    errors = [
        (["--timer", "500ms"],
         "Error: A periodic rotation schedule is already set on session s\n"),
        (["--size", "4096"],
         "Error: A size-based rotation schedule is already set on "
         "session s\n"),
        (["--timer", "0"], "Error: Invalid value for periodic option\n"),
        (["--size", "0"], "Error: Invalid value for size-based option\n"),
        ([], "Error: No session rotation schedule parameter provided.\n"),
        (["--timer", "2x"], "Error: Invalid value for --timer option: 2x\n"),
        (["--size", "12Q"], "Error: Invalid value for --size option: 12Q\n"),
        (["--timer", "72m"],
         "Error: Failed to enable periodic rotation schedule on session s\n"),
        (["-s", "nosuch", "--timer", "1s"],
         "Error: Failed to enable periodic rotation schedule on session "
         "nosuch\n"),
        (["--timer", "1m", "--size", "2G"],
         "Error: A periodic rotation schedule is already set on session s\n"
         "Error: A size-based rotation schedule is already set on "
         "session s\n"),
    ]
    for args, err in errors:
        r = tracing.lttng("enable-rotation", *args, check=False)
        assert (r.rc, r.out, r.err) == (1, "", err), args
    r = tracing.lttng("list", "s")
    assert ("    Trace output: " in r.out and
            "\n\nAutomatic rotation schedules:\n"
            "    timer period: 1000000 us\n"
            "    size threshold: 1048576 bytes\n\n" in r.out)
    r = tracing.lttng("disable-rotation", "--timer")
    assert r.out == "Disabled periodic rotation on session s\n"
    r = tracing.lttng("disable-rotation", "-s", "s", "--size")
    assert r.out == "Disabled size-based rotation on session s\n"
    for args, err in [
            (["--timer"],
             "Error: No periodic rotation schedule active on session s\n"),
            (["--size"],
             "Error: No size-based rotation schedule active on session s\n"),
            ([], "Error: No session rotation schedule type provided.\n"),
            (["-s", "nosuch", "--timer"],
             "Error: Failed to list rotation schedules of session nosuch\n")]:
        r = tracing.lttng("disable-rotation", *args, check=False)
        assert (r.rc, r.out, r.err) == (1, "", err), args
    assert "Automatic rotation" not in tracing.lttng("list", "s").out
    tracing.lttng("create", "snap", "--snapshot")
    r = tracing.lttng("enable-rotation", "--timer", "1s", check=False)
    assert (r.rc, r.err) == (
        1, "Error: Failed to enable periodic rotation schedule on session "
        "snap\n")


def test_periodic_rotation_archives_while_active(tracing):
    app = tracing.app()
    start_session(tracing)
    tracing.lttng("enable-rotation", "--timer", "200ms")
    for i in range(6):
        app.emit(10)
        time.sleep(0.15)
    tracing.lttng("stop")
    found = archives(tracing.session_dir("s"))
    assert len(found) >= 2
    app.quit()
    tracing.lttng("destroy")
    seqs = []
    for path in archives(tracing.session_dir("s")):
        trace = read_chunk(path)
        assert trace.discarded_events == 0
        seqs += values_of(trace)
    assert seqs == list(range(60))


def test_size_rotation_when_the_chunk_reaches_the_threshold(tracing):
    app = tracing.app()
    start_session(tracing, "s", "--subbuf-size=4k", "--num-subbuf=16")
    tracing.lttng("enable-rotation", "--size", "32k")
    for _ in range(8):
        app.emit(500)
        time.sleep(0.2)
    app.quit()
    tracing.lttng("destroy")
    found = archives(tracing.session_dir("s"))
    assert len(found) >= 3
    seqs = []
    for path in found:
        trace = read_chunk(path)
        assert trace.discarded_events == 0
        seqs += values_of(trace)
    assert seqs == list(range(4000))


def test_kernel_channels_rotate(ks, tool, tmp_path):
    out = tmp_path / "t"
    ks.ok("create", "s", f"--output={out}")
    ks.ok("enable-event", "-k", "--syscall", "close")
    ks.ok("add-context", "-k", "-t", "tid")
    ks.ok("start")
    first_lines = run_workload(tool, "open", "/etc/hostname", "3")
    r = ks.ok("rotate")
    first = r.out.split(" at ")[1].strip()
    second_lines = run_workload(tool, "open", "/etc/hostname", "2")
    ks.ok("stop")
    ks.ok("destroy")
    assert os.listdir(out) == ["archives"]
    [a0, a1] = archives(out)
    assert str(a0) == first
    for path, lines, count in ((a0, first_lines, 3), (a1, second_lines, 2)):
        assert sorted(os.listdir(path)) == ["kernel"]
        tid = int(lines[0].split("=")[1])
        fds = [int(line.split("=")[1]) for line in lines[1:]]
        trace = read_trace(path / "kernel")
        closes = [r.fields["fd"] for r in trace
                  if r.name == "syscall_entry_close" and
                  r.common_context.get("tid") == tid]
        assert closes[-count:] == fds


def run_api(tracing, tool, session, action):
    proc = subprocess.run([str(tool("tests/tools/ctl-api/rotation-api")),
                           session, action], capture_output=True, text=True,
                          env=tracing.env, timeout=30)
    assert proc.returncode == 0, proc
    return proc.stdout


def test_liblttng_ctl_rotation_api(tracing, tool):
    start_session(tracing)
    out = run_api(tracing, tool, "s", "schedules")
    assert out == (
        "unset: 1\n"             # LTTNG_ROTATION_STATUS_UNAVAILABLE
        "zero: -2\n"             # LTTNG_ROTATION_STATUS_INVALID
        "wrong type: -2\n"
        "add size: 0\n"
        "add timer: 0\n"
        "add timer again: -3\n"  # SCHEDULE_ALREADY_SET
        "count: 2\n"
        "periodic: 250000\n"
        "size: 65536\n"
        "past the end: NULL\n"
        "remove timer: 0\n"
        "remove timer again: -3\n"  # SCHEDULE_NOT_SET (LTTng's ABI value)
        "remove size: 0\n"
        "count: 0\n"
        "past the end: NULL\n")
    out = run_api(tracing, tool, "s", "rotate")
    [archive] = archives(tracing.session_dir("s"))
    assert out == (
        "rotate: 0\n"
        "state status: 0\n"
        "state: 2\n"             # LTTNG_ROTATION_STATE_COMPLETED
        "location status: 0\n"
        "type: 1\n"              # LTTNG_TRACE_ARCHIVE_LOCATION_TYPE_LOCAL
        "path status: 0\n"
        f"path: {archive}\n"
        "relay port status: -1\n")
    out = run_api(tracing, tool, "s", "clear")
    assert out == ("clear: 10\n"  # LTTNG_OK
                   "wait: 1\n"    # LTTNG_CLEAR_HANDLE_STATUS_COMPLETED
                   "result status: 0\n"
                   "result: 10\n")
    out = run_api(tracing, tool, "s", "destroy")
    last = archives(tracing.session_dir("s"))[-1]
    assert out == (
        "destroy: 10\n"
        "wait: 1\n"
        "rotation state status: 0\n"
        "rotation state: 2\n"
        "location status: 0\n"
        "type: 1\n"
        "path status: 0\n"
        f"path: {last}\n"
        "relay port status: -1\n")
    assert ARCHIVE_RE.fullmatch(last.name).group(3) == "2"


def test_liblttng_ctl_errors(tracing, tool):
    proc = subprocess.run([str(tool("tests/tools/ctl-api/rotation-api")),
                           "nosuch", "rotate"], capture_output=True,
                          text=True, env=tracing.env, timeout=30)
    assert (proc.returncode, proc.stdout) == (1, "rotate: -23\n")
    proc = subprocess.run([str(tool("tests/tools/ctl-api/rotation-api")),
                           "nosuch", "destroy"], capture_output=True,
                          text=True, env=tracing.env, timeout=30)
    assert (proc.returncode, proc.stdout) == (1, "destroy: 23\n")


def test_daemon_shutdown_archives_the_last_chunk(tracing):
    app = tracing.app()
    start_session(tracing)
    app.emit(3)
    rotate(tracing)
    app.emit(2)
    app.quit()
    tracing.sessiond.stop()  # SIGTERM: the sessions are destroyed
    session_dir = tracing.session_dir("s")
    assert os.listdir(session_dir) == ["archives"]
    [a0, a1] = archives(session_dir)
    check_chunk(a0, [0, 1, 2])
    check_chunk(a1, [3, 4])


def test_app_registering_after_a_stopped_rotation_leaves_no_chunk(tracing):
    start_session(tracing)
    tracing.lttng("stop")
    rotate(tracing)
    app = tracing.app()  # registers while no chunk exists
    app.emit(3)          # the session is stopped: nothing recorded
    app.quit()
    tracing.lttng("destroy")
    session_dir = tracing.session_dir("s")
    assert os.listdir(session_dir) == ["archives"]
    assert len(archives(session_dir)) == 1


def test_kernel_rotation_while_stopped_then_start_again(ks, tool, tmp_path):
    out = tmp_path / "t"
    ks.ok("create", "s", f"--output={out}")
    ks.ok("enable-event", "-k", "--syscall", "close")
    ks.ok("add-context", "-k", "-t", "tid")
    ks.ok("start")
    first = run_workload(tool, "open", "/etc/hostname", "2")
    ks.ok("stop")
    ks.ok("rotate")
    assert os.listdir(out) == ["archives"]
    ks.ok("start")
    second = run_workload(tool, "open", "/etc/hostname", "3")
    ks.ok("destroy")
    [a0, a1] = archives(out)
    assert ARCHIVE_RE.fullmatch(a1.name).group(3) == "1"
    for path, lines in ((a0, first), (a1, second)):
        tid = int(lines[0].split("=")[1])
        fds = [int(line.split("=")[1]) for line in lines[1:]]
        trace = read_trace(path / "kernel")
        closes = [r.fields["fd"] for r in trace
                  if r.name == "syscall_entry_close" and
                  r.common_context.get("tid") == tid]
        assert closes[-len(fds):] == fds


def command_numbers():
    """The client protocol's command numbers, read from message.h."""
    header = (pathlib.Path(__file__).resolve().parents[2] /
              "src/common/sessiond-comm/message.h").read_text()
    body = header[header.index("enum lsc_command {"):]
    body = body[:body.index("};")]
    names = re.findall(r"^\s*(LSC_CMD_\w+)", body, re.M)
    return {name: number for number, name in enumerate(names, start=1)}


def request(sock_path, command, payload):
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(10)
        sock.connect(sock_path)
        sock.sendall(struct.pack("=II", command, len(payload)) + payload)
        header = b""
        while len(header) < 8:
            chunk = sock.recv(8 - len(header))
            if not chunk:
                return None
            header += chunk
        return struct.unpack("=iI", header)[0]


def lsc_str(text):
    data = text.encode()
    return struct.pack("=I", len(data)) + data


def test_malformed_rotation_requests_are_refused(tracing):
    invalid_protocol, invalid = 152, 97
    numbers = command_numbers()
    sock_path = tracing.sessiond.client_sock
    start_session(tracing)
    bad = [
        ("LSC_CMD_ROTATE_SESSION", b"\x01\x00"),
        ("LSC_CMD_ROTATE_SESSION", lsc_str("s") + b"junk"),
        ("LSC_CMD_ROTATION_GET_INFO", lsc_str("s")),
        ("LSC_CMD_ROTATION_SET_SCHEDULE",
         lsc_str("s") + struct.pack("=iIQ", 1, 7, 5)),
        ("LSC_CMD_ROTATION_SET_SCHEDULE", lsc_str("s") + b"\x01"),
        ("LSC_CMD_LIST_ROTATION_SCHEDULES", struct.pack("=I", 0xFFFF)),
        ("LSC_CMD_CLEAR_SESSION", b""),
    ]
    for name, payload in bad:
        code = request(sock_path, numbers[name], payload)
        assert code in (None, invalid_protocol), name
    assert request(sock_path, numbers["LSC_CMD_ROTATION_GET_INFO"],
                   lsc_str("s") + struct.pack("=Q", 42)) == invalid
    assert request(sock_path, numbers["LSC_CMD_ROTATION_SET_SCHEDULE"],
                   lsc_str("s") + struct.pack("=iIQ", 9, 1, 5)) == invalid
    # The daemon still serves, and the session is intact.
    assert "Automatic rotation" not in tracing.lttng("list", "s").out
    rotate(tracing)


def test_size_schedule_counts_event_data_only(tracing):
    """A tiny threshold rotates once the events reach the files, then not
    again: the next chunk's metadata alone does not count."""
    app = tracing.app()
    start_session(tracing, "s", "--switch-timer=100000")
    tracing.lttng("enable-rotation", "--size", "1")
    app.emit(10)
    time.sleep(0.8)
    assert len(archives(tracing.session_dir("s"))) == 1
    app.quit()
    tracing.lttng("destroy")
    [a0, a1] = archives(tracing.session_dir("s"))
    check_chunk(a0, list(range(10)))
    check_chunk(a1, [])


def test_utf8_locale_prints_microseconds_as_lttng(tracing):
    tracing.lttng("create", "s")
    env = dict(tracing.cli.env, LANG="en_US.utf8")
    r = tracing.cli.run("enable-rotation", "--timer", "1s", env=env)
    assert r.out == ("Enabled periodic rotations every 1000000 \u00b5s on "
                     "session s\n")
    r = tracing.cli.run("list", "s", env=env)
    assert "    timer period: 1000000 \u00b5s\n" in r.out


def test_overwrite_mode_channel_rotates(tracing):
    app = tracing.app()
    start_session(tracing, "s", "--overwrite")
    app.emit(100)
    rotate(tracing)
    app.emit(50)
    app.quit()
    tracing.lttng("destroy")
    [a0, a1] = archives(tracing.session_dir("s"))
    check_chunk(a0, list(range(100)))
    check_chunk(a1, list(range(100, 150)))
