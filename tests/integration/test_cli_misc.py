"""The lttng CLI itself: usage, global options, version, help (which runs
man), view (which runs the trace reader), with LTTng 2.13's texts."""
import stat

import pytest

from lttng_cli import Cli, Sessiond

VERSION_TEXT = (
    "lttng version 2.13.9 - Nordicit\u00e9\n"
    "\n"
    "The product of a collaboration between Champ Libre and Bor\u00e9ale, "
    "this farmhouse IPA is brewed with Kveik yeast and Qu\u00e9bec-grown "
    "barley, oats and juniper branches. The result is a remarkable fruity "
    "hazy golden IPA that offers a balanced touch of resinous and woodsy "
    "bitterness.\n"
    "\n"
    "Web site: https://lttng.org\n"
    "\n"
    "lttng is free software and under the GPL license and part LGPL\n")


@pytest.fixture
def cli(build_dir, lttng_env):
    return Cli(build_dir, lttng_env)


@pytest.fixture
def fake_man(tmp_path, cli):
    """A `man` that prints its arguments, named by LTTNG_MAN_BIN_PATH."""
    man = tmp_path / "man"
    man.write_text("#!/bin/sh\necho \"man $*\"\nexit 16\n")
    man.chmod(man.stat().st_mode | stat.S_IXUSR)
    return dict(cli.env, LTTNG_MAN_BIN_PATH=str(man))


def test_usage_without_arguments(cli):
    r = cli.run()
    assert (r.err, r.rc) == ("", 1)
    assert r.out.startswith(
        "Usage: lttng [--group=GROUP] [--mi=TYPE] [--no-sessiond | "
        "--sessiond-path=PATH]\n"
        "             [--quiet | -v | -vv | -vvv] COMMAND [COMMAND "
        "OPTIONS]\n\nAvailable commands:\n\nRecording sessions:\n"
        "  create            Create a recording session\n")
    assert r.out.endswith(
        "Run `lttng help COMMAND` or `lttng COMMAND --help` to get help "
        "with\ncommand COMMAND.\n\nSee `man lttng` for more help with the "
        "lttng command.\n")
    assert len(r.out.splitlines()) == 55


def test_unknown_option_and_command(cli):
    r = cli.run("--foo")
    assert (r.out, r.err, r.rc) == (
        "", f"{cli.lttng}: unrecognized option '--foo'\n", 1)
    r = cli.run("foo")
    assert (r.out, r.err, r.rc) == (
        "lttng: foo is not an lttng command. See 'lttng --help'.\n", "", 2)


def test_versions(cli):
    r = cli.run("--version")
    assert (r.out, r.err, r.rc) == (
        f"{cli.lttng} (LTTng Trace Control) 2.13.9 - Nordicit\u00e9\n", "",
        0)
    r = cli.run("version")
    assert (r.out, r.err, r.rc) == (VERSION_TEXT, "", 0)
    r = cli.run("version", "--bogus")
    assert (r.out, r.err, r.rc) == (
        "", "Error: Unrecognized argument used with 'version' command\n", 2)


def test_help_runs_man_for_the_command(cli, fake_man, build_dir):
    # The pages of this lttng (test_help.py covers the rest).
    mandir = build_dir / "doc/man"
    for args, page in ((("help", "create"), "lttng-create"),
                       (("create", "--help"), "lttng-create"),
                       (("enable-event", "-h"), "lttng-enable-event"),
                       (("help",), "lttng"),
                       (("--help",), "lttng")):
        r = cli.run(*args, env=fake_man)
        assert (r.out, r.err, r.rc) == (f"man -M {mandir} 1 {page}\n", "",
                                        16), args
    r = cli.run("help", "nosuch", env=fake_man)
    assert (r.out, r.err, r.rc) == (
        "", "Error: Unknown command \"nosuch\"\n", 1)


def test_mi_other_than_xml_is_refused(cli):
    r = cli.run("--mi", "json", "list")
    assert (r.out, r.err, r.rc) == (
        "", "Error: MI output format not supported\n", 165)
    # --mi xml itself: tests/integration/test_mi.py


def test_list_commands_and_options(cli):
    r = cli.run("--list-commands")
    assert r.out.splitlines() == [
        "add-context", "add-trigger", "create", "clear", "destroy",
        "disable-channel", "disable-event", "enable-channel",
        "enable-event", "help", "list", "list-triggers", "load",
        "metadata", "regenerate", "remove-trigger", "rotate",
        "enable-rotation", "disable-rotation", "save", "set-session",
        "snapshot", "start", "status", "stop", "track", "untrack",
        "version", "view"]
    r = cli.run("create", "--list-options")
    assert r.out == ("--help\n-h\n--output\n-o\n--list-options\n--set-url\n"
                     "-U\n--ctrl-url\n-C\n--data-url\n-D\n--no-output\n"
                     "--no-consumer\n--snapshot\n--live\n--shm-path\n")


def test_view_runs_the_viewer_on_the_trace_output(cli, build_dir,
                                                  lttng_env):
    r = cli.run("view", "x")
    assert (r.out, r.err, r.rc) == (
        "Is there a session daemon running?\n",
        "Error: Unable to list sessions. Session name x not found.\n", 1)
    sessiond = Sessiond(build_dir, lttng_env)
    assert sessiond.start().returncode == 0
    try:
        cli.run("create", "s1")
        r = cli.run("view", "--viewer", "echo hi")
        assert (r.out, r.err, r.rc) == (
            f"hi {cli.home}/lttng-traces/s1-DATE\n", "", 0)
        r = cli.run("view", "-t", "/some/trace", "--viewer", "echo hi")
        assert r.out == "hi /some/trace\n"
        r = cli.run("view", "nosuch")
        assert (r.out, r.err, r.rc) == (
            "Session name nosuch not found\n", "", 1)
    finally:
        sessiond.stop()
