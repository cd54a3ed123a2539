"""The metadata of an active session is readable at every moment.

A reader may open a trace while its session records (a live analysis, a
tool polling the output directory). LTTng 2.13, with its metadata
flushed periodically, leaves the `metadata` file a valid CTF metadata
stream at every moment: whole packets, each ending between two TSDL
statements, the session daemon pushing whole declarations. Ours did
not: the consumer packed text into full packets cut anywhere, so a
reader found a statement cut in two, and kept the rest in memory until
the next flush, so data could reach the files before the declaration of
its event class.

Each test keeps new event classes appearing while the session records
(events enabled one by one on the running app, or kernel events that
fire all the time enabled one by one), and meanwhile parses the live metadata file with the
babeltrace2 CLI again and again (the file alone in a directory, through
a symbolic link): every parse must succeed, at least MIN_PARSES times,
and the reader must see the declarations arrive while the session
records. At the end, babeltrace2 reads the whole trace with every
event class enabled.
"""
import struct
import subprocess
import threading
import time

import pytest

from kernel_support import KernelSession, require_tracefs
from trace_reader import read_trace
from ust_tracing import Tracing

MANY_APP = "tests/tools/ust-apps/ust-many-events-app"
MANY_EVENTS = [f"many:ev{i:03d}" for i in range(120)]
MIN_PARSES = 40
METADATA_MAGIC = 0x75D11D57


def metadata_text(path):
    """The TSDL text of the whole packets of a metadata file."""
    data = path.read_bytes()
    text, offset = [], 0
    while offset + 37 <= len(data):
        (magic,) = struct.unpack_from("=I", data, offset)
        content, size = struct.unpack_from("=II", data, offset + 24)
        if magic != METADATA_MAGIC or offset + size // 8 > len(data):
            break
        text.append(data[offset + 37:offset + content // 8])
        offset += size // 8
    return b"".join(text).decode()


def wait_for_metadata(root, timeout=30):
    """The one `metadata` file under root, once it has a packet."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = [p for p in root.rglob("metadata") if p.stat().st_size]
        if found:
            assert len(found) == 1, found
            return found[0]
        time.sleep(0.02)
    raise AssertionError(f"no metadata under {root} after {timeout} s")


class Enabler(threading.Thread):
    """Runs each command in turn (lttng enable-event ...), remembering
    the first failure for the test to report."""

    def __init__(self, run, commands):
        super().__init__()
        self.run_command = run
        self.commands = commands
        self.failure = None

    def run(self):
        for args in self.commands:
            r = self.run_command(*args)
            if r.rc != 0:
                self.failure = (args, r)
                return


def read_while(metadata, enabler, tmp_path, min_growth, timeout=300):
    """Parses metadata with babeltrace2 until the enabler is done, at
    least MIN_PARSES parses succeeded and the parses saw min_growth
    different numbers of event declarations (the metadata grew while the
    session recorded); every parse must succeed. Fails loudly when that
    takes longer than timeout seconds."""
    reader_dir = tmp_path / "reader"
    reader_dir.mkdir()
    (reader_dir / "metadata").symlink_to(metadata)
    parses, counts = 0, set()
    deadline = time.monotonic() + timeout
    while enabler.is_alive() or parses < MIN_PARSES or \
            len(counts) < min_growth:
        assert time.monotonic() < deadline, (parses, sorted(counts))
        declared = metadata_text(metadata).count("\nevent {")
        # A cut packet makes babeltrace2 spin: the timeout fails loudly.
        r = subprocess.run(["babeltrace2", str(reader_dir)],
                           capture_output=True, text=True, timeout=120)
        assert (r.returncode, r.stdout) == (0, ""), \
            f"parse {parses + 1} failed:\n{r.stderr[-3000:]}"
        parses += 1
        counts.add(declared)
    enabler.join()
    assert enabler.failure is None, enabler.failure
    return counts


@pytest.fixture
def tracing(build_dir, lttng_env, tmp_path):
    t = Tracing(build_dir, lttng_env, tmp_path)
    t.start_daemon()
    yield t
    t.close()


@pytest.mark.parametrize("buffers", ["uid", "pid"])
def test_ust_metadata_parses_while_event_classes_appear(tracing, buffers,
                                                        tmp_path):
    t = tracing
    t.lttng("create", "s")
    t.lttng("enable-channel", "--userspace", f"--buffers-{buffers}", "c")
    t.lttng("enable-event", "--userspace", "-c", "c", MANY_EVENTS[0])
    t.lttng("start")
    app = subprocess.Popen([str(t.build_dir / MANY_APP)],
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                           text=True, env=t.env, cwd=t.tmp)
    try:
        assert app.stdout.readline() == "ready\n"
        metadata = wait_for_metadata(t.session_dir("s") / "ust")
        enabler = Enabler(t.cli.run,
                          [("enable-event", "--userspace", "-c", "c", name)
                           for name in MANY_EVENTS[1:]])
        enabler.start()
        read_while(metadata, enabler, tmp_path, min_growth=3)
    finally:
        app.communicate("quit\n", timeout=30)
    assert app.returncode == 0
    t.lttng("destroy")  # waits until the whole trace is written
    names = {rec.name for rec in read_trace(metadata.parent)}
    assert names == set(MANY_EVENTS)


# Kernel event classes are declared as their first record is converted:
# events that fire now and then on any machine, never in floods (the
# consumer must keep up with two busy loops beside the test).
FIRING_TRACEPOINTS = [
    "sched_switch", "sched_wakeup", "sched_waking", "sched_process_fork",
    "sched_process_exec", "sched_process_exit", "sched_process_free",
    "sched_process_wait", "sched_wakeup_new", "task_newtask",
    "task_rename", "timer_start", "timer_cancel", "timer_init",
    "timer_expire_entry", "timer_expire_exit", "hrtimer_init",
    "hrtimer_start", "hrtimer_cancel", "hrtimer_expire_entry",
    "hrtimer_expire_exit", "softirq_raise", "softirq_entry",
    "softirq_exit", "signal_generate", "signal_deliver",
    "workqueue_queue_work", "workqueue_activate_work",
    "workqueue_execute_start", "workqueue_execute_end", "rcu_utilization",
    "sys_enter_execve", "sys_exit_execve"]


def listed(ks, *args):
    """The names `lttng list --kernel ARGS` gives."""
    return {line.split()[0] for line in ks.ok("list", "--kernel",
                                              *args).out.splitlines()
            if line.startswith("      ")}


def test_kernel_metadata_parses_while_event_classes_appear(
        build_dir, lttng_env, tmp_path):
    require_tracefs()
    ks = KernelSession(build_dir, lttng_env)
    try:
        tracepoints = listed(ks)
        commands = [("enable-event", "--kernel", "-c", "c", name)
                    for name in FIRING_TRACEPOINTS if name in tracepoints]
        assert len(commands) >= 20, tracepoints
        out = tmp_path / "trace"
        ks.ok("create", "k", f"--output={out}")
        # Small packets: the classes of a packet reach the metadata
        # file before it (consumers convert at their own pace).
        ks.ok("enable-channel", "--kernel", "--switch-timer=100000",
              "--subbuf-size=4096", "--num-subbuf=64", "c")
        ks.ok(*commands[0])
        ks.ok("start")
        metadata = wait_for_metadata(out / "kernel")
        enabler = Enabler(ks.run, commands[1:])
        enabler.start()
        # Classes come with their first records, as fast as the consumer
        # converts them on a loaded machine: a few steps are enough.
        read_while(metadata, enabler, tmp_path, min_growth=3)
        ks.ok("destroy", "k")
        assert read_trace(metadata.parent)  # the whole trace reads back
    finally:
        ks.stop()
