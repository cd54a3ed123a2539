"""The override plugins of lttng-ust(3): LTTNG_UST_CLOCK_PLUGIN, loaded by
the session daemon (and its consumer) and by the application, makes the
trace count the plugin's clock; LTTNG_UST_GETCPU_PLUGIN, loaded by the
application, chooses the per-CPU buffer of every record. Each plugin is
built with our headers and, as a distribution's plugin would be, against
LTTng-UST 2.13's own (the extraction of ../shared/bench/anchor-install):
both reach liblttng-ust-common's overrides by LTTng's names. An
application may also change the getcpu override itself at any time.
babeltrace2 reads the traces."""
import os
import pathlib
import re
import subprocess
import time

import pytest

from trace_reader import read_trace
from ust_anchor import ANCHOR_ABSENT, TRIPLET, Ours, anchor_root, record
from ust_tracing import Tracing, uid_dir, values_of
from test_ust_binary_compat import build_with_lttng_headers

PLUGINS = "tests/tools/ust-apps"
SOURCES = pathlib.Path(__file__).resolve().parents[1] / "tools/ust-apps"
APPS = pathlib.Path(__file__).resolve().parent / "compat_apps"


@pytest.fixture(params=["ours", "lttng"])
def plugin(request, build_dir, tmp_path):
    """plugin(name): the path of test plugin `name`, built by meson with
    our headers, or here against LTTng's headers (linking nothing, as
    LTTng's example plugins)."""
    if request.param == "ours":
        return lambda name: str(build_dir / PLUGINS / f"libust-{name}-plugin.so")
    root = anchor_root()
    if root is None:
        pytest.skip(ANCHOR_ABSENT)

    def build(name):
        out = tmp_path / f"lttng-{name}-plugin.so"
        cmd = ["gcc", "-O1", "-Wall", "-Werror", "-shared", "-fPIC",
               f"-I{root / 'usr/include' / TRIPLET}",
               str(SOURCES / f"{name}-plugin.c"), "-o", str(out)]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        assert proc.returncode == 0, f"{' '.join(cmd)}\n{proc.stderr}"
        return str(out)
    return build


def test_clock_plugin_is_the_trace_clock(build_dir, lttng_env, tmp_path,
                                         plugin):
    env = dict(lttng_env, LTTNG_UST_CLOCK_PLUGIN=plugin("clock"))
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


def test_getcpu_plugin_chooses_the_buffer(build_dir, lttng_env, tmp_path,
                                          plugin):
    last_cpu = max(os.cpu_count() - 1, 0)
    t = Tracing(build_dir, lttng_env, tmp_path)
    try:
        t.start_daemon()
        t.env["LTTNG_UST_GETCPU_PLUGIN"] = plugin("getcpu")
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
                                                tmp_path, plugin):
    """A plugin answering CPU 0, 1, 2, ... in turn: as LTTng calls it
    exactly once per recorded event, event k of one thread lands in the
    stream of CPU k modulo the CPU count, from the very first event (when
    the streams still have to turn atomic for it) to the last."""
    cpus = os.cpu_count()
    t = Tracing(build_dir, lttng_env, tmp_path)
    try:
        t.start_daemon()
        t.env["LTTNG_UST_GETCPU_PLUGIN"] = plugin("getcpu-rr")
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


@pytest.mark.parametrize("headers", ["ours", "lttng"])
def test_application_changes_the_getcpu_override_at_run_time(
        build_dir, tmp_path, headers):
    """lttng_ust_getcpu_override() called by the application between
    records, as LTTng-UST allows: the records that follow go to the
    stream of the CPU it answers, and after a NULL override back to the
    stream of the CPU the thread runs on (0: it pins itself there)."""
    cpus = os.cpu_count()
    if cpus < 2 or 0 not in os.sched_getaffinity(0):
        pytest.skip("needs CPU 0 and another CPU to tell the streams apart")
    ours = Ours(build_dir, tmp_path)
    sources = [APPS / "getcpu_app.c", APPS / "abi_tp.c"]
    if headers == "ours":
        exe = ours.build(sources, "getcpu_app", [f"-I{APPS}"],
                         ("-llttng-ust", "-llttng-ust-common"))
    else:
        root = anchor_root()
        if root is None:
            pytest.skip(ANCHOR_ABSENT)
        exe = build_with_lttng_headers(root, ours, sources, "getcpu_app",
                                       [f"-I{APPS}"])
    last = cpus - 1
    trace, _ = record(ours, [exe, str(last), "20"],
                      enable=["compat_abi:first"])
    got = [(r.fields["a"], r.packet_context["cpu_id"]) for r in trace
           if r.name == "compat_abi:first"]
    assert sorted(got) == sorted([(0, 0)] * 20 + [(1, last)] * 20 +
                                 [(2, 0)] * 20)
