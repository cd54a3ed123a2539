"""Channel sizes the ring buffers cannot take are refused at
enable-channel and at lttng load, with LTTng 2.13's messages and exit
codes (checked against the real LTTng 2.13, whose texts are pinned
here), and a channel whose buffers cannot be allocated when an app needs
them fails `lttng start` instead of losing the app's events silently.

LTTng's session daemon compares sub-buffer size x count x possible CPUs
with /proc/meminfo's MemAvailable ("Not enough memory"; "Overflow
occurred" when the product does not fit in 64 bits). We do the same,
and also refuse (Invalid parameter) what fits in memory but not in our
ring buffer (a sub-buffer over 2 GiB, more than 2^20 sub-buffers), where
LTTng accepts the channel and then records nothing into it.
"""
import os
import resource
import subprocess

import pytest

from lttng_cli import Cli, Sessiond
from trace_reader import read_trace
from ust_tracing import App

RB_SUBBUF_SIZE_MAX = 1 << 31
RB_SUBBUF_COUNT_MAX = 1 << 20
PER_UID_SUBBUF = 128 * os.sysconf("SC_PAGESIZE")
NOMEM = "Not enough memory"
OVERFLOW = "Overflow occurred"
INVALID = "Invalid parameter"


def mem_available():
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    raise AssertionError("no MemAvailable in /proc/meminfo")


def refusal(subbuf, count):
    """The session daemon's answer for a channel of that size: LTTng's
    memory check first, then our ring buffer's limits."""
    total = subbuf * count * os.sysconf("SC_NPROCESSORS_CONF")
    if total >= 1 << 64:
        return OVERFLOW
    if total > mem_available():
        return NOMEM
    if subbuf > RB_SUBBUF_SIZE_MAX or count > RB_SUBBUF_COUNT_MAX:
        return INVALID
    return None


@pytest.fixture
def cli(build_dir, lttng_env):
    sessiond = Sessiond(build_dir, lttng_env)
    assert sessiond.start("--no-kernel").returncode == 0
    c = Cli(build_dir, lttng_env)
    assert c.run("create", "s1", f"--output={lttng_env['LTTNG_HOME']}/t").rc == 0
    yield c
    sessiond.stop()


# (options, sub-buffer size, count) refused by the session daemon.
DAEMON_REFUSALS = [
    (["--subbuf-size=4294967296"], 1 << 32, 4),
    (["--num-subbuf=1048576"], PER_UID_SUBBUF, 1 << 20),
    (["--num-subbuf=4294967296"], PER_UID_SUBBUF, 1 << 32),
    (["--subbuf-size=9223372036854775808"], 1 << 63, 4),
    (["--num-subbuf=2147483648", "--subbuf-size=4k"], 4096, 1 << 31),
    # Fits in memory, not in our ring buffer (LTTng: accepted, then lost).
    (["--subbuf-size=4G", "--num-subbuf=1"], 1 << 32, 1),
    (["--subbuf-size=4k", "--num-subbuf=2097152"], 4096, 1 << 21),
]


@pytest.mark.parametrize("options,subbuf,count", DAEMON_REFUSALS,
                         ids=[" ".join(o) for o, _, _ in DAEMON_REFUSALS])
def test_enable_channel_refuses_buffers_that_cannot_be_allocated(
        cli, options, subbuf, count):
    expected = refusal(subbuf, count)
    assert expected, "the case must be refused on this machine"
    r = cli.run("enable-channel", "-u", "big", *options)
    assert (r.out, r.err, r.rc) == (
        "", f"Error: Channel big: {expected} (session s1)\n", 1)
    r = cli.run("list", "s1")
    assert "big" not in r.out and r.rc == 0


# (options, LTTng 2.13's stderr) refused by the command line itself.
CLI_REFUSALS = [
    (["--subbuf-size=18446744073709551615"],
     "Error: The subbuf size (18446744073709551615) is rounded and "
     "overflows!\n"),
    (["--num-subbuf=18446744073709551615"],
     "Error: The number of subbuffers (18446744073709551615) is rounded "
     "and overflows!\n"),
    (["--tracefile-size=0", "--tracefile-count=4"],
     "Error: Missing option --tracefile-size. A file count without a size "
     "won't do anything.\n"),
    (["--tracefile-count=4294967296"],
     "Error: 32-bit overflow in --tracefile-count parameter: 4294967296\n"),
    (["--tracefile-size=64k", "--tracefile-count=4294967296"],
     "Error: 32-bit overflow in --tracefile-count parameter: 4294967296\n"),
]


@pytest.mark.parametrize("options,err", CLI_REFUSALS,
                         ids=[" ".join(o) for o, _ in CLI_REFUSALS])
def test_enable_channel_refuses_impossible_options(cli, options, err):
    r = cli.run("enable-channel", "-u", "c", *options)
    assert (r.out, r.err, r.rc) == ("", err, 1)


@pytest.mark.parametrize("options,tf_count", [
    (["--tracefile-count=0"], 1),
    (["--tracefile-size=0"], 1),
    (["--tracefile-size=0", "--tracefile-count=0"], 1),
], ids=["count 0", "size 0", "size 0 count 0"])
def test_zero_tracefile_options_are_accepted(cli, options, tf_count):
    r = cli.run("enable-channel", "-u", "c", *options)
    assert (r.out, r.err, r.rc) == (
        "ust channel c enabled for session s1\n", "", 0)
    listed = cli.run("list", "s1", "-c", "c").out
    assert f"Trace file count: {tf_count} per stream" in listed
    assert "Trace file size:  unlimited" in listed


SESSION_XML = """<?xml version="1.0" encoding="UTF-8"?>
<sessions><session><name>{name}</name><domains><domain>
<type>UST</type><buffer_type>PER_UID</buffer_type><channels><channel>
<name>c1</name><enabled>true</enabled>
<overwrite_mode>DISCARD</overwrite_mode>
<subbuffer_size>{subbuf}</subbuffer_size>
<subbuffer_count>{count}</subbuffer_count>
<switch_timer_interval>0</switch_timer_interval>
<read_timer_interval>0</read_timer_interval>
<output_type>MMAP</output_type><blocking_timeout>0</blocking_timeout>
<monitor_timer_interval>1000000</monitor_timer_interval>
<tracefile_size>{tf_size}</tracefile_size>
<tracefile_count>{tf_count}</tracefile_count>
<live_timer_interval>0</live_timer_interval><events/><contexts/>
</channel></channels></domain></domains><started>false</started>
<output><consumer_output><enabled>true</enabled><destination>
<path>{out}</path></destination></consumer_output></output>
</session></sessions>
"""

# (subbuf, count, tracefile size, tracefile count, loaded) as LTTng 2.13
# loads them: the command line's tracefile checks do not apply.
LOADS = [
    (1 << 32, 4, 0, 0, False),
    (524288, 1 << 20, 0, 0, False),
    ((1 << 64) - 1, 4, 0, 0, False),
    (1 << 63, 1, 0, 0, False),
    (1 << 32, 1, 0, 0, False),
    (4096, 3, 0, 0, False),
    (8192, 4, 100, 2, False),
    (8192, 4, 0, 4, True),
    (8192, 4, 65536, 1 << 32, True),
]


@pytest.mark.parametrize("subbuf,count,tf_size,tf_count,loaded", LOADS)
def test_load_refuses_buffers_that_cannot_be_allocated(
        cli, tmp_path, subbuf, count, tf_size, tf_count, loaded):
    path = tmp_path / "x.lttng"
    path.write_text(SESSION_XML.format(
        name="x", subbuf=subbuf, count=count, tf_size=tf_size,
        tf_count=tf_count, out=tmp_path / "out"))
    r = cli.run("load", "-i", str(path), "x")
    if loaded:
        assert (r.out, r.err, r.rc) == (
            "Session x has been loaded successfully\n", "", 0)
        return
    # The memory check comes first; then the attributes' own checks.
    expected = refusal(subbuf, count) or INVALID
    assert (r.out, r.err, r.rc) == (
        "", f"Error: Failed to load session x: {expected}\n"
        f"Error: {expected}\n", 1)
    assert cli.run("list", "x").rc == 1


def test_start_fails_when_the_buffers_cannot_be_allocated(
        build_dir, lttng_env, tmp_path):
    """A channel that passes every check but whose buffers the consumer
    cannot map (the daemons run under a 1 GiB address space limit; the
    channel needs 1 GiB per CPU): with an app registered, start fails
    with an error instead of reporting success and recording nothing,
    and the daemon keeps serving."""
    subbuf, count = 128 << 20, 8
    if refusal(subbuf, count):
        pytest.skip("not enough available memory for the channel")
    env = dict(lttng_env, LD_LIBRARY_PATH=str(build_dir / "src/lib/lttng-ust"))
    sessiond = Sessiond(build_dir, env)

    def limit_address_space():
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    proc = subprocess.run([sessiond.path, "--daemonize", "--no-kernel"],
                          env=env, capture_output=True, text=True,
                          timeout=30, preexec_fn=limit_address_space)
    assert proc.returncode == 0, proc.stderr
    cli = Cli(build_dir, env)
    app = None
    try:
        assert cli.run("create", "s1", f"--output={tmp_path}/t").rc == 0
        r = cli.run("enable-channel", "-u", "big", f"--subbuf-size={subbuf}",
                    f"--num-subbuf={count}")
        assert r.rc == 0, r
        assert cli.run("enable-event", "-u", "-a", "-c", "big").rc == 0
        app = App(build_dir / "tests/tools/ust-apps/ust-test-app", env, tmp_path)
        r = cli.run("start")
        assert (r.out, r.err, r.rc) == ("", f"Error: {NOMEM}\n", 26)
        assert cli.run("list").rc == 0
        # A channel that fits starts, in another session.
        assert cli.run("create", "s2", f"--output={tmp_path}/t2").rc == 0
        assert cli.run("enable-event", "-u", "-a").rc == 0
        assert cli.run("start").rc == 0
        app.emit(3)
        assert cli.run("destroy", "s2").rc == 0
        trace = read_trace(next((tmp_path / "t2").rglob("metadata")).parent)
        assert [r.fields["seq"] for r in trace
                if r.name == "testapp:values"] == [0, 1, 2]
    finally:
        if app:
            app.quit()
        sessiond.stop()
