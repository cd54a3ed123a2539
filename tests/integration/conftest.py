"""Fixtures shared by every integration test.

* build_dir / tool(name): the meson build tree and the programs in it.
* lttng_env: a private LTTNG_HOME and LTTNG_RUNDIR (a temporary directory),
  as an environment dict for subprocesses, so tests never share daemons.
* ks: a root session daemon driving the kernel domain (kernel_support.py);
  the test is skipped where tracefs instances cannot be created.
* trace reading: see trace_reader.py (babeltrace2 is the oracle).
"""
import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def build_dir():
    path = pathlib.Path(os.environ.get("LTTNG_BUILD_DIR", ROOT / "build"))
    if not (path / "build.ninja").exists():
        pytest.fail(f"no meson build in {path}: run `make` first")
    return path


@pytest.fixture(scope="session")
def tool(build_dir):
    """Returns the path of a program built under build_dir (e.g. tests/tools/x)."""

    def find(relative):
        path = build_dir / relative
        if not path.exists():
            pytest.fail(f"{path} was not built")
        return path

    return find


@pytest.fixture
def lttng_env(tmp_path):
    """A private LTTNG_HOME/LTTNG_RUNDIR; returns the environment to use."""
    home = tmp_path / "home"
    rundir = tmp_path / "run"
    home.mkdir()
    rundir.mkdir()
    env = dict(os.environ)
    env.update(HOME=str(home), LTTNG_HOME=str(home), LTTNG_RUNDIR=str(rundir))
    return env


@pytest.fixture
def ks(build_dir, lttng_env):
    """A kernel session daemon and its CLI (kernel_support.KernelSession)."""
    from kernel_support import KernelSession, require_tracefs

    require_tracefs()
    session = KernelSession(build_dir, lttng_env)
    yield session
    session.stop()
