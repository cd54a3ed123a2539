"""Kernel domain error paths: a non-root user's own session daemon answers
kernel commands with LTTng's error (texts and exit codes checked against
LTTng 2.13.9), and a tracefs that is mounted read-only gives a prompt
error instead of a hang or a crash."""
import os
import shutil
import signal
import subprocess
import tempfile
import time

import pytest

from kernel_support import (KernelSession, kernel_consumer_pid,
                            require_tracefs)
from lttng_cli import Result

NEED_ROOT = ('Tracing the kernel requires a root lttng-sessiond daemon, as '
             'well as "tracing" group membership or root user ID for the '
             'lttng client')


@pytest.fixture
def nobody(build_dir):
    """Runs the CLI as user nobody with its own LTTNG_HOME."""
    if os.getuid() != 0 or not shutil.which("setpriv"):
        pytest.skip("needs root and setpriv to switch to user nobody")
    home = tempfile.mkdtemp(prefix="lttng-kernel-nobody-")
    os.chmod(home, 0o777)
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home,
           "LTTNG_HOME": home,
           "LTTNG_SESSIOND_PATH": str(
               build_dir / "src/bin/lttng-sessiond/lttng-sessiond")}
    lttng = str(build_dir / "src/bin/lttng/lttng")

    def run(*args):
        proc = subprocess.run(
            ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
             lttng, *args], capture_output=True, text=True, env=env,
            cwd=home, timeout=60)
        return Result(proc)

    yield run
    pid_file = os.path.join(home, ".lttng", "lttng-sessiond.pid")
    try:
        with open(pid_file) as f:
            os.kill(int(f.read()), signal.SIGTERM)
    except (OSError, ValueError):
        pass
    shutil.rmtree(home, ignore_errors=True)


def test_non_root_user_gets_lttng_errors(nobody):
    r = nobody("create", "s", "--output=/tmp/never-written")
    assert r.rc == 0, r
    r = nobody("enable-event", "-k", "sched_switch")
    assert (r.out, r.err, r.rc) == (
        "", f"Error: Event sched_switch: {NEED_ROOT} (channel channel0, "
        "session s)\n", 79)
    r = nobody("enable-event", "-k", "--syscall", "open")
    assert (r.out, r.err, r.rc) == (
        "", f"Error: Event open: {NEED_ROOT} (channel channel0, "
        "session s)\n", 79)
    r = nobody("enable-channel", "-k", "c")
    assert (r.out, r.err, r.rc) == (
        "", f"Error: Channel c: {NEED_ROOT} (session s)\n", 1)
    r = nobody("list", "-k")
    assert (r.out, r.err, r.rc) == (
        "", f"Error: Unable to list kernel events: {NEED_ROOT}\n", 1)
    r = nobody("list", "-k", "--syscall")
    assert (r.out, r.err, r.rc) == (
        "", f"Error: Unable to list system calls: {NEED_ROOT}\n", 1)
    # The daemon is unharmed: user space still works.
    assert nobody("enable-event", "-u", "x").rc == 0


def test_read_only_tracefs_is_a_prompt_clear_error(build_dir, lttng_env,
                                                   tmp_path):
    require_tracefs()
    if not shutil.which("unshare"):
        pytest.skip("needs unshare(1)")
    consumerd = build_dir / "src/bin/lttng-consumerd/lttng-consumerd"
    sessiond = build_dir / "src/bin/lttng-sessiond/lttng-sessiond"
    # A private mount namespace where tracefs is read-only.
    start = subprocess.run(
        ["unshare", "-m", "sh", "-c",
         "mount -o remount,bind,ro /sys/kernel/tracing && "
         f"exec {sessiond} --daemonize --kconsumerd-path={consumerd}"],
        env=lttng_env, capture_output=True, text=True, timeout=30)
    if start.returncode != 0:
        pytest.skip(f"cannot remount tracefs read-only: {start.stderr}")
    session = KernelSession.attach(build_dir, lttng_env)
    try:
        session.ok("create", "s", f"--output={tmp_path / 't'}")
        r = session.run("enable-event", "-k", "sched_switch")
        assert (r.out, r.err, r.rc) == (
            "", "Error: Event sched_switch: Kernel create channel failed "
            "(channel channel0, session s)\n", 38)
        r = session.run("enable-channel", "-k", "c")
        assert (r.out, r.err, r.rc) == (
            "", "Error: Channel c: Kernel create channel failed "
            "(session s)\n", 1)
        r = session.run("start")
        assert r.rc != 0
        assert session.sessiond.alive(session.sessiond.pid())
    finally:
        session.stop()


def test_non_root_user_track_errors(nobody):
    """track/untrack -k against a per-user daemon, and a session that does
    not exist: LTTng 2.13.9's texts and exit codes (checked against it)."""
    assert nobody("create", "s", "--output=/tmp/never-written").rc == 0
    r = nobody("track", "-k", "--pid=1,2")
    assert (r.out, r.err, r.rc) == ("", "Error: Unknown error\n", 1)
    r = nobody("track", "-k", "--vpid=1", "--uid=3")
    assert (r.out, r.err, r.rc) == (
        "", "Error: Unknown error\nError: Unknown error\n", 1)
    r = nobody("untrack", "-k", "--all", "--pid")
    assert (r.out, r.err, r.rc) == (
        "", "Error: Session `s` does not exist\n", 3)
    r = nobody("track", "-k", "--pid=1", "-s", "nosuch")
    assert (r.out, r.err, r.rc) == (
        "", "Error: Recording session does not exist\n", 1)


def test_sigterm_ends_a_daemon_whose_kernel_consumer_hangs(
        build_dir, lttng_env, tmp_path):
    """A kernel consumer that stops answering (here: SIGSTOP) while a
    command waits for it: SIGTERM still ends the session daemon promptly
    (the harness allows 10 s), the waiting command fails instead of
    reporting success, and no consumer process is left behind."""
    require_tracefs()
    ks = KernelSession(build_dir, lttng_env)
    consumer = None
    try:
        ks.ok("create", "s", f"--output={tmp_path / 't'}")
        ks.ok("enable-event", "-k", "--syscall", "close")
        ks.ok("start")
        sessiond = ks.sessiond.pid()
        consumer = kernel_consumer_pid(sessiond)
        os.kill(consumer, signal.SIGSTOP)
        stop = subprocess.Popen(
            [str(build_dir / "src/bin/lttng/lttng"), "stop"],
            env=ks.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True)
        deadline = time.monotonic() + 60
        while not ks.sessiond.waits_on_a_consumer():
            assert time.monotonic() < deadline, \
                "the session daemon never waited for the consumer"
            assert stop.poll() is None, stop.communicate()
            time.sleep(0.01)
        ks.stop()  # fails the test if SIGTERM is ignored for 10 s
        out, err = stop.communicate(timeout=60)
        assert stop.returncode != 0, (out, err)
        assert not ks.sessiond.alive(consumer)
    finally:
        if consumer:
            try:
                os.kill(consumer, signal.SIGCONT)
            except ProcessLookupError:
                pass
        ks.stop()


def test_output_too_long_for_the_kernel_directory_is_refused_whole(
        ks, tmp_path):
    """An output directory whose `kernel` subdirectory would not fit in
    PATH_MAX: `start` fails, and the consumer creates no directory with a
    truncated name (`kern`) in its place."""
    path = str(tmp_path)
    while len(path) < 4090:
        path += "/" + "d" * 200
    path = path[:4090].rstrip("/")
    os.makedirs(path)
    ks.ok("create", "s", f"--output={path}")
    ks.ok("enable-event", "-k", "sched_switch")
    r = ks.run("start")
    assert r.rc != 0, r
    assert os.listdir(path) == []
