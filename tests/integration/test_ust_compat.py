"""LTTng-UST 2.13 source and trace compatibility (issue 18, items 1 to 6).

Each test builds the same program against our headers and records it
with our tracer, then checks babeltrace2's reading against a model of
what LTTng records, pinned here; when the real LTTng-UST is extracted
(../shared/bench/anchor-install, see ust_anchor.py), the same program is
also built against LTTng's headers and traced by LTTng, and both
traces must read the same.
"""
import pathlib
import re
import shutil
import subprocess
import struct

import pytest

from trace_reader import babeltrace2_text
from ust_anchor import (ANCHOR_ABSENT, Anchor, Ours, anchor_root, events,
                        implementation, record)

APPS = pathlib.Path(__file__).resolve().parent / "compat_apps"


@pytest.fixture(params=["ours", "lttng"])
def impl(request, build_dir, tmp_path):
    """Each test runs once with our build and once with the real LTTng,
    against the same pinned expectation; the second skips when LTTng is
    not extracted."""
    impl = implementation(request.param, build_dir, tmp_path)
    yield impl
    impl.close()


def metadata_text(trace_dir):
    """The TSDL of the trace under trace_dir (LTTng's is packetized)."""
    found = list(pathlib.Path(trace_dir).rglob("metadata"))
    assert len(found) == 1, found
    return babeltrace2_text(found[0].parent, "-o", "ctf-metadata")


def field_declaration(metadata, field):
    """The integer declaration of an event field (`_` prefix allowed)."""
    m = re.search(r"integer\s*\{([^}]*)\}\s*_?" + field + r"\s*(\[|;)", metadata)
    assert m, f"no integer declaration for {field}"
    return " ".join(m.group(1).split())


# ---- 1. network byte order fields -------------------------------------

NET_VALUES = [0, 1, 2, 255, 256, 0x1234, 0xFFFF, 0x12345678, 0xFFFFFFFF,
              0x0102030405060708, 0x8000000000000001]


def be(native_int, size, signed=False):
    """What a reader prints for `native_int`'s host (little endian) bytes
    declared big endian: LTTng stores the argument's bytes unchanged."""
    mask = (1 << (8 * size)) - 1
    raw = (native_int & mask).to_bytes(size, "little")
    return int.from_bytes(raw, "big", signed=signed)


def net_model(v):
    """LTTng's reading of compat_net:values for the value v (pinned)."""
    m64 = (1 << 64) - 1
    n32 = v & 0xFFFFFFFF
    return {
        # htonl(v) etc.: network-order bytes declared big endian read v.
        "n32": n32,
        "n16": v & 0xFFFF,
        "n64": int.from_bytes((v & m64).to_bytes(8, "big"), "big", signed=True),
        # host-order elements declared big endian read byte-swapped.
        "a64": [be(v + i, 8) for i in range(3)],
        "a16": [be(v + i, 2) for i in range(2)],
        "_s32_length": v % 3,
        "s32": [be(x, 4) for x in [v, v * 3]][: v % 3],
        "host": int.from_bytes(struct.pack(">I", n32), "little"),
    }


def test_network_byte_order_fields_read_as_lttng_records_them(impl):
    argv = ["./net_app", *[str(v) for v in NET_VALUES]]
    expected = [("compat_net:values", net_model(v)) for v in NET_VALUES]
    impl.build([APPS / "net_app.c"], "net_app", [f"-I{APPS}"])
    trace, _ = record(impl, argv, enable=["compat_net:*"])
    assert events(trace) == expected, impl.name
    meta = metadata_text(impl.work / "trace-compat")
    for field in ("n32", "n16", "n64", "a64", "a16", "s32"):
        assert "byte_order = be" in field_declaration(meta, field), \
            (impl.name, field)
    assert "byte_order = be" not in field_declaration(meta, "host")
    # A filter compares the value in host order: n32 == v selects the
    # event of v alone.
    trace, _ = record(impl, argv, enable=["compat_net:*"],
                      filter_expr="n32 == 0x1234", session="filtered")
    assert events(trace) == [("compat_net:values", net_model(0x1234))], \
        impl.name


# ---- 2. the tracer's threads and the state dump's thread -------------

def listener_name(process_name):
    """LTTng-UST's name for its listener threads (pinned): the name they
    inherit, cut to 11 characters, then "-ust", whatever it ends with."""
    return process_name[:11] + "-ust"


@pytest.mark.parametrize("name", ["sample", "abcdefghijk", "abcdefghijkl",
                                  "abcdefghijklmno", "abcdefghij-ust"])
def test_listener_threads_are_named_and_emit_the_state_dump(impl, name):
    exe = impl.build([APPS / "threads_app.c"], "threads_app", [f"-I{APPS}"])
    shutil.copy(exe, impl.work / name)
    trace, proc = record(impl, [f"./{name}"], contexts=["procname", "vtid"])
    # main, then the two listener threads (root and per-user daemons).
    assert proc.stdout.splitlines() == [name] + [listener_name(name)] * 2, \
        impl.name
    hello = [r for r in trace if r.name == "compat_threads:hello"]
    assert len(hello) == 1
    main_tid = hello[0].common_context["vtid"]
    assert hello[0].common_context["procname"] == name
    dump = [r for r in trace if r.name.startswith("lttng_ust_statedump:")]
    assert [r.name for r in dump][:2] == ["lttng_ust_statedump:start",
                                          "lttng_ust_statedump:procname"]
    assert dump[-1].name == "lttng_ust_statedump:end"
    for r in dump:
        assert r.common_context["procname"] == listener_name(name), impl.name
        assert r.common_context["vtid"] != main_tid
    # the procname event reports the process, not the thread.
    assert dump[1].fields["procname"] == name


# ---- 4. what <lttng/tracepoint.h> brings in ---------------------------

def test_tracepoint_h_includes_what_lttng_s_does(impl):
    exe = impl.build([APPS / "includes_app.c"], "includes_app",
                     ["-Werror", "-Wimplicit-function-declaration", "-std=gnu11"])
    proc = impl.run([exe])
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == "2 1 1 liblttng-ust.so.1\n", impl.name


# ---- 3. two providers of one event ------------------------------------

ONE = {"v": None}
TWO = {"v": None, "layout": "two"}
# (steps, the events LTTng records: (v, layout), its event class ids)
DUP_SCENARIOS = {
    "two_layouts": (["load:1", "load:2", "emit:1"], [(1, ONE), (1, TWO)], 2),
    "loaded_twice": (["load:1", "load:1b", "emit:2"], [(2, ONE), (2, ONE)], 1),
    "replaced": (["load:1", "emit:3", "unload:0", "load:2", "emit:4"],
                 [(3, ONE), (4, TWO)], 2),
    "upgraded": (["load:1", "emit:5", "load:2", "emit:6", "unload:0", "emit:7"],
                 [(5, ONE), (6, ONE), (6, TWO), (7, TWO)], 2),
}


@pytest.mark.parametrize("scenario", sorted(DUP_SCENARIOS))
def test_every_registered_probe_of_an_event_records(impl, scenario):
    steps, expected, nr_classes = DUP_SCENARIOS[scenario]
    impl.build([APPS / "dup_app.c"], "dup_app", [f"-I{APPS}"])
    impl.shared([APPS / "dup_tp.c"], "libdup1.so", [f"-I{APPS}", "-DDUP_LAYOUT=1"])
    impl.shared([APPS / "dup_tp.c"], "libdup2.so", [f"-I{APPS}", "-DDUP_LAYOUT=2"])
    # the same provider under another path: loaded a second time
    shutil.copy(impl.work / "libdup1.so", impl.work / "libdup1b.so")
    argv = ["./dup_app"] + [
        s.replace("load:", "load:./libdup") + ".so" if s.startswith("load:") else s
        for s in steps]
    trace, _ = record(impl, argv, enable=["compat_dup:*"])
    got = events(trace)
    want = [("compat_dup:ev", {**layout, "v": v}) for v, layout in expected]
    assert got == want, impl.name
    meta = metadata_text(impl.work / "trace-compat")
    ids = re.findall(r'name = "compat_dup:ev";\s*id = (\d+);', meta)
    assert len(ids) == nr_classes == len(set(ids)), (impl.name, ids)


# ---- 6. liblttng-ust-libc-wrapper -------------------------------------

def allocation_events(impl):
    """Traces alloc_app with the libc wrapper preloaded; returns its
    events as (name, fields, where) with where = (binary name, offset)
    of the ip context, found with the state dump's bin_info events."""
    exe = impl.build([APPS / "alloc_app.c"], "alloc_app", [], libs=())
    wrapper = impl.helper_lib("lttng-ust-libc-wrapper")
    trace, _ = record(impl, [f"./{exe.name}"],
                      enable=["lttng_ust_libc:*,lttng_ust_statedump:bin_info"],
                      contexts=["ip"], env={"LD_PRELOAD": str(wrapper)})
    bins = [(r.fields["baddr"], r.fields["memsz"], pathlib.Path(r.fields["path"]).name)
            for r in trace if r.name == "lttng_ust_statedump:bin_info"]
    out = []
    for r in trace:
        if not r.name.startswith("lttng_ust_libc:"):
            continue
        ip = r.common_context["ip"]
        where = [(name, ip - base) for base, size, name in bins
                 if base <= ip < base + size]
        out.append((r.name, r.fields, where[0] if where else ("?", ip)))
    return out


def program_allocations(evs):
    """The events whose ip is in alloc_app, checked to be contiguous."""
    idx = [i for i, e in enumerate(evs) if e[2][0] == "alloc_app"]
    assert idx and idx == list(range(idx[0], idx[-1] + 1)), evs
    return evs[idx[0]: idx[-1] + 1], evs[: idx[0]], evs[idx[-1] + 1:]


def test_libc_wrapper_records_the_program_s_allocations_as_lttng(impl):
    evs = allocation_events(impl)
    prog, before, after = program_allocations(evs)
    names = [e[0].split(":")[1] for e in prog]
    assert names == ["malloc", "calloc", "realloc", "posix_memalign",
                     "free", "free", "free"], impl.name
    f = [e[1] for e in prog]
    assert f[0]["size"] == 1001
    assert (f[1]["nmemb"], f[1]["size"]) == (3, 1002)
    assert (f[2]["in_ptr"], f[2]["size"]) == (f[0]["ptr"], 1003)
    assert (f[3]["alignment"], f[3]["size"], f[3]["result"]) == (64, 1004, 0)
    assert f[3]["out_ptr"] % 64 == 0
    assert [x["ptr"] for x in f[4:]] == [f[1]["ptr"], f[2]["ptr"], f[3]["out_ptr"]]
    # the ip context is the caller in the program, in source order
    offsets = [e[2][1] for e in prog]
    assert offsets == sorted(set(offsets)), (impl.name, offsets)
    # Before and after: the tracer's own allocations, recorded because
    # they go through the wrapper too (LTTng: liblttng-ust-tracepoint's
    # callocs when the wrapper's tracepoint sites register, and their
    # frees at exit); never attributed to the program.
    for name, _, where in before + after:
        assert where[0].startswith(("liblttng-ust", "libc.so")), (impl.name, name, where)
    if isinstance(impl, Anchor):
        assert [e[0] for e in before] == ["lttng_ust_libc:calloc"] * 4
        assert {e[2][0] for e in before} == {"liblttng-ust-tracepoint.so.1.0.0"}


def test_libc_wrapper_ip_is_the_same_call_site_as_lttng_s(build_dir, tmp_path):
    """The same program (no LTTng header: one binary for both) traced by
    each: its allocation events and their ip offsets are identical."""
    root = anchor_root()
    if root is None:
        pytest.skip(ANCHOR_ABSENT)
    ours, anchor = Ours(build_dir, tmp_path), Anchor(root, tmp_path)
    try:
        results = []
        for impl in (ours, anchor):
            prog, _, _ = program_allocations(allocation_events(impl))
            results.append([(n, sorted(f), w[1]) for n, f, w in prog])
        assert results[0] == results[1]
    finally:
        anchor.close()


# ---- 5. the helper headers' functions ---------------------------------

def test_thread_cancelstate_and_fork_helpers_behave_as_lttng_s(impl):
    exe = impl.build([APPS / "helpers_app.c"], "helpers_app", ["-Werror"],
                     libs=("-llttng-ust", "-llttng-ust-common"))
    proc = impl.run([exe])
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == ("pushed 0 0 disabled=1\n"
                           "popped 0 disabled=1\n"
                           "popped 0 disabled=0\n"
                           "unbalanced -1\n"
                           "child 7\n"), impl.name


# lttng_ust_strerror() of every code of the enumeration (pinned from
# LTTng-UST 2.13), and of codes outside it.
UST_ERRORS = {
    0: "Success", -1024: "Unknown error", -1025: "No entry",
    -1026: "Object already exists", -1027: "Invalid argument",
    -1028: "Permission denied", -1029: "Not implemented",
    -1030: "Process is exiting", -1031: "Invalid magic number",
    -1032: "Invalid socket type", -1033: "Unsupported major version",
    -1034: "Cannot get unix socket peer credentials",
    -1035: "Peer credentials PID is invalid. Socket appears to belong to "
           "a distinct, non-nested pid namespace.",
    -1036: "Unknown error", -5000: "Unknown error", 1: "Unknown error",
    1025: "Unknown error",
}


def test_ust_strerror_texts_are_lttng_s(impl):
    exe = impl.build([APPS / "strerror_app.c"], "strerror_app", ["-Werror"])
    codes = sorted(UST_ERRORS)
    proc = impl.run([exe, *map(str, codes)])
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [UST_ERRORS[c] for c in codes], impl.name
    if isinstance(impl, Ours):
        # LTTng reads outside its table for -1 to -1023 (another code's
        # text, or NULL): ours says what they are.
        proc = impl.run([exe, *map(str, range(-1023, 0))])
        assert set(proc.stdout.splitlines()) == {"Unknown error"}


def test_libc_wrapper_constructor_is_the_tracer_s_hook(impl):
    """liblttng-ust has a weak lttng_ust_libc_wrapper_malloc_ctor that the
    preloaded wrapper's (its constructor) overrides, as with LTTng."""
    def defined(lib):
        out = subprocess.run(["nm", "-D", "--defined-only", str(lib)],
                             capture_output=True, text=True, check=True).stdout
        return {line.split()[2]: line.split()[1] for line in out.splitlines()
                if len(line.split()) == 3}
    tracer = impl.helper_lib("lttng-ust") if isinstance(impl, Anchor) else \
        impl.lib / "liblttng-ust.so.1"
    wrapper = impl.helper_lib("lttng-ust-libc-wrapper")
    assert defined(tracer).get("lttng_ust_libc_wrapper_malloc_ctor") == "W"
    assert defined(wrapper).get("lttng_ust_libc_wrapper_malloc_ctor") == "T"
    # and the program's allocations are still recorded with it
    prog, _, _ = program_allocations(allocation_events(impl))
    assert [e[0] for e in prog][:2] == ["lttng_ust_libc:malloc", "lttng_ust_libc:calloc"]
