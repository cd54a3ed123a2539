"""A listing larger than the client protocol's 4 MiB payload limit
(issue 17, item 8): any app can make `lttng list -u` that large for
every client with many long-named events. The session daemon sends the
reply in segments and liblttng-ctl joins them, so the listing is
complete; never is a running daemon reported absent.

Six ust-wide-provider-app processes register 3 500 event classes each,
with names of 240 bytes: about 5.8 MB of listing, each app's own reply
(to the daemon) staying under the app protocol's 1 MiB request bound.
One app of 9 000 such events answers beyond that bound (replies have
their own, UST_MAX_REPLY): it was listed with no event at all.
"""
import subprocess

import pytest

from ust_tracing import Tracing

WIDE_APP = "tests/tools/ust-apps/ust-wide-provider-app"
APPS, EVENTS, NAME_LEN = 6, 3500, 240


@pytest.fixture
def tracing(build_dir, lttng_env, tmp_path):
    t = Tracing(build_dir, lttng_env, tmp_path)
    t.start_daemon()
    procs = []
    yield t, procs
    for p in procs:
        p.kill()
        p.wait()
    t.close()


def wide_app(t, procs, events=EVENTS):
    p = subprocess.Popen([str(t.build_dir / WIDE_APP), str(events),
                          str(NAME_LEN)], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True, env=t.env,
                         cwd=t.tmp)
    procs.append(p)
    assert p.stdout.readline() == "ready\n"
    return p


def expected_name(i):
    stem = f"wide:e{i}_"
    return stem + "x" * (NAME_LEN - len(stem))


def test_listing_beyond_the_payload_limit_is_complete(tracing):
    t, procs = tracing
    pids = [wide_app(t, procs).pid for _ in range(APPS)]
    r = t.lttng("list", "-u", check=False)
    assert r.rc == 0, r.err
    assert "No session daemon" not in r.err
    assert len(r.out) > 4 << 20
    for pid in pids:
        assert f"PID: {pid} - " in r.out
    names = [line.split()[0] for line in r.out.splitlines()
             if line.strip().startswith("wide:")]
    assert len(names) == APPS * EVENTS
    assert sorted(set(names)) == sorted(expected_name(i)
                                        for i in range(EVENTS))
    assert all(names.count(expected_name(i)) == APPS
               for i in (0, EVENTS // 2, EVENTS - 1))


def test_listing_with_fields_beyond_the_payload_limit_is_complete(tracing):
    t, procs = tracing
    for _ in range(APPS):
        wide_app(t, procs)
    r = t.lttng("list", "-u", "-f", check=False)
    assert r.rc == 0, r.err
    names = [line.split()[0] for line in r.out.splitlines()
             if line.strip().startswith("wide:")]
    assert len(names) == APPS * EVENTS


def test_one_app_listing_beyond_the_app_protocol_bound(tracing):
    t, procs = tracing
    pid = wide_app(t, procs, events=9000).pid
    for args in (("list", "-u"), ("list", "-u", "-f")):
        r = t.lttng(*args, check=False)
        assert r.rc == 0, r.err
        assert f"PID: {pid} - " in r.out
        names = [line.split()[0] for line in r.out.splitlines()
                 if line.strip().startswith("wide:")]
        assert sorted(names) == sorted(expected_name(i)
                                       for i in range(9000))
