"""Process attribute trackers of the kernel domain (lttng track/untrack
-k --pid/--vpid/--uid/--vuid/--gid/--vgid): LTTng 2.13's messages and
exit codes, `lttng list` output, and the records kept (read with
babeltrace2) when workloads run as different users."""
import os
import signal
import subprocess
import sys
import time

import pytest

from kernel_support import KernelSession, kernel_consumer_pid
from trace_reader import read_trace


def test_track_messages_and_errors(ks, tmp_path):
    ks.ok("create", "s", f"--output={tmp_path / 't'}")
    ks.ok("enable-channel", "-k", "c")
    r = ks.ok("track", "-k", "--uid=root,1000")
    assert r.out == ("Added root to the user ID tracker inclusion set\n"
                     "Added 1000 to the user ID tracker inclusion set\n")
    r = ks.run("track", "-k", "--uid=0")  # root, by id
    assert (r.out, r.err, r.rc) == (
        "", "Warning: 0 is already in the user ID inclusion set\n", 0)
    r = ks.run("track", "-k", "--uid=root")
    assert r.err == "Warning: `root` is already in the user ID inclusion set\n"
    r = ks.run("untrack", "-k", "--uid=5")
    assert (r.out, r.err, r.rc) == (
        "", "Warning: 5 is not in the user ID the inclusion set\n", 0)
    r = ks.run("untrack", "-k", "--vgid=5")  # policy: every group
    assert r.err == ("Warning: 5 is not in the virtual group ID the "
                     "inclusion set\n")
    r = ks.run("track", "-k", "--uid=nosuchuser")
    assert (r.out, r.err, r.rc) == (
        "", "Error: User `nosuchuser` was not found\n", 1)
    r = ks.run("track", "-k", "--gid=nosuchgroup")
    assert (r.err, r.rc) == ("Error: Group `nosuchgroup` was not found\n", 1)
    r = ks.run("track", "-k", "--vpid=abc")
    assert (r.err, r.rc) == ("Error: abc is not a valid virtual process ID "
                             "value; expected an integer\n", 1)
    r = ks.run("track", "-k", "--vuid")
    assert (r.err, r.rc) == ("Error: No process attribute value specified "
                             "for Virtual user ID tracker\n", 1)
    r = ks.run("track", "-k", "--all", "--vpid=3")
    assert (r.err, r.rc) == ("Error: The --all option cannot be used with a "
                             "list of process attribute values\n", 1)
    r = ks.run("track", "-k")
    assert (r.err, r.rc) == (
        "Error: At least one process attribute must be specified\n", 1)
    r = ks.ok("track", "-k", "--vpid=12", "--vpid=13", "--gid=nogroup")
    assert r.out == (
        "Added 12 to the virtual process ID tracker inclusion set\n"
        "Added 13 to the virtual process ID tracker inclusion set\n"
        "Added nogroup to the group ID tracker inclusion set\n")
    r = ks.ok("untrack", "-k", "--all", "--vuid")
    assert r.out == "Virtual user ID tracking policy set to `exclude all`\n"
    r = ks.ok("untrack", "-k", "--uid=root")
    assert r.out == "Removed root from the user ID tracker inclusion set\n"
    out = ks.ok("list", "s").out
    assert ("Tracked process attributes\n"
            "  Process IDs:          all\n"
            "  Virtual process IDs:  12, 13\n"
            "  User IDs:             1000\n"
            "  Virtual user IDs:     none\n"
            "  Group IDs:            `nogroup`\n"
            "  Virtual group IDs:    all\n") in out
    r = ks.ok("track", "-k", "--all", "--vuid", "--vpid")
    assert r.out == ("Virtual process ID tracking policy set to "
                     "`include all`\n"
                     "Virtual user ID tracking policy set to "
                     "`include all`\n")
    # Values apply in order; a non-integer pid stops its option, an
    # unknown user only itself (as LTTng 2.13.9 does).
    r = ks.run("track", "-k", "--vpid=3,x,4", "--uid=nosuchuser,44",
               "--gid=nosuchgroup,45")
    assert (r.out, r.err, r.rc) == (
        "Added 3 to the virtual process ID tracker inclusion set\n"
        "Added 44 to the user ID tracker inclusion set\n"
        "Added 45 to the group ID tracker inclusion set\n",
        "Error: x is not a valid virtual process ID value; expected an "
        "integer\n"
        "Error: User `nosuchuser` was not found\n"
        "Error: Group `nosuchgroup` was not found\n", 1)
    assert "  Virtual process IDs:  3\n" in ks.ok("list", "s").out
    assert ks.sessiond.alive(ks.sessiond.pid())


def paced_workload(tool, *user):
    """ksyscalls calling getppid() 2000 times per second until it is
    ended (end_workloads), optionally as another user (setpriv). It runs
    long enough to span any session, however slowly the commands that
    set the session up run on a loaded machine."""
    cmd = [str(tool("tests/tools/kernel/ksyscalls")), "paced", "2000", "300"]
    if user:
        cmd = ["setpriv", *user, "--clear-groups", *cmd]
    return subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)


def end_workloads(*workloads):
    for w in workloads:
        w.terminate()
    for w in workloads:
        w.communicate(timeout=30)


def record_workloads(ks, tool, tmp_path, *track_args):
    """Two workloads, one as nobody:nogroup, one as root, recorded while
    they run (their ids are read from /proc as their records are
    converted); returns (trace, nobody's pid, root's pid)."""
    nobody = paced_workload(tool, "--reuid=65534", "--regid=65534")
    root = paced_workload(tool)
    try:
        ks.ok("create", "s", f"--output={tmp_path / 't'}")
        ks.ok("enable-event", "-k", "--syscall", "getppid")
        ks.ok("add-context", "-k", "-t", "pid")
        for args in track_args:
            ks.ok("track", "-k", *args)
        ks.ok("start")
        time.sleep(0.6)
        ks.ok("stop")
    finally:
        end_workloads(nobody, root)
    ks.ok("destroy")
    return read_trace(tmp_path / "t" / "kernel"), nobody.pid, root.pid


def pids_of(trace):
    counts = {}
    for r in trace:
        pid = r.common_context["pid"]
        counts[pid] = counts.get(pid, 0) + 1
    return counts


def test_uid_tracker_keeps_only_that_users_processes(ks, tool, tmp_path):
    trace, nobody, root = record_workloads(ks, tool, tmp_path,
                                           ["--uid=nobody"])
    counts = pids_of(trace)
    assert counts.get(nobody, 0) >= 100  # 2000/s for about 0.6 s, x2
    assert root not in counts
    assert all(os.stat(f"/proc/{pid}").st_uid == 65534
               for pid in counts if os.path.exists(f"/proc/{pid}"))


def test_gid_and_vpid_trackers_combine(ks, tool, tmp_path):
    """--vgid=nogroup and --vpid=<root's workload>: no process is in
    both sets, nothing is recorded; --vgid alone keeps nobody's."""
    trace, nobody, root = record_workloads(ks, tool, tmp_path / "a",
                                           ["--vgid=65534"])
    counts = pids_of(trace)
    assert counts.get(nobody, 0) >= 100 and root not in counts
    ks.stop()
    again = KernelSession(ks.build_dir, ks.env)
    try:
        nobody_w = paced_workload(tool, "--reuid=65534", "--regid=65534")
        root_w = paced_workload(tool)
        try:
            again.ok("create", "s", f"--output={tmp_path / 'b'}")
            again.ok("enable-event", "-k", "--syscall", "getppid")
            again.ok("add-context", "-k", "-t", "pid")
            again.ok("track", "-k", f"--vpid={root_w.pid}")
            again.ok("start")
            time.sleep(0.5)
            # Changed while recording: the consumer applies it at once.
            again.ok("track", "-k", "--vgid=nogroup")
            time.sleep(0.3)
            again.ok("stop")
        finally:
            end_workloads(nobody_w, root_w)
        again.ok("destroy")
    finally:
        again.stop()
    counts = pids_of(read_trace(tmp_path / "b" / "kernel"))
    assert set(counts) == {root_w.pid}
    assert counts[root_w.pid] >= 100


def test_uid_tracker_keeps_short_lived_processes(ks, tool, tmp_path):
    """Commands that exit before the consumer reads their records (it is
    paused meanwhile): their ids come from the credentials the consumer's
    BPF programs kept at fork, exec and setresuid."""
    ks.ok("create", "s", f"--output={tmp_path / 't'}")
    ks.ok("enable-event", "-k", "--syscall", "openat,close")
    ks.ok("add-context", "-k", "-t", "pid", "-t", "uid", "-t", "gid")
    ks.ok("track", "-k", "--uid=nobody")
    ks.ok("start")
    ksyscalls = str(tool("tests/tools/kernel/ksyscalls"))
    consumer = kernel_consumer_pid(ks.sessiond.pid())
    os.kill(consumer, signal.SIGSTOP)
    try:
        as_nobody = subprocess.run(
            ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
             ksyscalls, "open", "/etc/hostname", "3"],
            capture_output=True, text=True, check=True)
        as_root = subprocess.run([ksyscalls, "open", "/etc/hostname", "3"],
                                 capture_output=True, text=True, check=True)
    finally:
        os.kill(consumer, signal.SIGCONT)
    ks.ok("stop")
    ks.ok("destroy")
    nobody_tid = int(as_nobody.stdout.split()[0].split("=")[1])
    root_tid = int(as_root.stdout.split()[0].split("=")[1])
    assert not os.path.exists(f"/proc/{nobody_tid}")
    trace = read_trace(tmp_path / "t" / "kernel")
    mine = [r for r in trace if r.common_context["pid"] == nobody_tid]
    opens = [r for r in mine if r.name == "syscall_entry_openat" and
             r.fields["filename"] == "/etc/hostname"]
    assert len(opens) == 3
    assert all(r.common_context["uid"] == 65534 and
               r.common_context["gid"] == 65534 for r in mine)
    assert not [r for r in trace if r.common_context["pid"] == root_tid]
    assert all(r.common_context["uid"] == 65534 for r in trace)


# A process family whose every member calls getpgid() on markers no pid
# can have (pid_max <= 2^22): 900000000 + 1000 * member code + i, so
# each record names its caller. The root waits for a line on stdin,
# then: 100 calls; 3 threads (created now, after tracking began), 100
# calls each, one of them exiting at once; 2 children, each with a
# thread and a grandchild; then it execs a second image (same process)
# that makes 100 more calls.
FAMILY = r"""
import os, sys, threading
MARK = 900000000
def calls(code, n=100):
    for i in range(n):
        try:
            os.getpgid(MARK + 1000 * code + i)
        except ProcessLookupError:
            pass
if len(sys.argv) > 1:  # the image the root execs
    calls(int(sys.argv[1]))
    sys.exit(0)
print(os.getpid(), flush=True)
sys.stdin.readline()
calls(1)
threads = [threading.Thread(target=calls, args=(20 + k,)) for k in range(3)]
for t in threads:
    t.start()
for t in threads:
    t.join()
for k in range(2):
    child = os.fork()
    if child == 0:
        t = threading.Thread(target=calls, args=(40 + k,))
        t.start()
        calls(30 + k)
        t.join()
        grandchild = os.fork()
        if grandchild == 0:
            calls(50 + k)
            os._exit(0)
        os.waitpid(grandchild, 0)
        os._exit(0)
    os.waitpid(child, 0)
os.execv(sys.executable, [sys.executable, __file__, "6"])
"""
TRACKED_CODES = {1, 20, 21, 22, 6}
UNTRACKED_CODES = {30, 31, 40, 41, 50, 51}


@pytest.mark.parametrize("consumer_paused", [False, True])
@pytest.mark.parametrize("attr", ["--pid", "--vpid"])
def test_pid_tracker_keeps_the_process_threads_not_its_children(
        ks, tmp_path, consumer_paused, attr):
    """lttng track -k --pid=N records the events of N's thread group, as
    LTTng-modules checks current->tgid: N's threads (created after the
    tracking began too) and the image it execs, none of its children's
    or grandchildren's; --vpid likewise with the thread group's id in
    its namespace (here the root one). With the consumer paused, every
    thread is gone when its records are converted (thread groups from
    saved_tgids)."""
    script = tmp_path / "family.py"
    script.write_text(FAMILY)
    family = subprocess.Popen([sys.executable, str(script)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True)
    root = int(family.stdout.readline())
    consumer = None
    try:
        ks.ok("create", "s", f"--output={tmp_path / 't'}")
        ks.ok("enable-event", "-k", "--syscall", "getpgid")
        ks.ok("add-context", "-k", "-t", "pid", "-t", "tid")
        ks.ok("track", "-k", f"{attr}={root}")
        ks.ok("start")
        if consumer_paused:
            consumer = kernel_consumer_pid(ks.sessiond.pid())
            os.kill(consumer, signal.SIGSTOP)
        family.stdin.write("go\n")
        family.stdin.flush()
        assert family.wait(timeout=60) == 0
    finally:
        if consumer:
            os.kill(consumer, signal.SIGCONT)
        family.kill()
        family.wait()
    ks.ok("stop")
    ks.ok("destroy")
    trace = read_trace(tmp_path / "t" / "kernel")
    assert trace.discarded_events == 0
    calls = {}
    for r in trace:
        assert r.name in ("syscall_entry_getpgid", "syscall_exit_getpgid")
        assert r.common_context["pid"] == root, r
        if r.name == "syscall_entry_getpgid":
            marker = r.fields["pid"] - 900000000
            assert 0 <= marker < 100000, r
            code, i = divmod(marker, 1000)
            calls.setdefault(code, []).append(
                (i, r.common_context["tid"]))
    assert set(calls) == TRACKED_CODES, sorted(calls)
    for code, seen in calls.items():
        assert sorted(i for i, _ in seen) == list(range(100)), code
        tids = {tid for _, tid in seen}
        assert len(tids) == 1, (code, tids)
        # Threads have their own ids; the exec'd image keeps the root's.
        assert (tids == {root}) == (code in (1, 6)), (code, tids, root)
