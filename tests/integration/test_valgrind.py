"""The session daemon, the consumer daemons, the CLI and lttng-crash run
clean under valgrind's memcheck through the typical user flows.

Every one of our processes runs under memcheck (memcheck.py): the CLI by
its command line, the session daemon as the CLI spawns it
(LTTNG_SESSIOND_PATH), the consumer daemons of both domains as the
session daemon spawns them (LTTNG_CONSUMERD64_BIN, LTTng's own way to
name them), each through a script that execs valgrind. The tests require
zero memcheck errors (invalid accesses, uninitialised values reaching a
branch or a system call, definite leaks at exit) in every process, every
process to finish (none killed), no descriptor leaked into a child or
left open at exit, and the traces to read in babeltrace2 with the
expected events. The instrumented apps run natively (their tracer is
checked under valgrind in test_ust_tracing.py).
"""
import os
import random
import shutil
import signal
import subprocess
import time

import pytest

from kernel_support import tracefs_writable
from lttng_cli import Sessiond
from memcheck import VALGRIND, Memcheck
from test_rotation import archives, read_chunk
from test_shm_crash import buffer_dir, create_with_shm, kill_everything
from test_ust_tracing import check_values
from trace_reader import read_trace
from ust_tracing import TEST_APP, App, Tracing, values_of

pytestmark = pytest.mark.skipif(
    VALGRIND is None, reason="valgrind is not installed (make deps installs it)")

# valgrind makes every process tens of times slower: generous bounds on
# every wait, which still fail loudly.
WAIT_S = 120


def wait_for(condition, what):
    deadline = time.monotonic() + WAIT_S
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


class Stack:
    """The daemons and the CLI of one private LTTNG_HOME, under memcheck."""

    def __init__(self, build_dir, lttng_env, tmp_path):
        self.build_dir = build_dir
        self.tmp = tmp_path
        self.env = dict(lttng_env)
        self.sessiond = Sessiond(build_dir, self.env)
        self.memcheck = Memcheck(
            tmp_path / "memcheck",
            kept_open=[os.path.join(self.sessiond.rundir,
                                    "lttng-sessiond.lck")])
        bins = build_dir / "src/bin"
        self.consumerd = self.memcheck.wrapper(
            "consumerd", bins / "lttng-consumerd/lttng-consumerd")
        self.env.update(
            LTTNG_SESSIOND_PATH=str(self.memcheck.wrapper(
                "sessiond", bins / "lttng-sessiond/lttng-sessiond")),
            LTTNG_CONSUMERD64_BIN=str(self.consumerd),
            LD_LIBRARY_PATH=str(build_dir / "src/lib/lttng-ust"),
            # Apps wait for a daemon slowed down by memcheck.
            LTTNG_UST_REGISTER_TIMEOUT=str(WAIT_S * 1000),
            LTTNG_MAN_BIN_PATH="/bin/false")
        self.lttng_path = bins / "lttng/lttng"
        self.apps = []

    def run(self, program, path, *args, memcheck=True):
        command = self.memcheck.command(program, path) if memcheck \
            else [str(path)]
        return subprocess.run([*command, *map(str, args)],
                              capture_output=True, text=True, env=self.env,
                              cwd=self.tmp, timeout=WAIT_S)

    def lttng(self, *args, memcheck=True):
        """Runs the CLI (natively for a command already checked: each
        one under memcheck costs a second or two of this machine)."""
        r = self.run("lttng", self.lttng_path, *args, memcheck=memcheck)
        assert r.returncode == 0, (args, r.stderr)
        return r.stdout

    def lttng_fails(self, *args):
        """The command fails and says why (memcheck checks the way)."""
        r = self.run("lttng", self.lttng_path, *args)
        assert r.returncode != 0 and r.stderr, (args, r)
        return r.stderr

    def app(self):
        app = App(self.build_dir / TEST_APP, self.env, self.tmp)
        self.apps.append(app)
        return app

    def stop(self):
        """SIGTERM the session daemon; it stops its consumers. Returns
        once every process under memcheck has written its report."""
        for app in self.apps:
            if app.proc.poll() is None:
                app.quit()
        self.sessiond.stop(timeout=WAIT_S)
        wait_for(self.memcheck.finished, "the reports of memcheck")

    def kill(self):
        """After a failure: nothing of ours outlives the test."""
        for app in self.apps:
            if app.proc.poll() is None:
                app.proc.kill()
                app.proc.wait()
        pid = self.sessiond.pid()
        if pid and self.sessiond.alive(pid):
            os.kill(pid, signal.SIGKILL)


@pytest.fixture
def stack(build_dir, lttng_env, tmp_path):
    s = Stack(build_dir, lttng_env, tmp_path)
    yield s
    s.kill()


def rotate_by_schedule(stack, app, out, schedule, events, memcheck=True):
    """enable-rotation with `schedule`, records until a rotation archived
    a chunk, then disable-rotation."""
    before = len(archives(out))
    stack.lttng("enable-rotation", *schedule, memcheck=memcheck)
    app.emit(events)
    wait_for(lambda: len(archives(out)) > before, f"a rotation {schedule}")
    stack.lttng("disable-rotation", schedule[0], memcheck=memcheck)


def test_user_space_lifecycle_is_memcheck_clean(stack, tmp_path):
    out, snap, pids = tmp_path / "s", tmp_path / "snap", tmp_path / "k"
    saved = tmp_path / "saved"
    native = {"memcheck": False}  # a command already run under memcheck
    # The CLI spawns the session daemon (under memcheck) on its own.
    stack.lttng("create", "s", f"--output={out}")
    app = stack.app()
    stack.lttng("enable-channel", "-u", "ch", "--subbuf-size=4k",
                "--num-subbuf=8")
    stack.lttng("enable-event", "-u", "-c", "ch", "testapp:values",
                "--filter", "seq < 100000 && name != \"none\"")
    stack.lttng("enable-event", "-u", "-c", "ch", "testapp:tick", **native)
    stack.lttng("add-context", "-u", "-c", "ch", "-t", "vpid",
                "-t", "procname")
    stack.lttng("track", "-u", f"--vpid={app.pid}")
    stack.lttng("start")
    assert "testapp:values (loglevel:" in stack.lttng("list", "-u")
    assert "field: seq (integer)" in stack.lttng("list", "-u", "-f")
    assert "<name>s</name>" in stack.lttng("--mi", "xml", "list", "s")
    app.emit(3)                                  # seq 0-2: cleared
    stack.lttng("clear")
    app.emit(4)                                  # 3-6
    stack.lttng("rotate")
    rotate_by_schedule(stack, app, out, ("--timer", "1s"), 2)      # 7-8
    rotate_by_schedule(stack, app, out, ("--size", "8k"), 300,
                       **native)                                   # 9-308
    stack.lttng("regenerate", "metadata")
    stack.lttng("regenerate", "statedump", **native)
    stack.lttng("untrack", "-u", f"--vpid={app.pid}", **native)
    app.emit(2)                                  # 309-310: not tracked
    stack.lttng("stop")
    stack.lttng("save", "-o", saved, "s")
    stack.lttng("destroy", "s")
    stack.lttng("load", "-i", saved / "s.lttng")
    assert "testapp:values (type: tracepoint)" in \
        stack.lttng("list", "s", **native)
    stack.lttng("destroy", "s", **native)

    # Snapshot mode.
    stack.lttng("create", "snap", "--snapshot", f"--output={snap}")
    stack.lttng("enable-event", "-u", "testapp:values", **native)
    stack.lttng("start", **native)
    app.emit(3)                                  # 311-313
    stack.lttng("snapshot", "record")
    stack.lttng("destroy", "snap", **native)

    # Per-process buffers, and an app killed while it is traced.
    stack.lttng("create", "k", f"--output={pids}", **native)
    stack.lttng("enable-channel", "-u", "--buffers-pid", "c",
                "--subbuf-size=4k", "--num-subbuf=4")
    stack.lttng("enable-event", "-u", "-c", "c", "testapp:values", **native)
    stack.lttng("add-context", "-u", "-c", "c", "-t", "vpid", **native)
    stack.lttng("start", **native)
    victim = stack.app()
    victim.emit(3)
    app.emit(2)                                  # 314-315
    victim.kill()
    stack.lttng("stop", **native)
    stack.lttng("destroy", "k", **native)

    # Errors: unknown session, malformed filter, bad option values.
    assert "Session 'nosuch' not found" in stack.lttng_fails("list", "nosuch")
    stack.lttng("create", "e", f"--output={tmp_path / 'e'}", **native)
    stack.lttng_fails("enable-event", "-u", "x", "--filter", "seq ==")
    stack.lttng_fails("enable-channel", "-u", "--subbuf-size=zzz", "c")
    stack.lttng_fails("load", "-i", tmp_path / "nosuch.lttng")
    stack.lttng("destroy", "-a", **native)
    stack.stop()

    assert stack.memcheck.problems() == []
    seqs = []
    for chunk in archives(out):
        trace = read_chunk(chunk)
        assert trace.discarded_events == 0
        seqs += values_of(trace)
        for record in trace:
            assert record.common_context == {"vpid": app.pid,
                                             "procname": "ust-test-app"}
            if record.name == "testapp:values":
                check_values(record, record.fields["seq"])
    assert seqs == list(range(3, 309))
    assert values_of(read_chunk(snap)) == [311, 312, 313]
    by_pid = {}
    for app_dir in (pids / "ust" / "pid").iterdir():
        for record in read_trace(app_dir):
            by_pid.setdefault(record.common_context["vpid"], []).append(
                record.fields["seq"])
    assert by_pid == {victim.pid: [0, 1, 2], app.pid: [314, 315]}


def test_lttng_crash_is_memcheck_clean(build_dir, lttng_env, tmp_path):
    """lttng-crash under memcheck on the buffers of a real crash (every
    daemon and the app killed), on a damaged copy of them, in view mode
    (its viewer, under memcheck too, shows what it inherits) and on a
    missing path."""
    t = Tracing(build_dir, lttng_env, tmp_path)  # native: they get killed
    t.start_daemon()
    try:
        shm, session_shm = create_with_shm(t, "s")
        t.lttng("enable-event", "--userspace", "testapp:*")
        t.lttng("start")
        app = t.app()
        app.emit(20)
        kill_everything(t, app)
    finally:
        t.close()
    memcheck = Memcheck(tmp_path / "memcheck")
    lttng_crash = build_dir / "src/bin/lttng-crash/lttng-crash"

    def crash(*args):
        return subprocess.run(
            [*memcheck.command("lttng-crash", lttng_crash), *map(str, args)],
            capture_output=True, text=True, timeout=WAIT_S,
            env=dict(os.environ, LTTNG_MAN_BIN_PATH="/bin/false"))

    damaged = tmp_path / "damaged"
    shutil.copytree(shm, damaged)
    seed = random.randrange(1 << 32)
    print(f"damage seed {seed}")
    rng = random.Random(seed)
    rel = os.path.relpath(buffer_dir(session_shm), shm)
    for stream in (damaged / rel).glob("channel0_*"):
        data = bytearray(stream.read_bytes())
        for _ in range(64):
            data[rng.randrange(len(data))] = rng.randrange(256)
        stream.write_bytes(bytes(data))

    r = crash("-x", tmp_path / "out", shm)
    assert r.returncode == 0, r.stderr
    crash("-x", tmp_path / "out-damaged", damaged)  # any status, no fault
    viewer = memcheck.wrapper("viewer", shutil.which("true"))
    r = crash(f"--viewer={viewer}", shm)
    assert r.returncode == 0, r.stderr
    r = crash("-x", tmp_path / "out-none", tmp_path / "nosuch")
    assert r.returncode == 1 and r.stderr
    wait_for(memcheck.finished, "the reports of memcheck")
    assert memcheck.problems() == []
    assert values_of(read_trace(tmp_path / "out" / rel)) == list(range(20))


OPENER = """
import os, sys
sys.stdin.readline()
for _ in range(3):
    os.close(os.open(sys.argv[1], os.O_RDONLY))
"""


def test_kernel_domain_is_memcheck_clean(stack, tmp_path):
    """The kernel consumer (the same lttng-consumerd, --kernel) under
    memcheck: system calls of one tracked process, their file names read
    through BPF, a rotation."""
    reason = tracefs_writable()
    if reason:
        pytest.skip(reason)
    out, target = tmp_path / "k", tmp_path / "target"
    target.write_text("x")
    opener = subprocess.Popen(["/usr/bin/python3", "-c", OPENER, target],
                              stdin=subprocess.PIPE, text=True)
    try:
        stack.lttng("create", "k", f"--output={out}")
        stack.lttng("enable-event", "-k", "--syscall", "openat,close")
        stack.lttng("add-context", "-k", "-t", "tid", "-t", "procname")
        stack.lttng("track", "-k", f"--pid={opener.pid}")
        stack.lttng("start")
        stack.lttng("rotate")
        opener.communicate("go\n", timeout=WAIT_S)
        stack.lttng("stop")
        stack.lttng("destroy")
    finally:
        opener.kill()
    stack.stop()
    assert stack.memcheck.problems() == []
    [_, last] = archives(out)
    opens = [r for r in read_chunk(last)
             if r.name == "syscall_entry_openat" and
             r.fields["filename"] == str(target)]
    assert len(opens) == 3
    assert all(r.common_context == {"tid": opener.pid,
                                    "procname": "python3"} for r in opens)
