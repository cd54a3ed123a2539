"""Hostile processes on the apps socket stall neither the session daemon
nor the other apps (issue 17, item 4).

Any local user may connect to the root session daemon's apps socket. A
fake app (tests/tools/fake-app/fake_app.py, run as `nobody` when the
tests run as root) registers and then never answers, or floods the
socket with registrations it never completes. Meanwhile root's real app
(ust-test-app) must register and be traced, and `lttng list -u` must
answer, each within a bound of a few app socket timeouts (LTTng's
default LTTNG_APP_SOCKET_TIMEOUT, 5 s): generous, yet far below what the
stalls cost when every silent app holds the daemon for a timeout in turn
(16 silent apps: 80 s) or when half-open connections occupy the listener
faster than it times them out (never). Apps that answer the daemon's
ping and then fall silent hold it for one timeout each: their user's
next apps wait, so that the others' register in between. The trace is
read with babeltrace2.
"""
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

import pytest

from trace_reader import read_trace
from ust_tracing import Tracing, uid_dir, values_of

ROOT = pathlib.Path(__file__).resolve().parents[2]
FAKE_APP = ROOT / "tests/tools/fake-app/fake_app.py"
APP_SOCKET_TIMEOUT = 5.0  # LTTng's default LTTNG_APP_SOCKET_TIMEOUT (s)
BOUND = 4 * APP_SOCKET_TIMEOUT
NOBODY = 65534


class Stall(Tracing):
    """A private session daemon, its real apps and fake ones."""

    def __init__(self, build_dir, env, tmp_path):
        self.base = None
        if os.getuid() == 0:
            # A runtime directory the fake apps (nobody) can reach.
            self.base = pathlib.Path(tempfile.mkdtemp(prefix="lttng-stall-"))
            os.chmod(self.base, 0o755)
            env = dict(env, LTTNG_RUNDIR=str(self.base / "run"))
            rundir = self.base / "run"
        else:
            rundir = pathlib.Path(env["LTTNG_HOME"]) / ".lttng"
        super().__init__(build_dir, env, tmp_path)
        self.fakes = []
        self.apps_sock = rundir / "apps-lttng-sessiond"

    def fake(self, mode, count):
        """fake_app.py MODE COUNT on our apps socket, ready."""
        argv = [sys.executable, str(FAKE_APP), str(self.apps_sock), mode,
                str(count)]
        if os.getuid() == 0:
            argv = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}",
                    "--clear-groups", *argv]
        proc = subprocess.Popen(argv, stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, text=True)
        self.fakes.append(proc)
        assert proc.stdout.readline() == "ready\n", "the fake app failed"
        return proc

    def close(self):
        for proc in self.fakes:
            proc.kill()
            proc.wait()
        super().close()
        if self.base:
            shutil.rmtree(self.base, ignore_errors=True)


@pytest.fixture
def stall(build_dir, lttng_env, tmp_path):
    s = Stall(build_dir, lttng_env, tmp_path)
    s.start_daemon()
    yield s
    s.close()


def wait_within(bound, predicate, what):
    """Polls predicate until it holds; fails loudly past `bound` s."""
    start = time.monotonic()
    while not predicate():
        elapsed = time.monotonic() - start
        assert elapsed < bound, f"{what}: not after {elapsed:.1f} s"
        time.sleep(0.1)
    return time.monotonic() - start


def listed(stall, pid):
    """`lttng list -u` answers (within BOUND) and lists pid."""
    start = time.monotonic()
    r = stall.lttng("list", "-u")
    took = time.monotonic() - start
    assert took < BOUND, f"`lttng list -u` took {took:.1f} s"
    return f"PID: {pid} - " in r.out


def registered_app(stall, beside):
    """A real app, once `lttng list -u` lists it (within BOUND)."""
    app = stall.app()
    wait_within(BOUND, lambda: listed(stall, app.pid),
                f"the real app registered {beside}")
    return app


def traced_values(stall, session="s"):
    stall.lttng("stop", session)
    trace = read_trace(uid_dir(stall.session_dir(session)))
    stall.lttng("destroy", session)
    return values_of(trace)


def test_silent_apps_stall_neither_registration_nor_commands(stall):
    stall.record_testapp()
    stall.fake("silent", 16)
    app = registered_app(stall, "beside 16 silent apps")
    app.emit(50)
    assert traced_values(stall) == list(range(50))


def test_silent_apps_registered_after_the_real_one_do_not_delay_it(stall):
    stall.record_testapp()
    app = registered_app(stall, "alone")
    stall.fake("silent", 16)
    # Every command reaches every registered app: none may wait on them.
    for _ in range(3):
        assert listed(stall, app.pid)
    stall.lttng("enable-event", "-u", "other:*")
    app.emit(20)
    assert traced_values(stall) == list(range(20))


def test_registration_flood_starves_no_app(stall):
    stall.record_testapp()
    stall.fake("flood", 20)
    stall.fake("half", 40)
    stall.fake("mute", 40)
    seen = 0
    for _ in range(3):
        app = registered_app(stall, "during a registration flood")
        app.emit(10)
        seen += 10
    values = traced_values(stall)
    assert len(values) == seen
    assert sorted(values) == sorted(list(range(10)) * 3)


def test_apps_falling_silent_after_their_ping_stall_nobody_long(stall):
    stall.record_testapp()
    stall.fake("liar", 16)
    app = registered_app(stall, "beside 16 apps falling silent")
    # While the others register, one at a time, the commands wait for
    # one of them at most: ten commands, four timeouts in all.
    start = time.monotonic()
    for _ in range(10):
        assert listed(stall, app.pid)
    took = time.monotonic() - start
    assert took < BOUND, f"ten `lttng list -u` took {took:.1f} s"
    app.emit(30)
    assert traced_values(stall) == list(range(30))


def test_apps_falling_silent_later_delay_a_listing_once(stall):
    stall.record_testapp()
    app = registered_app(stall, "alone")
    stall.fake("late", 8)
    # The listing asks every app at once: one timeout, not eight.
    assert listed(stall, app.pid)
    app.emit(10)
    assert traced_values(stall) == list(range(10))
