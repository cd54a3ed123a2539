"""Faults during a user space session: a daemon or an app killed
(SIGKILL) or stopped (SIGSTOP) mid-session, a full disk under the trace
(ENOSPC on a 2 MiB tmpfs), exhausted file descriptors; and the kernel
consumer killed mid-session. For each: the
exit code and message of the command that meets the fault and of the
later ones, that the daemons survive, and what babeltrace2 still reads.

EIO is not tested: this kernel has no device-mapper (dmsetup cannot make
an `error` target) and no FUSE library is installed.
"""
import os
import pathlib
import resource
import signal
import subprocess
import time

import pytest

from lttng_cli import Sessiond
from trace_reader import read_trace
from ust_tracing import TEST_APP, App, Tracing, values_of

NO_CONSUMER = "Error: No UST consumer detected\n"


def wait_for(predicate, what, timeout=60.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def children(pid, comm):
    """The pids of pid's children named comm."""
    found = []
    for p in pathlib.Path("/proc").iterdir():
        if not p.name.isdigit():
            continue
        try:
            stat = (p / "stat").read_text()
        except OSError:
            continue
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid == pid and name == comm:
            found.append(int(p.name))
    return found


def exists(pid):
    """Whether pid is a process at all, a zombie included."""
    return os.path.exists(f"/proc/{pid}")


def consumer_of(t):
    pids = children(t.sessiond.pid(), "lttng-consumerd")
    assert len(pids) == 1, pids
    return pids[0]


def stream_files(directory, prefix):
    """The data files of channel `prefix` (not their indexes)."""
    return [p for p in pathlib.Path(directory).rglob(prefix + "_*")
            if p.is_file() and p.parent.name != "index"]


def file_bytes(directory, prefix):
    return sum(p.stat().st_size for p in stream_files(directory, prefix))


def read_out(out, allow_warnings=False):
    """The one trace (per-uid buffers) under the output directory out."""
    found = list(pathlib.Path(out).rglob("metadata"))
    assert len(found) == 1, found
    return read_trace(found[0].parent, allow_warnings=allow_warnings)


def check_seqs(seqs, emitted):
    """What was read is a part of what was emitted, each event once."""
    assert seqs, "no event could be read"
    assert len(set(seqs)) == len(seqs)
    assert set(seqs) <= set(emitted)


@pytest.fixture
def tracing(build_dir, lttng_env, tmp_path):
    t = Tracing(build_dir, lttng_env, tmp_path)
    t.start_daemon()
    yield t
    t.close()


def record_channel(t, out, *channel_options):
    t.lttng("create", "s", f"--output={out}")
    t.lttng("enable-channel", "-u", "c", *channel_options)
    t.lttng("enable-event", "-u", "-a", "-c", "c")
    t.lttng("start")


def test_killed_consumer_is_reaped_and_its_session_reports_the_loss(
        tracing, tmp_path):
    out = tmp_path / "t"
    record_channel(tracing, out, "--subbuf-size=4k", "--num-subbuf=4")
    app = tracing.app()
    app.emit(2000)
    wait_for(lambda: file_bytes(out, "c") > 0, "packets on the disk")
    consumer = consumer_of(tracing)
    # Killed in the middle of a packet's write: half a packet, not
    # indexed, ends a stream file.
    os.kill(consumer, signal.SIGSTOP)
    stream = max(stream_files(out, "c"), key=lambda p: p.stat().st_size)
    with open(stream, "ab") as f:
        f.write(b"\xc1" * 2000)
    os.kill(consumer, signal.SIGKILL)
    # Reaped at once: no zombie waits for the next consumer.
    wait_for(lambda: not exists(consumer), "the killed consumer to be reaped")
    assert Sessiond.alive(tracing.sessiond.pid())

    for command in (("stop",), ("start",), ("regenerate", "metadata")):
        r = tracing.lttng(*command, check=False)
        assert (r.err, r.rc) == (NO_CONSUMER, 98), (command, r)
    # What reached the disk is readable: the session daemon wrote the
    # metadata out and cut the stream files back to their last indexed
    # packet.
    check_seqs(values_of(read_out(out)), range(2000))
    r = tracing.lttng("destroy", "s", check=False)
    assert (r.out, r.err, r.rc) == (
        "", 'Error: Trace chunk close failed on consumer during the '
        'destruction of session "s"\n', 150)
    assert "s" not in tracing.lttng("list").out.split()
    check_seqs(values_of(read_out(out)), range(2000))

    # A new session gets a new consumer daemon; the app traces again.
    out2 = tmp_path / "t2"
    tracing.lttng("create", "s2", f"--output={out2}")
    tracing.lttng("enable-event", "-u", "-a")
    tracing.lttng("start")
    app.emit(5)
    tracing.lttng("destroy", "s2")
    assert values_of(read_out(out2)) == list(range(2000, 2005))
    assert consumer_of(tracing) != consumer


def test_stopped_consumer_is_let_go_and_its_session_reports_the_loss(
        tracing, tmp_path):
    """A consumer that stops answering (SIGSTOP) is let go after the
    reply timeout (30 s): the command that waited fails, the consumer is
    resumed (SIGCONT), writes out what it holds and exits, it is reaped,
    and the session is in error from then on."""
    out = tmp_path / "t"
    record_channel(tracing, out)
    app = tracing.app()
    app.emit(100)
    consumer = consumer_of(tracing)
    os.kill(consumer, signal.SIGSTOP)
    r = tracing.lttng("stop", check=False)
    assert (r.err, r.rc) == ("Error: Failed to flush stream buffer\n", 170), r
    wait_for(lambda: not exists(consumer), "the stopped consumer to be reaped")
    r = tracing.lttng("start", check=False)
    assert (r.err, r.rc) == (NO_CONSUMER, 98), r
    r = tracing.lttng("destroy", check=False)
    assert r.rc == 150, r
    assert Sessiond.alive(tracing.sessiond.pid())
    assert values_of(read_out(out)) == list(range(100))


def test_killed_session_daemon_leaves_a_readable_trace(tracing, tmp_path):
    """The consumer, its socket closed, writes out everything and exits;
    the apps go on running."""
    out = tmp_path / "t"
    record_channel(tracing, out)
    app = tracing.app()
    app.emit(100)
    consumer = consumer_of(tracing)
    os.kill(tracing.sessiond.pid(), signal.SIGKILL)
    wait_for(lambda: not Sessiond.alive(consumer), "the consumer to exit")
    app.emit(50)
    app.quit()
    assert app.proc.returncode == 0
    assert values_of(read_out(out)) == list(range(100))


def test_stopped_session_daemon_never_blocks_the_apps(tracing, tmp_path):
    out = tmp_path / "t"
    record_channel(tracing, out)
    app = tracing.app()
    app.emit(100)
    pid = tracing.sessiond.pid()
    os.kill(pid, signal.SIGSTOP)
    try:
        app.emit(100)
    finally:
        os.kill(pid, signal.SIGCONT)
    tracing.lttng("stop")
    tracing.lttng("destroy")
    trace = read_out(out)
    assert values_of(trace) == list(range(200))
    assert trace.discarded_events == 0


def test_killed_app_leaves_its_events_and_the_session_working(
        tracing, tmp_path):
    out = tmp_path / "t"
    record_channel(tracing, out)
    app = tracing.app()
    app.emit(100)
    app.kill()
    other = tracing.app()
    other.emit(10)
    r = tracing.lttng("stop")
    assert r.err == ""
    tracing.lttng("destroy")
    seqs = values_of(read_out(out))
    assert sorted(seqs) == sorted(list(range(100)) + list(range(10)))


def test_stopped_app_delays_commands_by_the_app_timeout_at_most(
        tracing, tmp_path):
    out = tmp_path / "t"
    record_channel(tracing, out)
    app = tracing.app()
    app.emit(100)
    os.kill(app.pid, signal.SIGSTOP)
    try:
        r = tracing.lttng("stop")
        assert r.err == ""
        assert tracing.lttng("list", "s").rc == 0
    finally:
        os.kill(app.pid, signal.SIGCONT)
    app.quit()
    tracing.lttng("destroy")
    assert values_of(read_out(out)) == list(range(100))
    assert Sessiond.alive(tracing.sessiond.pid())


# A full disk ----------------------------------------------------------

@pytest.fixture
def small_disk(tmp_path):
    """A 2 MiB tmpfs (root only)."""
    if os.getuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    path = tmp_path / "full"
    path.mkdir()
    proc = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m,mode=0777",
                           "tmpfs", str(path)], capture_output=True, text=True)
    if proc.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs: {proc.stderr.strip()}")
    yield path
    subprocess.run(["umount", "-l", str(path)], check=True)


def fill_disk(t, disk):
    """Records into disk until it is full; returns the seqs emitted."""
    record_channel(t, disk / "t", "--subbuf-size=64k", "--blocking-timeout=inf")
    # Blocking: no event is discarded before the disk is full.
    env = dict(t.env, LTTNG_UST_ALLOW_BLOCKING="1")
    app = App(t.build_dir / TEST_APP, env, t.tmp)
    t.apps.append(app)
    for _ in range(10):
        app.emit(10000)
    wait_for(lambda: free_bytes(disk) < 64 * 1024, "the disk to fill")
    return range(100000)


def free_bytes(path):
    st = os.statvfs(path)
    return st.f_bavail * st.f_frsize


def check_readable_prefix(path, emitted):
    """The trace up to the fault, with no reader error (babeltrace2 may
    warn of the packets the disk refused: their sequence numbers are
    missing before the later packets that fitted)."""
    trace = read_out(path, allow_warnings=True)
    seqs = values_of(trace)
    check_seqs(seqs, emitted)
    assert len(seqs) < len(emitted)
    return trace


def test_full_disk_fails_destroy_and_keeps_the_trace_readable(
        tracing, small_disk):
    emitted = fill_disk(tracing, small_disk)
    r = tracing.lttng("destroy", check=False)
    # Its stop meets the full disk first (LTTng's stop says nothing).
    assert (r.err, r.rc) == (
        "Error: Failed to flush stream buffer\n"
        'Error: Rotation failure on consumer during the destruction of '
        'session "s"\n', 141), r
    assert Sessiond.alive(tracing.sessiond.pid())
    check_readable_prefix(small_disk / "t", emitted)
    # The daemons keep serving.
    tracing.lttng("create", "again", f"--output={tracing.tmp}/again")
    tracing.lttng("destroy", "again")


def test_full_disk_fails_stop_then_destroy(tracing, small_disk):
    emitted = fill_disk(tracing, small_disk)
    r = tracing.lttng("stop", check=False)
    assert (r.err, r.rc) == ("Error: Failed to flush stream buffer\n", 170), r
    r = tracing.lttng("destroy", check=False)
    assert r.rc == 141, r
    check_readable_prefix(small_disk / "t", emitted)


def test_full_disk_fails_rotate(tracing, small_disk):
    emitted = fill_disk(tracing, small_disk)
    r = tracing.lttng("rotate", check=False)
    assert (r.err, r.rc) == ("Error: Rotation failure on consumer\n", 1), r
    tracing.lttng("stop", check=False)
    tracing.lttng("destroy", check=False)
    assert Sessiond.alive(tracing.sessiond.pid())
    archives = list((small_disk / "t" / "archives").iterdir())
    check_readable_prefix(sorted(archives)[0], emitted)


# Exhausted file descriptors -----------------------------------------------

def test_exhausted_file_descriptors_fail_start_and_the_daemon_recovers(
        build_dir, lttng_env, tmp_path):
    """With 64 descriptors, the consumer cannot make the buffers of 12
    channels (four descriptors per stream): start fails and says so; the
    daemons keep running and trace a smaller session."""
    t = Tracing(build_dir, lttng_env, tmp_path)

    def limit_fds():
        resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64))

    proc = subprocess.run([t.sessiond.path, "--daemonize"], env=t.env,
                          capture_output=True, text=True, timeout=30,
                          preexec_fn=limit_fds)
    assert proc.returncode == 0, proc.stderr
    try:
        t.lttng("create", "s", f"--output={tmp_path}/t")
        for i in range(12):
            t.lttng("enable-channel", "-u", f"c{i}")
            t.lttng("enable-event", "-u", "-a", "-c", f"c{i}")
        app = t.app()
        r = t.lttng("start", check=False)
        assert (r.err, r.rc) == ("Error: Starting UST trace failed\n", 66), r
        t.lttng("destroy", "s")
        assert Sessiond.alive(t.sessiond.pid())
        t.lttng("create", "s2", f"--output={tmp_path}/t2")
        t.lttng("enable-event", "-u", "-a")
        t.lttng("start")
        app.emit(10)
        t.lttng("destroy", "s2")
        assert values_of(read_out(tmp_path / "t2")) == list(range(10))
    finally:
        t.close()


# The kernel consumer ---------------------------------------------------------

KERNEL_DESTROY_ERROR = ('Error: Trace chunk close failed on consumer during '
                        'the destruction of session "k"\n')


def record_kernel_channel_then_stop_consumer(ks, out):
    """Session k records sched_switch into channel c (one-page packets,
    switch timer) until packets are on the disk; then its kernel consumer
    is stopped (SIGSTOP), and its pid returned."""
    from kernel_support import kernel_consumer_pid

    ks.ok("create", "k", f"--output={out}")
    ks.ok("enable-channel", "-k", "c", "--subbuf-size=4096",
          "--switch-timer=100000")
    ks.ok("enable-event", "-k", "sched_switch", "-c", "c")
    ks.ok("start")
    wait_for(lambda: file_bytes(out, "c") > 0, "packets on the disk")
    consumer = kernel_consumer_pid(ks.sessiond.pid())
    os.kill(consumer, signal.SIGSTOP)
    return consumer


def test_killed_kernel_consumer_is_noticed_at_once_and_its_session_in_error(
        ks, tmp_path):
    """The kernel consumer killed mid-session, in the middle of a packet's
    and of a metadata packet's write: the session daemon reaps it at once
    (no command needed), every later command on the session fails with
    LTTng's "No kernel consumer detected", destroy with LTTng's error,
    what reached the disk stays readable, and the daemon traces a new
    session with a new consumer."""
    from kernel_support import kernel_consumer_pid

    out = tmp_path / "t"
    consumer = record_kernel_channel_then_stop_consumer(ks, out)
    # Half a packet, not indexed, ends a stream file; half a metadata
    # packet ends the metadata file.
    stream = max(stream_files(out, "c"), key=lambda p: p.stat().st_size)
    with open(stream, "ab") as f:
        f.write(b"\xc1" * 2000)
    metadata = out / "kernel" / "metadata"
    whole = metadata.stat().st_size
    assert whole and whole % 4096 == 0, whole
    with open(metadata, "ab") as f:
        f.write(metadata.read_bytes()[:1000])
    os.kill(consumer, signal.SIGKILL)
    wait_for(lambda: not exists(consumer), "the killed consumer to be reaped")
    assert Sessiond.alive(ks.sessiond.pid())
    assert metadata.stat().st_size == whole

    for command in (("stop",), ("start",), ("regenerate", "metadata")):
        r = ks.run(*command)
        assert (r.err, r.rc) == (
            "Error: No kernel consumer detected\n", 99), (command, r)
    r = ks.run("enable-event", "-k", "sched_wakeup", "-c", "c")
    assert (r.err, r.rc) == (
        "Error: Event sched_wakeup: No kernel consumer detected "
        "(channel c, session k)\n", 99), r
    names = {e.name for e in read_out(out)}
    assert names == {"sched_switch"}, names
    r = ks.run("destroy", "k")
    assert (r.out, r.err, r.rc) == ("", KERNEL_DESTROY_ERROR, 150), r
    assert "k" not in ks.run("list").out.split()
    assert {e.name for e in read_out(out)} == {"sched_switch"}

    out2 = tmp_path / "t2"
    ks.ok("create", "k2", f"--output={out2}")
    ks.ok("enable-event", "-k", "sched_switch")
    ks.ok("start")
    assert kernel_consumer_pid(ks.sessiond.pid()) != consumer
    ks.ok("destroy", "k2")
    assert {e.name for e in read_out(out2)} == {"sched_switch"}


def test_kernel_consumer_killed_while_a_command_waits_puts_the_session_in_error(
        ks, tmp_path):
    """The kernel consumer dies while the session daemon waits for its
    answer (here to stop's flush): the command fails, and the session is
    in error as when the death is noticed between commands."""
    out = tmp_path / "t"
    consumer = record_kernel_channel_then_stop_consumer(ks, out)
    stop = subprocess.Popen([ks.cli.lttng, "stop"], env=ks.cli.env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    wait_for(ks.sessiond.waits_on_a_consumer, "stop to wait for the consumer")
    os.kill(consumer, signal.SIGKILL)
    _, err = stop.communicate(timeout=60)
    assert (err, stop.returncode) == (
        "Error: Stopping kernel trace failed\n", 47)
    wait_for(lambda: not exists(consumer), "the killed consumer to be reaped")
    r = ks.run("start")
    assert (r.err, r.rc) == ("Error: No kernel consumer detected\n", 99), r
    assert {e.name for e in read_out(out)} == {"sched_switch"}
    r = ks.run("destroy", "k")
    assert (r.err, r.rc) == (KERNEL_DESTROY_ERROR, 150), r
    assert Sessiond.alive(ks.sessiond.pid())
