"""Binary compatibility with LTTng-UST 2.13 (issue 18, "a drop-in
liblttng-ust.so.1").

Programs and providers compiled against LTTng's own headers (from the
extraction of ../shared/bench/anchor-install) run, unchanged, on our
liblttng-ust.so.1, liblttng-ust-tracepoint.so.1 and
liblttng-ust-common.so.1 (LD_LIBRARY_PATH) and record what the same
program built against our headers records; so do the LTTng-built
libraries Debian ships (the Python agent's native library, the Java
agent's JNI library). Without the extraction these tests skip: there is
nothing LTTng-built to load.
"""
import ctypes
import os
import pathlib
import shutil
import subprocess

import pytest

from ust_anchor import ANCHOR_ABSENT, Anchor, Ours, anchor_root, record

APPS = pathlib.Path(__file__).resolve().parent / "compat_apps"
LIBS = ("liblttng-ust.so.1", "liblttng-ust-tracepoint.so.1",
        "liblttng-ust-common.so.1")


@pytest.fixture
def lttng_root():
    root = anchor_root()
    if root is None:
        pytest.skip(ANCHOR_ABSENT)
    return root


@pytest.fixture
def ours(build_dir, tmp_path):
    impl = Ours(build_dir, tmp_path)
    yield impl
    impl.close()


def build_with_lttng_headers(root, ours, sources, out, extra=(), shared=False):
    """Compiles sources against LTTng's headers and links them with its
    libraries (as a distribution builds a package), into ours.work."""
    anchor = Anchor(root, ours.work)
    try:
        name = pathlib.Path(out).name
        if shared:
            exe = anchor.shared(sources, name, extra)
        else:
            exe = anchor.build(sources, name, extra)
        dest = ours.work / out
        shutil.copy2(exe, dest)
        return dest
    finally:
        anchor.close()


def exported(path):
    out = subprocess.run(["nm", "-D", "--defined-only", str(path)],
                         capture_output=True, text=True, check=True).stdout
    return {line.split()[-1] for line in out.splitlines() if line.strip()}


def payloads(trace, prefix):
    """(name, payload fields, context fields) of the events of prefix."""
    return [(r.name, r.fields, getattr(r, "contexts", None))
            for r in trace if r.name.startswith(prefix)]


@pytest.mark.parametrize("lib", LIBS)
def test_our_libraries_export_every_symbol_lttng_s_export(lttng_root, build_dir,
                                                         lib):
    theirs = exported(lttng_root / "usr/lib/x86_64-linux-gnu" / lib)
    mine = exported(pathlib.Path(build_dir) / "src/lib/lttng-ust" / lib)
    missing = sorted(theirs - mine)
    # The linker's section bounds of LTTng's own tracepoint sites are an
    # artifact of how it builds liblttng-ust, not an interface.
    missing = [s for s in missing if not s.startswith(("__start_", "__stop_"))]
    assert not missing, f"{lib} lacks {len(missing)} of LTTng's symbols: {missing}"


def comparable(trace, prefix):
    """The events of prefix as plain values: name, payload (enumerations
    with their labels), and the contexts that do not depend on the run
    (procname), the others by name only."""
    def plain(v):
        if hasattr(v, "labels"):
            return (int(v), tuple(v.labels))
        if isinstance(v, dict):
            return {k: plain(x) for k, x in v.items()}
        if isinstance(v, list):
            return [plain(x) for x in v]
        return v
    out = []
    for r in trace:
        if not r.name.startswith(prefix):
            continue
        ctx = dict(r.common_context)
        stable = {k: v for k, v in ctx.items() if k == "procname"}
        out.append((r.name, plain(r.fields), stable, sorted(ctx)))
    return out


def event_declarations(trace_dir, prefix):
    """The TSDL `event { ... }` blocks of prefix's events, by name, with
    the stream and event ids left out (they follow registration order)."""
    import re
    from trace_reader import babeltrace2_text
    found = list(pathlib.Path(trace_dir).rglob("metadata"))
    assert len(found) == 1, found
    text = babeltrace2_text(found[0].parent, "-o", "ctf-metadata")
    blocks = {}
    for m in re.finditer(r"event \{\s*name = \"([^\"]+)\";(.*?)\n\};", text, re.S):
        if m.group(1).startswith(prefix):
            body = re.sub(r"\s*(id|stream_id) = \d+;", "", m.group(2))
            blocks[m.group(1)] = " ".join(body.split())
    return blocks


def build_both(root, ours, name="abi_app"):
    """The compat_abi program built against LTTng's headers and ours,
    each in a directory of its own under the same file name (so procname
    reads the same)."""
    (ours.work / "lttng").mkdir(exist_ok=True)
    (ours.work / "ours").mkdir(exist_ok=True)
    lttng_exe = build_with_lttng_headers(
        root, ours, [APPS / "abi_app.c", APPS / "abi_tp.c"], f"lttng/{name}",
        [f"-I{APPS}"])
    ours_exe = ours.build([APPS / "abi_app.c", APPS / "abi_tp.c"],
                          f"ours/{name}", [f"-I{APPS}"])
    return lttng_exe, ours_exe


def linked_lttng_library(exe, env):
    """The liblttng-ust.so.1 the dynamic loader picks for exe under env."""
    out = subprocess.run(["ldd", str(exe)], env=env, capture_output=True,
                         text=True, check=True).stdout
    for line in out.splitlines():
        if line.strip().startswith("liblttng-ust.so.1 "):
            return pathlib.Path(line.split("=>")[1].split()[0]).resolve()
    raise AssertionError(f"{exe} is not linked with liblttng-ust.so.1:\n{out}")


CONTEXTS = ["procname", "vpid", "vtid", "ip", "pthread_id"]


def test_lttng_built_program_records_what_ours_built_records(lttng_root, ours):
    lttng_exe, ours_exe = build_both(lttng_root, ours)
    # The LTTng-built program loads our tracer, not LTTng's.
    assert linked_lttng_library(lttng_exe, ours.env) == \
        (ours.lib / "liblttng-ust.so.1").resolve()
    traces = {}
    decls = {}
    for label, exe in (("lttng", lttng_exe), ("ours", ours_exe)):
        trace, _ = record(ours, [exe, "2"], enable=["compat_abi:*"],
                          contexts=CONTEXTS, session=f"abi-{label}")
        traces[label] = comparable(trace, "compat_abi:")
        decls[label] = event_declarations(ours.work / f"trace-abi-{label}",
                                          "compat_abi:")
    # 2 rounds of 9 + 5 + 4 + 4 + 5 + 2 events.
    assert len(traces["ours"]) == 2 * 29
    assert traces["lttng"] == traces["ours"]
    assert decls["lttng"] == decls["ours"]
    assert len(decls["ours"]) == 7


# One rule per event, each filtering on fields of every kind the
# interpreter stack carries (integers, nowrite fields, floats, strings,
# arrays, sequences, enumerations).
FILTERS = {
    "compat_abi:integers": 's8 == -1 || hidden == 0x2468ACF0',
    "compat_abi:floats": 'f64 > 1e299 || fhidden < -1.0',
    "compat_abi:strings": 'str == "a" || shidden == "tracing*"',
    "compat_abi:arrays": 'arr[1] == -2 && seq[2] == 0x7fffffff',
    "compat_abi:enums": 'color == 12 || small == -5',
    "compat_abi:second": 'b == "two"',
    "compat_abi:first": 'a == 2',
}


def test_lttng_built_probe_filters_as_ours(lttng_root, ours):
    lttng_exe, ours_exe = build_both(lttng_root, ours)
    got = {}
    for label, exe in (("lttng", lttng_exe), ("ours", ours_exe)):
        trace, _ = record(ours, [exe], rules=FILTERS, session=f"filter-{label}")
        got[label] = comparable(trace, "compat_abi:")
    names = [e[0] for e in got["ours"]]
    # Each condition selects its own events: a filter that reads a field
    # from the wrong place of LTTng's stack loses or gains some.
    # s8 == -1: -1 and INT64_MAX; hidden (2v): 0x12345678.
    assert names.count("compat_abi:integers") == 3
    assert names.count("compat_abi:floats") == 2  # 1e300; fhidden -1.5
    assert names.count("compat_abi:strings") == 2  # "a", "tracing\tmore"
    assert names.count("compat_abi:arrays") == 1  # n == 3
    assert names.count("compat_abi:enums") == 2  # 12, -5
    assert names.count("compat_abi:second") == 1
    assert "compat_abi:first" not in names
    assert got["lttng"] == got["ours"]


def test_lttng_built_program_records_on_ours_what_lttng_records(lttng_root, ours,
                                                                tmp_path):
    """The same LTTng-built binary, traced by the real LTTng and by us."""
    anchor = Anchor(lttng_root, tmp_path)
    try:
        exe = anchor.build([APPS / "abi_app.c", APPS / "abi_tp.c"], "abi_app",
                           [f"-I{APPS}"])
        theirs, _ = record(anchor, [exe, "2"], enable=["compat_abi:*"],
                           contexts=CONTEXTS, session="abi-theirs")
        shutil.copy2(exe, ours.work / "abi_app")
        mine, _ = record(ours, [ours.work / "abi_app", "2"],
                         enable=["compat_abi:*"], contexts=CONTEXTS,
                         session="abi-mine")
    finally:
        anchor.close()
    assert len(mine) and comparable(mine, "compat_abi:") == \
        comparable(theirs, "compat_abi:")


def test_provider_of_another_abi_is_refused_with_a_message(lttng_root, ours):
    exe = build_with_lttng_headers(
        lttng_root, ours, [APPS / "abi_refused.c", APPS / "abi_tp.c"],
        "abi_refused", [f"-I{APPS}"])
    proc = ours.run([exe], env={"LTTNG_UST_DEBUG": "1",
                                "LTTNG_UST_REGISTER_TIMEOUT": "0"})
    assert proc.returncode == 0, proc.stderr
    # LTTng returns NULL here, and its generated constructors abort the
    # application on NULL: ours returns a cookie and keeps it running.
    assert proc.stdout.splitlines() == ["future: cookie", "truncated: cookie"]
    assert ('Error: Provider "compat_future" rejected, version 4.0 is '
            'incompatible with LTTng UST provider version 3.0. Please '
            'upgrade LTTng UST.') in proc.stderr
    assert ("provider description of 8 bytes, smaller than LTTng-UST "
            "2.13's 36: refused") in proc.stderr
    # The accepted provider of the same program still records.
    trace, _ = record(ours, [exe], enable=["compat_abi:first"],
                      session="refused")
    assert [(r.name, r.fields) for r in trace] == \
        [("compat_abi:first", {"a": 7, "b": "after"})]
    quiet = ours.run([exe])
    assert "rejected" not in quiet.stderr and "refused" not in quiet.stderr


AGENTS = {
    # mode: (library under the extraction, event, its fields)
    "python": ("usr/lib/x86_64-linux-gnu/liblttng-ust-python-agent.so.1",
               "lttng_python:event",
               {"asctime": "2026-01-02 03:04:05,678",
                "msg": "hello from python", "logger_name": "compat.log",
                "funcName": "compat_func", "lineno": 42, "int_loglevel": 30,
                "thread": 7, "threadName": "MainThread"}),
    # The JUL handler's JNI library (Debian's liblttng-ust-java-jni), a
    # distribution binary linked with liblttng-ust.so.1.
    "jul": ("usr/lib/x86_64-linux-gnu/jni/liblttng-ust-jul-jni.so.0",
            "lttng_jul:event",
            {"msg": "hello from java", "logger_name": "compat.logger",
             "class_name": "CompatClass", "method_name": "compatMethod",
             "long_millis": 1234567890123, "int_loglevel": 800,
             "int_threadid": 7}),
}


@pytest.mark.parametrize("mode", sorted(AGENTS))
def test_agent_native_library_records_through_our_tracer(lttng_root, ours,
                                                         tmp_path, mode):
    lib, event, fields = AGENTS[mode]
    lib = lttng_root / lib
    exe = ours.build([APPS / "agent_native.c"], "agent_native", ["-Werror"],
                     libs=())
    # Our libraries first; the JNI library's own dependency after them.
    env = {"LD_LIBRARY_PATH": f"{ours.lib}:{lib.parent}"}
    loaded = subprocess.run(["ldd", str(lib)], env={**ours.env, **env},
                            capture_output=True, text=True).stdout
    assert f"{ours.lib}/liblttng-ust.so.1" in loaded, loaded
    # The agents reserve their event names in the user space domain
    # (LTTng's rule): enabling every event records it without the agent.
    trace, _ = record(ours, [exe, mode, lib], env=env,
                      session=f"agent-{mode}")
    got = [(r.name, r.fields) for r in trace if r.name == event]
    assert got == [(event, fields)]
    # What LTTng itself records for the same call.
    anchor = Anchor(lttng_root, tmp_path)
    try:
        exe = anchor.build([APPS / "agent_native.c"], "agent_native", [],
                           libs=())
        theirs, _ = record(anchor, [exe, mode, lib],
                           env={"LD_LIBRARY_PATH":
                                f"{anchor.lib}:{lib.parent}"},
                           session=f"agent-{mode}")
    finally:
        anchor.close()
    assert [(r.name, r.fields) for r in theirs if r.name == event] == got


def test_lttng_built_tracef_and_tracelog_record_as_ours(lttng_root, ours):
    """LTTng's tracef/tracelog macros read liblttng-ust's own sites (their
    layout) and call its per-level entry points."""
    exes = {"lttng": build_with_lttng_headers(
        lttng_root, ours, [APPS / "abi_tracef.c"], "tracef-lttng"),
        "ours": ours.build([APPS / "abi_tracef.c"], "tracef-ours")}
    got = {}
    for label, exe in exes.items():
        trace, _ = record(ours, [exe], enable=["lttng_ust_trace*"],
                          session=f"tracef-{label}")
        got[label] = [(r.name, {k: v for k, v in r.fields.items()
                                if k in ("msg", "line")})
                      for r in trace if r.name.startswith("lttng_ust_trace")]
    names = [n for n, _ in got["ours"]]
    assert names.count("lttng_ust_tracef:event") == 3
    assert names.count(
        "lttng_ust_tracelog:LTTNG_UST_TRACEPOINT_LOGLEVEL_WARNING") == 3
    assert names.count(
        "lttng_ust_tracelog:LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_LINE") == 3
    assert got["lttng"] == got["ours"]


@pytest.mark.parametrize("provider_headers", ["lttng", "ours"])
def test_sites_and_provider_built_with_different_headers_record(lttng_root,
                                                                ours,
                                                                provider_headers):
    """An application built with one header set and its provider (a
    shared object) with the other: sites and probes meet in one registry."""
    mixed = ours.work / "mixed"
    mixed.mkdir(exist_ok=True)
    provider = mixed / "libabi_tp.so"
    app = ([APPS / "abi_app.c", provider], "mixed/abi_app",
           [f"-I{APPS}", f"-Wl,-rpath,{mixed}"])
    if provider_headers == "lttng":
        build_with_lttng_headers(lttng_root, ours, [APPS / "abi_tp.c"],
                                 "mixed/libabi_tp.so", [f"-I{APPS}"],
                                 shared=True)
        exe = ours.build(*app)
    else:
        ours.shared([APPS / "abi_tp.c"], "mixed/libabi_tp.so", [f"-I{APPS}"])
        # Linked against LTTng's library, our provider's symbols resolve
        # at run time only (on ours).
        app[2].append("-Wl,--allow-shlib-undefined")
        exe = build_with_lttng_headers(lttng_root, ours, *app)
    _, ours_exe = build_both(lttng_root, ours)
    got = {}
    for label, argv in (("mixed", [exe]), ("ours", [ours_exe])):
        trace, _ = record(ours, argv, enable=["compat_abi:*"],
                          contexts=["procname"], session=f"mixed-{label}")
        got[label] = comparable(trace, "compat_abi:")
    assert len(got["ours"]) == 29
    assert got["mixed"] == got["ours"]


def test_lttng_ust_ctl_binds_to_our_common_library(lttng_root, ours):
    """LTTng's own liblttng-ust-ctl.so.5 (the consumer side of its
    libraries) on our liblttng-ust-common.so.1: every hook it imports
    from there (the getcpu override, the trace clock, the fd tracker)
    resolves, so the program starts and runs."""
    anchor = Anchor(lttng_root, ours.work)
    try:
        # liblttng-ust-ctl leaves liburcu to its program (as
        # lttng-consumerd links it).
        built = anchor.build([APPS / "ustctl_app.c"], "ustctl_app",
                             libs=("-llttng-ust-ctl", "-lurcu"))
        exe = ours.work / "ustctl_app"
        shutil.copy2(built, exe)
    finally:
        anchor.close()
    env = {"LD_LIBRARY_PATH":
           f"{ours.lib}:{lttng_root / 'usr/lib/x86_64-linux-gnu'}"}
    ldd = subprocess.run(["ldd", str(exe)], env={**ours.env, **env},
                         capture_output=True, text=True, check=True).stdout
    common = [line for line in ldd.splitlines()
              if line.strip().startswith("liblttng-ust-common.so.1 ")]
    assert len(common) == 1 and str(ours.lib) in common[0], ldd
    proc = ours.run([exe], env)
    assert proc.returncode == 0, proc.stderr
    # LTTng counts one stream per possible CPU.
    possible = 0
    for span in pathlib.Path("/sys/devices/system/cpu/possible") \
            .read_text().strip().split(","):
        first, _, last = span.partition("-")
        possible += int(last or first) - int(first) + 1
    assert proc.stdout == f"{possible}\n"
