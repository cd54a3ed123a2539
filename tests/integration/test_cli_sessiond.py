"""lttng-sessiond as a process: single instance, pid file, clean exit on
SIGTERM/SIGINT, options, and robustness of its client socket against
malformed input (it answers LTTNG_ERR_INVALID_PROTOCOL or closes, and
keeps serving)."""
import os
import signal
import socket
import struct
import subprocess
import time

import pytest

from lttng_cli import Cli, Sessiond

LTTNG_ERR_INVALID_PROTOCOL = 152
LTTNG_ERR_UND = 12
LTTNG_OK = 10
CMD_CREATE_SESSION = 1
CMD_LIST_SESSIONS = 3


@pytest.fixture
def daemon(build_dir, lttng_env):
    sessiond = Sessiond(build_dir, lttng_env)
    started = sessiond.start()
    assert (started.stdout, started.stderr, started.returncode) == (
        "", "", 0)
    yield sessiond
    sessiond.stop()


def connect(daemon):
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(10)
    sock.connect(daemon.client_sock)
    return sock


def read_reply(sock):
    """(code, payload) of one reply, or None when the daemon closed."""
    header = b""
    while len(header) < 8:
        chunk = sock.recv(8 - len(header))
        if not chunk:
            return None
        header += chunk
    code, length = struct.unpack("=iI", header)
    payload = b""
    while len(payload) < length:
        payload += sock.recv(length - len(payload))
    return code, payload


def assert_still_serving(build_dir, lttng_env):
    r = Cli(build_dir, lttng_env).run("list")
    assert (r.out, r.err, r.rc) == (
        "Currently no available recording session\n", "", 0)


def test_a_second_daemon_refuses_to_start(daemon):
    second = daemon.start()
    assert (second.stdout, second.stderr, second.returncode) == (
        "", "Error: A session daemon is already running.\n", 1)


def test_pid_file_names_the_daemon_and_sigterm_cleans_up(daemon):
    pid = daemon.pid()
    assert pid is not None and Sessiond.alive(pid)
    assert os.path.exists(daemon.client_sock)
    daemon.stop()
    assert not os.path.exists(daemon.client_sock)
    assert not os.path.exists(daemon.pid_file)


def test_sigint_also_stops_the_daemon(daemon):
    pid = daemon.pid()
    os.kill(pid, signal.SIGINT)
    deadline = time.monotonic() + 10
    while Sessiond.alive(pid) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not Sessiond.alive(pid)
    assert not os.path.exists(daemon.pid_file)


def test_valid_request_gets_a_reply(daemon):
    with connect(daemon) as sock:
        sock.sendall(struct.pack("=II", CMD_LIST_SESSIONS, 0))
        assert read_reply(sock) == (LTTNG_OK, struct.pack("=I", 0))


def test_unknown_command_is_refused(daemon, build_dir, lttng_env):
    with connect(daemon) as sock:
        sock.sendall(struct.pack("=II", 999, 0))
        assert read_reply(sock) == (LTTNG_ERR_INVALID_PROTOCOL, b"")
        assert read_reply(sock) is None
    assert_still_serving(build_dir, lttng_env)


def test_huge_payload_length_is_refused_without_reading(daemon, build_dir,
                                                        lttng_env):
    with connect(daemon) as sock:
        sock.sendall(struct.pack("=II", CMD_CREATE_SESSION, 0xFFFFFFFF))
        assert read_reply(sock) == (LTTNG_ERR_INVALID_PROTOCOL, b"")
    assert_still_serving(build_dir, lttng_env)


def test_malformed_payload_is_refused(daemon, build_dir, lttng_env):
    # A session name announcing 1000 bytes inside a 12-byte payload.
    payload = struct.pack("=I", 1000) + b"abcdefgh"
    with connect(daemon) as sock:
        sock.sendall(struct.pack("=II", CMD_CREATE_SESSION, len(payload)) +
                     payload)
        assert read_reply(sock) == (LTTNG_ERR_INVALID_PROTOCOL, b"")
    # Trailing garbage after a valid list request.
    with connect(daemon) as sock:
        sock.sendall(struct.pack("=II", CMD_LIST_SESSIONS, 4) + b"junk")
        assert read_reply(sock) == (LTTNG_ERR_INVALID_PROTOCOL, b"")
    assert_still_serving(build_dir, lttng_env)


def test_garbage_truncation_and_silence_do_not_stop_the_daemon(
        daemon, build_dir, lttng_env):
    with connect(daemon) as sock:
        sock.sendall(os.urandom(3))
    with connect(daemon) as sock:
        sock.sendall(struct.pack("=II", CMD_LIST_SESSIONS, 16) + b"12345")
    with connect(daemon) as sock:
        sock.sendall(b"\xff" * 4096)
        reply = read_reply(sock)
        assert reply == (LTTNG_ERR_INVALID_PROTOCOL, b"")
    with connect(daemon):
        pass
    assert_still_serving(build_dir, lttng_env)


def test_many_clients_in_a_row(daemon, build_dir, lttng_env):
    cli = Cli(build_dir, lttng_env)
    for i in range(20):
        assert cli.run("create", f"s{i}").rc == 0
    r = cli.run("list")
    assert r.out.startswith("Available recording sessions:\n  1) s19 ")
    assert r.out.count(" [inactive]\n") == 20


def subprocess_run(args, env):
    return subprocess.run(args, capture_output=True, text=True, env=env,
                          timeout=30)


def test_options_and_version(build_dir, lttng_env):
    sessiond = Sessiond(build_dir, lttng_env)
    r = subprocess_run([sessiond.path, "-V"], lttng_env)
    assert (r.stdout, r.stderr, r.returncode) == ("2.13.9\n", "", 0)
    r = subprocess_run([sessiond.path, "--bogus"], lttng_env)
    assert r.returncode == 1
    assert r.stderr == f"{sessiond.path}: unrecognized option '--bogus'\n"
    r = subprocess_run([sessiond.path, "--consumerd64-path",
                        "/nonexistent/lttng-consumerd"], lttng_env)
    assert (r.returncode, r.stderr) == (
        1, "Error: No executable consumer daemon at "
        "/nonexistent/lttng-consumerd\n")


def test_client_socket_option_moves_the_socket(build_dir, lttng_env,
                                               tmp_path):
    sessiond = Sessiond(build_dir, lttng_env)
    path = str(tmp_path / "custom-client")
    try:
        r = sessiond.start("--client-sock", path, "--no-kernel",
                           "--group", "tracing")
        assert r.returncode == 0, r.stderr
        assert os.path.exists(path)
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            sock.settimeout(10)
            sock.connect(path)
            sock.sendall(struct.pack("=II", CMD_LIST_SESSIONS, 0))
            assert read_reply(sock) == (LTTNG_OK, struct.pack("=I", 0))
    finally:
        sessiond.stop()


def test_sig_parent_signals_readiness_in_the_foreground(build_dir,
                                                        lttng_env):
    sessiond = Sessiond(build_dir, lttng_env)
    ready = []
    old = signal.signal(signal.SIGUSR1, lambda *_: ready.append(True))
    proc = subprocess.Popen([sessiond.path, "--sig-parent"], env=lttng_env,
                            stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while not ready and time.monotonic() < deadline:
            time.sleep(0.01)
        assert ready
        assert sessiond.pid() == proc.pid
        assert_still_serving(build_dir, lttng_env)
    finally:
        proc.terminate()
        assert proc.wait(timeout=10) == 0
        signal.signal(signal.SIGUSR1, old)
