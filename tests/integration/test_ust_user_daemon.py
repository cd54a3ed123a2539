"""The per-user session daemon: an unprivileged user (nobody) runs
lttng-sessiond (runtime files in $LTTNG_HOME/.lttng, which spawns its own
lttng-consumerd), an instrumented app and the lttng CLI; the trace lands
in ust/uid/<that uid>/64-bit and babeltrace2 reads it."""
import os
import pathlib
import shutil
import subprocess
import tempfile
import time

import pytest

from trace_reader import read_trace
from ust_tracing import TEST_APP

NOBODY = 65534


def as_nobody(env, *argv, **kwargs):
    return ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}",
            "--clear-groups", "env", "-i", *[f"{k}={v}" for k, v in env.items()],
            *argv]


@pytest.fixture
def user_home():
    """A home for nobody, outside pytest's root-only temporary tree."""
    if os.getuid() != 0 or not shutil.which("setpriv"):
        pytest.skip("needs root and setpriv to run as nobody")
    top = pathlib.Path(tempfile.mkdtemp(prefix="lttng-user-"))
    os.chmod(top, 0o755)
    home = top / "nobody"
    home.mkdir()
    os.chown(home, NOBODY, NOBODY)
    yield home
    shutil.rmtree(top, ignore_errors=True)


def test_user_daemon_traces_the_users_app(build_dir, user_home):
    env = {"PATH": "/usr/bin:/bin", "HOME": str(user_home),
           "LTTNG_HOME": str(user_home),
           "LD_LIBRARY_PATH": str(build_dir / "src/lib/lttng-ust")}
    lttng = str(build_dir / "src/bin/lttng/lttng")
    sessiond = str(build_dir / "src/bin/lttng-sessiond/lttng-sessiond")
    pid_file = user_home / ".lttng" / "lttng-sessiond.pid"

    def run(*args):
        proc = subprocess.run(as_nobody(env, lttng, *args),
                              capture_output=True, text=True, timeout=30)
        assert proc.returncode == 0, proc
        return proc.stdout

    subprocess.run(as_nobody(env, sessiond, "--daemonize"), check=True,
                   timeout=30)
    app = None
    try:
        assert pid_file.exists()
        assert (user_home / ".lttng" / "apps-lttng-sessiond").exists()
        app = subprocess.Popen(as_nobody(env, str(build_dir / TEST_APP)),
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               text=True)
        assert app.stdout.readline() == "ready\n"
        run("create", "mine")
        run("enable-event", "--userspace", "testapp:values")
        run("start")
        app.stdin.write("emit 9\n")
        app.stdin.flush()
        assert app.stdout.readline() == "ok\n"
        run("destroy")
        [session] = list((user_home / "lttng-traces").iterdir())
        trace_dir = session / "ust" / "uid" / str(NOBODY) / "64-bit"
        assert trace_dir.stat().st_uid == NOBODY
        trace = read_trace(trace_dir)
        assert [r.fields["seq"] for r in trace] == list(range(9))
    finally:
        if app:
            app.kill()
            app.wait()
        if pid_file.exists():
            pid = int(pid_file.read_text())
            os.kill(pid, 15)
            deadline = time.monotonic() + 10
            while os.path.exists(f"/proc/{pid}") and time.monotonic() < deadline:
                time.sleep(0.05)


def test_root_daemon_traces_another_users_app(build_dir, user_home):
    """The root daemon (its runtime directory relocated with LTTNG_RUNDIR)
    records an app of user nobody into ust/uid/65534/64-bit; the files
    belong to the session's creator (root), as with LTTng."""
    top = user_home.parent
    rundir = top / "run"
    rundir.mkdir(mode=0o755)
    root_home = top / "root"
    root_home.mkdir()
    root_env = dict(os.environ, HOME=str(root_home),
                    LTTNG_HOME=str(root_home), LTTNG_RUNDIR=str(rundir))
    app_env = {"PATH": "/usr/bin:/bin", "HOME": str(user_home),
               "LTTNG_HOME": str(user_home), "LTTNG_RUNDIR": str(rundir),
               "LD_LIBRARY_PATH": str(build_dir / "src/lib/lttng-ust")}
    lttng = str(build_dir / "src/bin/lttng/lttng")

    def run(*args):
        proc = subprocess.run([lttng, *args], env=root_env,
                              capture_output=True, text=True, timeout=30)
        assert proc.returncode == 0, proc
        return proc.stdout

    subprocess.run([str(build_dir / "src/bin/lttng-sessiond/lttng-sessiond"),
                    "--daemonize"], env=root_env, check=True, timeout=30)
    pid = int((rundir / "lttng-sessiond.pid").read_text())
    app = None
    try:
        assert oct((rundir / "apps-lttng-sessiond").stat().st_mode & 0o777) \
            == "0o666"
        app = subprocess.Popen(as_nobody(app_env, str(build_dir / TEST_APP)),
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               text=True)
        assert app.stdout.readline() == "ready\n"
        run("create", "rooted")
        run("enable-event", "--userspace", "testapp:values")
        run("start")
        app.stdin.write("emit 6\n")
        app.stdin.flush()
        assert app.stdout.readline() == "ok\n"
        run("destroy")
        [session] = list((root_home / "lttng-traces").iterdir())
        trace_dir = session / "ust" / "uid" / str(NOBODY) / "64-bit"
        assert (trace_dir / "metadata").stat().st_uid == 0
        trace = read_trace(trace_dir)
        assert [r.fields["seq"] for r in trace] == list(range(6))
    finally:
        if app:
            app.kill()
            app.wait()
        os.kill(pid, 15)
        deadline = time.monotonic() + 10
        while os.path.exists(f"/proc/{pid}") and time.monotonic() < deadline:
            time.sleep(0.05)
