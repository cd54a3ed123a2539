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
import signal
import subprocess
import tempfile
import time

import pytest

from conform_expected import EXPECTED
from conform_normalise import normalise_output, trace_tree
from lttng_cli import Sessiond

NOT_IMPLEMENTED = "not implemented by this toolkit"
HASH_ORDER = ("LTTng lists channels and rules in the order of a hash table "
              "seeded with the time")
SIGPIPE = "LTTng's client dies of SIGPIPE: its daemon drops the connection"
KNOWN_DIFFERENCES = {
    ("doc-all-events-filter", "lttng stop"):
        "LTTng prints a dot per 200 ms of data still pending",
    ("kernel-as-user", "lttng enable-event -k sched_switch"): SIGPIPE,
    ("kernel-as-user", "lttng enable-event -k --syscall open"): SIGPIPE,
    ("kernel-as-user", "lttng disable-event -k sched_switch"): SIGPIPE,
    ("kernel-as-user", "lttng enable-event -k --function=do_exit kf"):
        SIGPIPE,
    ("kernel-as-user",
     "lttng enable-event -k --userspace-probe=elf:/bin/true:main up"):
        SIGPIPE,
    ("kernel-as-user", "lttng track -k --pid 1"):
        "LTTng says `Unknown error`, we say the daemon is not root's",
    ("kernel-as-user", "lttng list s3 -k"):
        "LTTng's session daemon fails to list its kernel trackers",
    ("globals", "lttng -v list s1"):
        "-v prints each implementation's own debug messages",
    ("list-apps", "lttng list -u"): "liblttng-ust registers its own "
        "providers in another order than LTTng-UST's",
    ("list-apps", "lttng list -u -f"): "liblttng-ust registers its own "
        "providers in another order than LTTng-UST's",
    ("list-apps", "lttng list --userspace --fields"): "liblttng-ust "
        "registers its own providers in another order than LTTng-UST's",
    ("event-errors", "lttng list s1 -c c0"): HASH_ORDER,
    ("mi-events", "lttng --mi xml list s2"):
        "LTTng's session daemon dies listing a rule with exclusions",
    ("create", "lttng list"): "lists the --live session above, not created "
        "here",
    ("create", "lttng destroy -a"): "destroys the sessions above",
    ("create-errors", "lttng --relayd-path /nonexistent create s13 --live"):
        "LTTng's result depends on a relay daemon listening on port 5342",
    ("create", "lttng create s5 --live"):
        "LTTng's result depends on a relay daemon listening on port 5342",
    ("create-errors", "lttng list"): "lists the live session above",
    ("events", "lttng list s1"): HASH_ORDER,
    ("events", "lttng list s1 -u"): HASH_ORDER,
    ("track", "lttng list s1 -u"):
        HASH_ORDER + "; LTTng also adds `root` it said was already there",
    ("channels", "lttng enable-channel -u ch22 -s nosuch"):
        "LTTng's lttng dies of SIGPIPE here",
    ("unimplemented", "*"): "add-trigger is " + NOT_IMPLEMENTED,
    ("mi-rotation-no-daemon", "lttng --mi xml add-trigger "
     "--condition=event-rule-matches --type=user --name=x --action=notify"):
        "add-trigger is " + NOT_IMPLEMENTED,
    ("mi-triggers", "lttng --mi xml add-trigger "
     "--condition=event-rule-matches"): "add-trigger is " + NOT_IMPLEMENTED,
    ("mi-triggers", "lttng --mi xml add-trigger "
     "--condition=event-rule-matches --type=user --name=x --action=notify"):
        "add-trigger is " + NOT_IMPLEMENTED,
}

# The commands of these scenarios that our build must still match.
UNIMPLEMENTED_BUT_CHECKED = re.compile(
    r"--bogus|--list-options|extra|^lttng (save|clear) s1 s2$|"
    r"^lttng (save|load)( |$)|"
    r"^lttng (snapshot|enable-rotation|disable-rotation|remove-trigger)"
    r"( (add|del)-output| bogus|$| --timer=abc| --size=abc)|"
    r"^lttng (regenerate|metadata)( |$)|"
    r"^lttng add-trigger( --action=notify)?$|^lttng list-triggers$")


def known_difference(scenario, command):
    if (scenario, command) in KNOWN_DIFFERENCES:
        return True
    if scenario == "unimplemented" and UNIMPLEMENTED_BUT_CHECKED.search(
            command):
        return False
    return (scenario, "*") in KNOWN_DIFFERENCES


def shows_missing_manual_page(err):
    """LTTng's --help ran man, which had no page of LTTng's to show; ours
    shows this build's own page (test_help.py checks how)."""
    return err.startswith("No manual entry for ")


class Runner:
    def __init__(self, build_dir, env):
        self.hello = str(build_dir / "tests/unit/ust/ust-hello-c")
        self.lttng = str(build_dir / "src/bin/lttng/lttng")
        self.sessiond = str(build_dir /
                            "src/bin/lttng-sessiond/lttng-sessiond")
        self.home = env["LTTNG_HOME"]
        self.env = dict(env, LTTNG_SESSIOND_PATH=self.sessiond)
        self.env.pop("LTTNG_RELAYD_PATH", None)
        self.prefix = []  # e.g. setpriv ... to run as another user

    def run(self, command):
        argv = shlex.split(command.replace("$W", self.home))
        if argv[0] == "!hello":
            return self.run_hello(argv[1:])
        if argv[0] == "!hello&":
            return self.start_hello(argv[1:])
        if argv[0] == "!hello-continue":
            return self.continue_hello()
        executable = self.lttng if argv[0] == "lttng" else self.sessiond
        if argv[0] == "lttng-sessiond":
            argv[0] = self.sessiond
        if self.prefix:
            argv = self.prefix + [executable] + argv[1:]
            executable = None
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
        proc = subprocess.run(["./hello", *args], input=b"\n",
                              capture_output=True, cwd=self.home,
                              env=self.app_env(), timeout=30)
        return (proc.returncode, self.normalise(proc.stdout),
                self.normalise(proc.stderr))

    def app_env(self):
        hello = os.path.join(self.home, "hello")
        if not os.path.exists(hello):
            shutil.copy(self.hello, hello)
        return dict(self.env, LD_LIBRARY_PATH=str(
            pathlib.Path(self.hello).parents[3] / "src/lib/lttng-ust"))

    def start_hello(self, args):
        """./hello ARGS waiting for Enter, until continue_hello()."""
        self.background = subprocess.Popen(
            ["./hello", *args], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, cwd=self.home, env=self.app_env())
        time.sleep(1)  # its registration with the session daemon
        return (0, "", "")

    def continue_hello(self):
        out, _ = self.background.communicate(b"\n", timeout=30)
        return (self.background.returncode, self.normalise(out), "")

    def normalise(self, data):
        return normalise_output(data.decode(errors="replace"), self.home,
                                self.sessiond)


def as_nobody(runner, tmp_home):
    """Run the scenario's commands and daemon as user nobody (65534)."""
    env = {"PATH": "/usr/bin:/bin", "HOME": tmp_home,
           "LTTNG_HOME": tmp_home,
           "LTTNG_SESSIOND_PATH": runner.sessiond}
    runner.home = tmp_home
    runner.env = env
    runner.prefix = ["setpriv", "--reuid=65534", "--regid=65534",
                     "--clear-groups", "env", "-i"] + \
        [f"{k}={v}" for k, v in env.items()]


class NobodySessiond:
    def __init__(self, runner):
        self.runner = runner

    def start(self):
        return subprocess.run(
            self.runner.prefix + [self.runner.sessiond, "--daemonize"],
            capture_output=True, cwd=self.runner.home, timeout=30)

    def stop(self):
        pidfile = os.path.join(self.runner.home, ".lttng",
                               "lttng-sessiond.pid")
        try:
            with open(pidfile) as f:
                pid = int(f.read())
        except (OSError, ValueError):
            return
        os.kill(pid, signal.SIGTERM)
        for _ in range(500):
            if not Sessiond.alive(pid):
                return
            time.sleep(0.02)


@pytest.mark.parametrize("scenario", EXPECTED, ids=[s[0] for s in EXPECTED])
def test_matches_lttng_2_13(scenario, build_dir, lttng_env):
    name, daemon, steps, tree = scenario
    runner = Runner(build_dir, lttng_env)
    sessiond = Sessiond(build_dir, runner.env)
    nobody_home = None
    if name.endswith("-as-user") and os.getuid() == 0:
        nobody_home = tempfile.mkdtemp(prefix="conform-nobody-")
        os.chmod(nobody_home, 0o777)
        as_nobody(runner, nobody_home)
        sessiond = NobodySessiond(runner)
    mismatches = []
    try:
        if daemon:
            assert sessiond.start().returncode == 0
        for command, rc, out, err in steps:
            got = runner.run(command)
            # Not comparable: known, LTTng's client died of a signal,
            # or LTTng had no manual page to show.
            if known_difference(name, command) or (
                    isinstance(rc, int) and rc < 0) or \
                    shows_missing_manual_page(err):
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
        if nobody_home:
            shutil.rmtree(nobody_home, ignore_errors=True)
    assert not mismatches, "\n".join(mismatches)
