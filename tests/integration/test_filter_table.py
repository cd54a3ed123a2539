"""The filter table (issue 6): well over 100 filter expressions (every
operator, precedence corner cases, globs at both ends and in the
middle, context references, strings against numbers) applied to the
events of tests/tools/filter-app. For each expression, the events
selected must be exactly those an independent Python evaluation
(filter_model.py) selects:

* test_tracer_agrees_with_the_model: liblttng-ust's filter path in
  process (filter-eval: compiled as the CLI does, linked by the
  recorder, evaluated by the generated probe), for every expression;
* test_recorded_events_are_those_the_model_selects: the whole chain,
  `lttng enable-event --filter` through the session daemon, the app's
  registration, the consumer and babeltrace2, one session per
  expression, with every field and context value of every record
  checked.
"""
import os
import subprocess

import pytest

import filter_model
from lttng_cli import Cli, Sessiond
from trace_reader import read_trace

NR_EVENTS = 48
# No empty string: babeltrace2 2.0.4 decodes an empty string field as
# the previous string of the same stream (seen while writing this test).
STRINGS = ["alpha", "beta", "gamma", "alphabet", "a*b", "e", "zeta", "alpha2"]

EXPRESSIONS = [
    # integer comparisons and literals
    "k == 3", "k != 3", "k < 5", "k <= 5", "k > 40", "k >= 40",
    "i < 0", "i <= -10", "i > 20", "i >= 50", "i == -50", "i != -50",
    "u < 100", "u == 0", "u > 900", "u == 0x10", "u == 0xA9", "k == 010",
    "k == 0", "i > -0x10", "k == +5", "-k == -5", "- -k == 5",
    "i < -1000000000000", "k == 3u", "k == 7UL",
    # bitwise operators (& binds tighter than ==, as in LTTng)
    "k & 1", "k & 1 == 1", "(k & 1) == 0", "k | 2 == 3", "k ^ 5 == 0",
    "k << 2 > 40", "k >> 1 == 3", "~k == -8", "~i < 0", "k & 6 == 6",
    "k << 64 == 0", "k >> 63 == 0", "k << 63 < 0", "1 << k > 1000",
    "k >> -1 == 0", "u & 0xff00", "i & 0x8000000000000000",
    "i >> 60 == 15", "k ^ k == 0 && k < 3", "k | 0 == k",
    # logical operators, precedence and short-circuit
    "k < 5 || k > 40", "k > 5 && k < 10", "!(k < 5)", "!k", "k", "!!k",
    "0", "1", "k < 5 && k > 10 || k == 20", "k == 1 || k == 2 && u > 1000",
    "(k == 1 || k == 2) && u > 0", "k == 1 || k == 2 || k == 3",
    "!(k > 2 && k < 30) && i < 0", "k > 40 || i > 40 || u > 900",
    "!k == 0", "!(k & 1) && k < 8", "k < 10 == 1", "1 < 2 < 3",
    "k > 3 == 0", "k > 3 != 1",
    # floating point
    "d > 0.5", "d == 1.25", "d < -2.5e0", "d >= i", "1.5 < d", "d",
    "!d", "-d > 2", "d != 0.0", "d <= .5", "d > 5.", "d == 1e1",
    # strings, globs at either end and in the middle, escaped stars
    's == "alpha"', 's != "alpha"', 's == "alpha*"', 's == "*ta"',
    's == "*ph*"', 's == "a\\*b"', 's == "a*b"', 's == "*"', 's == ""',
    's != ""', '"beta" == s', '"*ma" == s', 's == "al*ha*"',
    's == "a*t"', 's < "beta"', 's >= "gamma"', 's > ""', 's <= "alpha"',
    's == "ALPHA"', "s == 'zeta'", 's == "alpha" || s == "beta"',
    's != "alpha*" && k < 20', 's == "*" && k == 5',
    # LTTng's star-at-the-end patterns: a prefix, with every operator
    's < "alpha*"', 's <= "alpha*"', 's > "alpha*"', 's >= "beta*"',
    '"al*" >= s', 's < "*"', 's >= "*"', 's > "b*"', 's == "a\\**"',
    '"a*" == "ab*" && k < 4', '"a*" == "b*" || k == 1',
    '"*ta" == s && "x*" != "y*"',
    # arrays and sequences
    "arr[0] == 5", "arr[1] == 3", "arr[2] < -40", "arr[3] == 0",
    "arr[1] == k", "seq[0] == 2", "seq[2] > 30", "seq[1] == 14",
    "_seq_length == 2", "seq[5] == 1 || 1",
    # enumerations
    "color == 1", "color != 0 && k < 10", "color == 2 || color == 0",
    # contexts
    "$ctx.vpid == PID", "$ctx.vtid == PID", "$ctx.vpid != PID",
    '$ctx.procname == "filter-*"', '$ctx.procname == "*app"',
    '$ctx.procname == "other"', "$ctx.vpid > 0 && k == 3",
    "$ctx.cpu_id >= 0", "$ctx.vuid == UID", "$ctx.vgid == GID",
    "$ctx.pthread_id != 0 && k < 2", "$ctx.nosuch == 1",
    # strings against numbers, missing fields: never
    "s == 1", "s > 3", "k == 1 || s == 2", "arr == 1", "nosuch == 1",
    "nosuch == 1 || 1", "k == 1 || nosuch == 1",
]


def contexts(pid, procname="filter-app"):
    return {"$ctx.vpid": pid, "$ctx.vtid": pid, "$ctx.procname": procname,
            "$ctx.cpu_id": 0, "$ctx.vuid": os.getuid(),
            "$ctx.vgid": os.getgid(), "$ctx.pthread_id": 1}


def event(k, ctx):
    """The fields of event k as filter-app emits them (filter-emit.c)."""
    fields = {
        "k": k, "i": (k * 37) % 101 - 50, "u": (k * k) % 997,
        "d": k / 4.0 - 3.0, "s": STRINGS[k % 8], "arr": [k, k % 5, -k],
        "seq": [k % 7, k + 1, k + 2][:k % 4], "color": k % 3,
    }
    fields.update(ctx)
    return fields


def substitute(expr, pid):
    return (expr.replace("PID", str(pid)).replace("UID", str(os.getuid()))
            .replace("GID", str(os.getgid())))


def expected(expr, pid, procname):
    tree = filter_model.parse(expr)
    ctx = contexts(pid, procname)
    return [k for k in range(NR_EVENTS)
            if filter_model.select(tree, event(k, ctx))]


def test_table_is_large_and_distinct():
    assert len(EXPRESSIONS) >= 100
    assert len(set(EXPRESSIONS)) == len(EXPRESSIONS)
    # The table is not trivial: many select some events but not all.
    partial = [e for e in EXPRESSIONS
               if 0 < len(expected(substitute(e, 1), 1, "filter-app"))
               < NR_EVENTS]
    assert len(partial) >= 70


def test_tracer_agrees_with_the_model(tool):
    # filter-eval's own pid must be in the expression: run it through a
    # shell that execs it, so $$ is its pid.
    path = tool("tests/tools/filter-app/filter-eval")
    for expr in EXPRESSIONS:
        script = 'exec "$0" "$(printf %s "$1" | sed "s/PID/$$/g")"'
        text = expr.replace("UID", str(os.getuid())).replace(
            "GID", str(os.getgid()))
        proc = subprocess.Popen(["sh", "-c", script, str(path), text],
                                stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        out, err = proc.communicate(timeout=30)
        assert proc.returncode == 0, f"{expr}: {err}"
        got = [int(line) for line in out.split()]
        want = expected(substitute(expr, proc.pid), proc.pid, "filter-eval")
        assert got == want, f"{expr!r}: tracer {got}, model {want}"


BATCH = 20


@pytest.mark.parametrize("batch", range(0, len(EXPRESSIONS), BATCH))
def test_recorded_events_are_those_the_model_selects(
        build_dir, tool, lttng_env, tmp_path, batch):
    exprs = EXPRESSIONS[batch:batch + BATCH]
    sessiond = Sessiond(build_dir, lttng_env)
    assert sessiond.start().returncode == 0
    cli = Cli(build_dir, lttng_env)
    app = tool("tests/tools/filter-app/filter-app")
    try:
        # The app's pid is known only once it runs: the filters name it
        # through a placeholder pid file written by a wrapper shell.
        app_proc = subprocess.Popen(
            ["sh", "-c", 'read go; exec "$0" "$1"', str(app),
             str(NR_EVENTS)],
            stdin=subprocess.PIPE, env=dict(
                lttng_env, LTTNG_UST_REGISTER_TIMEOUT="30000"),
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        pid = app_proc.pid
        for n, expr in enumerate(exprs):
            name = f"f{batch + n}"
            out = tmp_path / name
            assert cli.run("create", name, f"--output={out}").rc == 0
            r = cli.run("enable-channel", "-u", "-s", name, "ch",
                        "--subbuf-size=16384", "--num-subbuf=4")
            assert r.rc == 0, r.err
            r = cli.run("add-context", "-u", "-s", name, "-c", "ch",
                        "-t", "vpid", "-t", "vtid", "-t", "procname")
            assert r.rc == 0, r.err
            r = cli.run("enable-event", "-u", "-s", name, "-c", "ch",
                        "filt:ev", "--filter", substitute(expr, pid))
            assert r.rc == 0, f"{expr}: {r.err}"
            assert cli.run("start", name).rc == 0
        app_proc.stdin.write("go\n")
        app_proc.stdin.close()
        assert app_proc.wait(timeout=60) == 0, app_proc.stderr.read()
        for n in range(len(exprs)):
            assert cli.run("destroy", f"f{batch + n}").rc == 0
        for n, expr in enumerate(exprs):
            metadata = list((tmp_path / f"f{batch + n}").rglob("metadata"))
            assert len(metadata) == 1, expr
            trace = read_trace(metadata[0].parent)
            assert trace.discarded_events == 0
            ctx = contexts(pid)
            want = expected(substitute(expr, pid), pid, "filter-app")
            got = sorted(rec.fields["k"] for rec in trace)
            assert got == want, f"{expr!r}: recorded {got}, model {want}"
            for rec in trace:
                k = rec.fields["k"]
                ev = event(k, ctx)
                assert rec.name == "filt:ev"
                for field in ("i", "u", "s", "arr", "seq", "color"):
                    assert rec.fields[field] == ev[field], (expr, field)
                assert rec.fields["_seq_length"] == len(ev["seq"])
                assert rec.fields["d"] == pytest.approx(ev["d"])
                assert rec.common_context == {
                    "vpid": pid, "vtid": pid, "procname": "filter-app"}
    finally:
        sessiond.stop()
