"""Helpers for the control plane tests (test_cli_*.py).

* Cli(build_dir, env).run(*args) runs the real `lttng` with a private
  LTTNG_HOME/LTTNG_RUNDIR and returns (stdout, stderr, returncode).
* Sessiond(build_dir, env) starts `lttng-sessiond --daemonize` and stops it
  with SIGTERM, waiting for it to exit (every test gets its own daemon).
* normalize() replaces the YYYYMMDD-HHMMSS stamps of session names and
  output directories with DATE so expected texts can be written literally.
"""
import os
import re
import signal
import subprocess
import time

DATE_RE = re.compile(r"\d{8}-\d{6}")


def normalize(text):
    return DATE_RE.sub("DATE", text)


class Result:
    def __init__(self, proc):
        self.out = normalize(proc.stdout)
        self.err = normalize(proc.stderr)
        self.rc = proc.returncode

    def __repr__(self):
        return f"Result(rc={self.rc}, out={self.out!r}, err={self.err!r})"


class Cli:
    def __init__(self, build_dir, env):
        self.lttng = str(build_dir / "src/bin/lttng/lttng")
        self.env = dict(env)
        self.env["LTTNG_SESSIOND_PATH"] = str(
            build_dir / "src/bin/lttng-sessiond/lttng-sessiond")
        self.home = env["LTTNG_HOME"]

    def run(self, *args, cwd=None, env=None):
        proc = subprocess.run([self.lttng, *args], capture_output=True,
                              text=True, env=env or self.env,
                              cwd=cwd or self.home, timeout=60)
        return Result(proc)


class Sessiond:
    def __init__(self, build_dir, env):
        self.path = str(build_dir / "src/bin/lttng-sessiond/lttng-sessiond")
        self.env = env
        self.rundir = env["LTTNG_RUNDIR"] if os.getuid() == 0 else \
            os.path.join(env["LTTNG_HOME"], ".lttng")
        self.pid_file = os.path.join(self.rundir, "lttng-sessiond.pid")
        self.client_sock = os.path.join(self.rundir,
                                        "client-lttng-sessiond")

    def start(self, *extra, cwd=None):
        return subprocess.run([self.path, "--daemonize", *extra],
                              capture_output=True, text=True, env=self.env,
                              timeout=30, cwd=cwd)

    def pid(self):
        try:
            with open(self.pid_file) as f:
                return int(f.read())
        except (OSError, ValueError):
            return None

    @staticmethod
    def alive(pid):
        """Whether pid runs (a zombie waiting for init to reap it has
        exited: some containers' init reaps late)."""
        try:
            with open(f"/proc/{pid}/stat") as f:
                return f.read().rsplit(")", 1)[1].split()[0] != "Z"
        except OSError:
            return False

    def waits_on_a_consumer(self):
        """Whether the daemon's main thread sits in the poll() of a wait
        for a consumer daemon's answer (the only poll with a 30 000 ms
        timeout)."""
        pid = self.pid()
        try:
            with open(f"/proc/{pid}/task/{pid}/syscall") as f:
                fields = f.read().split()
        except (OSError, TypeError):
            return False
        poll_nr, ppoll_nr = "7", "271"  # x86_64
        return fields[0] in (poll_nr, ppoll_nr) and fields[3] == hex(30000)

    def stop(self, timeout=10.0):
        """SIGTERM the daemon and wait until its process is gone."""
        pid = self.pid()
        if pid is None:
            return
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            return
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not self.alive(pid):
                return
            time.sleep(0.02)
        os.kill(pid, signal.SIGKILL)
        raise AssertionError(f"lttng-sessiond {pid} ignored SIGTERM")
