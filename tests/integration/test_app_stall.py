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
next apps wait, so that the others' register in between. Apps that
answer their whole registration and then fall silent cost each command
that reaches every app (enable, disable, track, start, stop, state dump,
destroy) one timeout in all, not one per app, and so do apps that
answer each command just within the timeout. An app that sends its
notify requests a byte at a time delays no other app's event classes.
The trace is read with babeltrace2.
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


# The command tests use a short app socket timeout to stay quick.
QUICK_TIMEOUT = 2.0
N_LATE = 16
# One timeout, with room for a loaded machine; asking the apps in turn
# costs N_LATE timeouts (32 s).
QUICK_BOUND = 4 * QUICK_TIMEOUT


@pytest.fixture
def quick_stall(build_dir, lttng_env, tmp_path):
    env = dict(lttng_env, LTTNG_APP_SOCKET_TIMEOUT=str(int(QUICK_TIMEOUT)))
    s = Stall(build_dir, env, tmp_path)
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


def timed(stall, *args):
    """`lttng ARGS` succeeds within QUICK_BOUND."""
    start = time.monotonic()
    stall.lttng(*args)
    took = time.monotonic() - start
    assert took < QUICK_BOUND, (
        f"`lttng {' '.join(args)}` beside {N_LATE} fake apps took "
        f"{took:.1f} s")


def record_testapp_and_other(stall, start=True):
    """testapp:* in channel0, other:* in channel `other`; started."""
    stall.lttng("create", "s")
    stall.lttng("enable-event", "-u", "testapp:*")
    stall.lttng("enable-channel", "-u", "other")
    stall.lttng("enable-event", "-u", "-c", "other", "other:*")
    if start:
        stall.lttng("start")


def record_testapp_unstarted(stall):
    stall.lttng("create", "s")
    stall.lttng("enable-event", "-u", "testapp:*")


def emit_then(command):
    """The app's events are in before the command (it ends recording)."""
    def run(stall, app, fake):
        app.emit(20)
        command(stall, app, fake)
    return run


def trace_of_stopped(stall):
    values = values_of(read_trace(uid_dir(stall.session_dir("s"))))
    stall.lttng("destroy", "s", check=False)
    return values


# name: (set-up before the silent apps, the timed command, how the
# real app's 20 events are then read)
COMMANDS = {
    "enable-event": (
        Stall.record_testapp,
        lambda st, app, fake: timed(st, "enable-event", "-u", "other:*"),
        None),
    "disable-event": (
        record_testapp_and_other,
        lambda st, app, fake: timed(st, "disable-event", "-u", "-c", "other",
                                    "other:*"),
        None),
    "disable-channel": (
        record_testapp_and_other,
        lambda st, app, fake: timed(st, "disable-channel", "-u", "other"),
        None),
    "track": (
        Stall.record_testapp,
        lambda st, app, fake: timed(st, "track", "-u",
                                    f"--vpid={app.pid}"),
        None),
    "untrack": (
        Stall.record_testapp,
        # Tracking both changes nothing for either; untracking the
        # silent apps' process stops the session in each of them.
        lambda st, app, fake: (
            st.lttng("track", "-u", f"--vpid={app.pid},{fake.pid}"),
            timed(st, "untrack", "-u", f"--vpid={fake.pid}")),
        None),
    "start": (
        record_testapp_unstarted,
        lambda st, app, fake: timed(st, "start"),
        None),
    "regenerate-statedump": (
        Stall.record_testapp,
        lambda st, app, fake: timed(st, "regenerate", "statedump"),
        None),
    "stop": (
        Stall.record_testapp,
        emit_then(lambda st, app, fake: timed(st, "stop")),
        trace_of_stopped),
    "destroy": (
        Stall.record_testapp,
        emit_then(lambda st, app, fake: timed(st, "destroy", "s")),
        lambda st: values_of(read_trace(uid_dir(st.session_dir("s"))))),
}


@pytest.mark.parametrize("command", COMMANDS)
def test_apps_silent_after_registration_delay_a_command_once(quick_stall,
                                                             command):
    setup, run, read = COMMANDS[command]
    setup(quick_stall)
    app = registered_app(quick_stall, "alone")
    # They register (the started session's state included), then never
    # answer again.
    fake = quick_stall.fake("late", N_LATE)
    run(quick_stall, app, fake)
    if read is None:
        app.emit(20)
        values = traced_values(quick_stall)
    else:
        values = read(quick_stall)
    assert values == list(range(20))


def test_apps_dripping_notify_requests_delay_no_other_app(quick_stall):
    quick_stall.record_testapp()
    # Each holds half a notify request, growing by a byte at a time,
    # each byte within the app socket timeout.
    quick_stall.fake("drip", N_LATE)
    app = registered_app(quick_stall, "beside apps dripping notify requests")
    app.emit(20)
    assert traced_values(quick_stall) == list(range(20))


def test_apps_answering_each_command_late_delay_a_start_once(quick_stall):
    record_testapp_and_other(quick_stall, start=False)
    app = registered_app(quick_stall, "alone")
    # Each answers every command 1.5 s late: the first start tells each
    # its session, channels, streams and rules, a dozen commands, which
    # would take it 15 s or more.
    quick_stall.fake("slow", N_LATE)
    timed(quick_stall, "start")
    app.emit(20)
    assert traced_values(quick_stall) == list(range(20))


def test_apps_refusing_every_command_fail_no_start(quick_stall):
    record_testapp_and_other(quick_stall, start=False)
    app = registered_app(quick_stall, "alone")
    # Each answers -ENOMEM to every command: their errors are theirs,
    # as in LTTng, which starts the session whatever the apps answer.
    quick_stall.fake("refuse", 4)
    quick_stall.lttng("start")
    app.emit(20)
    assert traced_values(quick_stall) == list(range(20))
