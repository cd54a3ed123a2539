"""One session recording both domains: the kernel (tracefs, `mono` clock)
and user space (CLOCK_MONOTONIC) share one clock, so babeltrace2's merged
output puts a user space event between the system calls around it."""
import re

import pytest

from kernel_support import require_tracefs
from trace_reader import babeltrace2_text
from ust_tracing import Tracing

LINE = re.compile(r"^\[(?P<ts>[^\]]+)\] \(\S+\) \S+ (?P<name>[\w:]+): "
                  r"(?P<rest>.*)$")


@pytest.fixture
def tracing(build_dir, lttng_env, tmp_path):
    require_tracefs()
    t = Tracing(build_dir, lttng_env, tmp_path)
    consumerd = build_dir / "src/bin/lttng-consumerd/lttng-consumerd"
    r = t.sessiond.start(f"--kconsumerd-path={consumerd}")
    assert r.returncode == 0, r.stderr
    yield t
    t.close()


def events_of(text, tid):
    """(name, rest) of the merged lines of kernel thread tid and of the
    user space events (only the test app emits testapp:*), in order."""
    out = []
    for line in text.splitlines():
        m = LINE.match(line)
        if m and (f"{{ tid = {tid} }}" in m["rest"] or
                  m["name"].startswith("testapp:")):
            out.append((m["name"], m["rest"]))
    return out


def test_user_space_event_lies_between_its_system_calls(tracing):
    app = tracing.app()
    tracing.lttng("create", "s")
    tracing.lttng("enable-event", "-k", "--syscall", "read,write")
    tracing.lttng("add-context", "-k", "-t", "tid")
    tracing.lttng("enable-event", "-u", "testapp:tick")
    tracing.lttng("start")
    app.emit(0)  # read "emit 0", testapp:tick, write "ok"
    app.emit(0)
    tracing.lttng("stop")
    tracing.lttng("destroy")
    session = tracing.session_dir("s")
    assert (session / "kernel" / "metadata").is_file()
    mine = events_of(babeltrace2_text(session), app.pid)
    names = [name for name, _ in mine]
    ticks = [i for i, name in enumerate(names) if name == "testapp:tick"]
    assert len(ticks) == 2
    # The app's stdin read and stdout write around each tick (the tracer
    # itself may write elsewhere in between: only fd 1 counts).
    def stdio(i):
        name, rest = mine[i]
        return (name == "syscall_exit_read" or
                (name == "syscall_entry_write" and "fd = 1," in rest))
    for i in ticks:
        before = [j for j in range(i) if stdio(j)]
        after = [j for j in range(i + 1, len(mine)) if stdio(j)]
        assert names[before[-1]] == "syscall_exit_read"
        assert names[after[0]] == "syscall_entry_write"
