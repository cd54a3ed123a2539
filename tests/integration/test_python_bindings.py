"""LTTng 2.13's own Python bindings of liblttng-ctl (Debian's python3-lttng:
lttng.py and _lttng*.so, linked against liblttng-ctl.so.0) loaded against
our library and driving our session daemon: every symbol they import
resolves (Python loads them with RTLD_NOW), a recording session made
from Python records what an application emits (read with babeltrace2),
and the deprecated or not yet implemented entry points give LTTng 2.13's
results, observed with the real liblttng-ctl and lttng-sessiond (see
the comments beside each).

The bindings are extracted privately by tests/tools/python-lttng-install
(never installed: the package depends on Debian's liblttng-ctl0)."""
import ctypes
import pathlib
import subprocess
import sys
import textwrap
import time

import pytest

from trace_reader import read_trace
from ust_tracing import Tracing, values_of

ROOT = pathlib.Path(__file__).resolve().parents[2]
ANCHOR_CTL = pathlib.Path(
    "/var/cache/lttng-anchor/usr/lib/x86_64-linux-gnu/liblttng-ctl.so.0")

# LTTng's error codes (lttng-error.h) used below.
LTTNG_OK = 10
ERR_UND = 12
ERR_SESS_NOT_FOUND = 23
ERR_INVALID = 97
ERR_RELAYD_CONNECT_FAIL = 104
ERR_TRACE_STARTED = 80
ENOSYS = 38


@pytest.fixture(scope="module")
def bindings():
    """The dist-packages directory holding LTTng's lttng.py."""
    proc = subprocess.run([str(ROOT / "tests/tools/python-lttng-install")],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        pytest.skip("python3-lttng could not be extracted "
                    f"(tests/tools/python-lttng-install): {proc.stderr}")
    path = pathlib.Path(proc.stdout.strip()) / "usr/lib/python3/dist-packages"
    assert (path / "lttng.py").exists(), path
    return path


def binding_module(bindings):
    [module] = bindings.glob("_lttng*.so")
    return module


def dynamic_symbols(path, defined):
    option = "--defined-only" if defined else "--undefined-only"
    out = subprocess.run(["nm", "-D", option, str(path)], check=True,
                         capture_output=True, text=True).stdout
    return {line.split()[-1].split("@")[0] for line in out.splitlines()
            if line.strip()}


def our_library(build_dir):
    return build_dir / "src/lib/lttng-ctl/liblttng-ctl.so.0"


def test_every_symbol_the_bindings_import_is_ours(bindings, build_dir):
    """What _lttng*.so takes from liblttng-ctl (every undefined symbol
    that neither libc, libxml2 nor liburcu defines) is exported by ours,
    and, when the anchor is extracted, by LTTng's too."""
    wanted = dynamic_symbols(binding_module(bindings), defined=False)
    ours = dynamic_symbols(our_library(build_dir), defined=True)
    from_ctl = {s for s in wanted if s.startswith("lttng_")}
    assert {"lttng_opt_mi", "lttng_create_session_live",
            "lttng_register_consumer", "lttng_set_consumer_url"} <= from_ctl
    assert from_ctl - ours == set()
    if ANCHOR_CTL.exists():
        assert from_ctl <= dynamic_symbols(ANCHOR_CTL, defined=True)


def run_python(bindings, build_dir, env, code):
    """Runs code with LTTng's bindings over our library; returns the
    completed process (stdout: what the code printed)."""
    env = dict(env, PYTHONPATH=str(bindings),
               LD_LIBRARY_PATH=str(build_dir / "src/lib/lttng-ctl"))
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)],
                          capture_output=True, text=True, env=env,
                          timeout=120)


def plt_targets(path):
    """The symbols a shared object calls through its PLT (JUMP_SLOT
    relocations): those the dynamic linker may bind elsewhere."""
    out = subprocess.run(["readelf", "-W", "--relocs", str(path)],
                         check=True, capture_output=True, text=True).stdout
    return {line.split()[4].split("@")[0] for line in out.splitlines()
            if "R_X86_64_JUMP_SLOT" in line}


def test_the_library_calls_its_own_functions(bindings, build_dir):
    """Debian's _lttng*.so embeds part of LTTng's own library and exports
    it (lttng_session_descriptor_live_create among others). Loaded
    first, those definitions would replace ours inside liblttng-ctl,
    handing our lttng_create_session_ext() a descriptor of LTTng's
    layout (seen as random -152 results). No function ours defines may
    be reached through the PLT."""
    embedded = dynamic_symbols(binding_module(bindings), defined=True)
    assert "lttng_session_descriptor_live_create" in embedded
    ours = dynamic_symbols(our_library(build_dir), defined=True)
    assert plt_targets(our_library(build_dir)) & ours == set()


def test_the_library_python_loads_is_ours(bindings, build_dir, lttng_env):
    proc = run_python(bindings, build_dir, lttng_env, """
        import lttng, _lttng
        maps = open("/proc/self/maps").read()
        print([l.split()[-1] for l in maps.splitlines()
               if "liblttng-ctl" in l][0])
        """)
    assert proc.returncode == 0, proc.stderr
    assert pathlib.Path(proc.stdout.strip()).resolve() == \
        our_library(build_dir).resolve()


@pytest.fixture
def tracing(build_dir, lttng_env, tmp_path):
    t = Tracing(build_dir, lttng_env, tmp_path)
    t.start_daemon()
    yield t
    t.close()


def test_a_session_driven_from_python_records(bindings, build_dir, tracing,
                                              tmp_path):
    """create, enable-channel, enable-event, start from Python; the test
    application emits; stop and destroy from Python; babeltrace2 reads
    every record. (lttng.list_sessions() is left out: with Python 3.11
    it crashes with LTTng's own library too.)"""
    app = tracing.app()
    out = tmp_path / "trace"
    proc = run_python(bindings, build_dir, tracing.env, f"""
        import lttng
        assert lttng.session_daemon_alive() == 1
        print(lttng.create("py", {str(out)!r}))
        domain = lttng.Domain()
        domain.type = lttng.DOMAIN_UST
        domain.buf_type = lttng.BUFFER_PER_UID
        handle = lttng.Handle("py", domain)
        channel = lttng.Channel()
        channel.name = "pychan"
        lttng.channel_set_default_attr(domain, channel.attr)
        channel.attr.subbuf_size = 65536
        print(lttng.enable_channel(handle, channel))
        event = lttng.Event()
        event.name = "testapp:*"
        event.type = lttng.EVENT_TRACEPOINT
        event.loglevel_type = lttng.EVENT_LOGLEVEL_ALL
        event.loglevel = -1
        print(lttng.enable_event(handle, event, "pychan"))
        print(lttng.start("py"))
        print(sorted(lttng.list_channels(handle)))
        print(sorted(lttng.list_events(handle, "pychan")))
        print([d.type == lttng.DOMAIN_UST for d in lttng.list_domains("py")])
        """)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [
        "0", "0", "0", "0", "['pychan']", "['testapp:*']", "[True]"]
    app.emit(500)
    proc = run_python(bindings, build_dir, tracing.env, """
        import lttng
        print(lttng.stop("py"))
        print(lttng.destroy("py"))
        print(lttng.destroy("py"), lttng.strerror(lttng.destroy("py")))
        """)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [
        "0", "0", "-23 Session name not found",
        ]
    traces = list(out.glob("ust/uid/*/64-bit"))
    assert len(traces) == 1, traces
    trace = read_trace(traces[0])
    assert values_of(trace) == list(range(500))
    assert trace.discarded_events == 0
    assert {r.name for r in trace} == {"testapp:values", "testapp:tick"}
    streams = {p.name for p in traces[0].iterdir()}
    assert any(name.startswith("pychan_") for name in streams), streams


def test_valid_live_session_fails_without_a_relay_daemon(bindings, build_dir,
                                                         tracing):
    """Where the relay daemon is needed (a valid live session), we differ
    knowingly from LTTng: see lttng/session.h."""
    proc = run_python(bindings, build_dir, tracing.env, """
        import ctypes, lttng
        live = ctypes.CDLL("liblttng-ctl.so.0").lttng_create_session_live
        print(live(b"l", None, 1000), live(b"l", b"net://localhost", 1000))
        """)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [
        f"{-ERR_RELAYD_CONNECT_FAIL} {-ERR_RELAYD_CONNECT_FAIL}"]


def test_legacy_entry_points_give_lttng_results(bindings, build_dir,
                                                tracing):
    """Results of LTTng 2.13 (its liblttng-ctl and lttng-sessiond, run
    side by side): register_consumer checks the session, then the daemon
    answers "undefined command"; enable/disable_consumer are -ENOSYS;
    calibrate is "undefined command"; live creation checks its
    arguments. Where the relay daemon is needed (a valid live session),
    we differ knowingly: see lttng/session.h."""
    tracing.lttng("create", "s")
    proc = run_python(bindings, build_dir, tracing.env, """
        import ctypes, lttng
        lib = ctypes.CDLL("liblttng-ctl.so.0")
        domain = lttng.Domain()
        domain.type = lttng.DOMAIN_UST
        print(lttng.register_consumer(lttng.Handle("s", domain), "/x"))
        print(lttng.register_consumer(lttng.Handle("nosuch", domain), "/x"))
        print(lib.lttng_enable_consumer(None), lib.lttng_disable_consumer(None))
        print(lib.lttng_calibrate(None, None))
        live = lib.lttng_create_session_live
        print(live(None, None, 1000), live(b"l", None, 0),
              live(b"l", b"file:///tmp", 1000), live(b"l", b"bogus://", 1000))
        """)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [
        f"{-ERR_UND}", f"{-ERR_SESS_NOT_FOUND}",
        f"{-ENOSYS} {-ENOSYS}", f"{-ERR_UND}",
        " ".join([f"{-ERR_INVALID}"] * 4)]
    # LTTng's URI parser messages, for the bogus live URL.
    assert proc.stderr == ("Error: URI parse unknown protocol bogus://\n"
                           "Error: Unable to parse the URL bogus://\n")
    # No live session was left behind.
    assert "l [" not in tracing.lttng("list").out


def test_lttng_opt_quiet_silences_the_library(bindings, build_dir,
                                              lttng_env):
    """Programs set LTTng's exported lttng_opt_quiet to silence the
    library's own messages, as with LTTng's library."""
    code = """
        import ctypes
        lib = ctypes.CDLL("liblttng-ctl.so.0")
        ctypes.c_int.in_dll(lib, "lttng_opt_quiet").value = {quiet}
        print(lib.lttng_create_session_live(b"l", b"bogus://", 1000))
        """
    loud = run_python(bindings, build_dir, lttng_env, code.format(quiet=0))
    quiet = run_python(bindings, build_dir, lttng_env, code.format(quiet=1))
    assert loud.stdout == quiet.stdout == f"{-ERR_INVALID}\n"
    assert "URI parse unknown protocol bogus://" in loud.stderr
    assert quiet.stderr == ""


class Session(ctypes.Structure):
    """struct lttng_session of LTTng 2.13 (lttng/session.h)."""
    _fields_ = [("name", ctypes.c_char * 255), ("path", ctypes.c_char * 4096),
                ("enabled", ctypes.c_uint32),
                ("snapshot_mode", ctypes.c_uint32),
                ("live_timer_interval", ctypes.c_uint),
                ("alignment_padding", ctypes.c_char * 4),
                ("extended", ctypes.c_void_p)]


def test_session_creation_time(build_dir, tracing, monkeypatch):
    """lttng_session_get_creation_time() (LTTng 2.13's public API, which
    the CLI does not show): seconds since the epoch, for each session
    lttng_list_sessions() returns; LTTNG_ERR_INVALID for a NULL argument
    (where LTTng's library crashes) or a session it did not fill."""
    # The library is loaded in this process: our daemon's environment.
    monkeypatch.setenv("LTTNG_HOME", tracing.env["LTTNG_HOME"])
    monkeypatch.setenv("LTTNG_RUNDIR", tracing.env["LTTNG_RUNDIR"])
    lib = ctypes.CDLL(str(our_library(build_dir)))
    get = lib.lttng_session_get_creation_time
    get.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
    before = int(time.time())
    tracing.lttng("create", "first")
    tracing.lttng("create", "second")
    after = int(time.time())
    sessions = ctypes.POINTER(Session)()
    count = lib.lttng_list_sessions(ctypes.byref(sessions))
    assert count == 2
    times = {}
    for i in range(count):
        created = ctypes.c_uint64()
        assert get(ctypes.byref(sessions[i]), ctypes.byref(created)) == \
            LTTNG_OK
        times[sessions[i].name.decode()] = created.value
    assert set(times) == {"first", "second"}
    assert before <= times["first"] <= times["second"] <= after
    created = ctypes.c_uint64()
    assert get(None, ctypes.byref(created)) == ERR_INVALID
    assert get(ctypes.byref(sessions[0]), None) == ERR_INVALID
    assert get(ctypes.byref(Session()), ctypes.byref(created)) == ERR_INVALID
    libc = ctypes.CDLL(None)
    libc.free(sessions)


def test_set_consumer_url_as_lttng(build_dir, tracing, tmp_path, monkeypatch):
    """lttng_set_consumer_url() replaces the trace output of a session
    that is not active, as LTTng 2.13 does (results measured with its
    library and daemon): the trace goes to the new path, a network
    output is listed and then needs lttng-relayd; an active session is
    refused with LTTNG_ERR_TRACE_ALREADY_STARTED, a session that already
    streams with LTTNG_ERR_RELAYD_CONNECT_FAIL."""
    monkeypatch.setenv("LTTNG_HOME", tracing.env["LTTNG_HOME"])
    monkeypatch.setenv("LTTNG_RUNDIR", tracing.env["LTTNG_RUNDIR"])
    lib = ctypes.CDLL(str(our_library(build_dir)))
    lib.lttng_create_handle.restype = ctypes.c_void_p
    lib.lttng_set_consumer_url.argtypes = [
        ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p]

    def set_url(session, ctrl, data=None):
        handle = lib.lttng_create_handle(session.encode(), None)
        try:
            return lib.lttng_set_consumer_url(
                handle, ctrl and ctrl.encode(), data and data.encode())
        finally:
            lib.lttng_destroy_handle(ctypes.c_void_p(handle))

    app = tracing.app()
    out = tmp_path / "moved"
    tracing.lttng("create", "nos", "--no-output")
    assert set_url("nos", f"file://{out}") == 0
    assert f"Trace output: {out}\n" in tracing.lttng("list", "nos").out
    tracing.lttng("enable-event", "-u", "testapp:*")
    tracing.lttng("start")
    assert set_url("nos", f"file://{tmp_path}/x") == -ERR_TRACE_STARTED
    app.emit(20)
    tracing.lttng("stop")
    [trace] = out.glob("ust/uid/*/64-bit")
    assert values_of(read_trace(trace)) == list(range(20))
    tracing.lttng("create", "net")
    assert set_url("net", "net://127.0.0.1") == 0
    assert "Trace output: tcp4://127.0.0.1:5342/ [data: 5343]\n" in \
        tracing.lttng("list", "net").out
    assert set_url("net", "/elsewhere") == -ERR_RELAYD_CONNECT_FAIL
    assert set_url("nosuch", "file:///tmp/x") == -ERR_SESS_NOT_FOUND
    assert set_url("net", None, None) == -ERR_INVALID
