"""Recording sessions through the real lttng CLI and lttng-sessiond:
create, list, status, set-session, start, stop, destroy, with the exact
stdout, stderr and exit codes of LTTng 2.13 (observed on the anchor)."""
import os
import socket

import pytest

from lttng_cli import Cli, Sessiond

NO_DAEMON = "Error: No session daemon is available\n"


@pytest.fixture
def cli(build_dir, lttng_env):
    return Cli(build_dir, lttng_env)


@pytest.fixture
def daemon(build_dir, lttng_env):
    sessiond = Sessiond(build_dir, lttng_env)
    started = sessiond.start()
    assert started.returncode == 0, started.stderr
    yield sessiond
    sessiond.stop()


def no_config(cli):
    return (f"Error: Can't find valid lttng config {cli.home}/.lttngrc\n")


DID_YOU = "Did you create a session? (lttng create <my_session>)\n"


def test_commands_without_a_daemon_say_none_is_available(cli):
    r = cli.run("list")
    assert (r.out, r.err, r.rc) == ("", NO_DAEMON, 1)
    r = cli.run("destroy", "x")
    assert (r.out, r.err, r.rc) == ("", NO_DAEMON, 1)
    r = cli.run("start", "x")
    assert (r.out, r.err, r.rc) == ("", NO_DAEMON, 19)
    r = cli.run("stop", "x")
    assert (r.out, r.err, r.rc) == ("", NO_DAEMON, 19)
    r = cli.run("set-session", "x")
    assert (r.out, r.err, r.rc) == ("", NO_DAEMON, 1)


def test_list_without_sessions(cli, daemon):
    r = cli.run("list")
    assert (r.out, r.err, r.rc) == (
        "Currently no available recording session\n", "", 0)


def test_create_prints_output_and_sets_current_session(cli, daemon):
    r = cli.run("create", "s1")
    home = cli.home
    assert r.out == ("Session s1 created.\n"
                     f"Traces will be output to {home}/lttng-traces/"
                     "s1-DATE\n")
    assert (r.err, r.rc) == ("", 0)
    with open(os.path.join(home, ".lttngrc")) as f:
        assert f.read() == "session=s1\n"


def test_create_errors(cli, daemon):
    assert cli.run("create", "s1").rc == 0
    r = cli.run("create", "s1")
    assert (r.out, r.err, r.rc) == (
        "", "Error: Session name already exists\n", 1)
    r = cli.run("create", "bad/name")
    assert (r.out, r.err, r.rc) == (
        "", "Error: Invalid character found in session name\n", 1)
    r = cli.run("create", "auto")
    assert (r.out, r.err, r.rc) == (
        "", "Error: auto is a reserved keyword for default session(s)\n", 1)
    r = cli.run("create", "x" * 300)
    assert (r.out, r.err, r.rc) == (
        "", "Error: Session name too long. Length must be lower or equal "
        "to 255\n", 1)
    r = cli.run("create", "a", "b")
    assert (r.out, r.err, r.rc) == ("", "Error: Unknown argument: b\n", 1)
    r = cli.run("create", "--bogus")
    assert (r.out, r.err, r.rc) == (
        "", "Error: Unrecognized argument used with 'create' command\n", 2)


def test_create_modes_and_outputs(cli, daemon, tmp_path):
    home = cli.home
    r = cli.run("create", "--no-output", "s2")
    assert (r.out, r.err, r.rc) == ("Session s2 created.\n", "", 0)
    r = cli.run("create", "--snapshot", "s3")
    assert r.out == (
        "Snapshot session s3 created.\n"
        f"Default snapshot output set to {home}/lttng-traces/s3-DATE\n"
        "Every channel enabled for this session will be set to mmap output"
        " and default to overwrite mode.\n")
    r = cli.run("create", "--snapshot", "--no-output", "s4")
    assert r.out == (
        "Snapshot session s4 created.\n"
        "Every channel enabled for this session will be set to mmap output"
        " and default to overwrite mode.\n")
    r = cli.run("create", "-o", "rel/out", "s5")
    assert r.out == ("Session s5 created.\n"
                     f"Traces will be output to {home}/rel/out\n")
    r = cli.run("create", "-o", str(tmp_path / "abs"), "s6")
    assert r.out == ("Session s6 created.\n"
                     f"Traces will be output to {tmp_path}/abs\n")
    r = cli.run("create")
    assert r.out == ("Session auto-DATE created.\n"
                     f"Traces will be output to {home}/lttng-traces/"
                     "auto-DATE\n")


def test_list_shows_newest_first_with_outputs(cli, daemon):
    home = cli.home
    cli.run("create", "s1")
    cli.run("create", "--no-output", "s2")
    cli.run("create", "--snapshot", "s3")
    r = cli.run("list")
    assert r.out == (
        "Available recording sessions:\n"
        "  1) s3 [inactive snapshot]\n"
        "\n"
        "  2) s2 [inactive]\n"
        "\n"
        "  3) s1 [inactive]\n"
        f"    Trace output: {home}/lttng-traces/s1-DATE\n"
        "\n"
        "\n"
        "Use lttng list <session_name> for more details\n")
    assert (r.err, r.rc) == ("", 0)
    r = cli.run("list", "s1")
    assert r.out == ("Recording session s1: [inactive]\n"
                     f"    Trace output: {home}/lttng-traces/s1-DATE\n\n")
    r = cli.run("list", "s3")
    assert r.out == "Recording session s3: [inactive snapshot]\n"
    r = cli.run("list", "nosuch")
    assert (r.out, r.err, r.rc) == (
        "", "Error: Session 'nosuch' not found\n", 1)


def test_status_and_set_session(cli, daemon):
    r = cli.run("status")
    assert (r.out, r.err, r.rc) == (DID_YOU, no_config(cli), 1)
    cli.run("create", "s1")
    cli.run("create", "s2")
    r = cli.run("set-session", "nosuch")
    assert (r.out, r.err, r.rc) == (
        "", "Error: Session 'nosuch' not found\n", 1)
    r = cli.run("set-session")
    assert (r.out, r.err, r.rc) == ("", "Error: Missing session name\n", 1)
    r = cli.run("set-session", "s1")
    assert (r.out, r.err, r.rc) == ("Session set to s1\n", "", 0)
    r = cli.run("status")
    assert r.out.startswith("Recording session s1: [inactive]\n")
    r = cli.run("status", "x")
    assert (r.out, r.rc) == ("", 2)
    assert r.err == ("Error: This command does not accept positional "
                     "arguments.\n\n"
                     "Error: Unrecognized argument used with 'status' "
                     "command\n")


def test_start_stop_cycle(cli, daemon):
    cli.run("create", "s1")
    r = cli.run("start")
    assert (r.out, r.err, r.rc) == (
        "", "Error: No channel found in the session\n", 72)
    assert cli.run("enable-event", "-u", "bench:*").rc == 0
    r = cli.run("start")
    assert (r.out, r.err, r.rc) == (
        "Tracing started for session s1\n", "", 0)
    r = cli.run("start")
    assert (r.out, r.err, r.rc) == (
        "", "Warning: Tracing already started for session s1\n", 80)
    r = cli.run("list")
    assert "  1) s1 [active]\n" in r.out
    r = cli.run("stop")
    assert (r.out, r.err, r.rc) == (
        "Waiting for data availability\nTracing stopped for session s1\n",
        "", 0)
    r = cli.run("stop")
    assert (r.out, r.err, r.rc) == (
        "", "Warning: Tracing already stopped for session s1\n", 81)
    assert cli.run("start", "s1").rc == 0
    r = cli.run("stop", "--no-wait", "s1")
    assert (r.out, r.err, r.rc) == (
        "Tracing stopped for session s1\n", "", 0)
    r = cli.run("start", "nosuch")
    assert (r.out, r.err, r.rc) == ("", "Error: Session name not found\n",
                                    23)
    r = cli.run("start", "s1", "s2")
    assert (r.out, r.err, r.rc) == ("", "Error: Unknown argument: s2\n", 1)


def test_destroy(cli, daemon):
    home = cli.home
    for name in ("s1", "s2", "s3"):
        cli.run("create", name)
    r = cli.run("destroy", "nosuch")
    assert (r.out, r.err, r.rc) == (
        "", "Error: Session name nosuch not found\n", 23)
    r = cli.run("destroy", "s1", "s2")
    assert (r.out, r.err, r.rc) == (
        "Session s1 destroyed\n", "Error: Unknown argument: s2\n", 1)
    # s3 is current: destroying it forgets it.
    r = cli.run("destroy")
    assert (r.out, r.err, r.rc) == ("Session s3 destroyed\n", "", 0)
    assert not os.path.exists(os.path.join(home, ".lttngrc"))
    r = cli.run("destroy")
    assert (r.out, r.err, r.rc) == (DID_YOU, no_config(cli), 1)
    cli.run("create", "s4")
    r = cli.run("destroy", "--all")
    assert (r.out, r.err, r.rc) == (
        "Session s4 destroyed\nSession s2 destroyed\n", "", 0)
    r = cli.run("list")
    assert r.out == "Currently no available recording session\n"


def test_destroy_of_an_active_session_stops_it(cli, daemon):
    cli.run("create", "s1")
    cli.run("enable-event", "-u", "a")
    cli.run("start")
    r = cli.run("destroy", "s1")
    # LTTng reports the closing of the recorded trace files on that line.
    assert (r.out, r.err, r.rc) == (
        "Destroying session s1..\nSession s1 destroyed\n", "", 0)


def test_destroy_reports_closing_only_what_recorded_and_waits(cli, daemon):
    cli.run("create", "rec")
    cli.run("enable-event", "-u", "a")
    cli.run("start")
    cli.run("stop")
    cli.run("create", "idle")
    cli.run("create", "nout", "--no-output")
    cli.run("enable-event", "-u", "a")
    cli.run("start")
    cli.run("create", "fast")
    cli.run("enable-event", "-u", "a")
    cli.run("start")
    assert cli.run("destroy", "rec").out == (
        "Destroying session rec..\nSession rec destroyed\n")
    assert cli.run("destroy", "idle").out == "Session idle destroyed\n"
    assert cli.run("destroy", "nout").out == "Session nout destroyed\n"
    r = cli.run("destroy", "--no-wait", "fast")
    assert (r.out, r.err, r.rc) == ("Session fast destroyed\n", "", 0)


def test_create_spawns_a_session_daemon(cli, build_dir, lttng_env):
    sessiond = Sessiond(build_dir, lttng_env)
    try:
        r = cli.run("create", "s1")
        assert r.out.startswith("Spawning a session daemon\n"
                                "Session s1 created.\n")
        assert (r.err, r.rc) == ("", 0)
        assert sessiond.pid() is not None
        assert cli.run("list").rc == 0
    finally:
        sessiond.stop()


def test_create_reports_a_missing_session_daemon(cli, tmp_path):
    missing = str(tmp_path / "nowhere" / "lttng-sessiond")
    for args, env in ((["--sessiond-path", missing, "create", "s1"], None),
                      (["create", "s1"],
                       dict(cli.env, LTTNG_SESSIOND_PATH=missing))):
        r = cli.run(*args, env=env)
        # LTTng checks the path before it says it spawns the daemon.
        assert r.out == ""
        assert r.err == (
            f"Error: No such file or access denied: {missing}\n"
            "Error: Problem occurred while launching session daemon "
            f"({missing})\n")
        assert r.rc == 1


def test_no_sessiond_option_prevents_spawning(cli):
    r = cli.run("--no-sessiond", "create", "s1")
    assert (r.out, r.err, r.rc) == ("", NO_DAEMON, 1)


def test_quiet_silences_everything(cli, daemon):
    r = cli.run("-q", "create", "q1")
    assert (r.out, r.err, r.rc) == ("", "", 0)
    r = cli.run("-q", "create", "q1")
    assert (r.out, r.err, r.rc) == ("", "", 1)


def test_network_output_session_needs_a_relay_daemon(cli, daemon):
    """As LTTng: the session is created with its URLs; its first channel
    connects to lttng-relayd, and without one listening fails."""
    r = cli.run("create", "n1", "-U", "net://127.0.0.1:1:2")
    assert (r.out, r.err, r.rc) == (
        "Session n1 created.\n"
        "Traces will be output to tcp4://127.0.0.1:1/ [data: 2]\n", "", 0)
    r = cli.run("list")
    assert "  1) n1 [inactive]\n    Trace output: tcp4://127.0.0.1:1/ " \
        "[data: 2]\n" in r.out
    r = cli.run("enable-event", "-u", "-a")
    assert (r.err, r.rc) == (
        "Error: Events: Unable to connect to lttng-relayd (channel "
        "channel0, session n1)\n", 1)
    r = cli.run("start")
    assert (r.err, r.rc) == ("Error: No channel found in the session\n", 72)
    r = cli.run("create", "n2", "-C", "tcp://127.0.0.1:1",
                "-D", "tcp://127.0.0.1:2")
    assert r.out.endswith("to tcp4://127.0.0.1:1/ [data: 2]\n")
    assert cli.run("destroy", "-a").rc == 0


def test_network_output_to_something_else_than_lttng_relayd(cli, daemon):
    """A listener that is not a relay daemon of ours: the channel is
    refused, since this toolkit does not stream to lttng-relayd."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = listener.getsockname()[1]
        cli.run("create", "n1", "-U", f"net://127.0.0.1:{port}:{port}")
        r = cli.run("enable-channel", "-u", "c")
    assert (r.err, r.rc) == (
        "Error: Channel c: Operation not supported (session n1)\n", 1)
