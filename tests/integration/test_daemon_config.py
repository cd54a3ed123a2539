"""lttng-sessiond's configuration: the INI files (/etc/lttng/lttng.conf,
$LTTNG_HOME/.lttng/lttng.conf, --config; each overrides the previous and
the command line beats them all), their errors (file and line named),
and the environment variables LTTNG_ABORT_ON_ERROR,
LTTNG_CONSUMERD64_BIN/LIBDIR, LTTNG_CONSUMERD32_*,
LTTNG_APP_SOCKET_TIMEOUT, LTTNG_NETWORK_SOCKET_TIMEOUT and
LTTNG_DEBUG_NOCLONE.

LTTNG_SYSCONFDIR relocates /etc so that no test writes the real
/etc/lttng/lttng.conf.
"""
import os
import resource
import shutil
import signal
import subprocess
import time

import pytest

from lttng_cli import Cli, Sessiond
from test_session_access import Daemon as AccessDaemon, member  # noqa: F401
from trace_reader import read_trace
from ust_tracing import TEST_APP, App


def no_core_dump():
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


@pytest.fixture
def conf_env(lttng_env, tmp_path):
    env = dict(lttng_env)
    env["LTTNG_SYSCONFDIR"] = str(tmp_path / "etc")
    (tmp_path / "etc" / "lttng").mkdir(parents=True)
    (tmp_path / "home" / ".lttng").mkdir(parents=True, exist_ok=True)
    return env


def system_conf(env):
    return os.path.join(env["LTTNG_SYSCONFDIR"], "lttng", "lttng.conf")


def user_conf(env):
    return os.path.join(env["LTTNG_HOME"], ".lttng", "lttng.conf")


def write(path, text):
    with open(path, "wb") as f:
        f.write(text if isinstance(text, bytes) else text.encode())


def run_sessiond(build_dir, env, *args):
    return subprocess.run([Sessiond(build_dir, env).path, *args],
                          capture_output=True, text=True, env=env,
                          timeout=30, preexec_fn=no_core_dump)


def wait_for(condition, what, timeout=20.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def started_pid_file(build_dir, env, tmp_path, *args):
    """Start the daemon (-d), stop it, and return the name of the pid
    file it wrote among p1..p4 in tmp_path."""
    sessiond = Sessiond(build_dir, env)
    r = sessiond.start(*args)
    written = [name for name in ("p1", "p2", "p3", "p4")
               if (tmp_path / name).exists()]
    # Stop whatever started, wherever its pid file went.
    sessiond.stop()
    for name in written:
        sessiond.pid_file = str(tmp_path / name)
        sessiond.stop()
        assert not os.path.exists(sessiond.pid_file)  # removed at exit
    assert r.returncode == 0, r.stderr
    assert len(written) == 1, written
    return written[0]


def test_each_configuration_file_overrides_the_previous(build_dir, conf_env,
                                                        tmp_path):
    write(system_conf(conf_env), f"[sessiond]\npidfile={tmp_path}/p1\n")
    assert started_pid_file(build_dir, conf_env, tmp_path) == "p1"
    write(user_conf(conf_env), f"[sessiond]\npidfile={tmp_path}/p2\n")
    assert started_pid_file(build_dir, conf_env, tmp_path) == "p2"
    conf = tmp_path / "extra.conf"
    write(conf, f"[relayd]\npidfile={tmp_path}/p4\n"
          f"[sessiond]\npidfile={tmp_path}/p3\n")
    assert started_pid_file(build_dir, conf_env, tmp_path,
                            "-f", str(conf)) == "p3"
    # The command line beats every file, whatever the order of -f.
    assert started_pid_file(build_dir, conf_env, tmp_path,
                            "-p", str(tmp_path / "p4"),
                            "--config", str(conf)) == "p4"


def test_a_later_file_turns_a_switch_off(build_dir, conf_env, tmp_path):
    """background=yes in the system file: the started process returns at
    once; background=off in the user's file: it stays the daemon."""
    sessiond = Sessiond(build_dir, conf_env)
    write(system_conf(conf_env), "[sessiond]\n# the system's choice\n"
          "background = yes\n")
    # -b keeps the console: the daemon holds the pipes of run_sessiond().
    r = subprocess.run([sessiond.path], env=conf_env, timeout=30,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    assert r.returncode == 0
    wait_for(lambda: sessiond.pid() is not None, "the pid file")
    sessiond.stop()
    write(user_conf(conf_env), "[sessiond]\nbackground: off ; mine\n")
    proc = subprocess.Popen([sessiond.path], env=conf_env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        wait_for(lambda: sessiond.pid() is not None, "the pid file")
        assert sessiond.pid() == proc.pid
        assert proc.poll() is None
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.communicate(timeout=30)
    assert proc.returncode == 0


LONG_LINE = "[sessiond]\ngroup=" + "x" * 5000 + "\n"


@pytest.mark.parametrize("text, rc, stderr", [
    # As LTTng: an unknown key is a warning, other sections are not ours.
    ("[sessiond]\nfoo=bar\n[relayd]\nbaz=1\n", 0,
     'Warning: Unrecognized option "foo" in daemon configuration file '
     '(CONF, line 2).\n'),
    # LTTng prints these errors but starts with its default: we stop.
    ("[sessiond]\nagent-tcp-port=abc\n", 1,
     "Error: Wrong value in --agent-tcp-port parameter: abc (CONF, line 2)\n"),
    ("\n[sessiond]\nagent-tcp-port=70000\n", 1,
     "Error: Port overflow in --agent-tcp-port parameter: 70000 "
     "(CONF, line 3)\n"),
    ("[sessiond]\nquiet=maybe\n", 1,
     'Error: Invalid configuration value "maybe" for option quiet '
     '(CONF, line 2): use true, yes, on, false, no or off\n'),
    ("[sessiond]\ngroup=\n", 1,
     'Error: Empty value for option "group" (CONF, line 2)\n'),
    # LTTng skips these lines without a word: we name them.
    ("[sessiond]\nversion=yes\n", 1,
     'Error: Option "version" cannot be set in a daemon configuration '
     'file (CONF, line 2)\n'),
    ("[sessiond\nverbose=yes\n", 1,
     "Error: Daemon configuration file CONF, line 1: section header "
     "without ']'\n"),
    ("[sessiond]\nverbose=yes\ngarbage\n", 1,
     "Error: Daemon configuration file CONF, line 3: expected KEY=VALUE, "
     "[SECTION] or a comment\n"),
    ("[sessiond]\nno-kernel=yes\0\n", 1,
     "Error: Daemon configuration file CONF, line 2: NUL byte in the "
     "line\n"),
    (LONG_LINE, 1,
     "Error: Daemon configuration file CONF, line 2: line longer than "
     "4096 bytes\n"),
    # Well-formed: no newline at the end, CR LF, blanks, comments.
    ("; c\r\n[sessiond]\r\n  no-kernel = TRUE  \r\nverbose-consumer=0", 0,
     ""),
], ids=["unknown-key", "bad-number", "number-out-of-range", "bad-switch",
        "empty-value", "file-only-key", "unterminated-section",
        "no-separator", "nul-byte", "long-line", "well-formed"])
def test_configuration_file_errors_name_the_file_and_line(
        build_dir, conf_env, tmp_path, text, rc, stderr):
    conf = tmp_path / "c.conf"
    write(conf, text)
    r = run_sessiond(build_dir, conf_env, "-f", str(conf), "-V")
    assert (r.returncode, r.stderr) == (rc, stderr.replace("CONF",
                                                           str(conf)))
    assert r.stdout == ("2.13.9\n" if rc == 0 else "")
    # The same file as the user's lttng.conf: the same verdict.
    write(user_conf(conf_env), text)
    r = run_sessiond(build_dir, conf_env, "-V")
    assert (r.returncode, r.stderr) == (rc, stderr.replace(
        "CONF", user_conf(conf_env)))


def test_missing_config_option_file(build_dir, conf_env):
    r = run_sessiond(build_dir, conf_env, "--config=/nonexistent/x.conf")
    assert (r.returncode, r.stderr) == (
        1, "Error: Failed to open daemon configuration file at "
        "/nonexistent/x.conf\n")


@pytest.mark.parametrize("args, variables, stderr", [
    (["--consumerd32-path=/x"], {},
     "Error: Cannot use --consumerd32-path=/x: this platform has no 32-bit "
     "consumer daemon (only 64-bit applications can be traced); remove "
     "the option\n"),
    ([], {"LTTNG_CONSUMERD32_LIBDIR": "/lib32"},
     "Error: Cannot use --consumerd32-libdir=/lib32 (environment variable "
     "LTTNG_CONSUMERD32_LIBDIR): this platform has no 32-bit consumer "
     "daemon (only 64-bit applications can be traced); unset the "
     "variable\n"),
    (["--ustconsumerd64-cmd-sock=/s"], {},
     "Error: Cannot use --ustconsumerd64-cmd-sock=/s: this session daemon "
     "talks to its consumer daemons over socket pairs it creates, never "
     "over socket paths; remove the option\n"),
    ([], {"LTTNG_APP_SOCKET_TIMEOUT": "5s"},
     "Error: Invalid value of LTTNG_APP_SOCKET_TIMEOUT: 5s (an integer; 0 "
     "or -1 for no timeout)\n"),
    ([], {"LTTNG_NETWORK_SOCKET_TIMEOUT": "abc"},
     "Error: Invalid value of LTTNG_NETWORK_SOCKET_TIMEOUT: abc (an "
     "integer; 0 or -1 for no timeout)\n"),
    ([], {"LTTNG_CONSUMERD64_BIN": "/nonexistent/consumerd"},
     "Error: No executable consumer daemon at /nonexistent/consumerd\n"),
], ids=["consumerd32-path", "consumerd32-libdir-variable", "socket-path",
        "app-socket-timeout", "network-socket-timeout", "consumerd64-bin"])
def test_unavailable_consumer_options_are_refused(build_dir, conf_env, args,
                                                  variables, stderr):
    env = dict(conf_env, **variables)
    r = run_sessiond(build_dir, env, "--no-kernel", *args)
    assert (r.returncode, r.stderr) == (1, stderr)
    assert not os.path.exists(Sessiond(build_dir, env).pid_file)


def test_timeouts_in_range_are_accepted(build_dir, conf_env):
    env = dict(conf_env, LTTNG_APP_SOCKET_TIMEOUT="-1",
               LTTNG_NETWORK_SOCKET_TIMEOUT="2000")
    sessiond = Sessiond(build_dir, env)
    try:
        r = sessiond.start("--no-kernel")
        assert r.returncode == 0, r.stderr
    finally:
        sessiond.stop()


def test_consumerd64_path_and_libdir_select_the_consumer(build_dir, conf_env,
                                                         tmp_path):
    """The file names the consumer (a wrapper recording how it was run),
    the environment a library directory, the command line another one
    (it wins)."""
    real = build_dir / "src/bin/lttng-consumerd/lttng-consumerd"
    record = tmp_path / "consumer-run"
    wrapper = tmp_path / "my-consumerd"
    write(wrapper, "#!/bin/sh\n"
          f'echo "LD_LIBRARY_PATH=$LD_LIBRARY_PATH" >> {record}\n'
          f'exec {real} "$@"\n')
    wrapper.chmod(0o755)
    write(user_conf(conf_env), f"[sessiond]\nconsumerd64-path={wrapper}\n")
    env = dict(conf_env, LTTNG_CONSUMERD64_LIBDIR="/from/env",
               LD_LIBRARY_PATH="/before")
    sessiond = Sessiond(build_dir, env)
    cli = Cli(build_dir, env)
    app_env = dict(conf_env,
                   LD_LIBRARY_PATH=str(build_dir / "src/lib/lttng-ust"))
    app = None
    try:
        r = sessiond.start("--no-kernel", "--consumerd64-libdir=/from/cli")
        assert r.returncode == 0, r.stderr
        app = App(build_dir / TEST_APP, app_env, str(tmp_path))
        assert cli.run("create", "s", "--output", str(tmp_path / "t")).rc == 0
        assert cli.run("enable-event", "-u", "testapp:values").rc == 0
        assert cli.run("start").rc == 0
        app.emit(5)
        assert cli.run("destroy", "s").rc == 0
        assert record.read_text() == "LD_LIBRARY_PATH=/from/cli:/before\n"
        trace = read_trace(tmp_path / "t" / "ust" / "uid" /
                           str(os.getuid()) / "64-bit")
        assert [e.fields["seq"] for e in trace] == list(range(5))
    finally:
        if app:
            app.quit()
        sessiond.stop()


def test_abort_on_error(build_dir, conf_env):
    """LTTNG_ABORT_ON_ERROR=1 (exactly): abort() after an error, in the
    CLI (even with -q) and in the daemon, as LTTng does."""
    lttng = str(build_dir / "src/bin/lttng/lttng")

    def run(args, value):
        env = dict(conf_env, LTTNG_ABORT_ON_ERROR=value)
        return subprocess.run(args, capture_output=True, text=True, env=env,
                              timeout=30, preexec_fn=no_core_dump)

    bad_option = [lttng, "list", "--bogus"]
    plain_rc = run(bad_option, "").returncode
    assert plain_rc > 0
    r = run(bad_option, "1")
    assert r.returncode == -signal.SIGABRT
    assert r.stderr.startswith("Error: ")
    assert run([lttng, "-q", "list", "--bogus"], "1").returncode == \
        -signal.SIGABRT
    assert run(bad_option, "0").returncode == plain_rc
    assert run(bad_option, "yes").returncode == plain_rc
    sessiond = Sessiond(build_dir, conf_env).path
    r = run([sessiond, "-f", "/nonexistent"], "1")
    assert r.returncode == -signal.SIGABRT
    # A warning is no error.
    write(user_conf(conf_env), "[sessiond]\nunknown=1\n")
    assert run([sessiond, "-V"], "1").returncode == 0


def traced_by(pid, tracer_pid):
    """Whether every thread of pid has tracer_pid as its tracer."""
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/status") as f:
                if f"TracerPid:\t{tracer_pid}\n" not in f.read():
                    return False
    except OSError:
        return False
    return True


@pytest.mark.parametrize("noclone", [False, True])
def test_debug_noclone_saves_without_a_child_process(build_dir, lttng_env,
                                                     member, noclone,
                                                     tmp_path):
    """A root daemon saves a member's session as the member: in a child
    process, or with LTTNG_DEBUG_NOCLONE=1 in its own thread (strace
    attached to the daemon counts the processes it creates)."""
    if not shutil.which("strace"):
        pytest.skip("strace is not installed")
    env = dict(lttng_env)
    if noclone:
        env["LTTNG_DEBUG_NOCLONE"] = "1"
    daemon = AccessDaemon(build_dir, env, member)
    log = tmp_path / "strace.log"
    tracer = None
    try:
        r = daemon.member("create", "mine",
                          f"--output={daemon.member_home}/mine")
        assert r.returncode == 0, r
        tracer = subprocess.Popen(
            ["strace", "-f", "-qq", "-e", "trace=clone,clone3,fork,vfork",
             "-o", str(log), "-p", str(daemon.sessiond.pid())],
            stderr=subprocess.DEVNULL)
        pid = daemon.sessiond.pid()
        wait_for(lambda: traced_by(pid, tracer.pid),
                 "strace to attach to every thread of the daemon")
        r = daemon.member("save", "-o", f"{daemon.member_home}/saved", "mine")
        assert r.returncode == 0, r
        saved = daemon.member_home / "saved" / "mine.lttng"
        assert saved.stat().st_uid == member.pw_uid
    finally:
        if tracer:
            tracer.terminate()
            tracer.wait(timeout=30)
        daemon.close()
    processes = [line for line in log.read_text().splitlines()
                 if "clone" in line and "CLONE_THREAD" not in line
                 and "resumed>" not in line]
    assert len(processes) == (0 if noclone else 1), processes


def registered_pids(cli):
    r = cli.run("list", "-u")
    assert r.rc == 0, r
    return {int(line.split()[1]) for line in r.out.splitlines()
            if line.startswith("PID: ")}


@pytest.mark.parametrize("timeout", ["0", "1"])
def test_app_socket_timeout_decides_when_a_stuck_app_is_dropped(
        build_dir, conf_env, tmp_path, timeout):
    """A stopped application does not answer `lttng start`. With
    LTTNG_APP_SOCKET_TIMEOUT=1 the daemon drops it after a second; with 0
    it waits for it as long as it takes (here longer than the default 5 s
    timeout), and the application stays registered once resumed."""
    env = dict(conf_env, LTTNG_APP_SOCKET_TIMEOUT=timeout)
    app_env = dict(env, LD_LIBRARY_PATH=str(build_dir / "src/lib/lttng-ust"))
    sessiond = Sessiond(build_dir, env)
    cli = Cli(build_dir, env)
    app = start = None
    try:
        assert sessiond.start("--no-kernel").returncode == 0
        app = App(build_dir / TEST_APP, app_env, str(tmp_path))
        wait_for(lambda: app.pid in registered_pids(cli), "registration")
        assert cli.run("create", "s", "--output", str(tmp_path / "t")).rc == 0
        assert cli.run("enable-event", "-u", "testapp:values").rc == 0
        os.kill(app.pid, signal.SIGSTOP)
        start = subprocess.Popen([cli.lttng, "start"], env=cli.env,
                                 stdout=subprocess.PIPE, text=True)
        if timeout == "1":
            assert start.wait(timeout=60) == 0
            assert app.pid not in registered_pids(cli)
        else:
            with pytest.raises(subprocess.TimeoutExpired):
                start.wait(timeout=7)
            os.kill(app.pid, signal.SIGCONT)
            assert start.wait(timeout=60) == 0
            assert app.pid in registered_pids(cli)
    finally:
        if app:
            os.kill(app.pid, signal.SIGCONT)
            app.quit()
        if start and start.poll() is None:
            start.kill()
        sessiond.stop()
