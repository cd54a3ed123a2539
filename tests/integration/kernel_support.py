"""Helpers of the kernel domain tests (test_kernel_*.py).

* tracefs_writable(): whether this machine lets us create tracefs
  instances (root, tracefs mounted read-write); tests skip otherwise.
* KernelSession: a root session daemon with a private LTTNG_RUNDIR /
  LTTNG_HOME and the kernel consumer of the build tree, plus the `lttng`
  CLI talking to it.
"""
import os
import pathlib
import subprocess

import pytest

from lttng_cli import Cli, Sessiond

TRACEFS = pathlib.Path("/sys/kernel/tracing")


def tracefs_writable():
    """Returns None when instances can be created, else the reason."""
    if os.getuid() != 0:
        return "kernel tracing needs root"
    probe = TRACEFS / "instances" / f"lttng-test-probe-{os.getpid()}"
    try:
        probe.mkdir()
    except OSError as exc:
        return f"tracefs instances cannot be created: {exc}"
    probe.rmdir()
    return None


def require_tracefs():
    reason = tracefs_writable()
    if reason:
        pytest.skip(reason)


class KernelSession:
    def __init__(self, build_dir, env, *sessiond_args):
        self.build_dir = build_dir
        self.env = env
        self.sessiond = Sessiond(build_dir, env)
        consumerd = build_dir / "src/bin/lttng-consumerd/lttng-consumerd"
        r = self.sessiond.start(f"--kconsumerd-path={consumerd}",
                                *sessiond_args)
        assert r.returncode == 0, r.stderr
        self.cli = Cli(build_dir, env)

    @classmethod
    def attach(cls, build_dir, env):
        """A KernelSession for a daemon the caller started itself."""
        session = cls.__new__(cls)
        session.build_dir = build_dir
        session.env = env
        session.sessiond = Sessiond(build_dir, env)
        session.cli = Cli(build_dir, env)
        return session

    def run(self, *args):
        return self.cli.run(*args)

    def ok(self, *args):
        r = self.cli.run(*args)
        assert r.rc == 0, r
        return r

    def stop(self):
        self.sessiond.stop()


def our_instances():
    """The tracefs instances our daemons own right now."""
    return sorted(p.name for p in (TRACEFS / "instances").iterdir()
                  if p.name.startswith("lttng-") and
                  not p.name.startswith("lttng-test-probe"))


def run_workload(tool, *args):
    """Runs tests/tools/kernel/ksyscalls; returns (pid, stdout lines)."""
    proc = subprocess.run([str(tool("tests/tools/kernel/ksyscalls")), *args],
                          capture_output=True, text=True, timeout=30,
                          check=True)
    return proc.stdout.splitlines()


def kernel_consumer_pid(sessiond_pid):
    """The kernel consumer the session daemon started (its child)."""
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                args = f.read().split(b"\0")
        except (OSError, ValueError, IndexError):
            continue
        if ppid == sessiond_pid and b"--kernel" in args:
            return int(entry)
    raise AssertionError("no kernel consumer running")
