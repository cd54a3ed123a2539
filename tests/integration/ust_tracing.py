"""Helpers for the user space tracing tests (test_ust_*.py).

* Tracing(build_dir, env, tmp_path): one private session daemon (which
  spawns its own lttng-consumerd), the real `lttng`, and apps:
  tracing.app() starts tests/tools/ust-apps/ust-test-app (under a wrapper
  command such as valgrind if asked), driven on stdin
  (App.emit(n), App.kill(), App.quit()); tracing.hello() starts the
  documentation's hello world under the name ./hello.
* Traces are read with babeltrace2 (trace_reader.read_trace).
"""
import os
import pathlib
import shutil
import subprocess

from lttng_cli import Cli, Sessiond

TEST_APP = "tests/tools/ust-apps/ust-test-app"
HELLO = "tests/unit/ust/ust-hello-c"


class App:
    """An instance of ust-test-app (registered once "ready" is read)."""

    def __init__(self, path, env, cwd, wrapper=()):
        self.proc = subprocess.Popen([*wrapper, str(path)],
                                     stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True,
                                     env=env, cwd=cwd)
        assert self.proc.stdout.readline() == "ready\n"
        self.pid = self.proc.pid

    def command(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        assert self.proc.stdout.readline() == "ok\n"

    def emit(self, count):
        self.command(f"emit {count}")

    def kill(self):
        self.proc.stdin.write("kill\n")
        self.proc.stdin.flush()
        assert self.proc.wait(timeout=10) == -9

    def quit(self):
        if self.proc.poll() is None:
            self.proc.stdin.write("quit\n")
            self.proc.stdin.flush()
            self.proc.wait(timeout=10)


class Tracing:
    def __init__(self, build_dir, env, tmp_path):
        self.build_dir = pathlib.Path(build_dir)
        self.env = dict(env)
        self.env["LD_LIBRARY_PATH"] = str(self.build_dir / "src/lib/lttng-ust")
        self.home = pathlib.Path(env["LTTNG_HOME"])
        self.tmp = pathlib.Path(tmp_path)
        self.cli = Cli(self.build_dir, self.env)
        self.sessiond = Sessiond(self.build_dir, self.env)
        self.apps = []

    def start_daemon(self):
        proc = self.sessiond.start()
        assert proc.returncode == 0, proc.stderr

    def lttng(self, *args, check=True):
        result = self.cli.run(*args)
        if check:
            assert result.rc == 0, result
        return result

    def record_testapp(self, session="s"):
        """create SESSION; enable-event -u testapp:*; start."""
        self.lttng("create", session)
        self.lttng("enable-event", "--userspace", "testapp:*")
        self.lttng("start")

    def app(self, wrapper=()):
        """The test app, run under `wrapper` (e.g. valgrind) if given."""
        app = App(self.build_dir / TEST_APP, self.env, self.tmp, wrapper)
        self.apps.append(app)
        return app

    def hello_path(self):
        """The hello world as ./hello in the temporary directory."""
        dest = self.tmp / "hello"
        if not dest.exists():
            shutil.copy(self.build_dir / HELLO, dest)
        return dest

    def traces(self):
        return self.home / "lttng-traces"

    def session_dir(self, name):
        found = [p for p in self.traces().iterdir()
                 if p.name.startswith(name + "-")]
        assert len(found) == 1, found
        return found[0]

    def close(self):
        for app in self.apps:
            if app.proc.poll() is None:
                app.proc.kill()
                app.proc.wait()
        self.sessiond.stop()


def values_of(trace, name="testapp:values"):
    return [r.fields["seq"] for r in trace if r.name == name]


def uid_dir(session_dir):
    return session_dir / "ust" / "uid" / str(os.getuid()) / "64-bit"
