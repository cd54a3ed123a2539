"""Privilege tests (issue 17, "Make the checks part of the project").

A real second user in a real tracing group (test_session_access.py's
`member` fixture, created and removed by it) and `nobody` (in no
tracing group) against a root session daemon with its own LTTNG_RUNDIR,
and against the member's own per-user daemon:

* nobody cannot reach the root daemon's client socket (0660, root and
  the tracing group), and if it could, the daemon would refuse it;
* the member's per-user daemon, its buffers and its trace are closed to
  other users: its runtime directory is 0700, its sockets refuse other
  users even when reachable, its ring buffers are memfds (reachable
  through /proc only with ptrace rights), its trace has no bit for
  others;
* trace files and directories get LTTng's modes (compared with the real
  LTTng 2.13, run as nobody by ust_anchor.Anchor, when extracted);
* no path the member controls (`..`, an existing file, a symbolic link
  where a saved configuration, a snapshot, a rotation archive or a
  cleared chunk goes) makes the root daemons act outside what the member
  may do: root's victims keep their content, owner and mode.
"""
import grp
import os
import pathlib
import re
import shutil
import stat
import subprocess
import sys
import tempfile

from lttng_cli import Sessiond
from test_session_access import GROUP, member  # noqa: F401 (fixture)
from test_user_paths import (PRECIOUS, UST_DIR, daemon,  # noqa: F401
                             make_victims, state)
from trace_reader import read_trace
from ust_anchor import Anchor, Ours, anchor_root, record
from ust_tracing import TEST_APP

NOBODY = 65534
LTTNG_OK = 10
LTTNG_ERR_EPERM = 32
APPS = pathlib.Path(__file__).resolve().parent / "compat_apps"

# Connects to a Unix socket, sends LSC_CMD_LIST_SESSIONS (3) with no
# payload and prints what happened: "refused <errno name>", "reply <code>"
# or "closed".
PROBE = r"""
import errno, socket, struct, sys
s = socket.socket(socket.AF_UNIX)
try:
    s.connect(sys.argv[1])
except OSError as e:
    print("refused", errno.errorcode[e.errno]); sys.exit()
try:
    s.sendall(struct.pack("=II", 3, 0))
except OSError:
    pass  # the daemon may answer and close before reading
try:
    data = s.recv(8)
except OSError:
    data = b""
print(f"reply {struct.unpack('=iI', data)[0]}" if len(data) == 8 else "closed")
"""


# Registers an app (both sockets, as fake_app.py does) and prints
# "pinged" when the daemon then talks to it, "closed" when it hangs up.
APP_PROBE = r"""
import os, random, socket, struct, sys
def reg(kind, token):
    return struct.pack("=IIIIiiIII4xQ16s", 0x55535452, kind, 1, 0,
                       os.getpid(), os.getppid(), os.getuid(), os.getgid(),
                       64, token, b"probe")
token = random.getrandbits(64)
cmd, notify = socket.socket(socket.AF_UNIX), socket.socket(socket.AF_UNIX)
cmd.connect(sys.argv[1]); notify.connect(sys.argv[1])
cmd.sendall(reg(1, token)); notify.sendall(reg(2, token))
cmd.settimeout(30)
try:
    data = cmd.recv(8)
except OSError:
    data = b""
print("pinged" if data else "closed")
"""


def as_user(uid, gid, argv, **kw):
    groups = ["--init-groups"] if uid != NOBODY else ["--clear-groups"]
    return subprocess.run(["setpriv", f"--reuid={uid}", f"--regid={gid}",
                           *groups, *map(str, argv)],
                          capture_output=True, text=True, timeout=60, **kw)


def probe(uid, gid, sock, script=PROBE):
    r = as_user(uid, gid, [sys.executable, "-c", script, sock])
    assert r.returncode == 0, r
    return r.stdout.strip()


# ---- the root daemon's client socket ---------------------------------

def test_only_root_and_the_tracing_group_reach_the_root_daemon(
        daemon):  # noqa: F811
    sock = daemon.rundir / "client-lttng-sessiond"
    st = sock.stat()
    assert (stat.S_IMODE(st.st_mode), st.st_uid, st.st_gid) == (
        0o660, 0, grp.getgrnam(GROUP).gr_gid)
    assert probe(NOBODY, NOBODY, sock) == "refused EACCES"
    assert probe(daemon.user.pw_uid, daemon.user.pw_gid, sock) == \
        f"reply {LTTNG_OK}"
    # Were the socket open to all, the daemon would still refuse nobody.
    os.chmod(sock, 0o666)
    try:
        assert probe(NOBODY, NOBODY, sock) == f"reply {LTTNG_ERR_EPERM}"
    finally:
        os.chmod(sock, 0o660)
    daemon.member_ok("list")


# ---- the member's own per-user daemon --------------------------------

class UserDaemon:
    """The member's per-user session daemon (LTTNG_HOME in a directory
    of the member's), its `lttng` and its apps."""

    def __init__(self, build_dir, user):
        self.base = pathlib.Path(tempfile.mkdtemp(prefix="lttng-userd-"))
        os.chmod(self.base, 0o755)
        self.home = self.base / "home"
        self.home.mkdir()
        os.chown(self.home, user.pw_uid, user.pw_gid)
        self.user = user
        self.build_dir = build_dir
        self.env = {"PATH": "/usr/bin:/bin", "HOME": str(self.home),
                    "LTTNG_HOME": str(self.home),
                    "LTTNG_SESSIOND_PATH": str(
                        build_dir / "src/bin/lttng-sessiond/lttng-sessiond"),
                    "LD_LIBRARY_PATH": ":".join(
                        str(build_dir / d) for d in
                        ("src/lib/lttng-ctl", "src/lib/lttng-ust"))}
        r = self.run(self.env["LTTNG_SESSIOND_PATH"], "--daemonize")
        assert r.returncode == 0, r
        self.apps = []

    def run(self, *argv):
        return as_user(self.user.pw_uid, self.user.pw_gid,
                       ["env", "-i", *[f"{k}={v}" for k, v in
                                       self.env.items()], *argv],
                       cwd=self.home)

    def lttng(self, *args):
        r = self.run(self.build_dir / "src/bin/lttng/lttng", *args)
        assert r.returncode == 0, r
        return r

    def close(self):
        for app in self.apps:
            if app.proc.poll() is None:
                app.proc.kill()
                app.proc.wait()
        pidfile = self.home / ".lttng" / "lttng-sessiond.pid"
        if pidfile.exists():
            pid = int(pidfile.read_text())
            os.kill(pid, 15)
            for _ in range(600):
                if not Sessiond.alive(pid):
                    break
                subprocess.run(["sleep", "0.05"])
        shutil.rmtree(self.base, ignore_errors=True)


def start_member_app(u):
    """ust-test-app run as the member, registered with its daemon."""
    proc = subprocess.Popen(
        ["setpriv", f"--reuid={u.user.pw_uid}", f"--regid={u.user.pw_gid}",
         "--init-groups", "env", "-i",
         *[f"{k}={v}" for k, v in u.env.items()],
         str(u.build_dir / TEST_APP)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        cwd=u.home)
    assert proc.stdout.readline() == "ready\n"
    return proc


def command(proc, line):
    proc.stdin.write(line + "\n")
    proc.stdin.flush()
    assert proc.stdout.readline() == "ok\n"


def no_bit_for_others(top):
    """Paths under top (itself included) that others may use."""
    return [str(p) for p in [top, *top.rglob("*")]
            if stat.S_IMODE(p.lstat().st_mode) & 0o007 and
            not p.is_symlink()]


def test_per_user_daemon_and_its_trace_are_closed_to_others(build_dir,
                                                            member):  # noqa
    u = UserDaemon(build_dir, member)
    try:
        rundir = u.home / ".lttng"
        st = rundir.stat()
        assert (stat.S_IMODE(st.st_mode), st.st_uid) == (0o700,
                                                         member.pw_uid)
        client = rundir / "client-lttng-sessiond"
        apps = rundir / "apps-lttng-sessiond"
        for sock in (client, apps):
            assert probe(NOBODY, NOBODY, sock) == "refused EACCES"
        # Were they reachable, the daemon would refuse nobody anyway.
        os.chmod(rundir, 0o711)
        os.chmod(client, 0o666)
        os.chmod(apps, 0o666)
        try:
            assert probe(NOBODY, NOBODY, client) == \
                f"reply {LTTNG_ERR_EPERM}"
            assert probe(NOBODY, NOBODY, apps, APP_PROBE) == "closed"
            assert probe(member.pw_uid, member.pw_gid, apps,
                         APP_PROBE) == "pinged"
        finally:
            os.chmod(rundir, 0o700)
            os.chmod(client, 0o600)
            os.chmod(apps, 0o600)

        out = u.home / "T"
        u.lttng("create", "s", f"--output={out}")
        u.lttng("enable-event", "-u", "testapp:*")
        u.lttng("start")
        app = start_member_app(u)
        command(app, "emit 10")
        # The buffers are memfds of the member's daemons: only the
        # member (or root) may open them, through /proc.
        pids = [int(p.name) for p in pathlib.Path("/proc").iterdir()
                if p.name.isdigit() and p.stat().st_uid == member.pw_uid]
        consumers = [p for p in pids if pathlib.Path(
            f"/proc/{p}/comm").read_text().startswith("lttng-consumerd")]
        assert consumers
        for pid in consumers:
            r = as_user(NOBODY, NOBODY, ["ls", f"/proc/{pid}/fd"])
            assert r.returncode != 0 and "Permission denied" in r.stderr
        u.lttng("stop")
        u.lttng("destroy", "s")
        app.kill()
        app.wait()
        trace = read_trace(out / f"ust/uid/{member.pw_uid}/64-bit")
        assert sum(r.name == "testapp:values" for r in trace) == 10
        assert no_bit_for_others(out) == []
        owners = {p.lstat().st_uid for p in [out, *out.rglob("*")]}
        assert owners == {member.pw_uid}
    finally:
        u.close()


# ---- modes -----------------------------------------------------------

def trace_modes(top):
    """relative path (uid numbers and per-CPU files folded) -> mode."""
    modes = {}
    for p in [top, *top.rglob("*")]:
        rel = re.sub(r"uid/\d+", "uid/UID", str(p.relative_to(top)))
        rel = re.sub(r"_\d+(\.idx)?$", r"_N\1", rel)
        modes[rel] = oct(stat.S_IMODE(p.lstat().st_mode))
    return modes


# LTTng 2.13's, under the tests' umask 022 (measured with the anchor).
PINNED_MODES = {
    ".": "0o770", "ust": "0o770", "ust/uid": "0o770",
    "ust/uid/UID": "0o770", "ust/uid/UID/64-bit": "0o770",
    "ust/uid/UID/64-bit/index": "0o770",
    "ust/uid/UID/64-bit/metadata": "0o660",
    "ust/uid/UID/64-bit/channel0_N": "0o660",
    "ust/uid/UID/64-bit/index/channel0_N.idx": "0o660",
}


def member_traces_root_app(daemon, out, count):
    """The member's session into out records root's app emitting count
    events, then stops; returns the app."""
    daemon.member_ok("create", "s", f"--output={out}")
    daemon.member_ok("enable-event", "-u", "testapp:*")
    daemon.member_ok("start")
    app = daemon.root_app()
    app.emit(count)
    daemon.member_ok("stop")
    return app


def test_trace_modes_are_lttngs(build_dir, tmp_path, daemon):  # noqa: F811
    old = os.umask(0o022)
    try:
        ours = Ours(build_dir, tmp_path)
        exe = ours.build([APPS / "net_app.c"], "net_app", [f"-I{APPS}"])
        record(ours, [exe])
        assert trace_modes(ours.work / "trace-compat") == PINNED_MODES
        # The root daemon acting for the member: the same modes.
        out = daemon.member_home / "T"
        app = member_traces_root_app(daemon, out, 3)
        daemon.member_ok("destroy", "s")
        app.quit()
        assert trace_modes(out) == PINNED_MODES
        root = anchor_root()
        if root is None:
            return
        anchor = Anchor(root, tmp_path)
        try:
            exe = anchor.build([APPS / "net_app.c"], "net_app",
                               [f"-I{APPS}"])
            record(anchor, [exe])
            assert trace_modes(anchor.work / "trace-compat") == \
                PINNED_MODES
        finally:
            anchor.close()
    finally:
        os.umask(old)


# ---- paths the member controls ---------------------------------------

def test_dot_dot_and_existing_files_keep_the_member_inside(
        daemon):  # noqa: F811
    closed = daemon.base / "closed"
    closed.mkdir(mode=0o755)
    vfile, vdir = make_victims(daemon.base)
    before = state(vfile)
    daemon.as_member("mkdir", "-p", str(daemon.member_home / "a" / "b"))
    sneaky = daemon.member_home / "a" / "b" / ".." / ".." / ".." / \
        "closed" / "x"
    for name, output in (("dots", sneaky), ("file", vfile)):
        daemon.member_ok("create", name, f"--output={output}")
        daemon.member_ok("enable-event", "-u", "-a", "-s", name)
        r = daemon.member("start", name)
        assert r.returncode != 0, r
        daemon.member("destroy", name)
    assert list(closed.iterdir()) == []
    assert state(vfile) == before
    assert daemon.alive()


def test_saved_configuration_goes_nowhere_the_member_may_not_write(
        daemon):  # noqa: F811
    vfile, vdir = make_victims(daemon.base)
    before_file, before_dir = state(vfile), state(vdir)
    daemon.member_ok("create", "s", f"--output={daemon.member_home}/T")
    r = daemon.member("save", "-o", str(vdir), "s")
    assert r.returncode != 0, r
    saves = daemon.member_home / "saves"
    daemon.as_member("mkdir", str(saves))
    daemon.as_member("ln", "-s", str(vfile), str(saves / "s.lttng"))
    daemon.member("save", "-f", "-o", str(saves), "s")
    assert state(vfile) == before_file
    assert state(vdir) == before_dir
    assert daemon.alive()


def test_snapshot_and_rotation_follow_no_planted_link(daemon):  # noqa: F811
    vfile, vdir = make_victims(daemon.base)
    before = state(vdir)
    snaps = daemon.member_home / "S"
    daemon.as_member("ln", "-s", str(vdir), str(snaps))
    daemon.member_ok("create", "snap", "--snapshot", f"--output={snaps}")
    daemon.member_ok("enable-event", "-u", "testapp:*", "-s", "snap")
    daemon.member_ok("start", "snap")
    app = daemon.root_app()
    app.emit(5)
    daemon.member("snapshot", "record", "-s", "snap")
    daemon.member("destroy", "snap")

    out = daemon.member_home / "T"
    daemon.member_ok("create", "rot", f"--output={out}")
    daemon.member_ok("enable-event", "-u", "testapp:*", "-s", "rot")
    daemon.member_ok("start", "rot")
    app.emit(5)
    daemon.as_member("ln", "-s", str(vdir), str(out / "archives"))
    daemon.member("rotate", "rot")
    daemon.member("stop", "rot")
    daemon.member("destroy", "rot")
    app.quit()
    assert state(vdir) == before
    assert daemon.alive()


def test_clear_deletes_nothing_of_roots_through_a_link(daemon):  # noqa: F811
    roots = daemon.base / "roots"
    roots.mkdir(mode=0o755)
    out = daemon.member_home / "T"
    app = member_traces_root_app(daemon, out, 5)
    where = out / UST_DIR
    names = sorted(p.name for p in where.iterdir())
    for name in names:
        if (where / name).is_file():
            (roots / name).write_bytes(PRECIOUS)
    daemon.as_member("mv", str(where), f"{where}.moved")
    daemon.as_member("ln", "-s", str(roots), str(where))
    daemon.member("clear", "s")
    daemon.member("destroy", "s")
    app.quit()
    assert daemon.alive()
    kept = sorted(p.name for p in roots.iterdir())
    assert kept == sorted(n for n in names if n != "index")
    assert all(p.read_bytes() == PRECIOUS for p in roots.iterdir())
