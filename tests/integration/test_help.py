"""Help as LTTng gives it: `lttng help [CMD]`, `lttng --help`/`-h` and
`lttng CMD --help`/`-h` replace lttng with `man -M MANDIR SECTION PAGE`
(LTTNG_MAN_BIN_PATH naming the reader), MANDIR being the manual tree of
this lttng (the build tree's doc/man here, PREFIX/share/man once
installed). When the reader cannot be run or the page is not installed,
lttng says so and prints a short usage instead (status 1). A fake man
records the arguments it was given."""
import json
import os
import pathlib
import shutil
import subprocess
import tempfile

import pytest

FAKE_MAN = """#!/bin/sh
for arg in "$@"; do printf '%s\\n' "$arg"; done > "$0.args"
echo "fake man shows $*"
exit 0
"""


@pytest.fixture
def fake_man(tmp_path):
    path = tmp_path / "fake-man"
    path.write_text(FAKE_MAN)
    path.chmod(0o755)
    return path


def run(program, args, env):
    return subprocess.run([str(program), *args], capture_output=True,
                          text=True, env=env, timeout=60)


def man_args(fake_man):
    args_file = pathlib.Path(str(fake_man) + ".args")
    args = args_file.read_text().splitlines()
    args_file.unlink()
    return args


@pytest.fixture
def lttng(build_dir):
    return build_dir / "src/bin/lttng/lttng"


def commands(lttng):
    return run(lttng, ["--list-commands"], os.environ).stdout.split()


@pytest.mark.parametrize("args,page", [
    (["help"], "lttng"),
    (["--help"], "lttng"),
    (["-h"], "lttng"),
    (["help", "help"], "lttng-help"),
    (["help", "create", "extra"], "lttng-create"),
    (["-q", "help", "create"], "lttng-create"),
    (["snapshot", "record", "--help"], "lttng-snapshot"),
    (["regenerate", "metadata", "--help"], "lttng-regenerate"),
])
def test_help_opens_page_with_man(build_dir, lttng, fake_man, lttng_env,
                                  args, page):
    env = dict(lttng_env, LTTNG_MAN_BIN_PATH=str(fake_man))
    proc = run(lttng, args, env)
    assert (proc.returncode, proc.stderr) == (0, "")
    assert man_args(fake_man) == ["-M", str(build_dir / "doc/man"), "1",
                                  page]


def test_every_command_opens_its_own_page(build_dir, lttng, fake_man,
                                          lttng_env):
    """`lttng CMD --help`, `lttng CMD -h` and `lttng help CMD` open
    lttng-CMD(1) for every command (LTTng's list-triggers and
    remove-trigger open `lttng---help`)."""
    env = dict(lttng_env, LTTNG_MAN_BIN_PATH=str(fake_man))
    expected_dir = str(build_dir / "doc/man")
    for command in commands(lttng):
        for args in ([command, "--help"], [command, "-h"],
                     ["help", command]):
            proc = run(lttng, args, env)
            assert (proc.returncode, proc.stderr) == (0, ""), args
            assert man_args(fake_man) == ["-M", expected_dir, "1",
                                          "lttng-" + command], args
            # The page it opens exists in that tree.
            assert (build_dir / "doc/man/man1" /
                    f"lttng-{command}.1").is_file()


def test_daemon_and_crash_help_use_the_same_manual_tree(build_dir, fake_man,
                                                        lttng_env):
    env = dict(lttng_env, LTTNG_MAN_BIN_PATH=str(fake_man))
    expected_dir = str(build_dir / "doc/man")
    sessiond = build_dir / "src/bin/lttng-sessiond/lttng-sessiond"
    crash = build_dir / "src/bin/lttng-crash/lttng-crash"
    assert run(sessiond, ["--help"], env).returncode == 0
    assert man_args(fake_man) == ["-M", expected_dir, "8", "lttng-sessiond"]
    assert run(crash, ["-h"], env).returncode == 0
    assert man_args(fake_man) == ["-M", expected_dir, "1", "lttng-crash"]


def test_real_man_shows_our_page(lttng, lttng_env):
    if not shutil.which("man"):
        pytest.fail("man-db is missing: run `make deps`")
    env = dict(lttng_env, MANPAGER="cat", PAGER="cat", LC_ALL="C",
               MANWIDTH="100")
    env.pop("LTTNG_MAN_BIN_PATH", None)
    proc = run(lttng, ["help", "create"], env)
    assert proc.returncode == 0, proc.stderr
    assert "lttng-create - create a recording session" in proc.stdout
    assert "--snapshot" in proc.stdout


def test_missing_man_prints_usage(lttng, lttng_env):
    env = dict(lttng_env, LTTNG_MAN_BIN_PATH="/nonexistent/man")
    proc = run(lttng, ["create", "--help"], env)
    assert proc.returncode == 1
    assert proc.stderr == ("Error: Cannot view man page `lttng-create(1)`\n"
                           "exec: No such file or directory\n")
    lines = proc.stdout.splitlines()
    assert lines[0] == ("Usage: lttng [GENERAL OPTIONS] create [OPTIONS] "
                        "[ARGUMENTS]")
    assert "  -o, --output=VALUE" in lines
    assert "      --live[=VALUE]" in lines
    assert "      --snapshot" in lines

    proc = run(lttng, ["help", "list-triggers"], env)
    assert proc.returncode == 1
    assert proc.stderr.startswith(
        "Error: Cannot view man page `lttng-list-triggers(1)`\n")
    assert "lttng list-triggers --list-options" in proc.stdout


@pytest.mark.parametrize("args", [["help"], ["-h"], ["--help"]])
def test_missing_man_for_lttng_prints_command_list(lttng, lttng_env, args):
    env = dict(lttng_env, LTTNG_MAN_BIN_PATH="/nonexistent/man")
    proc = run(lttng, args, env)
    assert proc.returncode == 1
    assert proc.stderr == ("Error: Cannot show --help for `lttng`\n"
                           "exec: No such file or directory\n")
    assert proc.stdout.startswith("Usage: lttng [--group=GROUP]")
    assert "  create            Create a recording session\n" in proc.stdout


def test_no_argument_prints_command_list(lttng, lttng_env):
    proc = run(lttng, [], lttng_env)
    assert proc.returncode == 1
    assert proc.stderr == ""
    for command in commands(lttng):
        if command != "metadata":  # deprecated: LTTng does not list it
            assert f"\n  {command} " in proc.stdout, command
    assert proc.stdout.endswith(
        "See `man lttng` for more help with the lttng command.\n")


def test_unknown_command(lttng, fake_man, lttng_env):
    env = dict(lttng_env, LTTNG_MAN_BIN_PATH=str(fake_man))
    proc = run(lttng, ["help", "nosuch"], env)
    assert (proc.returncode, proc.stdout, proc.stderr) == (
        1, "", 'Error: Unknown command "nosuch"\n')
    assert not pathlib.Path(str(fake_man) + ".args").exists()


@pytest.fixture(scope="module")
def staged_install(build_dir):
    """The build installed under a temporary DESTDIR (as `make install`
    would into PREFIX), readable by every user; its root."""
    root = tempfile.mkdtemp(prefix="man-install-")
    try:
        proc = subprocess.run(["meson", "install", "-C", str(build_dir),
                               "--destdir", root, "--no-rebuild",
                               "--quiet"],
                              capture_output=True, text=True, timeout=600)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        os.chmod(root, 0o755)
        introspection = subprocess.run(
            ["meson", "introspect", "--buildoptions", str(build_dir)],
            capture_output=True, text=True, check=True).stdout
        options = {o["name"]: o["value"] for o in json.loads(introspection)}
        yield pathlib.Path(root + options["prefix"]), options["mandir"]
    finally:
        shutil.rmtree(root, ignore_errors=True)


def test_installed_lttng_opens_installed_page(staged_install, fake_man,
                                              lttng_env):
    prefix, mandir = staged_install
    env = dict(lttng_env, LTTNG_MAN_BIN_PATH=str(fake_man))
    proc = run(prefix / "bin/lttng", ["help", "create"], env)
    assert proc.returncode == 0, proc.stderr
    assert man_args(fake_man) == ["-M", str(prefix / mandir), "1",
                                  "lttng-create"]
    assert (prefix / mandir / "man1/lttng-create.1").is_file()
    assert (prefix / mandir / "man8/lttng-sessiond.8").is_file()
    assert (prefix / mandir / "man3/lttng-ust.3").is_file()
    assert (prefix / mandir / "man7/lttng-concepts.7").is_file()
    # The other names of the API pages lead to them.
    assert (prefix / mandir / "man3/lttng_ust_tracef.3").resolve() == \
        (prefix / mandir / "man3/tracef.3").resolve()


def test_installed_lttng_shows_page_to_another_user(staged_install):
    """`PREFIX/bin/lttng help create` with the real man, run by a user
    other than the one that installed (user nobody when run as root)."""
    prefix, _ = staged_install
    env = {"PATH": "/usr/bin:/bin", "HOME": "/tmp", "LC_ALL": "C",
           "MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "100"}
    command = [str(prefix / "bin/lttng"), "help", "create"]
    if os.getuid() == 0:
        command = ["setpriv", "--reuid=65534", "--regid=65534",
                   "--clear-groups"] + command
    proc = subprocess.run(command, capture_output=True, text=True, env=env,
                          timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "lttng-create - create a recording session" in proc.stdout


def test_installed_lttng_without_the_page_prints_usage(staged_install,
                                                       fake_man, lttng_env):
    prefix, mandir = staged_install
    page = prefix / mandir / "man1/lttng-save.1"
    page.unlink()
    env = dict(lttng_env, LTTNG_MAN_BIN_PATH=str(fake_man))
    proc = run(prefix / "bin/lttng", ["save", "--help"], env)
    assert proc.returncode == 1
    assert proc.stderr == ("Error: Cannot view man page `lttng-save(1)`: it "
                           f"is not installed in {prefix / mandir}\n")
    assert proc.stdout.startswith(
        "Usage: lttng [GENERAL OPTIONS] save [OPTIONS] [ARGUMENTS]\n")
    assert "  -o, --output-path=VALUE\n" in proc.stdout
    assert not pathlib.Path(str(fake_man) + ".args").exists()
