"""The toolkit as installed: `meson install` into a temporary DESTDIR (the
prefix relocated as a user's `make install PREFIX=~/x` would), then

* the documentation's hello world built against the installed
  toolkit with nothing but PKG_CONFIG_PATH and
  `gcc $(pkg-config --cflags --libs lttng-ust)`, traced by the installed
  daemons and CLI (the trace read with babeltrace2);
* the systemd unit checked by `systemd-analyze verify` (its ExecStart=
  and Documentation= resolved inside the DESTDIR);
* the bash completion driven as bash does (complete -p, COMP_WORDS):
  commands, options, session names and channel names.
"""
import os
import pathlib
import shutil
import subprocess

import pytest

from trace_reader import read_trace

ROOT = pathlib.Path(__file__).resolve().parents[2]
HELLO_SOURCES = ROOT / "tests/unit/ust/hello"


@pytest.fixture(scope="module")
def installed(build_dir, tmp_path_factory):
    """The install prefix inside a fresh DESTDIR."""
    destdir = tmp_path_factory.mktemp("destdir")
    r = subprocess.run(["meson", "install", "-C", str(build_dir),
                        "--no-rebuild", "--destdir", str(destdir),
                        "--quiet"],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    [pc] = destdir.rglob("lib/pkgconfig/lttng-ust.pc")
    return destdir, pc.parents[2]


def installed_env(prefix, home):
    """What a user of PREFIX sets: PATH and LD_LIBRARY_PATH to run the
    programs, a private LTTNG_HOME/LTTNG_RUNDIR for the test."""
    (home / "run").mkdir(parents=True, exist_ok=True)
    env = {"PATH": f"{prefix}/bin:/usr/bin:/bin", "HOME": str(home),
           "LTTNG_HOME": str(home), "LTTNG_RUNDIR": str(home / "run"),
           "LD_LIBRARY_PATH": f"{prefix}/lib"}
    return env


class InstalledDaemon:
    def __init__(self, prefix, env):
        self.prefix, self.env = prefix, env
        self.pid_file = pathlib.Path(env["LTTNG_RUNDIR"]) / \
            "lttng-sessiond.pid"

    def __enter__(self):
        subprocess.run([f"{self.prefix}/bin/lttng-sessiond", "--daemonize",
                        "--no-kernel"], env=self.env, check=True, timeout=60)
        return self

    def lttng(self, *args):
        r = subprocess.run([f"{self.prefix}/bin/lttng", *args], env=self.env,
                           capture_output=True, text=True, timeout=60)
        assert r.returncode == 0, r
        return r.stdout

    def __exit__(self, *exc):
        from lttng_cli import Sessiond

        sessiond = Sessiond.__new__(Sessiond)
        sessiond.pid_file = str(self.pid_file)
        sessiond.stop()


def test_pkg_config_builds_and_links_an_app_from_the_prefix(installed,
                                                            tmp_path):
    destdir, prefix = installed
    for name in ("hello.c", "hello-tp.c", "hello-tp.h"):
        shutil.copy(HELLO_SOURCES / name, tmp_path)
    env = installed_env(prefix, tmp_path / "home")
    env["PKG_CONFIG_PATH"] = f"{prefix}/lib/pkgconfig"
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "lttng-ust"],
                           env=env, capture_output=True, text=True,
                           check=True).stdout.split()
    dirs = {f[:2]: os.path.realpath(f[2:]) for f in flags
            if f[:2] in ("-I", "-L")}
    assert dirs == {"-I": f"{prefix}/include", "-L": f"{prefix}/lib"}
    r = subprocess.run("gcc -o hello hello.c hello-tp.c -I. "
                       "$(pkg-config --cflags --libs lttng-ust)", shell=True,
                       cwd=tmp_path, env=env, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    with InstalledDaemon(prefix, env) as daemon:
        daemon.lttng("create", "s", "--output", str(tmp_path / "trace"))
        daemon.lttng("enable-event", "-u", "hello_world:my_first_tracepoint")
        daemon.lttng("start")
        r = subprocess.run(["./hello", "from", "prefix"], input="\n",
                           cwd=tmp_path, env=env, capture_output=True,
                           text=True, timeout=60)
        assert r.returncode == 0, r.stderr
        daemon.lttng("destroy", "s")
    trace = read_trace(tmp_path / "trace" / "ust" / "uid" / str(os.getuid())
                       / "64-bit")
    fields = [(e.fields["my_string_field"], e.fields["my_integer_field"])
              for e in trace]
    assert fields[:4] == [("hi there!", 23), ("./hello", 0), ("from", 1),
                          ("prefix", 2)]


def test_systemd_unit_verifies(installed, tmp_path):
    if not shutil.which("systemd-analyze"):
        pytest.skip("systemd-analyze is not installed: the unit is unchecked")
    destdir, prefix = installed
    [unit] = destdir.rglob("lib/systemd/system/lttng-sessiond.service")
    text = unit.read_text()
    installed_prefix = "/" + str(prefix.relative_to(destdir))
    assert f"ExecStart={installed_prefix}/bin/lttng-sessiond --daemonize\n" \
        in text
    assert "Type=forking\n" in text
    # Inside the DESTDIR the binary is under it: point ExecStart= there.
    staged = tmp_path / unit.name
    staged.write_text(text.replace(f"ExecStart={installed_prefix}/",
                                   f"ExecStart={prefix}/"))
    env = dict(os.environ, MANPATH=f"{prefix}/share/man")
    r = subprocess.run(["systemd-analyze", "verify", str(staged)], env=env,
                       capture_output=True, text=True, timeout=120)
    assert (r.returncode, r.stdout, r.stderr) == (0, "", "")


def complete(prefix, env, *words):
    """What bash offers for the last of words (words[0]: the lttng)."""
    script = (f"source {prefix}/share/bash-completion/completions/lttng\n"
              "complete -p lttng\n"
              'COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))\n'
              'COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}\n'
              "_lttng\n"
              'printf "%s\\n" "${COMPREPLY[@]}"\n')
    r = subprocess.run(["bash", "--norc", "-c", script, "bash", *words],
                       env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stderr == "", r
    head, *offers = r.stdout.splitlines()
    assert head == "complete -F _lttng lttng"
    return sorted(o for o in offers if o)


def test_bash_completion(installed, tmp_path):
    destdir, prefix = installed
    env = installed_env(prefix, tmp_path / "home")
    lttng = f"{prefix}/bin/lttng"
    assert complete(prefix, env, lttng, "cre") == ["create"]
    assert complete(prefix, env, lttng, "dis") == [
        "disable-channel", "disable-event", "disable-rotation"]
    assert complete(prefix, env, lttng, "--qu") == ["--quiet"]
    assert complete(prefix, env, lttng, "-g", "grp", "sta") == [
        "start", "status"]
    # Options come from the installed `lttng CMD --list-options`.
    assert complete(prefix, env, lttng, "enable-channel", "--subbuf") == [
        "--subbuf-size"]
    with InstalledDaemon(prefix, env) as daemon:
        daemon.lttng("create", "first", "--output", str(tmp_path / "t1"))
        daemon.lttng("create", "second", "--output", str(tmp_path / "t2"))
        daemon.lttng("enable-channel", "-u", "current_chan")
        daemon.lttng("enable-channel", "-u", "-s", "first", "first_chan")
        assert complete(prefix, env, lttng, "destroy", "") == [
            "first", "second"]
        assert complete(prefix, env, lttng, "enable-event", "-s", "f") == [
            "first"]
        # Channels of the current session, then of the one named.
        assert complete(prefix, env, lttng, "enable-event", "-c", "") == [
            "current_chan"]
        assert complete(prefix, env, lttng, "enable-event", "-s", "first",
                        "-u", "-c", "") == ["first_chan"]
        assert complete(prefix, env, lttng, "add-context",
                        "--session=first", "--channel=f") == [
            "--channel=first_chan"]
        assert complete(prefix, env, lttng, "disable-channel", "-u", "") == [
            "current_chan"]
