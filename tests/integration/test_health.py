"""Health checks (lttng-health-check(3), <lttng/health.h>): a health
client (tests/tools/ctl-api/health-query, built against our header) asks
the session daemon and its user space consumer through their health
sockets (<rundir>/sessiond-health, <rundir>/ustconsumerd64/health):

* every thread of a working daemon is good, with LTTng's thread names in
  LTTng's order;
* a consumer stopped with SIGSTOP is reported bad once its consumption
  thread has been stuck for the deadline (LTTng's 20 s), and good again
  after SIGCONT;
* with no daemon, the query fails as LTTng's does (-1);
* the same client linked with LTTng's own liblttng-ctl (the anchor)
  reads our daemons' answers: the wire format is LTTng's.
"""
import os
import pathlib
import signal
import subprocess
import time

import pytest

from kernel_support import kernel_consumer_pid
from test_faults import children
from test_ust_user_daemon import user_home  # noqa: F401 (a fixture)
from ust_anchor import anchor_root, TRIPLET
from ust_tracing import TEST_APP, Tracing

HEALTH_QUERY = "tests/tools/ctl-api/health-query"
NOBODY = 65534

# LTTng 2.13's thread names, in its order (the bit numbers of its health
# protocol). LTTng 2.13 returns NULL for thread 8 (its notification
# thread); ours names it.
SESSIOND_THREADS = [
    "Session daemon command",
    "Session daemon application manager",
    "Session daemon application registration",
    "Session daemon kernel",
    "Session daemon consumer manager",
    "Session daemon hash table cleanup",
    "Session daemon application notification manager",
    "Session daemon application registration dispatcher",
    "Session daemon notification",
    "Session daemon rotation manager",
    "Session daemon timer manager",
    "Session daemon trigger action executor",
]
CONSUMERD_THREADS = [
    "Consumer daemon channel",
    "Consumer daemon metadata",
    "Consumer daemon data",
    "Consumer daemon session daemon command manager",
    "Consumer daemon metadata timer",
]
DATA_THREAD = CONSUMERD_THREADS.index("Consumer daemon data")


def wait_for(predicate, what, timeout=90.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


class Health:
    """One answer of health-query: rc, state, [(state, name)] per thread."""

    def __init__(self, argv, env):
        proc = subprocess.run(argv, capture_output=True, text=True, env=env,
                              timeout=60)
        self.rc = proc.returncode
        self.out = proc.stdout
        self.state = None
        self.threads = []
        for line in proc.stdout.splitlines():
            words = line.split(" ", 3)
            if words[0] == "state":
                self.state = int(words[1])
            elif words[0] == "thread":
                assert int(words[1]) == len(self.threads), proc.stdout
                self.threads.append((int(words[2]), words[3]))
            elif words[0] == "query":
                self.query = int(words[1])

    def __repr__(self):
        return f"rc={self.rc} {self.out!r}"


def query(build_dir, env, *what):
    return Health([str(build_dir / HEALTH_QUERY), *what], env)


def consumer_pid(sessiond_pid):
    pids = children(sessiond_pid, "lttng-consumerd")
    return pids[0] if pids else None


@pytest.fixture
def tracing(build_dir, lttng_env, tmp_path):
    t = Tracing(build_dir, lttng_env, tmp_path)
    t.start_daemon()
    yield t
    for pid in [consumer_pid(t.sessiond.pid() or -1)]:
        if pid:
            os.kill(pid, signal.SIGCONT)
    t.close()


def recording(t):
    """A started session with an app writing into its buffers."""
    t.record_testapp()
    app = t.app()
    app.emit(10)
    pid = consumer_pid(t.sessiond.pid())
    assert pid, "no consumer daemon"
    return app, pid


def test_every_thread_of_a_working_daemon_is_good(build_dir, tracing):
    recording(tracing)
    h = query(build_dir, tracing.env, "sessiond")
    assert h.rc == 0 and h.state == 0, h
    assert h.threads == [(0, name) for name in SESSIOND_THREADS], h
    h = query(build_dir, tracing.env, "ust64")
    assert h.rc == 0 and h.state == 0, h
    assert h.threads == [(0, name) for name in CONSUMERD_THREADS], h
    # The health sockets are where LTTng puts them in the runtime dir.
    rundir = pathlib.Path(tracing.env["LTTNG_RUNDIR"])
    assert (rundir / "sessiond-health").is_socket()
    assert (rundir / "ustconsumerd64" / "health").is_socket()
    # No 32-bit consumer and no kernel consumer run: LTTng's -1.
    for what in ("ust32", "kernel"):
        h = query(build_dir, tracing.env, what)
        assert h.rc == 1 and h.out == "query -1\n", (what, h)


def test_stopped_consumer_is_bad_until_continued(build_dir, tracing):
    app, pid = recording(tracing)
    assert query(build_dir, tracing.env, "ust64").state == 0
    os.kill(pid, signal.SIGSTOP)
    stopped_at = time.monotonic()
    try:
        wait_for(lambda: query(build_dir, tracing.env, "ust64").state == -1,
                 "the stopped consumer to be reported bad")
        # Not before LTTng's 20 s deadline.
        assert time.monotonic() - stopped_at >= 20.0
        h = query(build_dir, tracing.env, "ust64")
        assert h.threads[DATA_THREAD] == (-1, "Consumer daemon data"), h
        # Waiting for the session daemon's next request is idleness.
        bad = [name for state, name in h.threads if state]
        assert bad == ["Consumer daemon data"], h
        # The session daemon itself stays good.
        assert query(build_dir, tracing.env, "sessiond").state == 0
    finally:
        os.kill(pid, signal.SIGCONT)
    wait_for(lambda: query(build_dir, tracing.env, "ust64").state == 0,
             "the continued consumer to be reported good")
    app.emit(5)
    tracing.lttng("stop")


def test_query_without_a_daemon_fails_as_lttng(build_dir, lttng_env):
    for what in ("sessiond", "ust64", "ust32", "kernel"):
        h = query(build_dir, lttng_env, what)
        assert h.rc == 1 and h.out == "query -1\n", (what, h)
    h = query(build_dir, lttng_env, "relayd",
              os.path.join(lttng_env["LTTNG_HOME"], "no-such-socket"))
    assert h.rc == 1 and h.out == "query -1\n", h


def test_consumer_socket_goes_with_its_consumer(build_dir, tracing):
    """The consumer's health socket exists while the consumer runs."""
    _, pid = recording(tracing)
    sock = pathlib.Path(tracing.env["LTTNG_RUNDIR"]) / "ustconsumerd64/health"
    assert sock.is_socket()
    os.kill(pid, signal.SIGKILL)
    wait_for(lambda: not sock.exists(), "the dead consumer's socket to go")
    h = query(build_dir, tracing.env, "ust64")
    assert h.rc == 1 and h.out == "query -1\n", h
    assert query(build_dir, tracing.env, "sessiond").state == 0


def test_lttng_client_reads_our_daemons(build_dir, user_home):
    """health-query linked with LTTng's liblttng-ctl asks our per-user
    daemons (as nobody: as root LTTng's client only knows
    /var/run/lttng)."""
    root = anchor_root()
    if root is None:
        pytest.skip("the real LTTng 2.13 is not extracted (anchor-install)")
    env = {"PATH": os.environ["PATH"], "HOME": str(user_home),
           "LTTNG_HOME": str(user_home),
           "LD_LIBRARY_PATH": str(build_dir / "src/lib/lttng-ust")}

    def as_nobody(*argv, extra=None):
        e = dict(env, **(extra or {}))
        return subprocess.run(
            ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}",
             "--clear-groups", "env", "-i",
             *[f"{k}={v}" for k, v in e.items()], *argv],
            capture_output=True, text=True, timeout=60)

    lttng = str(build_dir / "src/bin/lttng/lttng")
    sessiond = str(build_dir / "src/bin/lttng-sessiond/lttng-sessiond")
    lttng_libs = {"LD_LIBRARY_PATH": str(root / "usr/lib" / TRIPLET)}
    client = [str(build_dir / HEALTH_QUERY)]
    assert as_nobody(*client, "sessiond", extra=lttng_libs).stdout == \
        "query -1\n"
    proc = as_nobody(sessiond, "--daemonize")
    assert proc.returncode == 0, proc.stderr
    pid_file = user_home / ".lttng" / "lttng-sessiond.pid"
    app = None
    try:
        for args in (("create", "s"), ("enable-event", "-u", "testapp:*"),
                     ("start",)):
            r = as_nobody(lttng, *args)
            assert r.returncode == 0, r
        # An app's buffers start the consumer.
        app = subprocess.Popen(
            ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}",
             "--clear-groups", "env", "-i",
             *[f"{k}={v}" for k, v in env.items()],
             str(build_dir / TEST_APP)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert app.stdout.readline() == "ready\n"
        wait_for(lambda: (user_home / ".lttng/ustconsumerd64/health")
                 .is_socket(), "the consumer's health socket")
        ours = as_nobody(*client, "sessiond").stdout
        theirs = as_nobody(*client, "sessiond", extra=lttng_libs).stdout
        assert ours.startswith("state 0\n"), ours
        # Same answer; LTTng 2.13 has no name for thread 8.
        assert theirs == ours.replace("Session daemon notification",
                                      "(null)"), theirs
        ours = as_nobody(*client, "ust64").stdout
        theirs = as_nobody(*client, "ust64", extra=lttng_libs).stdout
        assert ours.startswith("state 0\n") and theirs == ours, theirs
    finally:
        if app is not None:
            app.kill()
            app.wait()
        pid = int(pid_file.read_text())
        os.kill(pid, signal.SIGTERM)
        wait_for(lambda: not os.path.exists(f"/proc/{pid}") or
                 open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[0]
                 == "Z", "the daemon to exit", timeout=30)


def test_kernel_consumers_answer_as_one(build_dir, ks, tmp_path):
    """Kernel consumers (one per recording session here) answer on
    <rundir>/kconsumerd/health while one runs; a stopped one makes the
    answer bad."""
    sock = pathlib.Path(ks.env["LTTNG_RUNDIR"]) / "kconsumerd" / "health"
    ks.ok("create", "k", f"--output={tmp_path / 'trace'}")
    ks.ok("enable-event", "--kernel", "sched_switch")
    ks.ok("start")
    assert sock.is_socket()
    h = query(build_dir, ks.env, "kernel")
    assert h.rc == 0 and h.state == 0, h
    assert h.threads == [(0, name) for name in CONSUMERD_THREADS], h
    pid = kernel_consumer_pid(ks.sessiond.pid())
    os.kill(pid, signal.SIGSTOP)
    try:
        wait_for(lambda: query(build_dir, ks.env, "kernel").state == -1,
                 "the stopped kernel consumer to be reported bad")
        h = query(build_dir, ks.env, "kernel")
        assert [n for s, n in h.threads if s] == ["Consumer daemon data"], h
    finally:
        os.kill(pid, signal.SIGCONT)
    wait_for(lambda: query(build_dir, ks.env, "kernel").state == 0,
             "the continued kernel consumer to be reported good")
    ks.ok("destroy", "k")
    wait_for(lambda: not sock.exists(), "the kernel consumer's socket to go")
    h = query(build_dir, ks.env, "kernel")
    assert h.rc == 1 and h.out == "query -1\n", h


def test_our_library_exports_lttngs_health_functions(build_dir):
    """Every lttng_health_* function of LTTng's liblttng-ctl is ours too
    (a health client linked against LTTng's library loads with ours)."""
    expected = {
        "lttng_health_create_sessiond", "lttng_health_create_consumerd",
        "lttng_health_create_relayd", "lttng_health_destroy",
        "lttng_health_query", "lttng_health_state",
        "lttng_health_get_nr_threads", "lttng_health_get_thread",
        "lttng_health_thread_state", "lttng_health_thread_name"}

    def exported(path):
        out = subprocess.run(["nm", "-D", "--defined-only", str(path)],
                             check=True, capture_output=True,
                             text=True).stdout
        return {line.split()[-1] for line in out.splitlines()
                if "lttng_health_" in line}

    assert exported(build_dir / "src/lib/lttng-ctl/liblttng-ctl.so.0") == \
        expected
    root = anchor_root()
    if root is not None:
        assert exported(root / "usr/lib" / TRIPLET /
                        "liblttng-ctl.so.0") == expected
