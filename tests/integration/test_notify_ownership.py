"""A message from an app only ever touches that app's own objects
(DESIGN.md, "Acting for a user"; issue 17, item 3).

Root traces its app into per-UID buffers on the root session daemon.
Another local user (`nobody`) registers a forged app (a Python client
speaking the app protocol: command and notify sockets paired by token,
commands answered with -ENOSYS) and, on its notify socket, tries to
register event classes in every channel key and session id the daemon
may have given out: a new class and a conflicting description of root's
event. The daemon must never accept one (no reply code 0), must close the
forger's connection when it names root's channel, and root's trace must
stay complete (babeltrace2: every event of a second root app, no
forged class in the metadata).
"""
import os
import pwd
import shutil
import subprocess
import tempfile

import pytest

from lttng_cli import Sessiond
from trace_reader import read_trace
from ust_tracing import Tracing, values_of

FORGER = r'''
import os, socket, struct, sys, threading

apps_sock, max_key, max_session = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
TOKEN = 0x5eed5eed

def registration(kind):
    return struct.pack("=IIIIiiIII4xQ16s", 0x55535452, kind, 1, 0,
                       os.getpid(), os.getppid(), os.getuid(), os.getgid(),
                       64, TOKEN, b"forger")

def recv_exact(s, n):
    data = b""
    while len(data) < n:
        chunk = s.recv(n - len(data))
        if not chunk:
            raise ConnectionResetError
        data += chunk
    return data

def answer_commands(s):
    try:
        while True:
            command, length = struct.unpack("=II", recv_exact(s, 8))
            if length:
                recv_exact(s, length)
            s.sendall(struct.pack("=iI", -38, 0))  # -ENOSYS
    except OSError:
        pass

def put_str(v):
    if v is None:
        return struct.pack("=I", 0xFFFFFFFF)
    b = v.encode()
    return struct.pack("=I", len(b)) + b

def int_field(name, size):
    return (put_str(name) + struct.pack("=II", 0, 0) +
            struct.pack("=IIIII", size, 8, 1, 0, 10) +
            struct.pack("=IIII", 8, 24, 8, 0) +
            struct.pack("=II", 0, 0) + put_str(None))

def event(session_id, key, name, fields):
    payload = struct.pack("=QQ", session_id, key) + put_str(name)
    payload += struct.pack("=i", 13) + put_str(None)
    payload += struct.pack("=I", len(fields)) + b"".join(fields)
    return struct.pack("=II", 1, len(payload)) + payload

cmd = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
cmd.connect(apps_sock)
cmd.sendall(registration(1))
threading.Thread(target=answer_commands, args=(cmd,), daemon=True).start()
notify = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
notify.connect(apps_sock)
notify.sendall(registration(2))
notify.settimeout(30)
codes = {}
closed = False
try:
    for key in range(1, max_key + 1):
        for session_id in range(0, max_session + 1):
            for name, fields in (("forged:event", [int_field("x", 32)]),
                                 ("testapp:values",
                                  [int_field("seq", 8), int_field("y", 16)])):
                notify.sendall(event(session_id, key, name, fields))
                code, length = struct.unpack("=iI", recv_exact(notify, 8))
                if length:
                    recv_exact(notify, length)
                codes[code] = codes.get(code, 0) + 1
except (ConnectionResetError, BrokenPipeError):
    closed = True
print(" ".join(f"{c}:{n}" for c, n in sorted(codes.items())))
print("closed" if closed else "open")
'''


@pytest.fixture
def tracing(build_dir, lttng_env, tmp_path):
    if os.getuid() != 0:
        pytest.skip("needs root for a root session daemon and `nobody`")
    # a runtime directory other users can reach (tmp_path's parents
    # are root's only), as /var/run/lttng is
    base = tempfile.mkdtemp(prefix="lttng-notify-")
    os.chmod(base, 0o755)
    rundir = os.path.join(base, "run")
    os.mkdir(rundir, 0o755)
    t = Tracing(build_dir, dict(lttng_env, LTTNG_RUNDIR=rundir), tmp_path)
    t.start_daemon()
    yield t
    t.close()
    shutil.rmtree(base, ignore_errors=True)


def forge(t, user, max_key=32, max_session=4):
    who = pwd.getpwnam(user)
    apps = os.path.join(t.sessiond.rundir, "apps-lttng-sessiond")
    r = subprocess.run(
        ["setpriv", f"--reuid={who.pw_uid}", f"--regid={who.pw_gid}",
         "--clear-groups", "/usr/bin/python3", "-c", FORGER, apps,
         str(max_key), str(max_session)],
        capture_output=True, text=True, timeout=120, cwd="/")
    assert r.returncode == 0, r
    codes, state = r.stdout.splitlines()
    return dict(tuple(map(int, c.split(":"))) for c in codes.split()), state


@pytest.mark.parametrize("buffers,forger", [
    ("uid", "nobody"),  # another user on root's per-UID buffers
    ("pid", "nobody"),  # another user on a root app's per-PID buffers
    ("pid", "root"),    # another process of root on them
])
def test_forged_notify_never_reaches_roots_metadata(tracing, buffers,
                                                    forger):
    tracing.lttng("create", "s")
    tracing.lttng("enable-channel", "--userspace", f"--buffers-{buffers}",
                  "channel0")
    tracing.lttng("enable-event", "--userspace", "testapp:*", "-c",
                  "channel0")
    tracing.lttng("start")
    first = tracing.app()  # root's buffers and their keys exist
    first.emit(10)
    codes, state = forge(tracing, forger)
    assert 0 not in codes, codes  # nothing accepted
    assert -1 in codes, codes  # -EPERM on root's channel
    assert state == "closed"
    # a new root app registers root's classes: nothing conflicts
    second = tracing.app()
    second.emit(1000)
    tracing.lttng("stop")
    first.quit()
    second.quit()
    assert Sessiond.alive(tracing.sessiond.pid())
    tracing.lttng("destroy")  # everything written
    out = tracing.session_dir("s") / "ust"
    traces = [read_trace(p.parent) for p in out.rglob("metadata")]
    assert len(traces) == (1 if buffers == "uid" else 2)
    values = [v for trace in traces for v in values_of(trace)]
    assert sorted(values) == sorted(list(range(10)) + list(range(1000)))
    assert sum(trace.discarded_events for trace in traces) == 0
    metadata = [p.read_bytes() for p in out.rglob("metadata")]
    assert not [m for m in metadata if b"forged" in m]
    assert Sessiond.alive(tracing.sessiond.pid())
