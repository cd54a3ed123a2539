"""The root daemons act for a tracing-group member with the member's
credentials (DESIGN.md, "Acting for a user"; issue 17, items 1 and 2).

A real second user in a real `tracing` group (test_session_access.py's
`member` fixture) creates sessions on a root session daemon with its own
LTTNG_RUNDIR. The member owns its output directory, so it can plant a
symbolic link at any place where the consumer will create a file or a
directory. Each test plants one such link towards a root-only victim
(every position the daemons create, one per run, so that an early
refusal cannot hide a later position), traces root's app (per-UID
buffers: ust/uid/0/64-bit) and checks that the victim is unchanged: same
content, owner, mode, and nothing created in a victim directory. LTTng
leaves it unchanged too (its consumer opens as the user, run-as).

Then: a member's trace without links is the member's (every file and
directory) and complete (babeltrace2); --output into a directory the
member may not write fails `start` with LTTng's "Create directory
failed" (exit 17) and creates nothing; --shm-path there creates nothing
either, and root's app keeps running.
"""
import os
import pathlib
import shutil
import stat
import subprocess
import tempfile

import pytest

from kernel_support import tracefs_writable
from lttng_cli import Sessiond
from test_session_access import GROUP, member  # noqa: F401 (fixture)
from trace_reader import read_trace
from ust_tracing import TEST_APP, App

PRECIOUS = b"root's precious bytes\n"

# Where the root consumer creates a file for root's app (per-UID) in a
# member's session, relative to the output directory.
UST_DIR = "ust/uid/0/64-bit"
UST_FILES = [f"{UST_DIR}/metadata", f"{UST_DIR}/channel0_0",
             f"{UST_DIR}/index/channel0_0.idx"]
# Directories it creates (a link there sends the whole tree elsewhere).
UST_DIRS = ["ust", "ust/uid/0", UST_DIR, f"{UST_DIR}/index"]
KERNEL_FILES = ["kernel/metadata", "kernel/channel0_0",
                "kernel/index/channel0_0.idx"]
KERNEL_DIRS = ["kernel", "kernel/index"]


class RootDaemon:
    """A root session daemon serving GROUP (with a kernel consumer), the
    member's `lttng`, and root's test apps."""

    def __init__(self, build_dir, env, user):
        self.base = pathlib.Path(tempfile.mkdtemp(prefix="lttng-paths-"))
        os.chmod(self.base, 0o755)
        self.rundir = self.base / "run"
        self.rundir.mkdir(mode=0o755)
        self.root_home = self.base / "root"
        self.root_home.mkdir()
        self.member_home = self.base / "member"
        self.member_home.mkdir()
        os.chown(self.member_home, user.pw_uid, user.pw_gid)
        self.user = user
        self.build_dir = build_dir
        self.lttng = str(build_dir / "src/bin/lttng/lttng")
        self.env = dict(env, HOME=str(self.root_home),
                        LTTNG_HOME=str(self.root_home),
                        LTTNG_RUNDIR=str(self.rundir))
        self.sessiond = Sessiond(build_dir, self.env)
        consumerd = build_dir / "src/bin/lttng-consumerd/lttng-consumerd"
        r = self.sessiond.start(f"--group={GROUP}",
                                f"--kconsumerd-path={consumerd}")
        assert r.returncode == 0, r.stderr
        self.apps = []

    def member(self, *args):
        home = str(self.member_home)
        return subprocess.run(
            ["setpriv", f"--reuid={self.user.pw_uid}",
             f"--regid={self.user.pw_gid}", "--init-groups",
             "env", "-i", "PATH=/usr/bin:/bin", f"HOME={home}",
             f"LTTNG_HOME={home}", f"LTTNG_RUNDIR={self.rundir}",
             f"LD_LIBRARY_PATH={self.build_dir}/src/lib/lttng-ctl",
             self.lttng, "-g", GROUP, *args],
            capture_output=True, text=True, timeout=60, cwd=home)

    def member_ok(self, *args):
        r = self.member(*args)
        assert r.returncode == 0, r
        return r

    def as_member(self, *argv):
        """Runs argv as the member (for planting links)."""
        subprocess.run(["setpriv", f"--reuid={self.user.pw_uid}",
                        f"--regid={self.user.pw_gid}", "--init-groups",
                        *argv], check=True)

    def root_app(self):
        """ust-test-app as root, registered with this daemon."""
        env = dict(self.env, LD_LIBRARY_PATH=str(
            self.build_dir / "src/lib/lttng-ust"))
        app = App(self.build_dir / TEST_APP, env, self.root_home)
        self.apps.append(app)
        return app

    def alive(self):
        pid = self.sessiond.pid()
        return pid is not None and Sessiond.alive(pid)

    def close(self):
        for app in self.apps:
            if app.proc.poll() is None:
                app.proc.kill()
                app.proc.wait()
        self.sessiond.stop()
        shutil.rmtree(self.base, ignore_errors=True)


@pytest.fixture
def daemon(build_dir, lttng_env, member):  # noqa: F811
    d = RootDaemon(build_dir, lttng_env, member)
    yield d
    d.close()


def make_victims(base):
    """A root-only file and a root-only directory; their states."""
    victims = base / "victims"
    victims.mkdir(mode=0o755)
    vfile = victims / "file"
    vfile.write_bytes(PRECIOUS)
    os.chmod(vfile, 0o600)
    vdir = victims / "dir"
    vdir.mkdir(mode=0o700)
    return vfile, vdir


def state(path):
    st = os.lstat(path)
    content = (path.read_bytes() if stat.S_ISREG(st.st_mode)
               else sorted(os.listdir(path)))
    return (st.st_uid, st.st_gid, stat.S_IMODE(st.st_mode), content)


def plant(daemon, out, position, target):
    """As the member: out/position -> target, parents created."""
    link = out / position
    daemon.as_member("mkdir", "-p", str(out), str(link.parent))
    daemon.as_member("ln", "-s", str(target), str(link))


def trace_with_root_app(daemon, out, domain_args):
    """The member's session into out, root's app emitting 20 events."""
    daemon.member_ok("create", "s", f"--output={out}")
    for args in domain_args:
        daemon.member_ok("enable-event", *args)
    daemon.member("start")  # may fail: the consumer cannot open a file
    app = daemon.root_app()
    app.emit(20)
    daemon.member("stop")
    daemon.member("destroy", "s")
    app.quit()


@pytest.mark.parametrize("position", UST_FILES + UST_DIRS)
def test_link_in_ust_output_never_reaches_root_file(daemon, position):
    vfile, vdir = make_victims(daemon.base)
    target = vfile if position in UST_FILES else vdir
    before = state(target)
    out = daemon.member_home / "T"
    plant(daemon, out, position, target)
    trace_with_root_app(daemon, out, [("-u", "-a")])
    assert daemon.alive()
    assert state(target) == before
    assert state(vdir)[3] == []


@pytest.mark.parametrize("position", KERNEL_FILES + KERNEL_DIRS)
def test_link_in_kernel_output_never_reaches_root_file(daemon, position):
    reason = tracefs_writable()
    if reason:
        pytest.skip(reason)
    vfile, vdir = make_victims(daemon.base)
    target = vfile if position in KERNEL_FILES else vdir
    before = state(target)
    out = daemon.member_home / "T"
    plant(daemon, out, position, target)
    trace_with_root_app(daemon, out,
                        [("-k", "sched_switch", "--channel=channel0")])
    assert daemon.alive()
    assert state(target) == before
    assert state(vdir)[3] == []


def test_members_trace_is_the_members_and_complete(daemon):
    out = daemon.member_home / "T"
    daemon.member_ok("create", "s", f"--output={out}")
    daemon.member_ok("enable-event", "-u", "testapp:*")
    daemon.member_ok("start")
    app = daemon.root_app()
    app.emit(100)
    daemon.member_ok("stop")
    trace = read_trace(out / UST_DIR)
    assert len([r for r in trace if r.name == "testapp:values"]) == 100
    assert trace.discarded_events == 0
    daemon.member_ok("destroy", "s")
    app.quit()
    paths = [out, *out.rglob("*")]
    assert len(paths) > 5
    foreign = [(str(p), p.lstat().st_uid, p.lstat().st_gid) for p in paths
               if (p.lstat().st_uid, p.lstat().st_gid) !=
               (daemon.user.pw_uid, daemon.user.pw_gid)]
    assert not foreign
    dirs = {stat.S_IMODE(p.lstat().st_mode) for p in paths if p.is_dir()}
    assert dirs == {0o770}


def test_output_where_member_may_not_write_fails_start(daemon):
    """LTTng 2.13: `start` says "Error: Create directory failed" and
    exits 17 (LTTNG_ERR_CREATE_DIR_FAIL); nothing is created."""
    closed = daemon.base / "closed"
    closed.mkdir(mode=0o755)  # root's, searchable, not writable
    daemon.member_ok("create", "p", f"--output={closed}/x/sub")
    daemon.member_ok("enable-event", "-u", "-a")
    r = daemon.member("start", "p")
    assert (r.returncode, r.stderr) == (
        17, "Error: Create directory failed\n"), r
    app = daemon.root_app()
    app.emit(5)
    assert daemon.member("start", "p").returncode == 17
    app.quit()
    assert list(closed.iterdir()) == []
    assert daemon.alive()


def test_shm_path_where_member_may_not_write_creates_nothing(daemon):
    closed = daemon.base / "closed"
    closed.mkdir(mode=0o755)
    out = daemon.member_home / "T"
    daemon.member_ok("create", "p", f"--output={out}",
                     f"--shm-path={closed}/x/shm")
    daemon.member_ok("enable-event", "-u", "-a")
    daemon.member("start", "p")
    app = daemon.root_app()
    app.emit(5)
    # the app was answered (emit returned) and the daemon still serves
    daemon.member("stop", "p")
    daemon.member("destroy", "p")
    app.emit(5)
    app.quit()
    assert list(closed.iterdir()) == []
    assert daemon.alive()


def test_shm_files_are_removed_as_the_member(daemon):
    """A member who swaps its --shm-path directory for a link to root's
    directory at destroy makes the consumer remove nothing of root's."""
    shm = daemon.member_home / "shm"
    out = daemon.member_home / "T"
    daemon.member_ok("create", "s", f"--output={out}", f"--shm-path={shm}")
    daemon.member_ok("enable-event", "-u", "testapp:*")
    daemon.member_ok("start")
    app = daemon.root_app()
    app.emit(10)
    daemon.member_ok("stop")
    files = [p for p in shm.rglob("*") if p.is_file()]
    buffers = {p.parent for p in files if p.name.startswith("channel0_")}
    assert len(buffers) == 1, files
    (where,) = buffers
    names = sorted(p.name for p in where.iterdir())
    assert "metadata" in names and len(names) >= 2, names
    roots = daemon.base / "roots"
    roots.mkdir(mode=0o755)
    for name in names:
        (roots / name).write_bytes(PRECIOUS)
    daemon.as_member("mv", str(where), f"{where}.moved")
    daemon.as_member("ln", "-s", str(roots), str(where))
    daemon.member_ok("destroy", "s")
    app.quit()
    assert daemon.alive()
    assert sorted(p.name for p in roots.iterdir()) == names
    assert all(p.read_bytes() == PRECIOUS for p in roots.iterdir())
