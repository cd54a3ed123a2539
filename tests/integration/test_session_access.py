"""Sessions of the root session daemon are per user: a tracing-group
member sees and uses only its own sessions, root sees and uses all
(LTTng's session_access_ok, checked by uid).

A real second user in a real group (created for the test, or reused)
talks to a root session daemon with its own LTTNG_RUNDIR. Root creates
sessions; the member does not list them and every command naming one is
refused with LTTng's message and exit status: the daemon answers
"Permission denied" (LTTNG_ERR_EPERM) to a command on another user's
session, and the commands that look a session up in the list (destroy,
clear, list, set-session, status) do not find it. The member's own
session works and root sees both.
"""
import grp
import os
import re
import pathlib
import pwd
import shutil
import subprocess
import tempfile

import pytest

from lttng_cli import Sessiond

GROUP = "lttng-tracing-test"
USER = "lttng-member"

EPERM = "Error: Permission denied\n"

# Command of the member on root's sessions (rs: normal, snap: snapshot
# mode) -> (exit status, stderr), as LTTng 2.13's CLI gives them.
REFUSED = [
    (("list", "rs"), 1, "Error: Session 'rs' not found\n"),
    (("start", "rs"), 32, EPERM),
    (("stop", "rs"), 32, EPERM),
    (("destroy", "rs"), 23, "Error: Session name rs not found\n"),
    (("enable-channel", "-u", "-s", "rs", "ch"), 1,
     "Error: Channel ch: Permission denied (session rs)\n"),
    (("disable-channel", "-u", "-s", "rs", "ch"), 4,
     "Error: Channel ch: Permission denied (session rs)\n"),
    (("enable-event", "-u", "-s", "rs", "ev"), 32,
     "Error: Event ev: Permission denied (channel channel0, session rs)\n"),
    (("disable-event", "-u", "-s", "rs", "ev"), 32,
     "Error: ev of type any : Permission denied (channel channel0, "
     "session rs)\n"),
    (("add-context", "-u", "-s", "rs", "-t", "vpid"), 4,
     "Error: vpid: Permission denied\n"),
    (("track", "-u", "-s", "rs", "--vpid=1"), 1, "Error: Unknown error\n"),
    (("untrack", "-u", "-s", "rs", "--vpid=1"), 1, "Error: Unknown error\n"),
    (("regenerate", "metadata", "-s", "rs"), 32, EPERM),
    (("regenerate", "statedump", "-s", "rs"), 32, ""),
    (("rotate", "rs"), 1, EPERM),
    (("clear", "rs"), 23, "Error: Session name rs not found\n"),
    (("save", "rs"), 32, EPERM),
    (("enable-rotation", "-s", "rs", "--timer=1s"), 1,
     "Error: Failed to enable periodic rotation schedule on session rs\n"),
    (("disable-rotation", "-s", "rs", "--timer"), 1,
     "Error: Failed to list rotation schedules of session rs\n"),
    (("snapshot", "add-output", "-s", "snap", "file:///tmp/x"), 1, EPERM),
    (("snapshot", "list-output", "-s", "snap"), 1, EPERM),
    (("snapshot", "del-output", "-s", "snap", "1"), 1, EPERM),
    (("snapshot", "record", "-s", "snap"), 1, EPERM),
    (("set-session", "rs"), 1, "Error: Session 'rs' not found\n"),
]


@pytest.fixture(scope="module")
def member():
    """A user (primary group nogroup) in group GROUP; removed afterwards
    when this fixture created them."""
    if os.getuid() != 0 or not shutil.which("useradd"):
        pytest.skip("needs root and useradd to create a second user")
    created = []
    try:
        grp.getgrnam(GROUP)
    except KeyError:
        subprocess.run(["groupadd", GROUP], check=True)
        created.append(["groupdel", GROUP])
    try:
        pwd.getpwnam(USER)
    except KeyError:
        subprocess.run(["useradd", "--no-create-home", "--no-user-group",
                        "--gid", "nogroup", "--groups", GROUP,
                        "--shell", "/usr/sbin/nologin", USER], check=True)
        created.insert(0, ["userdel", USER])
    assert USER in grp.getgrnam(GROUP).gr_mem
    yield pwd.getpwnam(USER)
    for command in created:
        subprocess.run(command, check=True)


class Daemon:
    """A root session daemon serving GROUP, the `lttng` of root and of
    the member, each with its own home."""

    def __init__(self, build_dir, env, user):
        self.base = pathlib.Path(tempfile.mkdtemp(prefix="lttng-access-"))
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
        r = self.sessiond.start(f"--group={GROUP}")
        assert r.returncode == 0, r.stderr

    def root(self, *args):
        return subprocess.run([self.lttng, "-g", GROUP, *args],
                              env=self.env, capture_output=True, text=True,
                              timeout=60, cwd=self.root_home)

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

    def close(self):
        self.sessiond.stop()
        shutil.rmtree(self.base, ignore_errors=True)


@pytest.fixture
def daemon(build_dir, lttng_env, member):
    d = Daemon(build_dir, lttng_env, member)
    yield d
    d.close()


def root_sessions(daemon):
    r = daemon.root("list")
    assert r.returncode == 0, r
    return [line.split(")", 1)[1].split()[0]
            for line in r.stdout.splitlines() if ") " in line]


def test_member_sees_only_its_own_sessions(daemon):
    assert daemon.root("create", "rs",
                       f"--output={daemon.base}/rs").returncode == 0
    r = daemon.member("list")
    assert (r.returncode, r.stdout, r.stderr) == (
        0, "Currently no available recording session\n", "")
    r = daemon.member("create", "mine",
                      f"--output={daemon.member_home}/mine")
    assert r.returncode == 0, r
    r = daemon.member("list")
    assert r.returncode == 0, r
    # Session lines only: the temporary paths may contain "rs".
    assert "1) mine [inactive]" in r.stdout
    assert not re.search(r"\d\) rs ", r.stdout), r.stdout
    # root sees both and may use the member's
    assert sorted(root_sessions(daemon)) == ["mine", "rs"]
    assert daemon.root("list", "mine").returncode == 0
    # names stay global, as in LTTng
    r = daemon.member("create", "rs")
    assert (r.returncode, r.stderr) == (
        1, "Error: Session name already exists\n")


def test_every_command_on_roots_session_is_refused(daemon):
    """Each command fails as LTTng's does and changes nothing."""
    assert daemon.root("create", "rs",
                       f"--output={daemon.base}/rs").returncode == 0
    assert daemon.root("enable-event", "-u", "-s", "rs",
                       "ev").returncode == 0
    assert daemon.root("create", "snap", "--snapshot",
                       f"--output={daemon.base}/snap").returncode == 0
    before = daemon.root("list", "rs").stdout
    failures = []
    for args, status, err in REFUSED:
        r = daemon.member(*args)
        if (r.returncode, r.stderr) != (status, err) or r.stdout:
            failures.append((args, r.returncode, r.stdout, r.stderr))
    assert not failures
    # nothing changed: still inactive, same rules, both sessions there
    assert daemon.root("list", "rs").stdout == before
    assert sorted(root_sessions(daemon)) == ["rs", "snap"]
    # commands over "all sessions" skip root's
    r = daemon.member("destroy", "--all")
    assert r.returncode == 0, r
    saved = daemon.member_home / "saved"
    r = daemon.member("save", "--all", "-o", str(saved))
    assert r.returncode == 0, r
    assert not saved.exists() or not list(saved.iterdir())
    assert sorted(root_sessions(daemon)) == ["rs", "snap"]


def test_status_of_roots_session_does_not_find_it(daemon):
    assert daemon.root("create", "rs",
                       f"--output={daemon.base}/rs").returncode == 0
    # a stale current session naming root's (as set before it changed
    # hands): status looks it up in the list, like `lttng list rs`
    rc = daemon.member_home / ".lttngrc"
    rc.write_text("session=rs\n")
    os.chown(rc, daemon.user.pw_uid, daemon.user.pw_gid)
    r = daemon.member("status")
    assert (r.returncode, r.stderr) == (
        1, "Error: Session 'rs' not found\n"), r
    r = daemon.member("start")
    assert (r.returncode, r.stderr) == (32, EPERM), r


def test_member_uses_its_own_session(daemon):
    out = daemon.member_home / "mine"
    for args in (("create", "mine", f"--output={out}"),
                 ("enable-event", "-u", "-a"), ("start",), ("stop",),
                 ("rotate",), ("save", "-o", str(daemon.member_home)),
                 ("destroy",)):
        r = daemon.member(*args)
        assert r.returncode == 0, r
    assert root_sessions(daemon) == []
