"""The documentation's quick start "Record user application events", run
word for word with our daemons, CLI and liblttng-ust: ./hello started
first, then lttng-sessiond --daemonize, lttng list --userspace, create,
enable-event, start, Enter, destroy; babeltrace2 prints the events from
$LTTNG_HOME/lttng-traces/."""
import glob
import os
import stat
import re
import subprocess
import time

import pytest

from trace_reader import babeltrace2_text
from ust_tracing import Tracing


@pytest.fixture
def tracing(build_dir, lttng_env, tmp_path):
    t = Tracing(build_dir, lttng_env, tmp_path)
    yield t
    t.close()


def wait_for_listing(t, needle, timeout=8.0):
    deadline = time.monotonic() + timeout
    while True:
        out = t.lttng("list", "--userspace").out
        if needle in out or time.monotonic() > deadline:
            return out
        time.sleep(0.2)


def test_record_user_application_events(tracing):
    hello = tracing.hello_path()
    app = subprocess.Popen(["./hello", "world", "and", "beyond"],
                           cwd=hello.parent, env=tracing.env, text=True,
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    # (its stdout is a pipe: fully buffered, read once it exits)

    tracing.start_daemon()  # lttng-sessiond --daemonize
    listing = wait_for_listing(tracing, "hello_world:my_first_tracepoint")
    assert f"\nPID: {app.pid} - Name: ./hello\n" in listing
    assert ("      hello_world:my_first_tracepoint (loglevel: "
            "TRACE_DEBUG_LINE (13)) (type: tracepoint)\n") in listing

    out = tracing.lttng("create", "my-user-space-session").out
    assert re.fullmatch(
        r"Session my-user-space-session created.\n"
        r"Traces will be output to .*/lttng-traces/"
        r"my-user-space-session-DATE\n", out)
    assert tracing.lttng("enable-event", "--userspace",
                         "hello_world:my_first_tracepoint").out == (
        "ust event hello_world:my_first_tracepoint created in channel "
        "channel0\n")
    assert tracing.lttng("start").out == (
        "Tracing started for session my-user-space-session\n")

    app.stdin.write("\n")
    app.stdin.flush()
    assert app.stdout.read() == ("Hello, World!\nPress Enter to continue...\n"
                                 "Quitting now!\n")
    assert app.wait(timeout=10) == 0

    destroy = tracing.lttng("destroy")
    assert destroy.out == (
        "Destroying session my-user-space-session..\n"
        "Session my-user-space-session destroyed\n")

    [trace] = glob.glob(str(tracing.traces() / "my-user-space-session*"))
    # LTTng's trace directories and files are group-writable, whatever
    # the daemons' umask.
    for root, dirs, files in os.walk(trace):
        for d in dirs:
            assert stat.S_IMODE(os.stat(os.path.join(root, d)).st_mode) \
                == 0o770, d
        for f in files:
            assert stat.S_IMODE(os.stat(os.path.join(root, f)).st_mode) \
                == 0o660, f
    lines = babeltrace2_text(trace).splitlines()
    expected = [("hi there!", 23), ("./hello", 0), ("world", 1),
                ("and", 2), ("beyond", 3), ("i^2", 16)]
    assert len(lines) == len(expected)
    for line, (string, integer) in zip(lines, expected):
        assert re.fullmatch(
            r"\[\d\d:\d\d:\d\d\.\d{9}\] \((\+\?\.\?{9}|\+\d+\.\d{9})\) "
            r"\S+ hello_world:my_first_tracepoint: \{ cpu_id = \d+ \}, "
            rf"\{{ my_string_field = \"{re.escape(string)}\", "
            rf"my_integer_field = {integer} \}}", line), line


def test_lttng_view_prints_the_session_trace(tracing):
    tracing.start_daemon()
    app = tracing.app()
    tracing.lttng("create", "viewed")
    tracing.lttng("enable-event", "--userspace", "testapp:tick")
    tracing.lttng("start")
    app.emit(3)
    tracing.lttng("stop")
    out = tracing.lttng("view").out
    assert len(out.splitlines()) == 1
    assert "testapp:tick: { cpu_id = " in out
    tracing.lttng("destroy")
