"""Recording event rules and context fields through the real lttng CLI
and lttng-sessiond: enable-event (names, --all, log levels, filters,
exclusions, implicit channel0), disable-event and add-context, with
LTTng 2.13's exact texts and exit codes."""
import pytest

from lttng_cli import Cli, Sessiond

DOMAIN_ERR = ("Error: Please specify a domain (--kernel/--userspace/--jul/"
              "--log4j/--python).\n")
NEED_NAME = ("Non-default channel exists within session: channel name needs"
             " to be specified with '-c name'")


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


def rules(cli, channel="channel0"):
    """The "Recording event rules" lines of a channel."""
    out = cli.run("list", "s1", "-c", channel).out
    return out.split("    Recording event rules:\n", 1)[1]


def test_enable_event_argument_errors(cli):
    cases = [
        ((), DOMAIN_ERR, 1),
        (("foo",), DOMAIN_ERR, 1),
        (("-u",), "Error: Missing event name(s).\n", 1),
        (("-u", "--bogus", "x"), "Error: Unrecognized argument used with "
         "'enable-event' command\n", 2),
        (("-u", "-k", "x"), "Error: Only one domain must be specified.\n",
         1),
        (("-u", "z", "--loglevel", "BOGUS"),
         "Error: Unknown loglevel BOGUS\n", 97),
        (("-u", "foo", "--exclude", "bar"), "Error: Event foo: Exclusions "
         "can only be used with a globbing pattern\n", 1),
        (("-u", "x", "--probe", "foo"),
         "Error: Event type not available for user-space tracing\n", 5),
        (("-u", "--tracepoint", "--syscall", "x"),
         "Error: Multiple event type not supported.\n", 1),
    ]
    for args, err, rc in cases:
        r = cli.run("enable-event", *args)
        assert (r.out, r.err, r.rc) == ("", err, rc), args
    assert cli.run("list", "s1").out.count("channel0") == 0


def test_enable_event_creates_channel0_and_rules(cli):
    r = cli.run("enable-event", "-u", "bench:*")
    assert (r.out, r.err, r.rc) == (
        "ust event bench:* created in channel channel0\n", "", 0)
    r = cli.run("enable-event", "-u", "bench:*")
    assert (r.out, r.rc) == ("", 55)
    assert r.err == ("Error: Event bench:*: UST event already enabled "
                     "(channel channel0, session s1)\n")
    r = cli.run("enable-event", "-u", "a,b")
    assert r.out == ("ust event a created in channel channel0\n"
                     "ust event b created in channel channel0\n")
    r = cli.run("enable-event", "-u", "-a")
    assert (r.out, r.err, r.rc) == (
        "All ust events are enabled in channel channel0\n", "", 0)
    assert rules(cli) == ("      bench:* (type: tracepoint) [enabled]\n"
                          "      a (type: tracepoint) [enabled]\n"
                          "      b (type: tracepoint) [enabled]\n"
                          "      * (type: tracepoint) [enabled]\n\n")


def test_log_levels_filters_and_exclusions_are_listed(cli):
    cli.run("enable-channel", "-u", "ch")
    r = cli.run("enable-event", "-u", "lv*", "--loglevel", "TRACE_WARNING",
                "-c", "ch")
    assert r.out == "ust event lv* created in channel ch\n"
    r = cli.run("enable-event", "-u", "lo", "--loglevel-only", "debug_line",
                "-c", "ch")
    assert r.out == "ust event lo created in channel ch\n"
    r = cli.run("enable-event", "-u", "fi", "--filter", "a == 1", "-c", "ch")
    assert (r.out, r.err, r.rc) == (
        "Event fi: Filter 'a == 1' successfully set\n", "", 0)
    r = cli.run("enable-event", "-u", "fi", "--filter", "a == 1", "-c", "ch")
    assert (r.out, r.rc) == ("", 55)
    assert r.err == ("Error: Event fi: UST event already enabled (channel "
                     "ch, session s1, filter 'a == 1')\n")
    r = cli.run("enable-event", "-u", "ex*", "--exclude", "ex1,ex2*", "-c",
                "ch")
    assert (r.out, r.err, r.rc) == (
        'ust event ex* excluding "ex1", "ex2*" created in channel ch\n',
        "", 0)
    r = cli.run("enable-event", "-u", "ex*", "--exclude", "fo*", "-c", "ch")
    assert r.err == ("Warning: Event ex*: fo* does not exclude any events "
                     "from ex*\n")
    r = cli.run("enable-event", "-u", "ex*", "--exclude", "ex*", "-c", "ch")
    assert (r.out, r.rc) == ("", 1)
    assert r.err == "Error: Event ex*: ex* excludes all events from ex*\n"
    r = cli.run("enable-event", "-u", "x", "--loglevel", "INFO", "-c", "ch")
    assert rules(cli, "ch") == (
        "      lv* (loglevel <= TRACE_WARNING (4)) (type: tracepoint) "
        "[enabled]\n"
        "      lo (loglevel == TRACE_DEBUG_LINE (13)) (type: tracepoint) "
        "[enabled]\n"
        "      fi (type: tracepoint) [enabled] [filter: 'a == 1']\n"
        "      ex* (type: tracepoint) [enabled] [exclusions: ex1,ex2*]\n"
        "      ex* (type: tracepoint) [enabled] [exclusions: fo*]\n"
        "      x (loglevel <= TRACE_INFO (6)) (type: tracepoint) "
        "[enabled]\n\n")


def test_non_default_channel_requires_a_channel_name(cli):
    cli.run("enable-channel", "-u", "ch")
    r = cli.run("enable-event", "-u", "a")
    assert (r.out, r.rc) == ("", 83)
    assert r.err == (f"Error: Event a: {NEED_NAME} (channel <default>, "
                     "session s1)\n")
    r = cli.run("enable-event", "-u", "-a")
    assert (r.out, r.rc) == ("", 1)
    assert r.err == (f"Error: Events: {NEED_NAME} (channel <default>, "
                     "session s1)\n")
    r = cli.run("enable-event", "-u", "a", "-c", "other")
    assert (r.out, r.err, r.rc) == (
        "ust event a created in channel other\n", "", 0)


def test_disable_event(cli):
    cli.run("enable-event", "-u", "a,b,c*")
    r = cli.run("disable-event", "-u", "nosuch")
    assert (r.out, r.rc) == ("", 76)
    assert r.err == ("Error: nosuch of type any : UST event not found "
                     "(channel channel0, session s1)\n")
    for _ in range(2):
        r = cli.run("disable-event", "-u", "a")
        assert (r.out, r.err, r.rc) == (
            "ust a of type any disabled in channel channel0 for session "
            "s1\n", "", 0)
    r = cli.run("disable-event", "-u", "a", "-c", "nosuch")
    assert (r.out, r.rc) == ("", 59)
    assert r.err == ("Error: a of type any : UST channel not found "
                     "(channel nosuch, session s1)\n")
    r = cli.run("disable-event", "-u", "-a", "-c", "nosuch")
    assert (r.out, r.err, r.rc) == ("", "Error: UST channel not found\n",
                                    59)
    r = cli.run("disable-event", "-u")
    assert (r.out, r.err, r.rc) == (
        "", "Error: Missing event name(s).\n\n", 1)
    r = cli.run("disable-event", "a")
    assert (r.out, r.err, r.rc) == ("", DOMAIN_ERR, 1)
    r = cli.run("disable-event", "-u", "-a")
    assert (r.out, r.err, r.rc) == (
        "All ust events of type any are disabled in channel channel0\n",
        "", 0)
    assert rules(cli) == ("      a (type: tracepoint) [disabled]\n"
                          "      b (type: tracepoint) [disabled]\n"
                          "      c* (type: tracepoint) [disabled]\n\n")
    r = cli.run("enable-event", "-u", "a")
    assert r.out == "ust event a created in channel channel0\n"
    assert rules(cli).startswith("      a (type: tracepoint) [enabled]\n")


def test_events_after_start(cli):
    cli.run("enable-event", "-u", "a")
    cli.run("start")
    r = cli.run("enable-event", "-u", "b")
    assert (r.out, r.err, r.rc) == (
        "ust event b created in channel channel0\n", "", 0)
    r = cli.run("enable-event", "-u", "c", "-c", "late")
    assert (r.out, r.rc) == ("", 80)
    assert r.err == (
        "Error: Event c: The command tried to enable an event in a new "
        "domain for a session that has already been started once. "
        "(channel late, session s1)\n")
    r = cli.run("disable-event", "-u", "b")
    assert r.rc == 0


def test_add_context(cli):
    r = cli.run("add-context", "-u")
    assert (r.out, r.err, r.rc) == ("", "Error: Missing mandatory -t TYPE\n",
                                    1)
    r = cli.run("add-context", "-t", "vpid")
    assert (r.out, r.err, r.rc) == ("", DOMAIN_ERR, 1)
    r = cli.run("add-context", "-u", "-t", "bogus")
    assert (r.out, r.err, r.rc) == ("", "Error: Unknown context type bogus\n",
                                    3)
    r = cli.run("add-context", "-u", "-t", "vpid")
    assert (r.out, r.err, r.rc) == (
        "ust context vpid added to all channels\n", "", 0)
    r = cli.run("add-context", "-u", "-t", "vpid")
    assert (r.out, r.err, r.rc) == (
        "", "Error: vpid: UST context already exist\n", 4)
    r = cli.run("add-context", "-u", "-t", "procname", "-t", "vtid", "-c",
                "channel0")
    assert r.out == ("ust context procname added to channel channel0\n"
                     "ust context vtid added to channel channel0\n")
    r = cli.run("add-context", "-u", "-t", "vpid", "-c", "nosuch")
    assert (r.out, r.err, r.rc) == (
        "", "Error: vpid: UST channel not found\n", 4)
    for kernel_only in ("pid", "hostname", "prio", "perf:cpu:cycles"):
        r = cli.run("add-context", "-u", "-t", kernel_only)
        assert (r.out, r.err, r.rc) == (
            "", f"Error: {kernel_only}: UST invalid context\n", 4)
    for ust in ("$app.myprov:myctx", "perf:thread:instructions",
                "pthread_id", "ip", "vuid", "time_ns"):
        r = cli.run("add-context", "-u", "-t", ust)
        assert (r.out, r.err, r.rc) == (
            f"ust context {ust} added to all channels\n", "", 0)
    cli.run("enable-event", "-u", "a")
    cli.run("start")
    r = cli.run("add-context", "-u", "-t", "vgid")
    assert (r.out, r.err, r.rc) == (
        "", "Error: vgid: Tracing has already been started once\n", 4)


def test_add_context_list_names_every_type(cli):
    r = cli.run("add-context", "--list")
    names = r.out.splitlines()
    assert (r.err, r.rc) == ("", 0)
    assert len(names) == 144
    assert names[:5] == ["pid", "procname", "prio", "nice", "vpid"]
    assert "vsgid" in names and "time_ns" in names
    assert names[38] == "perf:cpu:cpu-cycles"
    assert names[-1] == "perf:thread:emulation-faults"


def test_list_without_session_lists_instrumentation_points(cli):
    r = cli.run("list", "-u")
    assert (r.out, r.err, r.rc) == ("UST events:\n-------------\nNone\n\n",
                                    "", 0)
    r = cli.run("list", "-j")
    assert r.out == ("jul events (Logger name):\n"
                     "-------------------------\nNone\n\n")
    r = cli.run("list", "-k")
    assert (r.out, r.rc) == ("", 1)
    assert r.err.startswith("Error: Unable to list kernel events: ")


def test_session_option_targets_another_session(cli):
    # s1 is current; every command can name s2 instead.
    assert cli.run("create", "s2").rc == 0
    assert cli.run("set-session", "s1").rc == 0
    r = cli.run("enable-channel", "-u", "ch", "-s", "s2")
    assert r.out == "ust channel ch enabled for session s2\n"
    r = cli.run("enable-event", "-u", "a", "-c", "ch", "--session", "s2")
    assert r.out == "ust event a created in channel ch\n"
    r = cli.run("add-context", "-u", "-t", "vpid", "-s", "s2")
    assert r.out == "ust context vpid added to all channels\n"
    r = cli.run("disable-event", "-u", "a", "-c", "ch", "-s", "s2")
    assert r.out == ("ust a of type any disabled in channel ch for session "
                     "s2\n")
    r = cli.run("disable-channel", "-u", "ch", "-s", "s2")
    assert r.out == "ust channel ch disabled for session s2\n"
    assert "- ch: [disabled]" in cli.run("list", "s2").out
    assert cli.run("list", "s1").out.count("- ch") == 0
    r = cli.run("enable-event", "-u", "a", "-s", "nosuch")
    assert (r.out, r.rc) == ("", 23)
    assert r.err == ("Error: Event a: Session name not found (channel "
                     "channel0, session nosuch)\n")
