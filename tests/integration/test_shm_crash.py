"""lttng create --shm-path and lttng-crash end to end.

A session created with --shm-path keeps its user space ring buffers as
files under <DIR>/<session>-<date>/ust/uid/<uid>/64-bit (with the
metadata text next to them) while it lives; destroying it removes them.
When the session daemon, the consumer daemon and the traced app are all
killed (SIGKILL: nothing is flushed), lttng-crash rebuilds a CTF trace
from those files, and babeltrace2 reads back every event the app
committed before the kill, with its fields.
"""
import os
import random
import re
import signal
import struct
import subprocess
import time

import pytest

from test_ust_tracing import check_values, ust_consumer_pid
from trace_reader import read_trace
from ust_tracing import Tracing, uid_dir, values_of

DATE = r"\d{8}-\d{6}"


@pytest.fixture
def tracing(build_dir, lttng_env, tmp_path):
    t = Tracing(build_dir, lttng_env, tmp_path)
    t.start_daemon()
    yield t
    t.close()


@pytest.fixture
def crash(build_dir, tmp_path):
    """Runs our lttng-crash; returns the CompletedProcess."""
    path = build_dir / "src/bin/lttng-crash/lttng-crash"
    env = dict(os.environ, LTTNG_MAN_BIN_PATH="/bin/false")

    def run(*args):
        return subprocess.run([str(path), *map(str, args)],
                              capture_output=True, text=True, env=env,
                              timeout=60)

    return run


def create_with_shm(t, name, *extra):
    """create NAME --shm-path=<tmp>/shm; returns that DIR and the
    session's directory in it (the date, which the test CLI helper hides,
    from what the session daemon saves)."""
    shm = t.tmp / "shm"
    r = t.lttng("create", name, f"--shm-path={shm}", *extra)
    assert f"\nShared memory path set to {shm}/{name}-DATE\n" in r.out, r.out
    saved = t.tmp / f"saved-{name}"
    t.lttng("save", "-o", str(saved), name)
    m = re.search(r"<shared_memory_path>(.*)</shared_memory_path>",
                  (saved / f"{name}.lttng").read_text())
    assert re.fullmatch(rf"{re.escape(str(shm))}/{name}-{DATE}", m.group(1))
    return shm, m.group(1)


def buffer_dir(session_shm):
    return os.path.join(session_shm, "ust", "uid", str(os.getuid()),
                        "64-bit")


def wait_gone(path, timeout=20):
    """Waits until path no longer exists; fails loudly after timeout."""
    deadline = time.monotonic() + timeout
    while os.path.exists(path) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not os.path.exists(path), (path, list(os.walk(path)))


def kill_everything(t, app):
    """SIGKILL the consumer daemon, the session daemon and the app, in
    that order (a consumer that outlives its session daemon would write
    everything out and clean up)."""
    sessiond = t.sessiond.pid()
    consumer = ust_consumer_pid(sessiond)
    for pid in (consumer, sessiond):
        os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + 10
        while t.sessiond.alive(pid) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert not t.sessiond.alive(pid)
    app.kill()


def test_buffers_are_files_while_the_session_lives(tracing):
    shm, session_shm = create_with_shm(tracing, "s")
    assert not os.path.exists(session_shm)  # nothing before the buffers
    tracing.lttng("enable-event", "--userspace", "testapp:*")
    tracing.lttng("start")
    app = tracing.app()
    app.emit(10)
    files = sorted(os.listdir(buffer_dir(session_shm)))
    cpus = os.sysconf("SC_NPROCESSORS_CONF")
    assert files == sorted(["metadata"] +
                           [f"channel0_{i}" for i in range(cpus)])
    for name in files:
        st = os.stat(os.path.join(buffer_dir(session_shm), name))
        assert st.st_mode & 0o777 == 0o600
        assert st.st_uid == os.getuid()
    with open(os.path.join(buffer_dir(session_shm), "metadata")) as f:
        assert "testapp:values" in f.read()
    # The trace itself is still written to the session's output.
    tracing.lttng("stop")
    trace = read_trace(uid_dir(tracing.session_dir("s")))
    assert values_of(trace) == list(range(10))
    # Per-user buffers outlive the apps that wrote into them.
    app.quit()
    assert sorted(os.listdir(buffer_dir(session_shm))) == files
    tracing.lttng("destroy")
    # As LTTng (observed): the files go, then every directory they were
    # in up to the session's own; the --shm-path directory stays.
    wait_gone(session_shm)
    assert os.listdir(shm) == []


def test_regenerated_metadata_replaces_the_kept_text(tracing, crash):
    shm, session_shm = create_with_shm(tracing, "s")
    tracing.lttng("enable-event", "--userspace", "testapp:*")
    tracing.lttng("start")
    app = tracing.app()
    app.emit(3)
    kept = os.path.join(buffer_dir(session_shm), "metadata")
    with open(kept) as f:
        before = f.read()
    tracing.lttng("regenerate", "metadata")
    with open(kept) as f:
        after = f.read()
    assert after.startswith("/* CTF 1.8 */")
    assert after.count("name = \"testapp:values\"") == 1
    assert len(after) <= len(before) + 64  # replaced, not appended
    kill_everything(tracing, app)
    out = tracing.tmp / "out"
    assert crash("-x", out, shm).returncode == 0
    rel = os.path.relpath(buffer_dir(session_shm), shm)
    assert values_of(read_trace(out / rel)) == [0, 1, 2]


def test_list_and_save_keep_the_shm_path(tracing):
    shm, session_shm = create_with_shm(tracing, "s")
    saved = tracing.tmp / "saved"
    tracing.lttng("save", "-o", str(saved), "s")
    text = (saved / "s.lttng").read_text()
    assert (f"\t\t<name>s</name>\n\t\t<shared_memory_path>{session_shm}"
            "</shared_memory_path>\n") in text
    tracing.lttng("destroy", "s")
    tracing.lttng("load", "-i", str(saved / "s.lttng"))
    tracing.lttng("save", "-o", str(tracing.tmp / "again"), "s")
    assert (tracing.tmp / "again" / "s.lttng").read_text() == text


SET_SHM_PATH = """
import ctypes, sys
ctl = ctypes.CDLL(sys.argv[1])
for name in sys.argv[2:]:
    print(ctl.lttng_set_session_shm_path(name.encode(), b"/tmp/elsewhere"))
"""


def test_set_session_shm_path_api(tracing):
    """liblttng-ctl: before the start only, on an existing session."""
    lib = tracing.build_dir / "src/lib/lttng-ctl/liblttng-ctl.so"
    tracing.lttng("create", "a")
    tracing.lttng("create", "b")
    tracing.lttng("enable-event", "--userspace", "-s", "b", "x")
    tracing.lttng("start", "b")
    r = subprocess.run(["/usr/bin/python3", "-c", SET_SHM_PATH, str(lib),
                        "a", "b", "nosuch"], capture_output=True, text=True,
                       env=tracing.env, timeout=30)
    # 0, -LTTNG_ERR_SESSION_STARTED, -LTTNG_ERR_SESS_NOT_FOUND
    assert r.stdout.split() == ["0", "-13", "-23"], r
    tracing.lttng("save", "-o", str(tracing.tmp / "saved"), "a")
    assert "<shared_memory_path>/tmp/elsewhere</shared_memory_path>" in \
        (tracing.tmp / "saved" / "a.lttng").read_text()


def test_automatic_name_gets_no_second_date(tracing):
    shm = tracing.tmp / "shm"
    r = tracing.lttng("create", f"--shm-path={shm}")
    assert r.out.endswith(f"\nShared memory path set to {shm}/auto-DATE\n")


def test_crash_recovers_every_committed_event(tracing, crash):
    shm, session_shm = create_with_shm(tracing, "s")
    tracing.lttng("enable-event", "--userspace", "testapp:*")
    tracing.lttng("start")
    app = tracing.app()
    app.emit(300)
    app.emit(200)
    kill_everything(tracing, app)
    # Nothing reached the trace output: every event is in the buffers.
    out = tracing.tmp / "extracted"
    r = crash("-x", out, shm)
    assert (r.returncode, r.stderr) == (0, ""), r
    rel = os.path.relpath(buffer_dir(session_shm), shm)
    assert sorted(os.listdir(out / rel))[0] == "channel0_0"
    assert "metadata" in os.listdir(out / rel)
    trace = read_trace(out / rel)
    values = [rec for rec in trace if rec.name == "testapp:values"]
    assert [rec.fields["seq"] for rec in values] == list(range(500))
    for seq, rec in enumerate(values):
        check_values(rec, seq)
    assert sum(rec.name == "testapp:tick" for rec in trace) == 2
    # The input is left as it was: a second extraction gives the same.
    r = crash("-x", tracing.tmp / "again", shm)
    assert r.returncode == 0, r
    assert values_of(read_trace(tracing.tmp / "again" / rel)) == \
        list(range(500))


def test_per_process_buffers_are_recovered_too(tracing, crash):
    shm, session_shm = create_with_shm(tracing, "s")
    tracing.lttng("enable-channel", "--userspace", "--buffers-pid",
                  "channel0")
    tracing.lttng("enable-event", "--userspace", "testapp:values",
                  "-c", "channel0")
    tracing.lttng("start")
    app = tracing.app()
    app.emit(50)
    pid_root = os.path.join(session_shm, "ust", "pid")
    (app_dir,) = os.listdir(pid_root)
    assert re.fullmatch(rf"ust-test-app-{app.pid}-{DATE}", app_dir)
    assert "metadata" in os.listdir(os.path.join(pid_root, app_dir))
    kill_everything(tracing, app)
    out = tracing.tmp / "extracted"
    r = crash("-x", out, shm)
    assert (r.returncode, r.stderr) == (0, ""), r
    rel = os.path.relpath(os.path.join(pid_root, app_dir), shm)
    assert values_of(read_trace(out / rel)) == list(range(50))


def test_exited_apps_per_process_directories_are_removed(tracing):
    """As LTTng 2.13 (observed with the anchor): when a process with
    per-process buffers goes, by exit or by SIGKILL, its buffer files and
    its <shm>/<session>/ust/pid/<app>-<pid>-<date> directory are removed
    within moments (the consumer wrote its data out first), then the
    parents left empty up to the session's directory; those of the
    processes still alive stay."""
    shm, session_shm = create_with_shm(tracing, "s")
    tracing.lttng("enable-channel", "--userspace", "--buffers-pid", "c")
    tracing.lttng("enable-event", "--userspace", "testapp:values",
                  "-c", "c")
    tracing.lttng("start")
    pid_root = os.path.join(session_shm, "ust", "pid")
    apps = [tracing.app() for _ in range(3)]
    for app in apps:
        app.emit(20)
    dirs = {app.pid: os.path.join(pid_root, d)
            for app in apps for d in os.listdir(pid_root)
            if re.fullmatch(rf"ust-test-app-{app.pid}-{DATE}", d)}
    assert len(dirs) == 3
    cpus = os.sysconf("SC_NPROCESSORS_CONF")
    expected = sorted(["metadata"] + [f"c_{i}" for i in range(cpus)])
    for d in dirs.values():
        assert sorted(os.listdir(d)) == expected
    exiting, killed, staying = apps
    exiting.quit()
    wait_gone(dirs[exiting.pid])
    killed.kill()
    wait_gone(dirs[killed.pid])
    # The process still alive keeps its files, and its parents stay.
    assert sorted(os.listdir(dirs[staying.pid])) == expected
    assert os.listdir(pid_root) == [os.path.basename(dirs[staying.pid])]
    staying.emit(5)
    staying.quit()
    wait_gone(session_shm)  # the last one takes the session's directory
    assert os.listdir(shm) == []
    # Every event was written out before the files went.
    for app in apps:
        (trace_dir,) = [
            p for p in (tracing.session_dir("s") / "ust" / "pid").iterdir()
            if p.name.startswith(f"ust-test-app-{app.pid}-")]
        assert values_of(read_trace(trace_dir)) == \
            list(range(25 if app is staying else 20))
    tracing.lttng("destroy")


def test_damaged_stream_files_are_reported_not_fatal(tracing, crash):
    shm, session_shm = create_with_shm(tracing, "s")
    tracing.lttng("enable-event", "--userspace", "testapp:values")
    tracing.lttng("start")
    app = tracing.app(wrapper=("taskset", "-c", "0"))
    app.emit(20)
    kill_everything(tracing, app)
    bufs = buffer_dir(session_shm)
    # channel0_0: its first slot's commit counters overwritten (the
    # header's u64 at byte 16 is where the slots start, shm-layout.h);
    # channel0_1: cut short.
    with open(os.path.join(bufs, "channel0_0"), "r+b") as f:
        f.seek(16)
        (slots_offset,) = struct.unpack("=Q", f.read(8))
        f.seek(slots_offset)
        f.write(b"\x7f" * 16)
    with open(os.path.join(bufs, "channel0_1"), "r+b") as f:
        f.truncate(8192)
    r = crash("-x", tracing.tmp / "out", shm)
    assert r.returncode == 1
    assert re.search(r"channel0_0 cannot be recovered: stream 0: packet 0 "
                     r"has \d+ bytes committed of \d+ reserved", r.stderr), \
        r.stderr
    assert re.search(r"channel0_1 is not a usable ring buffer: stream 0: "
                     r"layout does not match", r.stderr), r.stderr


def test_crash_keeps_the_packets_the_consumer_already_wrote(tracing,
                                                           crash):
    shm, session_shm = create_with_shm(tracing, "s")
    tracing.lttng("enable-channel", "--userspace", "--subbuf-size=4096",
                  "--num-subbuf=4", "channel0")
    tracing.lttng("enable-event", "--userspace", "testapp:values",
                  "-c", "channel0")
    tracing.lttng("start")
    app = tracing.app(wrapper=("taskset", "-c", "0"))
    app.emit(150)  # about 3 of the 4 packets of CPU 0's stream
    written = uid_dir(tracing.session_dir("s")) / "channel0_0"
    deadline = time.monotonic() + 10
    while (not written.exists() or written.stat().st_size == 0) and \
            time.monotonic() < deadline:
        time.sleep(0.02)
    assert written.stat().st_size > 0  # the consumer wrote some packets
    kill_everything(tracing, app)
    out = tracing.tmp / "extracted"
    r = crash("-x", out, shm)
    assert (r.returncode, r.stderr) == (0, ""), r
    rel = os.path.relpath(buffer_dir(session_shm), shm)
    values = [rec for rec in read_trace(out / rel)
              if rec.name == "testapp:values"]
    assert [rec.fields["seq"] for rec in values] == list(range(150))


def test_crash_of_a_snapshot_session_keeps_the_newest_packets(tracing,
                                                              crash):
    shm, session_shm = create_with_shm(tracing, "snap", "--snapshot")
    tracing.lttng("enable-channel", "--userspace", "--subbuf-size=4096",
                  "--num-subbuf=4", "channel0")
    tracing.lttng("enable-event", "--userspace", "testapp:values",
                  "-c", "channel0")
    tracing.lttng("start")
    app = tracing.app(wrapper=("taskset", "-c", "0"))
    app.emit(3000)
    kill_everything(tracing, app)
    out = tracing.tmp / "extracted"
    r = crash("-x", out, shm)
    assert (r.returncode, r.stderr) == (0, ""), r
    # Overwrite mode: the newest packets, up to the last event, in order.
    rel = os.path.relpath(buffer_dir(session_shm), shm)
    seqs = values_of(read_trace(out / rel))
    assert 100 < len(seqs) < 3000
    assert seqs == list(range(3000 - len(seqs), 3000))


def test_crash_shows_the_recovered_trace_with_a_viewer(tracing, crash):
    shm, _ = create_with_shm(tracing, "s")
    tracing.lttng("enable-event", "--userspace", "testapp:*")
    tracing.lttng("start")
    app = tracing.app()
    app.emit(5)
    kill_everything(tracing, app)
    r = crash(shm)  # babeltrace2 by default
    assert r.returncode == 0, r
    assert r.stdout.count("testapp:values:") == 5
    r = crash("-e", "/bin/echo viewing", shm)
    assert r.returncode == 0, r
    tmp = r.stdout.split()[1]
    assert r.stdout.startswith("viewing /tmp/lttng-crash-")
    assert not os.path.exists(tmp)  # removed once the viewer is done
    # As LTTng's: the reader's exit status is not lttng-crash's.
    assert crash("-e", "/bin/false", shm).returncode == 0
    r = crash("-e", "/nonexistent", shm)
    assert r.returncode == 0
    assert re.fullmatch(
        r'PERROR - [\d:.]+ \[\d+/\d+\]: Failed to launch "/nonexistent" '
        r"viewer: No such file or directory \(in spawn_viewer\(\) at "
        r"spawn-viewer.c:242\)\n", r.stderr), r.stderr


def test_crash_errors(crash, tmp_path):
    r = crash("-x", tmp_path / "out1", tmp_path / "nosuch")
    assert r.returncode == 1
    assert re.fullmatch(
        r"PERROR - [\d:.]+ \[\d+/\d+\]: Cannot open '.*/nosuch' path: "
        r"No such file or directory \(in extract_trace_recursive\(\) at "
        r"lttng-crash.c:983\)\n", r.stderr), r.stderr
    empty = tmp_path / "empty"
    empty.mkdir()
    r = crash("-x", tmp_path / "out2", empty)
    assert (r.returncode, r.stdout, r.stderr) == (0, "", "")
    assert os.listdir(tmp_path / "out2") == []
    r = crash("-x", tmp_path / "out2", empty)  # exists already
    assert r.returncode == 1
    assert "mkdir: File exists" in r.stderr
    r = crash("--bogus", empty)
    assert r.returncode == 1
    assert r.stderr.endswith("Error: Unknown command-line option\n")
    r = crash("-V")
    assert r.returncode == 0
    assert r.stdout.endswith(
        "lttng-crash (LTTng Crash Trace Viewer) 2.13.9 - Nordicit\u00e9\n")
    r = crash("--list-options")
    assert r.stdout.split() == ["--version", "-V", "--help", "-h",
                                "--verbose", "-v", "--viewer", "-e",
                                "--extract", "-x", "--list-options"]
    # --help and no argument at all run the man pager (here /bin/false).
    assert crash("--help").returncode == 1
    assert crash().returncode == 1
    for args in (["-v"], [empty, "extra"], [empty, "-x", tmp_path / "o"]):
        r = crash(*args)
        assert (r.returncode, r.stderr) == (
            1, "Error: Command-line error: Specify exactly one input path\n")
    r = crash("-x")
    assert r.returncode == 1
    assert r.stderr.endswith("option requires an argument -- 'x'\n"
                             "Error: Unknown command-line option\n")
    # A file that is not a ring buffer is skipped, not fatal.
    (empty / "junk").write_text("not a buffer")
    r = crash("-x", tmp_path / "out3", empty)
    assert (r.returncode, r.stderr) == (0, "")


def test_unusable_shm_path_fails_cleanly(tracing):
    """Buffers that cannot be created: no trace, but both daemons live
    on and the session can be destroyed."""
    blocker = tracing.tmp / "a-file"
    blocker.write_text("")
    tracing.lttng("create", "s", f"--shm-path={blocker}")
    tracing.lttng("enable-event", "--userspace", "testapp:*")
    # As LTTng: the buffers are made when an app registers, not at start.
    r = tracing.lttng("start")
    assert r.out == "Tracing started for session s\n"
    app = tracing.app()
    app.emit(3)
    sessiond = tracing.sessiond.pid()
    assert tracing.sessiond.alive(sessiond)
    assert tracing.sessiond.alive(ust_consumer_pid(sessiond))
    tracing.lttng("destroy", "s")
    assert blocker.read_text() == ""
    app.quit()


DROPPED = re.compile(
    r"Warning: (?P<path>\S+): dropped (?P<bytes>\d+) bytes not proven "
    r"committed in (?P<packets>\d+) packets? \((?P<events>\d+) events "
    r"counted as discarded\)")


def packet_counts(path):
    """events_discarded of each packet of a CTF stream file, in order
    (LTTng's packet context: packet_size at byte 56, in bits, and
    events_discarded at byte 72)."""
    counts = []
    with open(path, "rb") as f:
        data = f.read()
    at = 0
    while at < len(data):
        (size,) = struct.unpack_from("=Q", data, at + 56)
        (discarded,) = struct.unpack_from("=Q", data, at + 72)
        counts.append(discarded)
        assert size > 0 and size % 8 == 0
        at += size // 8
    return counts


def crash_round(build_dir, tmp, crash, overwrite, subbufs, threads, delay):
    """One session with --shm-path and 4 KiB sub-buffers, an app whose
    threads record until everything is SIGKILLed after `delay` seconds,
    then lttng-crash -x and babeltrace2. Returns the bytes and the events
    lttng-crash reported dropped."""
    home, run = tmp / "home", tmp / "run"
    home.mkdir(parents=True)
    run.mkdir()
    env = dict(os.environ, HOME=str(home), LTTNG_HOME=str(home),
               LTTNG_RUNDIR=str(run))
    t = Tracing(build_dir, env, tmp)
    t.start_daemon()
    try:
        shm, session_shm = create_with_shm(t, "s")
        t.lttng("enable-channel", "--userspace", "--subbuf-size=4096",
                f"--num-subbuf={subbufs}",
                "--overwrite" if overwrite else "--discard", "channel0")
        t.lttng("enable-event", "--userspace", "testapp:values",
                "-c", "channel0")
        t.lttng("start")
        app = t.app()
        app.command(f"spin {threads}")
        time.sleep(delay)  # anywhere: the records are checked, not timed
        kill_everything(t, app)
    finally:
        t.close()
    out = tmp / "extracted"
    r = crash("-x", out, shm)
    assert r.returncode == 0, r
    dropped = [DROPPED.fullmatch(line) for line in r.stderr.splitlines()]
    assert all(dropped), r.stderr  # nothing but the reports of drops
    rel = os.path.relpath(buffer_dir(session_shm), shm)
    trace = read_trace(out / rel)  # fails on any babeltrace2 complaint
    seqs = []
    for rec in trace:
        assert rec.name == "testapp:values"
        check_values(rec, rec.fields["seq"])
        seqs.append(rec.fields["seq"])
    assert len(set(seqs)) == len(seqs)  # no record twice
    # Every stream's counts grow, and each report is in its stream's
    # last packet (dropped records are counted as discarded).
    for name in os.listdir(out / rel):
        if name != "metadata":
            counts = packet_counts(out / rel / name)
            assert counts == sorted(counts), (name, counts)
            # A stream that was written to keeps at least one packet
            # (its write position: the u64 at byte 128, shm-layout.h).
            with open(os.path.join(buffer_dir(session_shm), name),
                      "rb") as f:
                f.seek(128)
                (offset,) = struct.unpack("=Q", f.read(8))
            assert offset == 0 or counts, (name, offset)
    for m in dropped:
        assert int(m["bytes"]) > 0 and int(m["events"]) > 0
        name = os.path.basename(m["path"])
        assert packet_counts(out / rel / name)[-1] >= int(m["events"])
    return (len(seqs), sum(int(m["bytes"]) for m in dropped),
            sum(int(m["events"]) for m in dropped))


def test_crash_mid_flight_always_gives_a_readable_trace(build_dir, tmp_path,
                                                        crash):
    """An app with many threads recording into small sub-buffers, killed
    mid-flight again and again (overwrite and discard mode): every
    recovered trace reads back in babeltrace2 without a complaint, holds
    only whole records, and what recovery could not prove committed is
    reported on stderr and counted as discarded."""
    seed = int(os.environ.get("CRASH_SEED", time.time_ns() % 1000000))
    print(f"seed {seed} (CRASH_SEED={seed} replays the delays)")
    rng = random.Random(seed)
    rounds = kept = dropped_bytes = dropped_events = with_drops = 0
    for i in range(12):
        k, b, e = crash_round(build_dir, tmp_path / f"round{i}", crash,
                              overwrite=i % 2 == 0,
                              subbufs=2 if i % 4 < 2 else 4,
                              threads=4 + 2 * (i % 3),
                              delay=rng.uniform(0.05, 0.4))
        rounds += 1
        kept += k
        dropped_bytes += b
        dropped_events += e
        with_drops += b > 0
    print(f"{rounds} crashes, {kept} events recovered, {with_drops} with "
          f"records dropped: {dropped_bytes} bytes, {dropped_events} events")
    # A crash may leave a stream nothing provable; twelve cannot all.
    assert kept > 0
