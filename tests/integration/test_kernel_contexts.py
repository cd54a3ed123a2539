"""add-context -k: the contexts derived from /proc (credentials, their
v* forms, namespace inodes, nice, vpid/vtid/vppid) and from the records'
common flags (interruptible, preemptible, need_reschedule), with
lttng-modules' names and CTF types, checked with babeltrace2 against
/proc of the recorded process; contexts that cannot be derived give
LTTng's error."""
import os
import signal
import subprocess
import time

import bt2
import pytest

from kernel_support import kernel_consumer_pid
from trace_reader import read_trace

CREDENTIALS = ["uid", "euid", "suid", "gid", "egid", "sgid"]
VIRTUAL_CREDENTIALS = ["v" + name for name in CREDENTIALS]
NAMESPACES = ["cgroup", "ipc", "mnt", "net", "pid", "time", "user", "uts"]
FLAGS = ["interruptible", "preemptible", "need_reschedule"]
PROCESS = ["pid", "vpid", "tid", "vtid", "ppid", "vppid", "nice"]
ALL = (PROCESS + CREDENTIALS + VIRTUAL_CREDENTIALS +
       [ns + "_ns" for ns in NAMESPACES] + FLAGS)


def status_ids(pid, key):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(key + ":"):
                return [int(v) for v in line.split()[1:4]]
    raise AssertionError(key)


def context_classes(path):
    """{name: (signed, bits)} of the event common context, read by bt2."""
    source = bt2.ComponentSpec.from_named_plugin_and_component_class(
        "ctf", "fs", {"inputs": [str(path)]})
    for msg in bt2.TraceCollectionMessageIterator(source):
        if isinstance(msg, bt2._EventMessageConst):
            cls = msg.event.common_context_field.cls
            return {name: (isinstance(member.field_class,
                                      bt2._SignedIntegerFieldClassConst),
                           member.field_class.field_value_range)
                    for name, member in cls.items()}
    raise AssertionError("no event")


def test_derived_contexts_match_proc(ks, tool, tmp_path):
    workload = subprocess.Popen(
        ["nice", "-n", "5", "setpriv", "--reuid=65534", "--regid=65534",
         "--clear-groups", str(tool("tests/tools/kernel/ksyscalls")),
         "paced", "1000", "300"], stdout=subprocess.PIPE, text=True)
    try:
        ks.ok("create", "s", f"--output={tmp_path / 't'}")
        ks.ok("enable-event", "-k", "--syscall", "getppid")
        ks.ok("add-context", "-k", *[a for c in ALL for a in ("-t", c)])
        ks.ok("start")
        time.sleep(0.5)
        ks.ok("stop")
        pid = workload.pid
        # Read while the workload still runs.
        expected = {"pid": pid, "vpid": pid, "tid": pid, "vtid": pid,
                    "ppid": os.getpid(), "vppid": os.getpid(), "nice": 5}
        uids, gids = status_ids(pid, "Uid"), status_ids(pid, "Gid")
        for i, name in enumerate(["uid", "euid", "suid"]):
            expected[name] = expected["v" + name] = uids[i]
        for i, name in enumerate(["gid", "egid", "sgid"]):
            expected[name] = expected["v" + name] = gids[i]
        for ns in NAMESPACES:
            expected[ns + "_ns"] = os.stat(f"/proc/{pid}/ns/{ns}").st_ino
    finally:
        workload.terminate()  # it runs until now, whatever the load
        workload.communicate(timeout=30)
    ks.ok("destroy")
    assert workload.returncode == -signal.SIGTERM
    assert expected["uid"] == 65534 and expected["gid"] == 65534
    trace = read_trace(tmp_path / "t" / "kernel")
    mine = [r for r in trace if r.common_context["pid"] == pid]
    assert len(mine) >= 100
    for r in mine:
        ctx = r.common_context
        assert list(ctx) == ALL
        assert {k: ctx[k] for k in expected} == expected
        # A system call entered from user space: interrupts on, no
        # preemption-disabling nesting.
        assert (ctx["interruptible"], ctx["preemptible"]) == (1, 1)
        assert ctx["need_reschedule"] in (0, 1)
    classes = context_classes(tmp_path / "t" / "kernel")
    for name in PROCESS:
        assert classes[name] == (True, 32), name
    for name in (CREDENTIALS + VIRTUAL_CREDENTIALS +
                 [ns + "_ns" for ns in NAMESPACES]):
        assert classes[name] == (False, 32), name
    assert classes["interruptible"] == (True, 8)
    assert classes["preemptible"] == (False, 8)
    assert classes["need_reschedule"] == (False, 8)


def test_sched_switch_runs_with_interrupts_and_preemption_off(ks, tmp_path):
    ks.ok("create", "s", f"--output={tmp_path / 't'}")
    ks.ok("enable-event", "-k", "sched_switch")
    ks.ok("add-context", "-k", "-t", "interruptible", "-t", "preemptible")
    ks.ok("start")
    time.sleep(0.3)
    ks.ok("stop")
    ks.ok("destroy")
    switches = [r for r in read_trace(tmp_path / "t" / "kernel")
                if r.name == "sched_switch"]
    assert switches
    assert all(r.common_context == {"interruptible": 0, "preemptible": 0}
               for r in switches)


@pytest.mark.parametrize("context", ["perf:cpu:cycles", "callstack-kernel",
                                     "callstack-user", "migratable"])
def test_contexts_that_cannot_be_derived_are_refused(ks, tmp_path, context):
    ks.ok("create", "s", f"--output={tmp_path / 't'}")
    ks.ok("enable-channel", "-k", "c")
    r = ks.run("add-context", "-k", "-t", context)
    assert (r.out, r.err, r.rc) == (
        "", f"Error: {context}: Context unavailable on this kernel\n", 4)
    assert ks.sessiond.alive(ks.sessiond.pid())


def test_short_lived_processes_have_their_own_contexts(ks, tool, tmp_path):
    """Children that fork, set their nice, enter new UTS/IPC/network or
    pid namespaces, exec and exit while the consumer is paused (so /proc
    no longer knows them when their records are converted): every
    context of their openat is what the process itself read in /proc
    and from the system calls and put in the opened path."""
    count = 60
    ks.ok("create", "s", f"--output={tmp_path / 't'}")
    # room for every openat of a busy machine while the consumer sleeps
    ks.ok("enable-channel", "-k", "--subbuf-size=8M", "--num-subbuf=4",
          "channel0")
    ks.ok("enable-event", "-k", "--syscall", "openat", "-c", "channel0")
    contexts = ["tid", "pid", "ppid", "vtid", "vpid", "vppid", "prio",
                "nice", "procname"] + [ns + "_ns" for ns in NAMESPACES]
    ks.ok("add-context", "-k", *[a for c in contexts for a in ("-t", c)])
    ks.ok("start")
    consumer = kernel_consumer_pid(ks.sessiond.pid())
    os.kill(consumer, signal.SIGSTOP)
    try:
        out = subprocess.run(
            [str(tool("tests/tools/kernel/ksyscalls")), "ctx-children",
             str(count)], capture_output=True, text=True, check=True)
    finally:
        os.kill(consumer, signal.SIGCONT)
    assert out.stdout.split() == [f"children={count}"]
    ks.ok("stop")
    ks.ok("destroy")
    short = {"c": "cgroup_ns", "i": "ipc_ns", "m": "mnt_ns", "n": "net_ns",
             "p": "pid_ns", "t": "time_ns", "u": "user_ns", "s": "uts_ns"}
    trace = read_trace(tmp_path / "t" / "kernel")
    reports = [r for r in trace
               if r.name == "syscall_entry_openat" and
               r.fields["filename"].startswith("/lttng-ctx/")]
    assert len(reports) == count, (
        f"{len(reports)} of {count} recorded; "
        f"{trace.discarded_events} events discarded in the trace")
    for r in reports:
        facts = dict(kv.split("=") for kv in
                     r.fields["filename"][len("/lttng-ctx/"):].split(","))
        expected = {short.get(k, k): int(v) for k, v in facts.items()}
        assert not os.path.exists(f"/proc/{expected['tid']}")
        got = {k: r.common_context[k] for k in expected}
        assert got == expected, r.fields["filename"]
        assert r.common_context["procname"] == "ksyscalls"
    # The namespaces really changed for some of them.
    assert len({r.common_context["pid_ns"] for r in reports}) > 1
    assert len({r.common_context["uts_ns"] for r in reports}) > 1
    assert {r.common_context["vpid"] for r in reports} >= {1}
