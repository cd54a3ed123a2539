"""User space tracing end to end: lttng-sessiond with its lttng-consumerd,
the real lttng CLI, instrumented processes, and babeltrace2 reading the
traces (every field, counts, discarded events, no reader warnings)."""
import os
import re
import shutil
import signal
import subprocess
import time

import pytest

from kernel_support import tracefs_writable
from trace_reader import read_trace
from ust_tracing import Tracing, uid_dir, values_of


@pytest.fixture
def tracing(build_dir, lttng_env, tmp_path):
    t = Tracing(build_dir, lttng_env, tmp_path)
    t.start_daemon()
    yield t
    t.close()


def start_session(t, name="s", *channel_opts, buffers=None):
    t.lttng("create", name)
    if channel_opts or buffers:
        extra = [buffers] if buffers else []
        t.lttng("enable-channel", "--userspace", *extra, *channel_opts,
                "channel0")
    t.lttng("enable-event", "--userspace", "testapp:*")
    t.lttng("start")


def check_values(record, seq):
    f = record.fields
    assert f["seq"] == seq
    assert f["low"] == seq % 256
    assert f["neg"] == -(seq % 1000)
    assert f["half"] == seq / 2.0
    assert f["name"] == f"event-{seq}"
    assert f["triple"] == [seq, -1, 7]
    assert f["items"] == [(seq + j) % 65536 for j in range(seq % 4)]
    assert f["parity"] == seq % 2
    assert f["parity"].labels == ["ODD" if seq % 2 else "EVEN"]


def test_every_field_of_every_event_is_in_the_trace(tracing):
    app = tracing.app()
    start_session(tracing)
    app.emit(300)
    tracing.lttng("destroy")
    session = tracing.session_dir("s")
    trace = read_trace(uid_dir(session))
    records = [r for r in trace if r.name == "testapp:values"]
    assert len(records) == 300
    for seq, record in enumerate(records):
        check_values(record, seq)
    assert [r.name for r in trace].count("testapp:tick") == 1
    assert trace.discarded_events == 0
    files = sorted(os.listdir(uid_dir(session)))
    ncpu = os.sysconf("SC_NPROCESSORS_CONF")
    assert files == sorted(["index", "metadata"] +
                           [f"channel0_{i}" for i in range(ncpu)])


def test_trace_environment_is_lttngs(tracing):
    app = tracing.app()
    start_session(tracing)
    app.emit(1)
    tracing.lttng("destroy")
    metadata = subprocess.run(
        ["babeltrace2", "--output-format=ctf-metadata",
         str(uid_dir(tracing.session_dir("s")))],
        capture_output=True, text=True, check=True).stdout
    env = re.search(r"env \{(.*?)\};", metadata, re.S).group(1)
    names = re.findall(r"^\s*(\w+) =", env, re.M)
    assert names == ["domain", "tracer_name", "tracer_major", "tracer_minor",
                     "tracer_buffering_scheme", "tracer_buffering_id",
                     "architecture_bit_width", "trace_name",
                     "trace_creation_datetime", "hostname"]
    assert 'domain = "ust";' in env and 'tracer_name = "lttng-ust";' in env
    assert f"tracer_buffering_id = {os.getuid()};" in env
    assert 'trace_name = "s";' in env
    assert 'name = "monotonic";' in metadata
    assert "event.header := struct event_header_large;" in metadata


def test_apps_started_before_and_after_start_share_per_uid_buffers(tracing):
    early = tracing.app()
    start_session(tracing)
    late = tracing.app()
    early.emit(100)
    late.emit(50)
    tracing.lttng("destroy")
    session = tracing.session_dir("s")
    assert os.listdir(session / "ust") == ["uid"]
    trace = read_trace(uid_dir(session))
    assert len(values_of(trace)) == 150
    assert sorted(values_of(trace)) == sorted(list(range(100)) +
                                              list(range(50)))


def test_per_pid_buffers_give_one_trace_per_process(tracing):
    a = tracing.app()
    b = tracing.app()
    start_session(tracing, "s", buffers="--buffers-pid")
    a.emit(10)
    b.emit(20)
    tracing.lttng("destroy")
    pid_root = tracing.session_dir("s") / "ust" / "pid"
    dirs = sorted(os.listdir(pid_root))
    assert len(dirs) == 2
    for app, count in ((a, 10), (b, 20)):
        [d] = [d for d in dirs
               if re.fullmatch(rf"ust-test-app-{app.pid}-\d{{8}}-\d{{6}}", d)]
        trace = read_trace(pid_root / d)
        assert values_of(trace) == list(range(count))
        metadata = subprocess.run(
            ["babeltrace2", "--output-format=ctf-metadata", str(pid_root / d)],
            capture_output=True, text=True, check=True).stdout
        env = re.search(r"env \{(.*?)\};", metadata, re.S).group(1)
        assert re.findall(r"^\s*(\w+) =", env, re.M) == [
            "domain", "tracer_name", "tracer_major", "tracer_minor",
            "tracer_buffering_scheme", "tracer_buffering_id",
            "architecture_bit_width", "trace_name",
            "trace_creation_datetime", "hostname", "tracer_patchlevel",
            "vpid", "procname", "vpid_datetime"]
        assert f"vpid = {app.pid};" in env
        assert f"tracer_buffering_id = {app.pid};" in env
        assert 'procname = "ust-test-app";' in env
        assert 'tracer_buffering_scheme = "pid";' in env


def test_killed_app_data_stays_in_the_per_uid_trace(tracing):
    victim = tracing.app()
    survivor = tracing.app()
    start_session(tracing)
    victim.emit(500)
    victim.kill()
    survivor.emit(5)
    tracing.lttng("destroy")
    trace = read_trace(uid_dir(tracing.session_dir("s")))
    assert sorted(values_of(trace)) == sorted(list(range(500)) +
                                              list(range(5)))


def test_killed_app_alone_per_pid_is_recovered(tracing):
    victim = tracing.app()
    start_session(tracing, "s", buffers="--buffers-pid")
    victim.emit(200)
    victim.kill()
    time.sleep(0.2)
    tracing.lttng("destroy")
    pid_root = tracing.session_dir("s") / "ust" / "pid"
    [d] = os.listdir(pid_root)
    trace = read_trace(pid_root / d)
    assert values_of(trace) == list(range(200))


def test_stop_then_start_again(tracing):
    app = tracing.app()
    start_session(tracing)
    app.emit(10)
    tracing.lttng("stop")
    app.emit(10)  # not recorded
    tracing.lttng("start")
    app.emit(10)
    tracing.lttng("destroy")
    trace = read_trace(uid_dir(tracing.session_dir("s")))
    assert values_of(trace) == list(range(10)) + list(range(20, 30))


def test_stop_makes_the_trace_readable_while_the_session_exists(tracing):
    app = tracing.app()
    start_session(tracing)
    app.emit(42)
    tracing.lttng("stop")
    trace = read_trace(uid_dir(tracing.session_dir("s")))
    assert values_of(trace) == list(range(42))
    tracing.lttng("destroy")


def test_each_stop_closes_a_packet_in_every_stream(tracing):
    """As with LTTng 2.13 (observed with its 2.13 daemons): every stop
    leaves one more packet in every stream file, empty for idle CPUs,
    and destroy after stop adds none. With the app on CPU 0 and small
    records, each packet is one 4 KiB page."""
    app = tracing.app()
    os.sched_setaffinity(app.pid, {0})
    start_session(tracing)
    directory = uid_dir(tracing.session_dir("s"))

    def sizes():
        return sorted({p.stat().st_size for p in directory.glob("channel0_*")})

    app.emit(50)
    tracing.lttng("stop")
    assert sizes() == [4096]
    tracing.lttng("start")
    tracing.lttng("stop")
    assert sizes() == [8192]
    tracing.lttng("start")
    app.emit(50)
    tracing.lttng("stop")
    assert sizes() == [12288]
    trace = read_trace(directory)
    assert values_of(trace) == list(range(100))
    tracing.lttng("destroy")
    assert sizes() == [12288]
    assert len(list(directory.glob("channel0_*"))) == os.cpu_count()


def test_destroy_while_apps_still_run(tracing):
    app = tracing.app()
    start_session(tracing)
    app.emit(25)
    tracing.lttng("destroy")
    app.emit(25)  # the app lives on, records nothing
    trace = read_trace(uid_dir(tracing.session_dir("s")))
    assert values_of(trace) == list(range(25))
    app.quit()
    assert app.proc.returncode == 0


def test_sessiond_sigterm_flushes_the_data(tracing):
    app = tracing.app()
    start_session(tracing)
    app.emit(33)
    tracing.sessiond.stop()
    trace = read_trace(uid_dir(tracing.session_dir("s")))
    assert values_of(trace) == list(range(33))


def test_tracefile_rotation_keeps_count_files(tracing):
    app = tracing.app()
    start_session(tracing, "s", "--subbuf-size=4096", "--num-subbuf=4",
                  "--tracefile-size=8192", "--tracefile-count=2")
    for _ in range(20):  # paced: a full 16 KiB buffer discards the newest
        app.emit(100)
        time.sleep(0.02)
    tracing.lttng("destroy")
    d = uid_dir(tracing.session_dir("s"))
    names = [n for n in os.listdir(d) if n.startswith("channel0_")]
    per_cpu = {}
    for n in names:
        _, cpu, number = n.split("_")
        per_cpu.setdefault(cpu, []).append(int(number))
        assert os.path.getsize(d / n) <= 8192
        assert (d / "index" / (n + ".idx")).exists()
    # LTTng's names: channel0_<cpu>_0 and _1, reused cyclically
    assert all(sorted(v) == list(range(len(v))) and len(v) <= 2
               for v in per_cpu.values())
    trace = read_trace(d, allow_warnings=True)
    seqs = values_of(trace)
    assert seqs and seqs[-1] == 1999
    assert seqs == sorted(seqs)
    assert len(seqs) < 2000  # the oldest files were replaced


def test_overwrite_channel_keeps_the_newest_events(tracing):
    app = tracing.app()
    start_session(tracing, "s", "--overwrite", "--subbuf-size=4096",
                  "--num-subbuf=4")
    app.emit(5000)
    tracing.lttng("destroy")
    trace = read_trace(uid_dir(tracing.session_dir("s")), allow_warnings=True)
    seqs = values_of(trace)
    assert seqs[-1] == 4999
    assert seqs == sorted(seqs)
    # Overwritten packets are lost packets, never discarded events.
    assert trace.discarded_events == 0


def test_list_userspace_shows_each_app_and_its_tracepoints(tracing):
    app = tracing.app()
    out = tracing.lttng("list", "--userspace").out
    assert out.startswith("UST events:\n-------------\n\n")
    assert f"PID: {app.pid} - Name: {tracing.build_dir}/tests/tools/ust-apps/ust-test-app\n" in out
    assert ("      testapp:values (loglevel: TRACE_DEBUG_LINE (13)) "
            "(type: tracepoint)\n") in out
    assert "      testapp:tick (loglevel: TRACE_DEBUG_LINE (13)) (type: tracepoint)\n" in out


def test_list_userspace_without_apps(tracing):
    assert tracing.lttng("list", "--userspace").out == \
        "UST events:\n-------------\nNone\n\n"


def test_disabled_rule_records_nothing_more(tracing):
    app = tracing.app()
    start_session(tracing)
    app.emit(5)
    tracing.lttng("disable-event", "--userspace", "testapp:*")
    app.emit(5)
    tracing.lttng("enable-event", "--userspace", "testapp:values")
    app.emit(5)
    tracing.lttng("destroy")
    trace = read_trace(uid_dir(tracing.session_dir("s")))
    assert values_of(trace) == list(range(5)) + list(range(10, 15))
    assert [r.name for r in trace].count("testapp:tick") == 1


def test_list_userspace_fields(tracing):
    app = tracing.app()
    out = tracing.lttng("list", "--userspace", "--fields").out
    assert f"\nPID: {app.pid} - Name: " in out
    block = out.split("      testapp:values (loglevel: TRACE_DEBUG_LINE "
                      "(13)) (type: tracepoint)\n")[1]
    fields = []
    for line in block.splitlines():
        if not line.startswith("        field: "):
            break
        fields.append(line.strip())
    # LTTng lists the last declared field first.
    assert fields == list(reversed([
        "field: seq (integer)", "field: low (integer)",
        "field: neg (integer)", "field: half (float)",
        "field: name (string)", "field: triple (unknown)",
        "field: _items_length (integer)", "field: items (unknown)",
        "field: parity (enum)"]))


def test_list_fields_of_kernel_domain_is_refused(tracing):
    # Kernel tracepoints have no listable fields: with a kernel domain
    # (root daemon, writable tracefs), --fields lists the events alone.
    result = tracing.lttng("list", "--kernel", "--fields", check=False)
    if tracefs_writable() is None:
        assert result.rc == 0
        assert result.out.startswith("Kernel events:\n-------------\n")
        assert "field:" not in result.out
    else:
        assert result.rc == 1


def test_filter_expression_selects_the_events(tracing):
    app = tracing.app()
    tracing.lttng("create", "s")
    tracing.lttng("enable-event", "--userspace", "testapp:values",
                  "--filter", "seq >= 10 && seq < 20 && name != \"event-15\"")
    tracing.lttng("start")
    app.emit(30)
    tracing.lttng("destroy")
    trace = read_trace(uid_dir(tracing.session_dir("s")))
    assert values_of(trace) == [s for s in range(10, 20) if s != 15]


def test_contexts_are_recorded_with_every_event(tracing):
    # testapp:values has strings (reserve and commit); testapp:tick has a
    # payload of constant size (the probe's single record() call).
    app = tracing.app()
    tracing.lttng("create", "s")
    tracing.lttng("enable-event", "--userspace", "testapp:values,testapp:tick")
    tracing.lttng("add-context", "--userspace", "--type=vpid",
                  "--type=procname", "--type=vtid")
    tracing.lttng("start")
    app.emit(4)
    tracing.lttng("destroy")
    trace = read_trace(uid_dir(tracing.session_dir("s")))
    assert values_of(trace) == list(range(4))
    assert [r.name for r in trace].count("testapp:tick") == 1
    for record in trace:
        assert record.common_context == {"vpid": app.pid,
                                         "procname": "ust-test-app",
                                         "vtid": app.pid}


@pytest.mark.skipif(shutil.which("valgrind") is None,
                    reason="valgrind is not installed (make deps installs it)")
def test_app_without_rseq_shares_per_uid_buffers_with_a_native_one(tracing):
    # Valgrind registers no rseq: that app makes the per-CPU streams it
    # writes atomic, while the native app reserves CPU-locally in them
    # until then. Every record of both is in the trace, in each app's
    # order, and valgrind finds no error in the instrumented process.
    native = tracing.app()
    slow = tracing.app(wrapper=("valgrind", "-q", "--error-exitcode=9"))
    tracing.lttng("create", "s")
    tracing.lttng("enable-event", "--userspace", "testapp:values")
    tracing.lttng("add-context", "--userspace", "--type=vpid")
    tracing.lttng("start")
    native.emit(100)
    slow.emit(100)
    native.emit(100)
    slow.quit()
    assert slow.proc.returncode == 0
    tracing.lttng("destroy")
    trace = read_trace(uid_dir(tracing.session_dir("s")))
    by_pid = {}
    for record in trace:
        by_pid.setdefault(record.common_context["vpid"], []).append(
            record.fields["seq"])
    assert by_pid == {native.pid: list(range(200)),
                      slow.pid: list(range(100))}


def ust_consumer_pid(sessiond_pid):
    """The user space consumer daemon the session daemon started."""
    for entry in os.listdir("/proc"):
        try:
            with open(f"/proc/{entry}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                args = f.read().split(b"\0")
        except (OSError, ValueError, IndexError):
            continue
        if (ppid == sessiond_pid and args[0].endswith(b"lttng-consumerd")
                and b"--kernel" not in args):
            return int(entry)
    raise AssertionError("no user space consumer running")


def test_discarded_events_are_counted_in_list_and_trace(tracing):
    app = tracing.app()
    start_session(tracing, "s", "--subbuf-size=4096", "--num-subbuf=2")
    # A burst into 8 KiB while the consumer is paused: most are discarded.
    consumer = ust_consumer_pid(tracing.sessiond.pid())
    os.kill(consumer, signal.SIGSTOP)
    try:
        app.emit(5000)
    finally:
        os.kill(consumer, signal.SIGCONT)
    tracing.lttng("stop")
    listing = tracing.lttng("list", "s").out
    discarded = int(re.search(r"Discarded events: (\d+)", listing).group(1))
    assert discarded > 0
    trace = read_trace(uid_dir(tracing.session_dir("s")), allow_warnings=True)
    assert len(trace) + discarded == 5001
    tracing.lttng("destroy")


def test_trace_files_are_laid_out_like_lttngs(tracing):
    """Every stream file holds at least one packet (idle CPUs get an
    empty one at the end, as LTTng's final flush leaves), with its index
    entry, and the metadata is packed in full 4 KiB packets. (LTTng
    writes this metadata as one packet at destroy; ours also writes what
    is pending every 100 ms so that a live trace parses, which can take
    one packet more: doc/daemons.md.)"""
    app = tracing.app()
    start_session(tracing)
    app.emit(2)
    tracing.lttng("destroy")
    d = uid_dir(tracing.session_dir("s"))
    for i in range(os.sysconf("SC_NPROCESSORS_CONF")):
        size = os.path.getsize(d / f"channel0_{i}")
        assert size >= 4096 and size % 4096 == 0
        assert os.path.getsize(d / "index" / f"channel0_{i}.idx") == \
            16 + 72 * (size // 4096)
    metadata = os.path.getsize(d / "metadata")
    assert metadata >= 4096 and metadata % 4096 == 0
    assert len(read_trace(d)) == 3


def test_sessiond_sigint_flushes_the_data(tracing):
    app = tracing.app()
    start_session(tracing)
    app.emit(12)
    pid = tracing.sessiond.pid()
    os.kill(pid, signal.SIGINT)
    deadline = time.monotonic() + 10
    while tracing.sessiond.alive(pid) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not tracing.sessiond.alive(pid)
    trace = read_trace(uid_dir(tracing.session_dir("s")))
    assert values_of(trace) == list(range(12))
    app.emit(1)  # the app outlives its daemon


def test_events_of_a_late_app_are_appended_to_the_metadata(tracing):
    app = tracing.app()
    tracing.lttng("create", "s")
    tracing.lttng("enable-event", "--userspace", "testapp:values")
    tracing.lttng("enable-event", "--userspace", "hello_world:*")
    tracing.lttng("start")
    app.emit(3)
    tracing.lttng("stop")  # the metadata so far is in the file
    d = uid_dir(tracing.session_dir("s"))
    before = (d / "metadata").read_bytes()
    assert b"hello_world:my_first_tracepoint" not in before
    tracing.lttng("start")
    hello = subprocess.Popen(["./hello", "late"],
                             cwd=tracing.hello_path().parent,
                             env=tracing.env, stdin=subprocess.PIPE,
                             stdout=subprocess.DEVNULL, text=True)
    hello.communicate("\n", timeout=20)
    assert hello.returncode == 0
    tracing.lttng("destroy")
    after = (d / "metadata").read_bytes()
    assert after.startswith(before) and len(after) > len(before)
    trace = read_trace(d)
    assert values_of(trace) == [0, 1, 2]
    strings = [r.fields["my_string_field"] for r in trace
               if r.name == "hello_world:my_first_tracepoint"]
    assert strings == ["hi there!", "./hello", "late", "i^2"]


def test_switch_timer_writes_packets_while_recording(tracing):
    app = tracing.app()
    start_session(tracing, "s", "--switch-timer=50000")
    app.emit(5)
    d = uid_dir(tracing.session_dir("s"))
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        if any(os.path.getsize(d / n) for n in os.listdir(d)
               if n.startswith("channel0_")):
            break
        time.sleep(0.05)
    else:
        pytest.fail("the switch timer wrote no packet")
    tracing.lttng("destroy")
    assert values_of(read_trace(d)) == list(range(5))


def test_per_pid_trace_is_complete_once_its_process_exits(tracing):
    app = tracing.app()
    start_session(tracing, "s", buffers="--buffers-pid")
    app.emit(11)
    app.quit()
    pid_root = tracing.session_dir("s") / "ust" / "pid"
    [d] = os.listdir(pid_root)
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:  # written out when it unregisters
        try:
            if values_of(read_trace(pid_root / d)) == list(range(11)):
                break
        except AssertionError:
            pass
        time.sleep(0.05)
    else:
        pytest.fail("the exited process's trace was not written out")
    other = tracing.app()
    other.emit(2)
    tracing.lttng("destroy")
    assert len(os.listdir(pid_root)) == 2
    assert values_of(read_trace(pid_root / d)) == list(range(11))
