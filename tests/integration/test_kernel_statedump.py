"""The kernel state dump (lttng_statedump_* events) without kernel
modules: recorded from /proc and /sys by the kernel consumer when a
session starts and on `lttng regenerate statedump`, in channels whose
rules designate these events. Traces are read with babeltrace2."""
import os
import threading

import bt2

from kernel_support import KernelSession, require_tracefs
from trace_reader import read_trace

STATEDUMP_EVENTS = [
    "lttng_statedump_start", "lttng_statedump_end",
    "lttng_statedump_process_state", "lttng_statedump_process_cgroup_ns",
    "lttng_statedump_process_ipc_ns", "lttng_statedump_process_mnt_ns",
    "lttng_statedump_process_net_ns", "lttng_statedump_process_pid_ns",
    "lttng_statedump_process_user_ns", "lttng_statedump_process_uts_ns",
    "lttng_statedump_process_time_ns", "lttng_statedump_file_descriptor",
    "lttng_statedump_vm_map", "lttng_statedump_network_interface",
    "lttng_statedump_block_device", "lttng_statedump_interrupt",
    "lttng_statedump_cpu_topology",
]


def text_of(value):
    """A char[16] field as text (bt2 gives a string or a list of codes)."""
    if isinstance(value, str):
        return value
    return bytes(c & 0xff for c in value).split(b"\0")[0].decode()


def stream_file(record):
    """The file name of a record's stream (bt2 names it by its path)."""
    return os.path.basename(record.stream)


def names(trace):
    return [r.name for r in trace if r.name.startswith("lttng_statedump_")]


def record_session(build_dir, env, out, *rules, regenerate=False,
                   during=None):
    """Records a kernel session with those enable-event rules; returns
    the trace read with babeltrace2."""
    ks = KernelSession(build_dir, env)
    try:
        ks.ok("create", "k", f"--output={out}")
        for rule in rules:
            ks.ok("enable-event", "-k", *rule)
        ks.ok("start")
        if during:
            during(ks)
        if regenerate:
            r = ks.ok("regenerate", "statedump")
            assert r.out == ("State dump successfully regenerated for "
                             "session k\n")
        ks.ok("destroy")
    finally:
        ks.stop()
    return read_trace(out / "kernel")


def test_statedump_events_listed(build_dir, lttng_env):
    """`lttng list -k` lists every lttng_statedump_* event as a
    tracepoint, as LTTng does with its modules loaded."""
    require_tracefs()
    ks = KernelSession(build_dir, lttng_env)
    try:
        out = ks.ok("list", "-k").out
    finally:
        ks.stop()
    for name in STATEDUMP_EVENTS:
        assert f"      {name} (loglevel: TRACE_EMERG (0)) (type: " \
               f"tracepoint)\n" in out


def test_start_records_this_process_and_its_open_file(build_dir, lttng_env,
                                                      tmp_path):
    """With `lttng_statedump_*` enabled, a start records start, this
    process's threads (tid, pid, ppid, name), their namespaces, its open
    test file and the CPUs, then end."""
    require_tracefs()
    probe = tmp_path / "statedump-probe.txt"
    probe.write_text("open while the session starts\n")
    stop = threading.Event()
    helper = threading.Thread(target=stop.wait)
    helper.start()
    try:
        with open(probe, "r") as held:
            trace = record_session(build_dir, lttng_env, tmp_path / "trace",
                                   ["lttng_statedump_*"])
            fd = held.fileno()
    finally:
        stop.set()
        helper.join()
    dump = [r for r in trace if r.name.startswith("lttng_statedump_")]
    assert dump[0].name == "lttng_statedump_start"
    assert dump[-1].name == "lttng_statedump_end"
    assert names(trace).count("lttng_statedump_start") == 1
    times = [r.timestamp for r in dump]
    assert times == sorted(times)

    pid = os.getpid()
    with open("/proc/self/comm") as f:
        comm = f.read().strip()
    mine = [r.fields for r in dump
            if r.name == "lttng_statedump_process_state"
            and r.fields["pid"] == pid]
    tids = {f["tid"] for f in mine}
    assert pid in tids and helper.native_id in tids
    leader = next(f for f in mine if f["tid"] == pid)
    assert text_of(leader["name"]) == comm
    assert leader["ppid"] == os.getppid()
    assert leader["type"] == 0 and leader["mode"] == 5
    assert leader["submode"] == 0
    assert leader["status"] in (2, 5)
    assert leader["file_table_address"] == pid
    assert 0 <= leader["cpu"] < os.cpu_count()

    fds = [r.fields for r in dump
           if r.name == "lttng_statedump_file_descriptor"
           and r.fields["file_table_address"] == pid]
    held_fd = [f for f in fds if f["fd"] == fd]
    assert len(held_fd) == 1
    assert held_fd[0]["filename"] == str(probe)
    assert held_fd[0]["flags"] & 0o3 == os.O_RDONLY
    assert held_fd[0]["flags"] & os.O_CLOEXEC
    assert held_fd[0]["fmode"] & 0x3 == 0x1

    pid_ns = [r.fields for r in dump
              if r.name == "lttng_statedump_process_pid_ns"
              and r.fields["tid"] == pid]
    assert pid_ns == [{"tid": pid, "vtid": pid, "vpid": pid,
                       "vppid": os.getppid(), "ns_level": 0,
                       "ns_inum": os.stat("/proc/self/ns/pid").st_ino}]
    net_ns = [r.fields["ns_inum"] for r in dump
              if r.name == "lttng_statedump_process_net_ns"
              and r.fields["tid"] == pid]
    assert net_ns == [os.stat("/proc/self/ns/net").st_ino]

    cpus = [r.fields for r in dump
            if r.name == "lttng_statedump_cpu_topology"]
    if os.uname().machine in ("x86_64", "i686"):
        assert sorted(c["cpu_id"] for c in cpus) == \
            sorted(os.sched_getaffinity(0) | set(range(len(cpus))))
        assert all(c["architecture"] == "x86" for c in cpus)
    interfaces = {r.fields["name"] for r in dump
                  if r.name == "lttng_statedump_network_interface"}
    assert "lo" in interfaces
    loopback = [r.fields["address_ipv4"] for r in dump
                if r.name == "lttng_statedump_network_interface"
                and r.fields["name"] == "lo"]
    assert 0x7f000001 in loopback  # declared big-endian: read as 127.0.0.1
    assert "lttng_statedump_vm_map" not in names(trace)  # as LTTng 2.13


def test_field_classes_are_lttng_modules(build_dir, lttng_env, tmp_path):
    """The metadata declares the events' fields with lttng-modules'
    names, order, sizes, signedness and bases."""
    require_tracefs()
    out = tmp_path / "trace"
    record_session(build_dir, lttng_env, out, ["lttng_statedump_*"])
    source = bt2.ComponentSpec.from_named_plugin_and_component_class(
        "ctf", "fs", {"inputs": [str(out / "kernel")]})
    classes = {}
    for msg in bt2.TraceCollectionMessageIterator(source):
        if isinstance(msg, bt2._EventMessageConst):
            ec = msg.event.cls
            classes.setdefault(ec.name, ec)
    state = classes["lttng_statedump_process_state"].payload_field_class
    assert list(state.keys()) == [
        "tid", "pid", "ppid", "name", "type", "mode", "submode", "status",
        "cpu", "file_table_address"]
    assert isinstance(state["tid"].field_class,
                      bt2._SignedIntegerFieldClassConst)
    assert state["tid"].field_class.field_value_range == 32
    assert isinstance(state["cpu"].field_class,
                      bt2._UnsignedIntegerFieldClassConst)
    address = state["file_table_address"].field_class
    assert address.field_value_range == 64
    assert address.preferred_display_base == 16
    fd = classes["lttng_statedump_file_descriptor"].payload_field_class
    assert list(fd.keys()) == ["file_table_address", "fd", "flags", "fmode",
                               "filename"]
    assert fd["flags"].field_class.preferred_display_base == 8
    assert isinstance(fd["filename"].field_class,
                      bt2._StringFieldClassConst)
    pid_ns = classes["lttng_statedump_process_pid_ns"].payload_field_class
    assert list(pid_ns.keys()) == ["tid", "vtid", "vpid", "vppid",
                                   "ns_level", "ns_inum"]
    assert len(classes["lttng_statedump_start"].payload_field_class
               or []) == 0


def test_regenerate_statedump_adds_a_second_dump(build_dir, lttng_env,
                                                 tmp_path):
    """`lttng regenerate statedump` on a started kernel session records
    a second start..end sequence, after the first."""
    require_tracefs()
    trace = record_session(build_dir, lttng_env, tmp_path / "trace",
                           ["lttng_statedump_start,lttng_statedump_end,"
                            "lttng_statedump_process_state"],
                           regenerate=True)
    seq = [n for n in names(trace) if n != "lttng_statedump_process_state"]
    assert seq == ["lttng_statedump_start", "lttng_statedump_end"] * 2
    pid = os.getpid()
    states = [r for r in trace if r.name == "lttng_statedump_process_state"
              and r.fields["tid"] == pid]
    assert len(states) == 2
    # the rules chose the events: no file descriptors, no namespaces
    assert "lttng_statedump_file_descriptor" not in names(trace)
    assert "lttng_statedump_process_pid_ns" not in names(trace)


def test_all_kernel_events_include_the_statedump(build_dir, lttng_env,
                                                 tmp_path):
    """`enable-event -k --all` records the state dump too, next to the
    tracepoints and system calls."""
    require_tracefs()
    trace = record_session(build_dir, lttng_env, tmp_path / "trace",
                           ["--all"])
    dump = names(trace)
    assert dump[0] == "lttng_statedump_start"
    assert dump[-1] == "lttng_statedump_end"
    assert "lttng_statedump_file_descriptor" in dump


def test_no_statedump_without_rules_for_it(build_dir, lttng_env, tmp_path):
    """A session whose rules designate no state dump event records none,
    neither at start nor on regenerate statedump."""
    require_tracefs()
    trace = record_session(build_dir, lttng_env, tmp_path / "trace",
                           ["sched_switch"], ["--syscall", "getppid"],
                           regenerate=True)
    assert names(trace) == []
    assert any(r.name == "sched_switch" for r in trace)


def test_restart_records_a_new_dump(build_dir, lttng_env, tmp_path):
    """Each start records a state dump, as lttng-modules does."""
    require_tracefs()

    def stop_and_start(ks):
        ks.ok("stop")
        ks.ok("start")

    trace = record_session(build_dir, lttng_env, tmp_path / "trace",
                           ["lttng_statedump_start"],
                           ["lttng_statedump_end"], during=stop_and_start)
    assert names(trace) == ["lttng_statedump_start",
                            "lttng_statedump_end"] * 2


def test_regenerated_dump_interleaves_with_records(build_dir, lttng_env,
                                                   tmp_path):
    """A dump regenerated while tracing joins its stream in time order:
    the records written meanwhile on that CPU (the consumer's own openat
    calls reading /proc) fall between its start and end, with their own
    times, and every stream's times increase."""
    require_tracefs()
    trace = record_session(build_dir, lttng_env, tmp_path / "trace",
                           ["lttng_statedump_start,lttng_statedump_end,"
                            "lttng_statedump_file_descriptor"],
                           ["--syscall", "openat"], regenerate=True)
    starts = [r for r in trace if r.name == "lttng_statedump_start"]
    ends = [r for r in trace if r.name == "lttng_statedump_end"]
    assert len(starts) == len(ends) == 2
    start, end = starts[1], ends[1]
    assert start.stream == end.stream
    between = [r for r in trace if r.stream == start.stream
               and r.name == "syscall_entry_openat"
               and start.timestamp < r.timestamp < end.timestamp]
    assert between
    # the first dump ran before tracing_on: no record precedes its end
    assert all(r.timestamp > ends[0].timestamp for r in trace
               if not r.name.startswith("lttng_statedump_"))
    by_stream = {}
    for r in trace:
        by_stream.setdefault(r.stream, []).append(r.timestamp)
    for times in by_stream.values():
        assert times == sorted(times)


def test_each_channel_gets_the_events_its_rules_designate(build_dir,
                                                         lttng_env,
                                                         tmp_path):
    """Two channels: each records the state dump events its own rules
    designate; the events' context describes the session daemon's
    thread that asked for the dump (LTTng: the thread running it)."""
    require_tracefs()
    out = tmp_path / "trace"
    ks = KernelSession(build_dir, lttng_env)
    try:
        ks.ok("create", "k", f"--output={out}")
        ks.ok("enable-channel", "-k", "a")
        ks.ok("enable-channel", "-k", "b")
        ks.ok("enable-event", "-k", "-c", "a",
              "lttng_statedump_start,lttng_statedump_end")
        ks.ok("enable-event", "-k", "-c", "b", "lttng_statedump_*")
        ks.ok("add-context", "-k", "-c", "a", "-t", "tid", "-t", "procname")
        sessiond_pid = ks.sessiond.pid()
        sessiond_tids = {int(t) for t in
                         os.listdir(f"/proc/{sessiond_pid}/task")}
        ks.ok("start")
        ks.ok("destroy")
    finally:
        ks.stop()
    trace = read_trace(out / "kernel")
    in_a = [r for r in trace if stream_file(r).startswith("a_")]
    in_b = [r for r in trace if stream_file(r).startswith("b_")]
    assert names(in_a) == ["lttng_statedump_start", "lttng_statedump_end"]
    assert names(in_b)[0] == "lttng_statedump_start"
    assert names(in_b)[-1] == "lttng_statedump_end"
    assert "lttng_statedump_process_state" in names(in_b)
    for r in in_a:
        assert r.common_context["tid"] in sessiond_tids
        assert r.common_context["procname"].startswith("lttng-")


def test_rule_filters_apply_to_statedump_events(build_dir, lttng_env,
                                                tmp_path):
    """A rule's filter chooses the state dump records it keeps, as for
    any kernel event: payload fields, strings with wildcards, $ctx
    fields; a rule naming a field the event lacks keeps none; a rule
    without filter on the same event keeps every record."""
    require_tracefs()
    pid = os.getpid()
    trace = record_session(
        build_dir, lttng_env, tmp_path / "trace",
        ["lttng_statedump_process_state", "--filter", f"pid == {pid}"],
        ["lttng_statedump_file_descriptor", "--filter",
         'filename == "/dev/*" && fd < 3'],
        ["lttng_statedump_cpu_topology", "--filter", "no_such_field == 1"],
        ["lttng_statedump_interrupt", "--filter", "irq == 4000000"],
        ["lttng_statedump_interrupt"],
        ["lttng_statedump_block_device", "--filter",
         "$ctx.tid == 0"])
    states = [r.fields for r in trace
              if r.name == "lttng_statedump_process_state"]
    assert states and all(f["pid"] == pid for f in states)
    fds = [r.fields for r in trace
           if r.name == "lttng_statedump_file_descriptor"]
    assert fds and all(f["filename"].startswith("/dev/") and f["fd"] < 3
                       for f in fds)
    assert "lttng_statedump_cpu_topology" not in names(trace)
    assert "lttng_statedump_block_device" not in names(trace)
    interrupts = [r for r in trace if r.name == "lttng_statedump_interrupt"]
    assert len(interrupts) == len([
        a for irq in os.listdir("/sys/kernel/irq")
        for a in open(f"/sys/kernel/irq/{irq}/actions").read().strip()
        .split(",") if a])


def test_snapshot_holds_the_dumps(build_dir, lttng_env, tmp_path):
    """A snapshot session keeps the dumps in its buffers: a snapshot
    taken after `regenerate statedump` holds both, each whole."""
    require_tracefs()
    out = tmp_path / "snap"
    ks = KernelSession(build_dir, lttng_env)
    try:
        ks.ok("create", "s", "--snapshot", f"--output={out}")
        ks.ok("enable-event", "-k", "lttng_statedump_start,"
              "lttng_statedump_end,lttng_statedump_process_state")
        ks.ok("start")
        ks.ok("regenerate", "statedump")
        ks.ok("snapshot", "record")
        ks.ok("destroy")
    finally:
        ks.stop()
    kernel_dirs = list(out.glob("*/kernel"))
    assert len(kernel_dirs) == 1
    trace = read_trace(kernel_dirs[0])
    seq = [n for n in names(trace) if n != "lttng_statedump_process_state"]
    assert seq == ["lttng_statedump_start", "lttng_statedump_end"] * 2
    states = [r for r in trace if r.name == "lttng_statedump_process_state"
              and r.fields["tid"] == os.getpid()]
    assert len(states) == 2
