"""The override plugins of lttng-ust(3): LTTNG_UST_CLOCK_PLUGIN, loaded by
the session daemon (and its consumer) and by the application, makes the
trace count the plugin's clock; LTTNG_UST_GETCPU_PLUGIN, loaded by the
application, chooses the per-CPU buffer of every record. babeltrace2
reads the traces."""
import os
import re
import time

from trace_reader import read_trace
from ust_tracing import Tracing, uid_dir, values_of

PLUGINS = "tests/tools/ust-apps"


def plugin(build_dir, name):
    return str(build_dir / PLUGINS / f"libust-{name}-plugin.so")


def test_clock_plugin_is_the_trace_clock(build_dir, lttng_env, tmp_path):
    env = dict(lttng_env, LTTNG_UST_CLOCK_PLUGIN=plugin(build_dir, "clock"))
    t = Tracing(build_dir, env, tmp_path)
    try:
        t.start_daemon()
        app = t.app()
        t.record_testapp()
        before = time.time_ns()
        app.emit(20)
        time.sleep(0.01)
        app.emit(20)
        after = time.time_ns()
        t.lttng("destroy")
        directory = uid_dir(t.session_dir("s"))
        trace = read_trace(directory)
        metadata = (directory / "metadata").read_bytes().decode(errors="replace")
    finally:
        t.close()
    block = re.search(r"clock \{(.*?)\};", metadata, re.S).group(1)
    assert 'name = "test_microseconds";' in block
    assert 'uuid = "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0";' in block
    assert 'description = "Monotonic microseconds (test plugin)";' in block
    assert "freq = 1000000;" in block
    assert "map = clock.test_microseconds.value;" in metadata
    assert values_of(trace) == list(range(40))
    stamps = [r.timestamp for r in trace if r.name == "testapp:values"]
    assert stamps == sorted(stamps)
    # microsecond timestamps: the 10 ms pause shows, within the session
    assert stamps[20] - stamps[19] >= 10_000_000
    assert before - 5_000_000 <= stamps[0] and stamps[-1] <= after + 5_000_000


def test_getcpu_plugin_chooses_the_buffer(build_dir, lttng_env, tmp_path):
    last_cpu = max(os.cpu_count() - 1, 0)
    t = Tracing(build_dir, lttng_env, tmp_path)
    try:
        t.start_daemon()
        t.env["LTTNG_UST_GETCPU_PLUGIN"] = plugin(build_dir, "getcpu")
        app = t.app()
        # on CPU 0 only: without the plugin, records would go to stream 0
        os.sched_setaffinity(app.pid, {0})
        t.record_testapp()
        app.emit(50)
        t.lttng("destroy")
        trace = read_trace(uid_dir(t.session_dir("s")))
    finally:
        t.close()
    records = [r for r in trace if r.name == "testapp:values"]
    assert [r.fields["seq"] for r in records] == list(range(50))
    assert {r.packet_context["cpu_id"] for r in records} == {last_cpu}


def test_getcpu_plugin_is_called_once_per_event(build_dir, lttng_env,
                                                tmp_path):
    """A plugin answering CPU 0, 1, 2, ... in turn: as LTTng calls it
    exactly once per recorded event, event k of one thread lands in the
    stream of CPU k modulo the CPU count, from the very first event (when
    the streams still have to turn atomic for it) to the last."""
    cpus = os.cpu_count()
    t = Tracing(build_dir, lttng_env, tmp_path)
    try:
        t.start_daemon()
        t.env["LTTNG_UST_GETCPU_PLUGIN"] = plugin(build_dir, "getcpu-rr")
        app = t.app()
        t.record_testapp()
        app.emit(200)
        t.lttng("destroy")
        trace = read_trace(uid_dir(t.session_dir("s")))
    finally:
        t.close()
    records = [r for r in trace if r.name == "testapp:values"]
    assert sorted(r.fields["seq"] for r in records) == list(range(200))
    assert [(r.fields["seq"], r.packet_context["cpu_id"]) for r in records
            if r.packet_context["cpu_id"] != r.fields["seq"] % cpus] == []


def test_unloadable_plugins_are_ignored(build_dir, lttng_env, tmp_path):
    """A missing plugin file: the application still records, on the
    session daemon's usual clock and the real CPUs."""
    t = Tracing(build_dir, lttng_env, tmp_path)
    try:
        t.start_daemon()
        t.env["LTTNG_UST_GETCPU_PLUGIN"] = str(tmp_path / "missing.so")
        t.env["LTTNG_UST_CLOCK_PLUGIN"] = str(tmp_path / "missing.so")
        app = t.app()
        t.record_testapp()
        app.emit(10)
        t.lttng("destroy")
        trace = read_trace(uid_dir(t.session_dir("s")))
    finally:
        t.close()
    assert values_of(trace) == list(range(10))
