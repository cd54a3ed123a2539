"""User space process attribute trackers (lttng track/untrack -u --vpid,
--vuid, --vgid): only the tracked processes record events, changes apply
to running apps, and `lttng list` shows the inclusion sets with LTTng
2.13's texts. Traces are read with babeltrace2."""
import os

import pytest

from trace_reader import read_trace
from ust_tracing import Tracing, uid_dir, values_of


@pytest.fixture
def tracing(build_dir, lttng_env, tmp_path):
    t = Tracing(build_dir, lttng_env, tmp_path)
    t.start_daemon()
    yield t
    t.close()


def trackers_of(listing):
    lines = listing.splitlines()
    start = lines.index("Tracked process attributes")
    return lines[start + 1:start + 4]


def test_only_the_tracked_vpid_records_events(tracing):
    a = tracing.app()
    b = tracing.app()
    tracing.lttng("create", "s")
    r = tracing.lttng("track", "-u", f"--vpid={b.pid}")
    assert r.out == (f"Added {b.pid} to the virtual process ID tracker "
                     "inclusion set\n")
    tracing.lttng("enable-event", "-u", "testapp:*")
    tracing.lttng("add-context", "-u", "-t", "vpid")
    tracing.lttng("start")
    a.emit(5)
    b.emit(7)
    # Tracking a running app starts its recording; untracking stops it.
    tracing.lttng("track", "-u", f"--vpid={a.pid}")
    tracing.lttng("untrack", "-u", f"--vpid={b.pid}")
    a.emit(3)
    b.emit(4)
    tracing.lttng("destroy")
    trace = read_trace(uid_dir(tracing.session_dir("s")))
    by_pid = {}
    for record in trace:
        if record.name == "testapp:values":
            by_pid.setdefault(record.common_context["vpid"], []).append(
                record.fields["seq"])
    assert by_pid == {b.pid: list(range(7)), a.pid: list(range(5, 8))}


def test_vuid_and_vgid_trackers_exclude_other_users(tracing):
    app = tracing.app()
    tracing.lttng("create", "s")
    tracing.lttng("enable-event", "-u", "testapp:*")
    tracing.lttng("track", "-u", f"--vuid={os.getuid() + 4242}")
    tracing.lttng("start")
    app.emit(6)
    tracing.lttng("track", "-u", f"--vuid={os.getuid()}")
    tracing.lttng("untrack", "-u", "--all", "--vgid")
    app.emit(6)
    tracing.lttng("track", "-u", "--all", "--vgid")
    app.emit(2)
    tracing.lttng("destroy")
    trace = read_trace(uid_dir(tracing.session_dir("s")))
    assert values_of(trace) == [12, 13]


def test_list_shows_policies_and_inclusion_sets(tracing):
    tracing.lttng("create", "s")
    r = tracing.lttng("list", "s")
    assert "=== Domain: User space ===" not in r.out
    tracing.lttng("track", "-u", "--vpid=3,4", "--vuid=root,5")
    r = tracing.lttng("untrack", "-u", "--all", "--vgid")
    assert r.out == "Virtual group ID tracking policy set to `exclude all`\n"
    r = tracing.lttng("list", "s")
    assert "=== Domain: User space ===\n\nBuffering scheme: per-user\n" \
        in r.out
    assert trackers_of(r.out) == [
        "  Virtual process IDs:  3, 4",
        "  Virtual user IDs:     `root`, 5",
        "  Virtual group IDs:    none"]
    r = tracing.lttng("untrack", "-u", "--vuid=root")
    assert r.out == ("Removed root from the virtual user ID tracker "
                     "inclusion set\n")
    r = tracing.lttng("untrack", "-u", "--vuid=root")
    assert r.err == ("Warning: `root` is not in the virtual user ID the "
                     "inclusion set\n")
    r = tracing.lttng("track", "-u", "--vpid=4")
    assert r.err == ("Warning: 4 is already in the virtual process ID "
                     "inclusion set\n")
    r = tracing.lttng("track", "-u", "--vuid=no-such-user-here", check=False)
    assert (r.rc, r.err) == (1, "Error: User `no-such-user-here` was not "
                                "found\n")
    tracing.lttng("track", "-u", "--all", "--vpid")
    r = tracing.lttng("list", "s", "-u")
    assert trackers_of(r.out) == [
        "  Virtual process IDs:  all",
        "  Virtual user IDs:     5",
        "  Virtual group IDs:    none"]
