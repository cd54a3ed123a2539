"""The same instrumented program built and traced by LTTng-UST 2.13 and by us.

* anchor_root(): the private extraction of the real LTTng 2.13 made by
  ../shared/bench/anchor-install (LTTNG_ANCHOR_ROOT, else the script's
  default directories), or None: the tests that compare with it live
  then skip that part and check the pinned expectation only.
* implementation("ours" or "lttng", build_dir, tmp) is one of
  Ours(build_dir, tmp) and Anchor(root, tmp): build(sources, out) compiles
  a C program against that implementation's headers and links it with
  its liblttng-ust; record(argv, enable=..., contexts=...) starts that
  implementation's own per-user session daemon (private LTTNG_HOME),
  creates a session, enables the events, adds the contexts, starts,
  runs the program to its end, stops, destroys and returns the trace
  read with babeltrace2 (trace_reader.read_trace). spawn(argv) starts a
  program without waiting; lttng_output(args) returns what `lttng`
  prints.
* LTTng runs as the user nobody when the tests run as root (as
  ../shared/bench/run does), so its daemon is a per-user one and never
  touches /var/run/lttng.
"""
import os
import pathlib
import shutil
import subprocess
import tempfile
import time

import pytest

from trace_reader import read_trace

ROOT = pathlib.Path(__file__).resolve().parents[2]
TRIPLET = "x86_64-linux-gnu"
NOBODY = 65534


def anchor_root():
    candidates = []
    if os.environ.get("LTTNG_ANCHOR_ROOT"):
        candidates.append(os.environ["LTTNG_ANCHOR_ROOT"])
    candidates += ["/var/cache/lttng-anchor",
                   os.path.expanduser("~/.cache/lttng-anchor")]
    for c in candidates:
        root = pathlib.Path(c)
        if (root / "usr/bin/lttng").exists() and \
                (root / "usr/include" / TRIPLET / "lttng/tracepoint.h").exists():
            return root
    return None


ANCHOR_ABSENT = ("the real LTTng-UST 2.13 is not extracted (run "
                 "/work/shared/bench/anchor-install or set LTTNG_ANCHOR_ROOT): "
                 "only the pinned expectation is checked")


def implementation(name, build_dir, tmp):
    """Ours(build_dir, tmp) for "ours", Anchor for "lttng": the calling
    test skips when LTTng is not extracted."""
    if name == "ours":
        return Ours(build_dir, tmp)
    root = anchor_root()
    if root is None:
        pytest.skip(ANCHOR_ABSENT)
    return Anchor(root, tmp)


def _wait_for(predicate, what, timeout=60.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


class _Impl:
    name = "?"

    def __init__(self, tmp):
        self.work = pathlib.Path(tmp) / self.name
        self.work.mkdir(parents=True, exist_ok=True)
        self._init_home()

    def close(self):
        pass

    def _init_home(self):
        os.chmod(self.work, 0o777)
        self.home = self.work / "home"
        self.home.mkdir(exist_ok=True)
        os.chmod(self.home, 0o777)

    def build(self, sources, out, extra=(), libs=("-llttng-ust",)):
        """Compiles sources (paths) into self.work/out; returns its path."""
        exe = self.work / out
        cmd = ["gcc", "-O1", "-Wall", *self.cflags, *extra,
               *[str(s) for s in sources], "-o", str(exe),
               *self.ldflags, "-Wl,--no-as-needed", *libs, "-ldl", "-lpthread"]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        assert proc.returncode == 0, f"{self.name}: {' '.join(cmd)}\n{proc.stderr}"
        os.chmod(exe, 0o755)
        return exe

    def shared(self, sources, out, extra=()):
        """Builds a shared object (a provider to dlopen or preload)."""
        return self.build(sources, out, ("-shared", "-fPIC", *extra))


class Ours(_Impl):
    name = "ours"

    def __init__(self, build_dir, tmp):
        super().__init__(tmp)
        self.build_dir = pathlib.Path(build_dir)
        self.lib = self.build_dir / "src/lib/lttng-ust"
        self.cflags = [f"-I{ROOT / 'include'}", f"-I{self.build_dir / 'include'}"]
        self.ldflags = [f"-L{self.lib}", f"-Wl,-rpath-link,{self.lib}"]
        self.rundir = self.work / "run"
        self.rundir.mkdir(exist_ok=True)
        self.env = dict(os.environ, HOME=str(self.home), LTTNG_HOME=str(self.home),
                        LTTNG_RUNDIR=str(self.rundir),
                        LD_LIBRARY_PATH=str(self.lib),
                        LTTNG_UST_REGISTER_TIMEOUT="-1")
        self.env.pop("LD_PRELOAD", None)
        self.bin = self.build_dir / "src/bin"
        self.env["LTTNG_SESSIOND_PATH"] = str(self.bin / "lttng-sessiond/lttng-sessiond")

    def helper_lib(self, name):
        """A helper library of ours (e.g. lttng-ust-libc-wrapper)."""
        found = list((self.build_dir / "src/lib").glob(f"{name}/lib{name}.so"))
        assert found, f"lib{name}.so not built"
        return found[0]

    def lttng(self, *args):
        proc = subprocess.run([str(self.bin / "lttng/lttng"), *args], env=self.env,
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, f"ours: lttng {' '.join(args)}: {proc.stderr}"

    def start_daemon(self):
        proc = subprocess.run([self.env["LTTNG_SESSIOND_PATH"], "--daemonize"],
                              env=self.env, capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr

    def stop_daemon(self):
        pidfile = (self.rundir if os.getuid() == 0 else self.home / ".lttng") / \
            "lttng-sessiond.pid"
        _kill_pidfile(pidfile, self.home)

    def run(self, argv, env=None, cwd=None):
        return subprocess.run([str(a) for a in argv], env={**self.env, **(env or {})},
                              cwd=cwd or self.work, capture_output=True, text=True,
                              timeout=120)

    def spawn(self, argv, env=None):
        """Starts argv without waiting (stdout and stderr piped)."""
        return subprocess.Popen([str(a) for a in argv], env={**self.env, **(env or {})},
                                cwd=self.work, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)

    def lttng_output(self, *args):
        """`lttng ARGS`'s standard output (it must succeed)."""
        proc = subprocess.run([str(self.bin / "lttng/lttng"), *args], env=self.env,
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, f"ours: lttng {' '.join(args)}: {proc.stderr}"
        return proc.stdout


class Anchor(_Impl):
    name = "anchor"

    def __init__(self, root, tmp):
        # pytest's temporary directories are private to their owner: LTTng
        # runs as nobody in a directory of its own (removed by close()).
        self.work = pathlib.Path(tempfile.mkdtemp(prefix="lttng-compat-"))
        os.chmod(self.work, 0o755)
        self._init_home()
        self.root = pathlib.Path(root)
        self.lib = self.root / "usr/lib" / TRIPLET
        self.cflags = [f"-I{self.root / 'usr/include' / TRIPLET}",
                       f"-I{self.root / 'usr/include'}"]
        self.ldflags = [f"-L{self.lib}", f"-Wl,-rpath-link,{self.lib}"]
        self.env = {"PATH": "/usr/bin:/bin", "HOME": str(self.home),
                    "LTTNG_HOME": str(self.home), "LD_LIBRARY_PATH": str(self.lib),
                    "LTTNG_UST_REGISTER_TIMEOUT": "-1",
                    "LTTNG_SESSION_CONFIG_XSD_PATH": str(self.root / "usr/share/xml/lttng")}

    def build(self, sources, out, extra=(), libs=("-llttng-ust",)):
        return super().build(sources, out, extra, (*libs, "-llttng-ust-common"))

    def close(self):
        shutil.rmtree(self.work, ignore_errors=True)

    def helper_lib(self, name):
        found = sorted(self.lib.glob(f"lib{name}.so*"))
        assert found, f"LTTng's lib{name}.so not extracted"
        return found[0]

    def _as_user(self, argv, env=None):
        prefix = []
        if os.getuid() == 0:
            prefix = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}",
                      "--clear-groups"]
        return prefix + ["env", "-i", *[f"{k}={v}" for k, v in
                                        {**self.env, **(env or {})}.items()],
                         *[str(a) for a in argv]]

    def lttng(self, *args):
        proc = subprocess.run(self._as_user([self.root / "usr/bin/lttng", *args]),
                              cwd=self.work, capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, f"LTTng: lttng {' '.join(args)}: {proc.stderr}"

    def start_daemon(self):
        proc = subprocess.run(self._as_user(
            [self.root / "usr/bin/lttng-sessiond", "--daemonize",
             f"--consumerd64-path={self.lib}/lttng/libexec/lttng-consumerd"]),
            cwd=self.work, capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr

    def stop_daemon(self):
        _kill_pidfile(self.home / ".lttng/lttng-sessiond.pid", self.home)

    def run(self, argv, env=None, cwd=None):
        return subprocess.run(self._as_user(argv, env), cwd=cwd or self.work,
                              capture_output=True, text=True, timeout=120)

    def spawn(self, argv, env=None):
        return subprocess.Popen(self._as_user(argv, env), cwd=self.work,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True)

    def lttng_output(self, *args):
        proc = subprocess.run(self._as_user([self.root / "usr/bin/lttng", *args]),
                              cwd=self.work, capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, f"LTTng: lttng {' '.join(args)}: {proc.stderr}"
        return proc.stdout


def _daemons_of(home):
    """The pids of the processes whose LTTNG_HOME is home (the session
    daemon and the consumer daemons it spawned)."""
    tag = f"LTTNG_HOME={home}".encode()
    found = []
    for p in pathlib.Path("/proc").iterdir():
        if not p.name.isdigit() or int(p.name) == os.getpid():
            continue
        try:
            comm = (p / "comm").read_text().strip()
            environ = (p / "environ").read_bytes().split(b"\0")
        except OSError:
            continue
        if comm.startswith("lttng-") and tag in environ:
            found.append(int(p.name))
    return found


def _kill_pidfile(pidfile, home):
    """Stops the session daemon of pidfile, then waits until it and its
    consumer daemons (LTTNG_HOME=home) have exited: the trace is whole."""
    try:
        os.kill(int(pidfile.read_text()), 15)
    except (OSError, ValueError):
        pass
    _wait_for(lambda: not _daemons_of(home), f"the daemons of {home} to exit")


def record(impl, argv, enable=("-a",), contexts=(), env=None, filter_expr=None,
           session="compat", rules=None):
    """Traces one run of argv with impl; returns (trace, completed process).
    rules ({event: filter expression}) replaces enable and filter_expr
    with one filtered rule per event."""
    out = impl.work / f"trace-{session}"
    impl.start_daemon()
    try:
        impl.lttng("create", session, f"--output={out}")
        for event, expr in (rules or {}).items():
            impl.lttng("enable-event", "-u", event, "--filter", expr)
        if not rules:
            args = ["enable-event", "-u", *enable]
            if filter_expr:
                args += ["--filter", filter_expr]
            impl.lttng(*args)
        for ctx in contexts:
            impl.lttng("add-context", "-u", "-t", ctx)
        impl.lttng("start")
        proc = impl.run(argv, env)
        assert proc.returncode == 0, f"{impl.name}: {argv}: {proc.stderr}"
        impl.lttng("stop")
        impl.lttng("destroy", session)
    finally:
        impl.stop_daemon()
    metadata = list(out.rglob("metadata"))
    assert len(metadata) == 1, f"{impl.name}: one trace expected under {out}: {metadata}"
    return read_trace(metadata[0].parent), proc


def events(trace, prefix=""):
    """(name, payload) of every event whose name starts with prefix."""
    return [(r.name, r.fields) for r in trace if r.name.startswith(prefix)]
