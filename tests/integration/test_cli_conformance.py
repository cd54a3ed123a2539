"""The lttng CLI and lttng-sessiond against LTTng 2.13 itself: each
scenario of conform_expected.py (recorded from the reference LTTng 2.13 by
tests/tools/compare_with_anchor.py --pin) is replayed against this build
with a private LTTNG_HOME, and every command must give LTTng's exit
status, stdout and stderr (after normalising LTTNG_HOME, dates and pids).

KNOWN_DIFFERENCES lists the commands where we knowingly differ, with the
reason; they still run (later commands depend on their effect) but their
output is not compared."""
import os
import pathlib
import re
import shlex
import shutil
import subprocess

import pytest

from conform_expected import EXPECTED
from conform_normalise import normalise_output, trace_tree
from lttng_cli import Sessiond

NOT_IMPLEMENTED = "not implemented by this toolkit"
HASH_ORDER = ("LTTng lists channels and rules in the order of a hash table "
              "seeded with the time")
DESTROY_WAIT = ("LTTng's destroy prints `Destroying session NAME..` when "
                "the daemon takes over 200 ms to tear a traced session "
                "down; ours is done sooner")
KNOWN_DIFFERENCES = {
    ("doc-quickstart", "lttng destroy"): DESTROY_WAIT,
    ("doc-per-pid-contexts", "lttng destroy"): DESTROY_WAIT,
    ("doc-all-events-filter", "lttng destroy"): DESTROY_WAIT,
    ("no-daemon", "lttng --mi xml list"): "--mi xml is not implemented",
    ("create", "lttng create s8 -U net://localhost"):
        "network outputs need lttng-relayd, " + NOT_IMPLEMENTED,
    ("create", "lttng create s9 -C tcp://localhost:5342 "
               "-D tcp://localhost:5343"):
        "network outputs need lttng-relayd, " + NOT_IMPLEMENTED,
    ("create", "lttng create s11 --shm-path=/tmp/shm"):
        "--shm-path is " + NOT_IMPLEMENTED,
    ("create", "lttng list"): "lists the sessions above, not created here",
    ("create", "lttng destroy -a"): "destroys the sessions above",
    ("create-errors", "lttng --relayd-path /nonexistent create s13 --live"):
        "LTTng's result depends on a relay daemon listening on port 5342",
    ("create-errors", "lttng list"): "lists the live session above",
    ("events", "lttng list s1"): HASH_ORDER,
    ("events", "lttng list s1 -u"): HASH_ORDER,
    ("track", "lttng list s1 -u"):
        HASH_ORDER + "; LTTng also adds `root` it said was already there",
    ("channels", "lttng enable-channel -u ch22 -s nosuch"):
        "LTTng's lttng dies of SIGPIPE here",
    ("unimplemented", "*"): "save, load, snapshot, rotate, enable-rotation, "
                            "disable-rotation, regenerate, clear, metadata "
                            "and add-trigger are " + NOT_IMPLEMENTED,
}

# The commands of these scenarios that our build must still match.
UNIMPLEMENTED_BUT_CHECKED = re.compile(
    r"--bogus|--list-options|extra|^lttng (save|clear) s1 s2$|"
    r"^lttng (snapshot|regenerate|metadata|enable-rotation|disable-rotation|remove-trigger)"
    r"( (add|del)-output| bogus|$| --timer=abc| --size=abc)|"
    r"^lttng add-trigger( --action=notify)?$|^lttng list-triggers$")


def known_difference(scenario, command):
    if (scenario, command) in KNOWN_DIFFERENCES:
        return True
    if scenario == "unimplemented" and UNIMPLEMENTED_BUT_CHECKED.search(
            command):
        return False
    return (scenario, "*") in KNOWN_DIFFERENCES


def man_shows_lttng_pages():
    """LTTng's --help runs man; the pinned texts are man-db's for a
    missing page."""
    if not shutil.which("man"):
        return False
    proc = subprocess.run(["man", "-w", "1", "lttng-create"],
                          capture_output=True)
    return proc.returncode != 0


class Runner:
    def __init__(self, build_dir, env):
        self.hello = str(build_dir / "tests/unit/ust/ust-hello-c")
        self.lttng = str(build_dir / "src/bin/lttng/lttng")
        self.sessiond = str(build_dir /
                            "src/bin/lttng-sessiond/lttng-sessiond")
        self.home = env["LTTNG_HOME"]
        self.env = dict(env, LTTNG_SESSIOND_PATH=self.sessiond)
        self.env.pop("LTTNG_RELAYD_PATH", None)

    def run(self, command):
        argv = shlex.split(command.replace("$W", self.home))
        if argv[0] == "!hello":
            return self.run_hello(argv[1:])
        executable = self.lttng if argv[0] == "lttng" else self.sessiond
        if argv[0] == "lttng-sessiond":
            argv[0] = self.sessiond
        try:
            proc = subprocess.run(argv, executable=executable,
                                  capture_output=True, cwd=self.home,
                                  env=self.env, timeout=20)
        except subprocess.TimeoutExpired:
            return ("TIMEOUT", "", "")
        return (proc.returncode, self.normalise(proc.stdout),
                self.normalise(proc.stderr))

    def run_hello(self, args):
        """The documentation's hello world, as ./hello, Enter pressed."""
        hello = os.path.join(self.home, "hello")
        if not os.path.exists(hello):
            shutil.copy(self.hello, hello)
        env = dict(self.env, LD_LIBRARY_PATH=str(
            pathlib.Path(self.hello).parents[3] / "src/lib/lttng-ust"))
        proc = subprocess.run(["./hello", *args], input=b"\n",
                              capture_output=True, cwd=self.home, env=env,
                              timeout=30)
        return (proc.returncode, self.normalise(proc.stdout),
                self.normalise(proc.stderr))

    def normalise(self, data):
        return normalise_output(data.decode(errors="replace"), self.home,
                                self.sessiond)


@pytest.mark.parametrize("scenario", EXPECTED, ids=[s[0] for s in EXPECTED])
def test_matches_lttng_2_13(scenario, build_dir, lttng_env):
    name, daemon, steps, tree = scenario
    if name == "help" and not man_shows_lttng_pages():
        pytest.skip("needs man-db without LTTng's manual pages")
    runner = Runner(build_dir, lttng_env)
    sessiond = Sessiond(build_dir, runner.env)
    mismatches = []
    try:
        if daemon:
            assert sessiond.start().returncode == 0
        for command, rc, out, err in steps:
            got = runner.run(command)
            if known_difference(name, command):
                continue
            if got != (rc, out, err):
                mismatches.append(
                    f"{command}\n  LTTng: rc={rc} out={out!r} err={err!r}"
                    f"\n  ours:  rc={got[0]} out={got[1]!r} "
                    f"err={got[2]!r}")
        if (name, "tree") not in KNOWN_DIFFERENCES:
            ours = trace_tree(runner.home)
            if ours != tree:
                mismatches.append(f"files and traces\n--- LTTng\n{tree}\n"
                                  f"--- ours\n{ours}")
    finally:
        sessiond.stop()
        for path in ("/tmp/conform-out-x", "/tmp/conform-snap"):
            shutil.rmtree(path, ignore_errors=True)
    assert not mismatches, "\n".join(mismatches)
