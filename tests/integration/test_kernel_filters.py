"""Several recording event rules of one kernel channel designating the
same tracefs event: LTTng records the event when any enabled rule
accepts it, so their filters combine (ORed in tracefs, or in the kernel
consumer when tracefs cannot express one), and a rule without filter
records everything. Each test compares a channel with such rules with a
twin channel recording the event unfiltered, in the same trace, read
with babeltrace2."""
import pathlib

from kernel_support import run_workload
from trace_reader import read_trace



def stream_file(record):
    return pathlib.Path(record.stream).name


def record_session(ks, tool, tmp_path, rules, contexts=("tid",)):
    """Channel `all` records close unfiltered, channel `rules` with the
    given filters (None: no filter); returns (trace, workload tid)."""
    ks.ok("create", "s", f"--output={tmp_path / 't'}")
    ks.ok("enable-channel", "-k", "all")
    ks.ok("enable-channel", "-k", "rules")
    ks.ok("enable-event", "-k", "--syscall", "close", "-c", "all")
    for expr in rules:
        extra = ["--filter", expr] if expr is not None else []
        ks.ok("enable-event", "-k", "--syscall", "close", "-c", "rules",
              *extra)
    ks.ok("add-context", "-k", *[a for c in contexts for a in ("-t", c)])
    ks.ok("start")
    lines = run_workload(tool, "open", "/etc/hostname", "3")
    ks.ok("stop")
    ks.ok("destroy")
    trace = read_trace(tmp_path / "t" / "kernel")
    assert trace.discarded_events == 0
    return trace, int(lines[0].split("=")[1])


def of_channel(trace, prefix, tid, name="syscall_entry_close"):
    return [r.fields.get("fd") for r in trace
            if stream_file(r).startswith(prefix) and r.name == name and
            r.common_context["tid"] == tid]


def test_two_filtered_rules_record_both_sets(ks, tool, tmp_path):
    """`fd == 3` and `fd != 3 && fd < 100` select disjoint records: the
    channel holds both sets, exactly (not only the last rule's)."""
    trace, tid = record_session(ks, tool, tmp_path,
                                ["fd == 3", "fd != 3 && fd < 100"])
    everything = of_channel(trace, "all_", tid)
    combined = of_channel(trace, "rules_", tid)
    assert combined == [fd for fd in everything if fd < 100]
    assert combined.count(3) >= 3
    # Across every process: each record satisfies one of the rules.
    fds = [r.fields["fd"] for r in trace
           if stream_file(r).startswith("rules_")]
    assert fds and all(fd < 100 for fd in fds)
    assert any(fd != 3 for fd in fds) or not [
        r for r in trace if stream_file(r).startswith("all_") and
        r.name == "syscall_entry_close" and r.fields["fd"] != 3 and
        r.fields["fd"] < 100]
    # syscall_exit_close has no fd: neither rule records it.
    assert {r.name for r in trace if stream_file(r).startswith(
        "rules_")} == {"syscall_entry_close"}


def test_rule_without_filter_records_everything(ks, tool, tmp_path):
    """A rule without filter next to a filtered one: no filter at all,
    whichever was enabled last."""
    for order in (["fd == 1000", None], [None, "fd == 1000"]):
        trace, tid = record_session(ks, tool, tmp_path / str(order[0]),
                                    order)
        for name in ("syscall_entry_close", "syscall_exit_close"):
            everything = of_channel(trace, "all_", tid, name)
            assert len(everything) >= 3
            assert of_channel(trace, "rules_", tid, name) == everything


def test_consumer_filter_ored_with_tracefs_filter(ks, tool, tmp_path):
    """`$ctx.procname == ...` needs the consumer; with `fd == 3` on the
    same event, a record passes when either holds."""
    trace, tid = record_session(
        ks, tool, tmp_path, ["fd == 3", '$ctx.procname == "ksyscalls"'],
        contexts=("tid", "procname"))
    everything = of_channel(trace, "all_", tid)
    assert len(everything) >= 3
    assert of_channel(trace, "rules_", tid) == everything
    others = [r for r in trace if stream_file(r).startswith("rules_") and
              r.common_context["tid"] != tid]
    assert all(r.fields["fd"] == 3 or
               r.common_context["procname"] == "ksyscalls" for r in others)


def test_disabling_the_rules_stops_the_event(ks, tool, tmp_path):
    """Disabling every rule of the event turns it off; enabling one
    filtered rule again applies that rule's filter alone."""
    ks.ok("create", "s", f"--output={tmp_path / 't'}")
    ks.ok("enable-channel", "-k", "rules")
    ks.ok("enable-event", "-k", "--syscall", "close", "-c", "rules")
    ks.ok("enable-event", "-k", "--syscall", "close", "-c", "rules",
          "--filter", "fd == 3")
    ks.ok("add-context", "-k", "-t", "tid")
    ks.ok("disable-event", "-k", "--syscall", "close", "-c", "rules")
    ks.ok("start")
    first = int(run_workload(tool, "open", "/etc/hostname", "2")[0]
                .split("=")[1])
    ks.ok("enable-event", "-k", "--syscall", "close", "-c", "rules",
          "--filter", "fd == 3")
    second = int(run_workload(tool, "open", "/etc/hostname", "2")[0]
                 .split("=")[1])
    ks.ok("stop")
    ks.ok("destroy")
    trace = read_trace(tmp_path / "t" / "kernel")
    assert not [r for r in trace if r.common_context["tid"] == first]
    mine = [r for r in trace if r.common_context["tid"] == second]
    assert [r.name for r in mine].count("syscall_entry_close") >= 2
    assert all(r.name == "syscall_entry_close" and r.fields["fd"] == 3
               for r in mine)


def workload_tid(tool):
    return int(run_workload(tool, "open", "/etc/hostname", "2")[0]
               .split("=")[1])


def test_consumer_filters_changed_while_running(ks, tool, tmp_path):
    """Consumer-evaluated filters of rules enabled after start, disabled
    while running, and enabled after a stop all take effect."""
    ks.ok("create", "s", f"--output={tmp_path / 't'}")
    ks.ok("enable-channel", "-k", "all")
    ks.ok("enable-channel", "-k", "rules")
    ks.ok("enable-event", "-k", "--syscall", "close", "-c", "all")
    ks.ok("add-context", "-k", "-t", "tid", "-t", "procname")
    ks.ok("start")
    before = workload_tid(tool)
    expr = '$ctx.procname == "ksyscalls" && fd == 3'
    r = ks.ok("enable-event", "-k", "--syscall", "close", "-c", "rules",
              "--filter", expr)
    assert r.out == f"Event close: Filter '{expr}' successfully set\n"
    added = workload_tid(tool)
    ks.ok("disable-event", "-k", "--syscall", "close", "-c", "rules")
    disabled = workload_tid(tool)
    ks.ok("stop")
    ks.ok("enable-event", "-k", "--syscall", "close", "-c", "rules",
          "--filter", '$ctx.procname == "ksyscalls"')
    ks.ok("start")
    restarted = workload_tid(tool)
    ks.ok("stop")
    ks.ok("destroy")
    trace = read_trace(tmp_path / "t" / "kernel")
    assert trace.discarded_events == 0

    def of(prefix, tid):
        return [(r.name, r.fields.get("fd")) for r in trace
                if stream_file(r).startswith(prefix) and
                r.name.startswith("syscall_") and
                r.common_context["tid"] == tid]
    assert of("rules_", before) == [] and of("rules_", disabled) == []
    assert of("all_", before) and of("all_", disabled)
    assert of("rules_", added) == [
        k for k in of("all_", added) if k == ("syscall_entry_close", 3)]
    assert len(of("rules_", added)) >= 2
    # No payload field named: entry and exit records pass.
    assert of("rules_", restarted) == of("all_", restarted)
    assert {n for n, _ in of("rules_", restarted)} == {
        "syscall_entry_close", "syscall_exit_close"}


def test_consumer_rule_naming_a_missing_field_leaves_the_others(ks, tool,
                                                                tmp_path):
    """Two consumer-evaluated rules on `close`: one names `fd` (only
    syscall_entry_close has it), the other `ret` (only syscall_exit_close
    has it). Each rule applies on its own, as in LTTng: the entries with
    fd 3 and the exits returning 0 are recorded, not nothing."""
    trace, tid = record_session(
        ks, tool, tmp_path,
        ['$ctx.procname == "ksyscalls" && fd == 3',
         '$ctx.procname == "ksyscalls" && ret == 0'],
        contexts=("tid", "procname"))

    def of(prefix):
        return [(r.name, r.fields) for r in trace
                if stream_file(r).startswith(prefix) and
                r.common_context["tid"] == tid]
    everything = of("all_")
    expected = [(n, f) for n, f in everything
                if (n == "syscall_entry_close" and f["fd"] == 3) or
                (n == "syscall_exit_close" and f["ret"] == 0)]
    assert of("rules_") == expected
    names = [n for n, _ in expected]
    assert names.count("syscall_entry_close") >= 3
    assert names.count("syscall_exit_close") >= 3
    assert all(r.common_context["procname"] == "ksyscalls" for r in trace
               if stream_file(r).startswith("rules_"))
