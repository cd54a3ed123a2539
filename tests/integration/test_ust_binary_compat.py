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


FILTER = ('s8 == -1 || hidden == 0x2468ACF0 || f64 > 1e299 || '
          'fhidden < -1.0 || str == "a" || shidden == "tracing*" || '
          'arr[1] == -2 && seq[2] == 0x7fffffff || color == 12 || '
          'small == -5 || b == "two"')


def test_lttng_built_probe_filters_as_ours(lttng_root, ours):
    lttng_exe, ours_exe = build_both(lttng_root, ours)
    got = {}
    for label, exe in (("lttng", lttng_exe), ("ours", ours_exe)):
        trace, _ = record(ours, [exe], enable=["compat_abi:*"],
                          filter_expr=FILTER, session=f"filter-{label}")
        got[label] = comparable(trace, "compat_abi:")
    names = [e[0] for e in got["ours"]]
    # Each condition above selects events of its own: a filter that
    # reads a field from the wrong place loses or gains some.
    assert names.count("compat_abi:integers") == 2   # -1, 0x12345678
    assert names.count("compat_abi:floats") == 3     # -1.5, 1e300, -2.5e-10?
    assert names.count("compat_abi:strings") == 2
    assert names.count("compat_abi:arrays") == 1
    assert names.count("compat_abi:enums") == 2
    assert names.count("compat_abi:second") == 1
    assert "compat_abi:first" not in names
    assert got["lttng"] == got["ours"]
