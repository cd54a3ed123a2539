#!/usr/bin/python3
"""Runs the same lttng command scripts against the reference LTTng 2.13 (the
anchor, extracted at /var/cache/lttng-anchor) and against this build, each
as user nobody with a fresh LTTNG_HOME, and prints every difference in
stdout, stderr, exit status and trace tree after normalising temporary
paths, dates and pids.

    compare_with_anchor.py [--build DIR] [--show] [--pin FILE]
                           [SCENARIO-SUBSTRING...]

--pin FILE writes the anchor's results as a Python module (the expected
outputs of tests/integration/test_cli_conformance.py).

Scenarios are in conform_scenarios.py (a list of (name, start_daemon,
commands)); a command is a shell-like string run through shlex, or
"!hello ARGS": the documentation's hello world (built against each
implementation) run as ./hello ARGS, Enter pressed. After the commands,
the files under LTTNG_HOME and babeltrace2's text of every trace under
lttng-traces are compared too.
"""
import difflib
import os
import pathlib
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).parent))
sys.path.insert(0, str(pathlib.Path(__file__).parents[1] / "integration"))
from conform_normalise import normalise_output, trace_tree  # noqa: E402
from conform_scenarios import SCENARIOS  # noqa: E402

ANCHOR = pathlib.Path("/var/cache/lttng-anchor")
ROOT = pathlib.Path(__file__).resolve().parents[2]
ANCHOR_HELLO = "/tmp/conform-anchor-hello"


def build_anchor_hello():
    """The documentation's hello world against the anchor's liblttng-ust."""
    lib = ANCHOR / "usr/lib/x86_64-linux-gnu"
    src = ROOT / "tests/unit/ust/hello"
    subprocess.run(["gcc", "-O1", f"-I{src}", f"-I{ANCHOR}/usr/include",
                    f"-I{ANCHOR}/usr/include/x86_64-linux-gnu",
                    str(src / "hello.c"), str(src / "hello-tp.c"),
                    f"-L{lib}", f"-Wl,-rpath-link,{lib}", "-llttng-ust",
                    "-llttng-ust-common", "-ldl", "-o", ANCHOR_HELLO],
                   check=True)


class Impl:
    def __init__(self, name, build):
        self.name = name
        if name == "anchor":
            lib = ANCHOR / "usr/lib/x86_64-linux-gnu"
            self.bindir = str(ANCHOR / "usr/bin")
            self.sessiond = str(ANCHOR / "usr/bin/lttng-sessiond")
            self.hello = ANCHOR_HELLO
            self.app_env = {"LD_LIBRARY_PATH": str(lib)}
            self.extra_env = {
                "LD_LIBRARY_PATH": str(lib),
                "LTTNG_SESSION_CONFIG_XSD_PATH": str(
                    ANCHOR / "usr/share/xml/lttng"),
                "LTTNG_CONSUMERD64_BIN": str(
                    lib / "lttng/libexec/lttng-consumerd"),
            }
        else:
            self.bindir = str(build / "src/bin/lttng")
            self.sessiond = str(build /
                                "src/bin/lttng-sessiond/lttng-sessiond")
            self.extra_env = {}
            self.hello = str(build / "tests/unit/ust/ust-hello-c")
            self.app_env = {"LD_LIBRARY_PATH":
                            str(build / "src/lib/lttng-ust")}

    def env(self, home):
        env = {
            "PATH": f"{self.bindir}:{os.path.dirname(self.sessiond)}"
                    ":/usr/bin:/bin",
            "HOME": home, "LTTNG_HOME": home,
            "LTTNG_SESSIOND_PATH": self.sessiond,
        }
        env.update(self.extra_env)
        return env


def as_nobody(argv):
    return ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
            "env", "-i"] + argv


def normalise(text, impl, home):
    return normalise_output(text, home, impl.sessiond, impl.bindir)


def run_hello(impl, home, args):
    hello = os.path.join(home, "hello")
    if not os.path.exists(hello):
        shutil.copy(impl.hello, hello)
        os.chmod(hello, 0o755)
    env = dict(impl.env(home), **impl.app_env)
    envargs = [f"{k}={v}" for k, v in env.items()]
    proc = subprocess.run(as_nobody(envargs + ["./hello"] + args),
                          input=b"\n", capture_output=True, cwd=home,
                          timeout=30)
    return (normalise(proc.stdout.decode(errors="replace"), impl, home),
            normalise(proc.stderr.decode(errors="replace"), impl, home),
            proc.returncode)


BACKGROUND = {}


def start_hello(impl, home, args):
    """./hello ARGS left waiting for Enter (!hello-continue presses it)."""
    hello = os.path.join(home, "hello")
    if not os.path.exists(hello):
        shutil.copy(impl.hello, hello)
        os.chmod(hello, 0o755)
    env = dict(impl.env(home), **impl.app_env)
    envargs = [f"{k}={v}" for k, v in env.items()]
    proc = subprocess.Popen(as_nobody(envargs + ["./hello"] + args),
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            cwd=home)
    BACKGROUND[home] = proc
    time.sleep(1)  # its registration with the session daemon
    return ("", "", 0)


def continue_hello(home):
    proc = BACKGROUND.pop(home)
    out, _ = proc.communicate(b"\n", timeout=30)
    return (out.decode(), "", proc.returncode)


def run_command(impl, home, command):
    argv = shlex.split(command.replace("$W", home))
    if argv[0] == "!hello":
        return run_hello(impl, home, argv[1:])
    if argv[0] == "!hello&":
        return start_hello(impl, home, argv[1:])
    if argv[0] == "!hello-continue":
        return continue_hello(home)
    env = impl.env(home)
    envargs = [f"{k}={v}" for k, v in env.items()]
    if argv[0] == "lttng-sessiond":
        argv[0] = impl.sessiond
    try:
        proc = subprocess.run(as_nobody(envargs + argv), capture_output=True,
                              cwd=home, timeout=30)
        out, err, rc = proc.stdout, proc.stderr, proc.returncode
    except subprocess.TimeoutExpired as e:
        out, err, rc = e.stdout or b"", e.stderr or b"", "TIMEOUT"
    return (normalise(out.decode(errors="replace"), impl, home),
            normalise(err.decode(errors="replace"), impl, home), rc)


def kill_daemons(home):
    pidfile = pathlib.Path(home) / ".lttng/lttng-sessiond.pid"
    try:
        pid = int(pidfile.read_text())
    except (OSError, ValueError):
        return
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    for _ in range(200):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.02)
    os.kill(pid, signal.SIGKILL)


def run_scenario(impl, scenario):
    name, daemon, commands = scenario
    home = tempfile.mkdtemp(prefix=f"conform-{impl.name}-")
    os.chmod(home, 0o777)
    results = []
    try:
        if daemon:
            run_command(impl, home, "lttng-sessiond --daemonize")
        for command in commands:
            results.append(run_command(impl, home, command))
        tree = trace_tree(home)
    finally:
        kill_daemons(home)
        subprocess.run(["rm", "-rf", home])
    return results, tree


def main():
    args = sys.argv[1:]
    build = ROOT / "build"
    show = False
    pin = None
    pinned = []
    while args and args[0].startswith("--"):
        if args[0] == "--build":
            build = pathlib.Path(args[1]).resolve()
            args = args[2:]
        elif args[0] == "--pin":
            pin = args[1]
            args = args[2:]
        elif args[0] == "--show":
            show = True
            args = args[1:]
        else:
            sys.exit(__doc__)
    build_anchor_hello()
    anchor, ours = Impl("anchor", build), Impl("ours", build)
    differences = 0
    for scenario in SCENARIOS:
        if args and not any(a in scenario[0] for a in args):
            continue
        # LTTng's client sometimes dies of SIGPIPE when its daemon drops a
        # connection: try again for a clean run.
        for _ in range(3):
            theirs, their_tree = run_scenario(anchor, scenario)
            if not any(isinstance(t[2], int) and t[2] < 0 for t in theirs):
                break
        pinned.append((scenario[0], scenario[1],
                       [(c, t[2], t[0], t[1])
                        for c, t in zip(scenario[2], theirs)], their_tree))
        mine, my_tree = run_scenario(ours, scenario)
        for command, t, m in zip(scenario[2], theirs, mine):
            if t == m and not show:
                continue
            if t != m:
                differences += 1
            print(f"=== [{scenario[0]}] lttng {command}"
                  f"{'' if t != m else '  (same)'}")
            if t != m and (t[0].count("\n") > 3 or m[0].count("\n") > 3):
                print(f"  anchor rc={t[2]} err={t[1]!r}")
            else:
                print(f"  anchor rc={t[2]} out={t[0]!r}\n"
                      f"         err={t[1]!r}")
            if t != m and (t[0].count("\n") > 3 or m[0].count("\n") > 3):
                print(f"  ours   rc={m[2]} err={m[1]!r}, stdout diff:")
                sys.stdout.writelines(difflib.unified_diff(
                    t[0].splitlines(True), m[0].splitlines(True), n=1))
            elif t != m:
                print(f"  ours   rc={m[2]} out={m[0]!r}\n"
                      f"         err={m[1]!r}")
        if their_tree != my_tree:
            differences += 1
            print(f"=== [{scenario[0]}] trace tree differs\n--- anchor\n"
                  f"{their_tree}\n--- ours\n{my_tree}")
    print(f"{differences} differences")
    if pin:
        write_pinned(pin, pinned)


def write_pinned(path, pinned):
    with open(path, "w") as f:
        f.write('"""What LTTng 2.13 printed for each command of the scenarios '
                'of\ntests/tools/conform_scenarios.py (generated by '
                'tests/tools/compare_with_anchor.py\n--pin, do not edit): '
                '(name, start a daemon first, [(command, exit status,\n'
                'stdout, stderr)], files under LTTNG_HOME), normalised: '
                '$W is LTTNG_HOME,\nDATE a date-time stamp."""\n\n'
                "EXPECTED = [\n")
        for name, daemon, results, tree in pinned:
            f.write(f"    ({name!r}, {daemon!r}, [\n")
            for command, rc, out, err in results:
                f.write(f"        ({command!r}, {rc!r},\n"
                        f"         {out!r},\n         {err!r}),\n")
            f.write(f"    ], {tree!r}),\n")
        f.write("]\n")


if __name__ == "__main__":
    main()
