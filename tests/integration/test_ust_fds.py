"""The tracer's own file descriptors survive what applications do with
theirs (issues 15 and 18), compared with LTTng-UST 2.13.

* A daemon started with its standard streams closed: the tracer's first
  fds would be 0, 1 and 2, where the application's later open() and
  dup2() of its standard streams land. LTTng's tracker moves every fd it
  is given there above 2; so must ours: the application's output stays
  in its log, the session daemon still lists the application, and every
  event is recorded.
* An application whose fds fill everything below 15000, or 65600 (past
  a 65536 bit tracker; skipped where the hard fd limit cannot be raised
  that far), and that then closes every fd it did not open with
  liblttng-ust-fd preloaded: the tracer's fds stay open and the events
  after it are recorded. LTTng sizes its tracker from the hard fd limit
  and so keeps its fds through close(); its liblttng-ust-fd does not
  wrap closefrom() or close_range() (glibc closes them with the
  close_range system call), so LTTng loses its fds there: ours wraps
  both and keeps them.

Each test runs with our build and with LTTng's (skipped when LTTng is
not extracted, ../shared/bench/anchor-install); fds_app.c and
fd_launcher.c are built against each implementation's headers.
"""
import os
import pathlib
import resource
import subprocess

import pytest

from trace_reader import read_trace
from ust_anchor import Anchor, _wait_for, implementation, record

APPS = pathlib.Path(__file__).resolve().parent / "compat_apps"
LINES = 2000  # per phase, as fds_app.c prints them
TICKS = 5000  # per phase


@pytest.fixture(params=["ours", "lttng"])
def impl(request, build_dir, tmp_path):
    impl = implementation(request.param, build_dir, tmp_path)
    yield impl
    impl.close()


def build_apps(impl):
    """(fds_app, fd_launcher) built against impl's headers."""
    app = impl.build([APPS / "fds_app.c"], "fds_app", extra=(f"-I{APPS}",))
    launcher = impl.work / "fd_launcher"
    subprocess.run(["gcc", "-O1", "-Wall", "-Werror", str(APPS / "fd_launcher.c"),
                    "-o", str(launcher)], check=True)
    return app, launcher


def ticks(trace):
    return [r.fields["seq"] for r in trace if r.name == "compat_fds:tick"]


def app_lines(first, count):
    return [f"app line {i}: the application's own output"
            for i in range(first, first + count)]


def test_daemon_with_closed_standard_streams_keeps_tracing(impl):
    app, launcher = build_apps(impl)
    rundir = impl.work / "daemon"
    rundir.mkdir()
    os.chmod(rundir, 0o777)
    out = impl.work / "trace-daemon"
    impl.start_daemon()
    proc = None
    try:
        impl.lttng("create", "daemon", f"--output={out}")
        impl.lttng("enable-event", "-u", "compat_fds:*")
        impl.lttng("start")
        proc = impl.spawn([launcher, "close-std", app, "daemonize", rundir,
                           TICKS])
        _wait_for(lambda: (rundir / "emitted").exists() or
                  proc.poll() is not None, "the daemon's first events")
        assert proc.poll() is None, proc.communicate()
        listing = impl.lttng_output("list", "-u")
        (rundir / "go").touch()
        assert proc.wait(timeout=120) == 0, proc.communicate()
        impl.lttng("stop")
        impl.lttng("destroy", "daemon")
    finally:
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait()
        impl.stop_daemon()
    # The session daemon still talks to the daemonized application.
    assert f"PID: {proc.pid} " in listing, listing
    # The application's output went to its log, and only there: the
    # tracer's fds had left 0, 1 and 2 before main().
    log = (rundir / "log").read_text(errors="replace").splitlines()
    assert log == ["standard fds open at main: 0 0 0",
                   *app_lines(0, LINES), *app_lines(LINES, LINES)]
    trace = read_trace(next(out.rglob("metadata")).parent)
    assert trace.discarded_events == 0
    assert ticks(trace) == list(range(2 * TICKS))


@pytest.fixture(params=[15000, 65600], ids=["below-65536", "past-65536"])
def filled(request):
    """The application's fds fill everything below this number; this
    process's fd limit (inherited by the daemons and the application) is
    raised past it for the test, then restored."""
    saved = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = request.param + 4096
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE,
                           (want, max(want, saved[1])))
    except (ValueError, OSError):
        pytest.skip(f"the hard fd limit ({saved[1]}) cannot be raised to "
                    f"{want} here (CAP_SYS_RESOURCE)")
    yield request.param
    resource.setrlimit(resource.RLIMIT_NOFILE, saved)


@pytest.mark.parametrize("how", ["close_each", "closefrom", "close_range"])
def test_tracer_fds_survive_closing_every_fd(impl, how, filled):
    app, launcher = build_apps(impl)
    argv = [launcher, "fill", filled, app, how, filled, TICKS]
    env = {"LD_PRELOAD": str(impl.helper_lib("lttng-ust-fd"))}
    if isinstance(impl, Anchor) and how != "close_each":
        # LTTng-UST 2.13's liblttng-ust-fd wraps close() and fclose()
        # only: closefrom() and close_range() close its fds.
        with pytest.raises(AssertionError, match="of the tracer closed"):
            record(impl, argv, enable=("compat_fds:*",), env=env)
        return
    trace, _ = record(impl, argv, enable=("compat_fds:*",), env=env)
    assert trace.discarded_events == 0
    assert ticks(trace) == list(range(TICKS))
