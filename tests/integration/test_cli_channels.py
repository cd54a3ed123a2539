"""Channels through the real lttng CLI and lttng-sessiond: creation with
every attribute, LTTng's rounding warnings and option errors, daemon-side
refusals, disable/re-enable, and `lttng list` of channel attributes, all
with LTTng 2.13's exact texts and exit codes."""
import pytest

from lttng_cli import Cli, Sessiond

CHANNEL_TEMPLATE = """- {name}: [{state}]

    Attributes:
      Event-loss mode:  {mode}
      Sub-buffer size:  {subbuf} bytes
      Sub-buffer count: {count}
      Switch timer:     {switch}
      Read timer:       {read}
      Monitor timer:    {monitor}
{blocking}      Trace file count: {tf_count} per stream
      Trace file size:  {tf_size}
      Output mode:      mmap

    Statistics:
      {stats}

    Recording event rules:
      None

"""


def channel_text(name, state="enabled", mode="discard", subbuf=524288,
                 count=4, switch="inactive", read="inactive",
                 monitor="1000000 us", blocking="0 us", tf_count=1,
                 tf_size="unlimited", stats="Discarded events: 0"):
    blocking_line = ("" if blocking is None else
                     f"      Blocking timeout: {blocking}\n")
    return CHANNEL_TEMPLATE.format(
        name=name, state=state, mode=mode, subbuf=subbuf, count=count,
        switch=switch, read=read, monitor=monitor, blocking=blocking_line,
        tf_count=tf_count, tf_size=tf_size, stats=stats)


@pytest.fixture
def cli(build_dir, lttng_env):
    sessiond = Sessiond(build_dir, lttng_env)
    # Without the kernel tracer: these tests expect its errors
    # (test_kernel_*.py test the kernel domain).
    assert sessiond.start("--no-kernel").returncode == 0
    c = Cli(build_dir, lttng_env)
    assert c.run("create", "s1").rc == 0
    yield c
    sessiond.stop()


def listed(cli, channel, *extra):
    """The channel part of `lttng list s1 -c channel`."""
    r = cli.run("list", "s1", "-c", channel, *extra)
    assert (r.err, r.rc) == ("", 0)
    return r.out.split("-------------\n", 1)[1]


def test_option_errors(cli):
    cases = [
        ((), "Error: Please specify a domain (--kernel/--userspace).\n", 1),
        (("ch",),
         "Error: Please specify a domain (--kernel/--userspace).\n", 1),
        (("-u",), "Error: Missing channel name.\n", 1),
        (("-k", "-u", "c"), "Error: Only one domain must be specified.\n",
         1),
        (("-u", "a/b"), "Error: Invalid channel name: \"a/b\". Channel "
         "names may not start with '.', and may not contain '/'.\n", 1),
        (("-u", ".hid"), "Error: Invalid channel name: \".hid\". Channel "
         "names may not start with '.', and may not contain '/'.\n", 1),
        (("-u", "c" * 300),
         "Error: Channel name is too long (max. 255 characters)\n", 1),
        (("-u", "c", "--subbuf-size", "abc"),
         "Error: Wrong value in --subbuf-size parameter: abc\n", 1),
        (("-u", "c", "--subbuf-size", "0"),
         "Error: Wrong value in --subbuf-size parameter: 0\n", 1),
        (("-u", "c", "--num-subbuf", "abc"),
         "Error: Wrong value in --num-subbuf parameter: abc\n", 1),
        (("-u", "c", "--tracefile-count", "3"),
         "Error: Missing option --tracefile-size. A file count without a "
         "size won't do anything.\n", 1),
        (("-u", "c", "--buffers-global"),
         "Error: Buffer type not supported for domain -u\n", 1),
        (("-u", "c", "--output", "foo"),
         "Error: Unknown output type foo. Possible values are: mmap, "
         "splice\n\n", 1),
        (("-u", "c", "--switch-timer", "abc"),
         "Error: Wrong value for --switch-timer parameter: abc\n", 1),
        (("-u", "c", "--switch-timer", "5000000000"),
         "Error: 32-bit overflow in --switch-timer parameter: 5000000000\n",
         1),
        (("-u", "c", "--read-timer", "4294967296"),
         "Error: 32-bit overflow in --read-timer parameter: 4294967296\n",
         1),
        (("-u", "c", "--monitor-timer", "abc"),
         "Error: Wrong value for --monitor-timer parameter: abc\n", 1),
        (("-u", "c", "--blocking-timeout", "-5"),
         "Error: Wrong value for --blocking-timeout parameter: -5\n", 1),
        (("-u", "c", "--overwrite", "--blocking-timeout", "5"),
         "Error: You cannot specify --overwrite and --blocking-timeout=N, "
         "where N is different than 0\n", 1),
        (("-u", "c", "--tracefile-size", "abc"),
         "Error: Wrong value in --tracefile-size parameter: abc\n", 1),
        (("-u", "c", "--bogus"), "Error: Unrecognized argument used with "
         "'enable-channel' command\n", 2),
    ]
    for args, err, rc in cases:
        r = cli.run("enable-channel", *args)
        assert (r.out, r.err, r.rc) == ("", err, rc), args
    assert cli.run("list", "s1").out.count("- ") == 0


def test_rounding_warnings_and_daemon_refusal(cli):
    r = cli.run("enable-channel", "-u", "ch", "--subbuf-size", "1000")
    assert (r.out, r.rc) == ("", 1)
    assert r.err == (
        "Warning: The subbuf size (1000) is rounded to the next power of 2 "
        "(1024)\n"
        "Error: Channel ch: Invalid parameter (session s1)\n")
    r = cli.run("enable-channel", "-u", "ch", "--num-subbuf", "3")
    assert r.out == "ust channel ch enabled for session s1\n"
    assert r.err == ("Warning: The number of subbuffers (3) is rounded to "
                     "the next power of 2 (4)\n")
    assert r.rc == 0
    r = cli.run("enable-channel", "-u", "ch")
    assert (r.out, r.err, r.rc) == (
        "", "Warning: Channel ch: UST channel already exist (session s1)\n",
        4)
    r = cli.run("enable-channel", "-u", "c2", "--output", "splice")
    assert (r.out, r.err, r.rc) == (
        "", "Error: Channel c2: Operation not supported (session s1)\n", 1)
    r = cli.run("enable-channel", "-u", "c3", "--buffers-pid")
    assert (r.out, r.err, r.rc) == (
        "", "Error: Channel c3: Buffer type mismatch for session (session "
        "s1)\n", 1)
    r = cli.run("enable-channel", "-u", "c4", "--tracefile-size", "100")
    assert r.out == "ust channel c4 enabled for session s1\n"
    assert r.err == ("Warning: Tracefile size rounded up from (100) to "
                     "subbuffer size (524288)\n")


def test_every_attribute_is_listed(cli):
    r = cli.run("enable-channel", "-u", "chA", "--subbuf-size", "8k",
                "--num-subbuf", "2", "--overwrite", "--switch-timer", "1000",
                "--read-timer", "2ms", "--monitor-timer", "3000",
                "--tracefile-size", "65536", "--tracefile-count", "3",
                "--output", "mmap")
    assert (r.out, r.err, r.rc) == (
        "ust channel chA enabled for session s1\n", "", 0)
    assert listed(cli, "chA") == channel_text(
        "chA", mode="overwrite", subbuf=8192, count=2, switch="1000 us",
        read="2000 us", monitor="3000 us", blocking=None, tf_count=3,
        tf_size="65536 bytes", stats="Lost packets:     0")
    cli.run("enable-channel", "-u", "chB", "--blocking-timeout", "inf")
    assert listed(cli, "chB") == channel_text("chB", blocking="infinite")
    cli.run("enable-channel", "-u", "chC,chD", "--subbuf-size", "1M",
            "--blocking-timeout", "1ms", "--monitor-timer", "0",
            "--switch-timer", "1s")
    for name in ("chC", "chD"):
        assert listed(cli, name) == channel_text(
            name, subbuf=1048576, switch="1000000 us", monitor="inactive",
            blocking="1000 us")


def test_locale_with_utf8_prints_micro_sign(cli):
    cli.run("enable-channel", "-u", "ch")
    env = dict(cli.env, LANG="en_US.utf8")
    r = cli.run("list", "s1", env=env)
    assert "      Monitor timer:    1000000 \u00b5s\n" in r.out


def test_per_process_buffers_defaults(build_dir, lttng_env):
    sessiond = Sessiond(build_dir, lttng_env)
    assert sessiond.start().returncode == 0
    try:
        cli = Cli(build_dir, lttng_env)
        cli.run("create", "s1")
        cli.run("enable-channel", "-u", "pp", "--buffers-pid")
        r = cli.run("list", "s1")
        assert "Buffering scheme: per-process\n" in r.out
        assert "      Sub-buffer size:  16384 bytes\n" in r.out
    finally:
        sessiond.stop()


def test_snapshot_session_channels_overwrite(build_dir, lttng_env):
    sessiond = Sessiond(build_dir, lttng_env)
    assert sessiond.start().returncode == 0
    try:
        cli = Cli(build_dir, lttng_env)
        cli.run("create", "--snapshot", "s1")
        r = cli.run("enable-channel", "-u", "c1")
        assert r.out == "ust channel c1 enabled for session s1\n"
        r = cli.run("list", "s1")
        assert r.out.startswith(
            "Recording session s1: [inactive snapshot]\n"
            "=== Domain: User space ===\n\n"
            "Buffering scheme: per-user\n\n")
        assert r.out.split("-------------\n", 1)[1] == channel_text(
            "c1", mode="overwrite", blocking=None, stats="None")
    finally:
        sessiond.stop()


def test_disable_and_reenable(cli):
    cli.run("enable-channel", "-u", "ch")
    r = cli.run("disable-channel", "-u", "ch")
    assert (r.out, r.err, r.rc) == (
        "ust channel ch disabled for session s1\n", "", 0)
    r = cli.run("disable-channel", "-u", "ch")
    assert (r.out, r.err, r.rc) == (
        "ust channel ch disabled for session s1\n", "", 0)
    assert listed(cli, "ch") == channel_text("ch", state="disabled")
    r = cli.run("disable-channel", "-u", "nosuch,ch")
    assert (r.out, r.rc) == ("ust channel ch disabled for session s1\n", 4)
    assert r.err == ("Error: Channel nosuch: UST channel not found "
                     "(session s1)\n")
    r = cli.run("disable-channel", "-u")
    assert (r.out, r.err, r.rc) == ("", "Error: Missing channel name(s).\n",
                                    1)
    r = cli.run("disable-channel", "ch")
    assert (r.out, r.err, r.rc) == (
        "", "Error: Please specify a domain (--kernel/--userspace).\n", 1)
    r = cli.run("enable-channel", "-u", "ch")
    assert (r.out, r.err, r.rc) == (
        "ust channel ch enabled for session s1\n", "", 0)
    assert listed(cli, "ch") == channel_text("ch")


def test_channels_after_start(cli):
    cli.run("enable-channel", "-u", "ch")
    cli.run("disable-channel", "-u", "ch")
    assert cli.run("start").rc == 0
    r = cli.run("enable-channel", "-u", "late")
    assert (r.out, r.err, r.rc) == (
        "", "Error: Channel late: Tracing has already been started once "
        "(session s1)\n", 1)
    r = cli.run("enable-channel", "-u", "ch")
    assert (r.out, r.err, r.rc) == (
        "ust channel ch enabled for session s1\n", "", 0)


def test_list_filters(cli):
    cli.run("enable-channel", "-u", "a")
    cli.run("enable-channel", "-u", "b")
    r = cli.run("list", "s1", "-c", "nosuch")
    assert (r.err, r.rc) == ("Error: Channel nosuch not found\n", 1)
    assert r.out.endswith("Channels:\n-------------\n")
    r = cli.run("list", "s1", "-d")
    assert r.out.endswith("\nDomains:\n-------------\n  - UST global\n")
    r = cli.run("list", "s1", "-u")
    assert "=== Domain" not in r.out
    assert "Buffering scheme" not in r.out
    assert r.out.index("- a: [enabled]") < r.out.index("- b: [enabled]")


def test_kernel_channels_need_the_kernel_domain(cli):
    r = cli.run("enable-channel", "-k", "kc")
    assert (r.out, r.rc) == ("", 1)
    assert r.err.startswith("Error: Channel kc: ")
