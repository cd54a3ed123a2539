"""The session daemon's app socket and consumer under bad input: garbage,
forged registrations and vanishing apps never crash a daemon, and the
tracing of well-behaved apps goes on."""
import os
import signal
import socket
import struct
import subprocess
import time

import pytest

from trace_reader import read_trace
from ust_tracing import Tracing, uid_dir, values_of

REGISTER_MAGIC = 0x55535452


@pytest.fixture
def tracing(build_dir, lttng_env, tmp_path):
    t = Tracing(build_dir, lttng_env, tmp_path)
    t.start_daemon()
    yield t
    t.close()


def apps_socket(t):
    return os.path.join(t.sessiond.rundir, "apps-lttng-sessiond")


def registration(pid, kind=1, magic=REGISTER_MAGIC):
    # struct ust_register: magic, kind, major, minor, pid, ppid, uid, gid,
    # bitness, (pad), token, procname[16]
    return struct.pack("=IIIIiiIII4xQ16s", magic, kind, 1, 0, pid,
                       os.getppid(), os.getuid(), os.getgid(), 64, 1234,
                       b"forged")


def send_and_close(t, data):
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.connect(apps_socket(t))
        s.sendall(data)
        s.settimeout(10)  # a partial registration is cut after 1 s
        try:
            return s.recv(16)  # closed by the daemon: b""
        except ConnectionResetError:
            return b""


def daemon_still_works(t):
    assert t.sessiond.alive(t.sessiond.pid())
    t.lttng("list")


def test_garbage_on_the_apps_socket_is_dropped(tracing):
    assert send_and_close(tracing, os.urandom(200)) == b""
    assert send_and_close(tracing, b"\0") == b""
    daemon_still_works(tracing)


def test_registration_with_a_bad_magic_is_refused(tracing):
    assert send_and_close(tracing, registration(os.getpid(),
                                                magic=0)) == b""
    daemon_still_works(tracing)


def test_registration_lying_about_its_pid_is_refused(tracing):
    assert send_and_close(tracing, registration(1)) == b""
    daemon_still_works(tracing)


def test_half_registered_process_does_not_block_others(tracing):
    # A command socket whose notify socket never comes.
    lonely = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    lonely.connect(apps_socket(tracing))
    lonely.sendall(registration(os.getpid()))
    app = tracing.app()
    tracing.lttng("create", "s")
    tracing.lttng("enable-event", "--userspace", "testapp:values")
    tracing.lttng("start")
    app.emit(7)
    tracing.lttng("destroy")
    lonely.close()
    trace = read_trace(uid_dir(tracing.session_dir("s")))
    assert values_of(trace) == list(range(7))


def test_apps_dying_between_commands_leave_the_daemon_working(tracing):
    apps = [tracing.app() for _ in range(3)]
    tracing.lttng("create", "s")
    tracing.lttng("enable-event", "--userspace", "testapp:values")
    apps[0].kill()
    tracing.lttng("start")
    apps[1].emit(3)
    apps[1].kill()
    tracing.lttng("enable-event", "--userspace", "testapp:tick")
    apps[2].emit(4)
    tracing.lttng("stop")
    tracing.lttng("start")
    tracing.lttng("destroy")
    trace = read_trace(uid_dir(tracing.session_dir("s")))
    assert sorted(values_of(trace)) == [0, 0, 1, 1, 2, 2, 3]
    daemon_still_works(tracing)


def consumerd_pids(t):
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            exe = os.readlink(f"/proc/{entry}/exe")
        except OSError:
            continue
        if ppid == t.sessiond.pid() and exe.endswith("lttng-consumerd"):
            pids.append(int(entry))
    return pids


def test_killed_consumer_does_not_take_the_session_daemon_down(tracing):
    app = tracing.app()
    tracing.lttng("create", "s")
    tracing.lttng("enable-event", "--userspace", "testapp:values")
    tracing.lttng("start")
    app.emit(5)
    [consumer] = consumerd_pids(tracing)
    os.kill(consumer, 9)
    app.emit(5)
    # Reaped at once; the session then reports the loss (test_faults.py).
    deadline = time.monotonic() + 10
    while os.path.exists(f"/proc/{consumer}") and \
            time.monotonic() < deadline:
        time.sleep(0.02)
    assert not os.path.exists(f"/proc/{consumer}")
    r = tracing.lttng("stop", check=False)
    assert (r.err, r.rc) == ("Error: No UST consumer detected\n", 98), r
    assert tracing.lttng("destroy", check=False).rc == 150
    daemon_still_works(tracing)
    app.emit(1)  # the app is not hurt either


def test_consumer_writes_everything_out_when_the_session_daemon_dies(tracing):
    app = tracing.app()
    tracing.lttng("create", "s")
    tracing.lttng("enable-event", "--userspace", "testapp:values")
    tracing.lttng("start")
    app.emit(8)
    [consumer] = consumerd_pids(tracing)
    os.kill(tracing.sessiond.pid(), 9)
    deadline = time.monotonic() + 10
    while os.path.exists(f"/proc/{consumer}/exe") and \
            time.monotonic() < deadline:
        time.sleep(0.02)
    assert not os.path.exists(f"/proc/{consumer}/exe")
    trace = read_trace(uid_dir(tracing.session_dir("s")))
    assert values_of(trace) == list(range(8))
    app.emit(1)  # the app survives its daemons


def test_sigterm_ends_a_daemon_whose_consumer_hangs(tracing):
    """A consumer daemon that stops answering (here: SIGSTOP) while a
    command waits for it: SIGTERM still ends the session daemon promptly
    (Sessiond.stop allows 10 s), the waiting command fails instead of
    reporting success, and the consumer is not left behind."""
    app = tracing.app()
    tracing.record_testapp()
    app.emit(5)
    [consumer] = consumerd_pids(tracing)
    os.kill(consumer, signal.SIGSTOP)
    try:
        stop = subprocess.Popen(
            [str(tracing.build_dir / "src/bin/lttng/lttng"), "stop"],
            env=tracing.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True)
        deadline = time.monotonic() + 60
        while not tracing.sessiond.waits_on_a_consumer():
            assert time.monotonic() < deadline, \
                "the session daemon never waited for the consumer"
            assert stop.poll() is None, stop.communicate()
            time.sleep(0.01)
        tracing.sessiond.stop()  # fails if SIGTERM is ignored for 10 s
        out, err = stop.communicate(timeout=60)
        assert stop.returncode != 0, (out, err)
        assert not tracing.sessiond.alive(consumer)
    finally:
        try:
            os.kill(consumer, signal.SIGCONT)
        except ProcessLookupError:
            pass
