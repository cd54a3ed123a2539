"""What lttng-crash does with a SHMDIR it cannot use (issue 17, item 9),
and with links another user planted in it.

Entries that are neither regular files, directories nor symbolic links
(FIFOs, sockets) make it exit 1 without a word, as LTTng 2.13; an
unreadable subdirectory is reported with LTTng's PERROR line, the walk
goes on and the exit status is 1; unreadable regular files are skipped
(exit 0). In every case but an unreadable SHMDIR itself, LTTng runs the
viewer all the same, and so do we. Measured with the anchor's
lttng-crash run as nobody.

Run by root, lttng-crash follows a symbolic link met in the SHMDIR
argument only when root owns it, and never one inside the tree: a user
who plants a link towards root's buffers gets nothing extracted (the
links are refused with "Permission denied", as the kernel refuses
foreign links in sticky directories).
"""
import os
import pathlib
import re
import shutil
import socket
import subprocess
import tempfile

import pytest

from test_shm_crash import create_with_shm, kill_everything, tracing  # noqa
from trace_reader import read_trace
from ust_tracing import values_of

NOBODY = 65534
PERROR = (r"PERROR - [\d:.]+ \[\d+/\d+\]: Cannot open '{}' path: {} "
          r"\(in extract_trace_recursive\(\) at lttng-crash.c:983\)\n")


@pytest.fixture
def base():
    """A directory every user may reach, removed afterwards."""
    d = pathlib.Path(tempfile.mkdtemp(prefix="lttng-crash-input-"))
    os.chmod(d, 0o755)
    yield d
    shutil.rmtree(d, ignore_errors=True)


@pytest.fixture
def crash(build_dir):
    """Runs our lttng-crash, as nobody when as_nobody (and root)."""
    path = str(build_dir / "src/bin/lttng-crash/lttng-crash")

    def run(*args, as_nobody=False):
        prefix = []
        if as_nobody and os.getuid() == 0:
            prefix = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}",
                      "--clear-groups"]
        return subprocess.run([*prefix, path, *map(str, args)],
                              capture_output=True, text=True, timeout=60,
                              env=dict(os.environ,
                                       LTTNG_MAN_BIN_PATH="/bin/false"))

    return run


def user_tree(base, name):
    """A directory of nobody's (the tests' own when not root)."""
    d = base / name
    d.mkdir()
    if os.getuid() == 0:
        os.chown(d, NOBODY, NOBODY)
    return d


def make_fifo(d):
    os.mkfifo(d / "fifo")


def make_socket(d):
    s = socket.socket(socket.AF_UNIX)
    s.bind(str(d / "sock"))
    s.close()


@pytest.mark.parametrize("make", [make_fifo, make_socket])
def test_non_regular_files_fail_the_extraction_silently(crash, base, make):
    d = user_tree(base, "in")
    make(d)
    r = crash("-x", user_tree(base, "outs") / "out", d, as_nobody=True)
    assert (r.returncode, r.stdout, r.stderr) == (1, "", "")
    r = crash("-e", "/bin/echo viewing", d, as_nobody=True)
    assert (r.returncode, r.stderr) == (1, "")
    assert r.stdout.startswith("viewing /tmp/lttng-crash-")


def test_unreadable_entries(crash, base):
    d = user_tree(base, "in")
    sub = d / "sub"
    sub.mkdir(mode=0)
    secret = d / "unreadable"
    secret.write_text("not a buffer")
    os.chmod(secret, 0)
    if os.getuid() == 0:
        os.chown(sub, NOBODY, NOBODY)
        os.chown(secret, NOBODY, NOBODY)
    outs = user_tree(base, "outs")
    r = crash("-x", outs / "out", d, as_nobody=True)
    assert r.returncode == 1
    assert re.fullmatch(PERROR.format(re.escape(str(sub)),
                                      "Permission denied"), r.stderr), r
    r = crash("-e", "/bin/echo viewing", d, as_nobody=True)
    assert r.returncode == 1
    assert r.stdout.startswith("viewing /tmp/lttng-crash-")
    # An unreadable regular file alone is skipped.
    os.rmdir(sub)
    r = crash("-x", outs / "out2", d, as_nobody=True)
    assert (r.returncode, r.stderr) == (0, "")


@pytest.mark.skipif(os.getuid() != 0, reason="needs root and a second user")
def test_root_follows_no_link_planted_by_another_user(tracing, crash,  # noqa
                                                      base):
    shm, session_shm = create_with_shm(tracing, "s")
    tracing.lttng("enable-event", "--userspace", "testapp:*")
    tracing.lttng("start")
    app = tracing.app()
    app.emit(30)
    kill_everything(tracing, app)
    rel = os.path.relpath(session_shm, shm)
    # nobody plants links towards root's buffers, in its own directory.
    user = user_tree(base, "user")
    nobody = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}",
              "--clear-groups"]
    subprocess.run([*nobody, "ln", "-s", str(shm), str(user / "link")],
                   check=True)
    inner = user / "tree"
    subprocess.run([*nobody, "mkdir", str(inner)], check=True)
    subprocess.run([*nobody, "ln", "-s", str(pathlib.Path(session_shm)),
                    str(inner / "session")], check=True)

    for n, target in enumerate([user / "link", user / "link" / rel]):
        out = base / f"out{n}"
        r = crash("-x", out, target)
        assert r.returncode == 1, r
        assert re.fullmatch(PERROR.format(re.escape(str(target)),
                                          "Permission denied"), r.stderr), r
        assert os.listdir(out) == []
    r = crash("-x", base / "out-inner", inner)
    assert (r.returncode, r.stderr) == (0, ""), r
    assert os.listdir(base / "out-inner") == []

    # Root's own link is followed: the same trace, extracted.
    os.symlink(shm, base / "rootlink")
    r = crash("-x", base / "out-root", base / "rootlink")
    assert (r.returncode, r.stderr) == (0, ""), r
    trace_dir = base / "out-root" / rel / "ust" / "uid" / "0" / "64-bit"
    assert values_of(read_trace(trace_dir)) == list(range(30))
