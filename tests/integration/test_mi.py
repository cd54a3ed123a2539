"""lttng --mi xml: every document our CLI prints is valid against LTTng's
MI 4.1 schema (mi-lttng-4.1.xsd, checked with xmllint), has the shape
LTTng's has (declaration, <command> root with the MI namespace, <name>,
<output>, <success> where LTTng writes it), and errors stay on stderr in
the human format with the human mode's exit status. The byte-for-byte
comparison with LTTng 2.13 is in test_cli_conformance.py (the mi-*
scenarios of conform_expected.py)."""
import os
import shutil
import subprocess
import time
import warnings
import xml.etree.ElementTree as ET

import pytest

from lttng_cli import Sessiond
from trace_reader import read_trace

NS = "{https://lttng.org/xml/ns/lttng-mi}"
SCHEMA_CANDIDATES = [
    os.environ.get("LTTNG_MI_XSD", ""),
    "/work/shared/spec/interfaces/mi-lttng-4.1.xsd",
]
DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n'
ROOT_START = (
    '<command xmlns="https://lttng.org/xml/ns/lttng-mi" '
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
    'xsi:schemaLocation="https://lttng.org/xml/ns/lttng-mi '
    'https://lttng.org/xml/schemas/lttng-mi/4/lttng-mi-4.1.xsd" '
    'schemaVersion="4.1">')


def schema_path():
    for candidate in SCHEMA_CANDIDATES:
        if candidate and os.path.exists(candidate):
            return candidate
    return None


@pytest.fixture
def mi(build_dir, lttng_env):
    lttng = str(build_dir / "src/bin/lttng/lttng")
    env = dict(lttng_env, LTTNG_SESSIOND_PATH=str(
        build_dir / "src/bin/lttng-sessiond/lttng-sessiond"))

    def run(*args):
        return subprocess.run([lttng, "--mi", "xml", *args],
                              capture_output=True, text=True, env=env,
                              cwd=env["LTTNG_HOME"], timeout=30)
    return run


@pytest.fixture
def sessiond(build_dir, lttng_env):
    daemon = Sessiond(build_dir, lttng_env)
    assert daemon.start().returncode == 0
    yield daemon
    daemon.stop()


def validate(document, tmp_path, lttng_quirks=()):
    """xmllint --schema: the document is valid MI 4.1, or, where LTTng
    2.13 itself writes an invalid document (lttng_quirks: the elements
    it misplaces, e.g. a second <exclusions> or <success> in <output>),
    invalid only because of those elements."""
    xsd = schema_path()
    if not xsd:
        # The other checks of the calling test still run.
        warnings.warn("mi-lttng-4.1.xsd not found (set LTTNG_MI_XSD): "
                      "MI documents not validated")
        return
    if not shutil.which("xmllint"):
        pytest.fail("xmllint (libxml2-utils) is missing: run make deps")
    path = tmp_path / "mi.xml"
    path.write_text(document)
    proc = subprocess.run(["xmllint", "--noout", "--schema", xsd,
                           str(path)], capture_output=True, text=True)
    if not lttng_quirks:
        assert proc.returncode == 0, proc.stderr + document
        return
    errors = [line for line in proc.stderr.splitlines()
              if "validity error" in line]
    assert errors, "LTTng's quirk is gone: " + document
    for line in errors:
        assert any(f"lttng-mi}}{quirk}'" in line for quirk in lttng_quirks), \
            line


def parse(proc, name, tmp_path, lttng_quirks=()):
    """Checks the document's frame and validity; returns its <output>
    and the text of its <success> (None when it has none)."""
    out = proc.stdout
    assert out.startswith(DECLARATION + ROOT_START), out
    assert out.endswith("</command>\n") and out.count("\n") == 2, out
    validate(out, tmp_path, lttng_quirks)
    root = ET.fromstring(out[len(DECLARATION):])
    assert root.find(NS + "name").text == name
    success = root.find(NS + "success")
    return root.find(NS + "output"), (
        success.text if success is not None else None)


def test_version_document(mi, tmp_path):
    proc = mi("version")
    output, success = parse(proc, "version", tmp_path)
    assert proc.returncode == 0 and proc.stderr == ""
    version = output.find(NS + "version")
    assert version.find(NS + "string").text == "2.13.9"
    assert version.find(NS + "major").text == "2"
    assert version.find(NS + "name").text == "Nordicit\u00e9"
    assert success is None


def test_other_formats_are_refused(build_dir, lttng_env):
    proc = subprocess.run([str(build_dir / "src/bin/lttng/lttng"), "--mi",
                           "json", "version"], capture_output=True,
                          text=True, env=lttng_env)
    assert proc.returncode == 165
    assert proc.stdout == ""
    assert proc.stderr == "Error: MI output format not supported\n"


@pytest.mark.parametrize("name", ["XML", "Xml", "xMl", "xmlx", "XML-1"])
def test_format_name_is_its_first_three_letters_in_any_case(
        name, build_dir, lttng_env, tmp_path):
    """LTTng 2.13 compares only "xml"'s three letters, ignoring case."""
    proc = subprocess.run([str(build_dir / "src/bin/lttng/lttng"), "--mi",
                           name, "version"], capture_output=True,
                          text=True, env=lttng_env)
    output, success = parse(proc, "version", tmp_path)
    assert proc.returncode == 0 and proc.stderr == ""
    assert output.find(NS + "version") is not None


@pytest.mark.parametrize("name", ["xm", "XM", "x", "", "json", " xml"])
def test_format_names_lttng_refuses(name, build_dir, lttng_env):
    proc = subprocess.run([str(build_dir / "src/bin/lttng/lttng"), "--mi",
                           name, "version"], capture_output=True,
                          text=True, env=lttng_env)
    assert (proc.returncode, proc.stdout, proc.stderr) == (
        165, "", "Error: MI output format not supported\n")


def test_context_type_list_document(mi, build_dir, lttng_env, tmp_path):
    """add-context --list: one <context> per line of the human list, in
    its order, each with its symbol and (perf counters) the counter's
    type, config and field name; no daemon needed."""
    human = subprocess.run([str(build_dir / "src/bin/lttng/lttng"),
                            "add-context", "--list"], capture_output=True,
                           text=True, env=lttng_env, check=True)
    symbols = human.stdout.splitlines()
    assert "pid" in symbols and "perf:thread:cycles" in symbols
    proc = mi("add-context", "--list")
    output, success = parse(proc, "add-context", tmp_path)
    assert proc.returncode == 0 and proc.stderr == "" and success == "true"
    contexts = output.find(NS + "contexts")
    assert [c.find(NS + "symbol").text for c in contexts] == symbols
    for context, symbol in zip(contexts, symbols):
        assert context.find(NS + "success") is None
        perf = context.find(NS + "perf")
        if symbol.startswith("perf:"):
            assert context.find(NS + "type") is None
            assert perf.find(NS + "name").text == \
                symbol.replace(":", "_").replace("-", "_")
            assert int(perf.find(NS + "type").text) in (0, 1, 3)
        else:
            assert perf is None
            assert context.find(NS + "type").text == \
                symbol.upper().replace("-", "_")


def test_list_without_daemon_is_an_empty_output(mi, tmp_path):
    proc = mi("list")
    output, success = parse(proc, "list", tmp_path)
    assert proc.returncode == 1
    assert proc.stderr == "Error: No session daemon is available\n"
    assert len(output) == 0 and success is None


def test_session_life_cycle_documents(mi, sessiond, lttng_env, tmp_path):
    home = lttng_env["LTTNG_HOME"]
    proc = mi("create", "s1", "-o", f"{home}/out")
    output, success = parse(proc, "create", tmp_path)
    session = output.find(NS + "session")
    assert session.find(NS + "name").text == "s1"
    assert session.find(NS + "path").text == f"{home}/out"
    assert session.find(NS + "enabled").text == "false"
    assert success == "true" and proc.returncode == 0

    # Nothing for stdout but the document: the human messages are gone.
    proc = mi("enable-channel", "-u", "c0", "--subbuf-size", "8k")
    output, success = parse(proc, "enable-channel", tmp_path)
    channel = output.find(NS + "channels/" + NS + "channel")
    assert channel.find(NS + "attributes/" + NS +
                        "subbuffer_size").text == "8192"
    assert success == "true"

    for command, enabled in (("start", "true"), ("stop", "false")):
        proc = mi(command)
        output, success = parse(proc, command, tmp_path)
        state = output.find(NS + "sessions/" + NS + "session")
        assert state.find(NS + "enabled").text == enabled
        assert success == "true" and proc.stderr == ""

    proc = mi("list", "s1")
    output, success = parse(proc, "list", tmp_path)
    domain = output.find(f"{NS}sessions/{NS}session/{NS}domains/{NS}domain")
    assert domain.find(NS + "type").text == "UST"
    assert success is None

    proc = mi("destroy", "-a")
    output, success = parse(proc, "destroy", tmp_path)
    names = [e.text for e in output.iter(NS + "name")]
    assert names == ["s1"] and success == "true"


def test_errors_stay_on_stderr_with_the_human_exit_status(mi, sessiond,
                                                          tmp_path):
    proc = mi("create", "s1")
    parse(proc, "create", tmp_path)

    proc = mi("create", "s1")
    output, success = parse(proc, "create", tmp_path)
    assert proc.returncode == 1 and success == "false" and len(output) == 0
    assert proc.stderr == "Error: Session name already exists\n"

    proc = mi("start", "nosuch")
    output, success = parse(proc, "start", tmp_path)
    assert proc.returncode == 23 and success == "false"
    assert proc.stderr == "Error: Session name not found\n"

    proc = mi("enable-channel", "-u", "c1")
    parse(proc, "enable-channel", tmp_path)
    proc = mi("enable-channel", "-u", "c1")
    output, success = parse(proc, "enable-channel", tmp_path)
    assert proc.returncode == 4 and success == "false"
    assert proc.stderr.startswith("Warning: Channel c1: ")

    # A failed rule is listed disabled, with its own <success>.
    proc = mi("enable-event", "-u", "-s", "nosuch", "x")
    output, success = parse(proc, "enable-event", tmp_path)
    event = output.find(NS + "events/" + NS + "event")
    assert event.find(NS + "enabled").text == "false"
    assert event.find(NS + "success").text == "false"
    assert proc.returncode != 0 and success == "false"

    # LTTng writes <success> inside <output> when the values are bad,
    # and the bad value as a <name>.
    proc = mi("track", "-u", "--vpid", "abc")
    output, success = parse(proc, "track", tmp_path,
                            lttng_quirks=("name", "success"))
    assert success is None and output.find(NS + "success").text == "false"
    assert proc.returncode == 1


def test_rules_contexts_and_trackers_are_valid(mi, sessiond, tmp_path):
    parse(mi("create", "s1"), "create", tmp_path)
    # LTTng writes an empty <exclusions/> before the list of names.
    proc = mi("enable-event", "-u", "my*", "--filter", "x>1", "-x",
              "my_a,my_b")
    output, success = parse(proc, "enable-event", tmp_path,
                            lttng_quirks=("exclusions",))
    names = [e.text for e in output.iter(NS + "exclusion")]
    assert names == ["my_a", "my_b"] and success == "true"
    steps = [
        ("enable-event", "-u", "--loglevel", "TRACE_INFO", "lv"),
        ("enable-event", "-u", "--loglevel-only", "TRACE_ERR", "lv2"),
        ("disable-event", "-u", "lv2,nosuch"),
        ("track", "-u", "--vpid", "1,2", "--vuid", "root"),
        ("untrack", "-u", "--vgid", "--all"),
        ("list", "s1", "-d"),
        ("list", "-u", "-f"),
        ("disable-channel", "-u", "channel0"),
    ]
    # LTTng's <context> has a <success> its schema does not allow.
    proc = mi("add-context", "-u", "-t", "vpid", "-t",
              "perf:thread:cpu-cycles", "-t", "$app.prov:ctx")
    output, success = parse(proc, "add-context", tmp_path,
                            lttng_quirks=("success",))
    assert [e.text for e in output.iter(NS + "symbol")] == \
        ["vpid", "perf:thread:cpu-cycles", "$app.prov:ctx"]
    for step in steps:
        parse(mi(*step), step[0], tmp_path)
    proc = mi("list", "s1")
    output, _ = parse(proc, "list", tmp_path, lttng_quirks=("exclusions",))
    rules = output.findall(".//" + NS + "event")
    assert sorted(r.find(NS + "name").text for r in rules) == \
        ["lv", "lv2", "my*"]
    values = [v.text for v in output.iter(NS + "id")]
    assert sorted(values) == ["1", "2"]
    # status is `list` of the current session, in name too.
    proc = mi("status")
    output, _ = parse(proc, "list", tmp_path, lttng_quirks=("exclusions",))
    assert output.find(f"{NS}sessions/{NS}session/{NS}name").text == "s1"


def test_instrumentation_points_of_an_application(mi, sessiond, build_dir,
                                                  lttng_env, tmp_path):
    """lttng list -u (-f): the registered process, its tracepoints with
    log levels, and their fields."""
    env = dict(lttng_env, LD_LIBRARY_PATH=str(build_dir /
                                              "src/lib/lttng-ust"))
    app = subprocess.Popen([str(build_dir / "tests/unit/ust/ust-hello-c")],
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                           env=env, cwd=lttng_env["LTTNG_HOME"])
    try:
        # The process is listed once registered; its providers may take
        # a little longer.
        names = []
        for _ in range(100):
            output, _ = parse(mi("list", "-u"), "list", tmp_path)
            pid = output.find(".//" + NS + "pid")
            if pid is not None:
                names = [e.find(NS + "name").text
                         for e in pid.iter(NS + "event")]
                if "hello_world:my_first_tracepoint" in names:
                    break
            time.sleep(0.05)
        assert pid.find(NS + "id").text == str(app.pid)
        assert "hello_world:my_first_tracepoint" in names
        output, _ = parse(mi("list", "-u", "-f"), "list", tmp_path)
        fields = {}
        for event in output.iter(NS + "event"):
            fields[event.find(NS + "name").text] = [
                (f.find(NS + "name").text, f.find(NS + "type").text)
                for f in event.iter(NS + "event_field")]
        assert fields["hello_world:my_first_tracepoint"] == [
            ("my_integer_field", "INTEGER"), ("my_string_field", "STRING")]
    finally:
        app.communicate(b"\n", timeout=30)


def test_snapshot_documents(mi, sessiond, lttng_env, tmp_path):
    home = lttng_env["LTTNG_HOME"]
    parse(mi("create", "s1", "--snapshot"), "create", tmp_path)
    parse(mi("enable-channel", "-u", "c0"), "enable-channel", tmp_path)
    proc = mi("snapshot", "del-output", "1")
    output, success = parse(proc, "snapshot", tmp_path)
    assert output.find(f".//{NS}snapshot/{NS}id").text == "1"
    assert success == "true"
    proc = mi("snapshot", "add-output", "--name=mine", "-m", "1M",
              f"{home}/snap")
    output, success = parse(proc, "snapshot", tmp_path)
    snapshot = output.find(f"{NS}snapshot_action/{NS}output/{NS}snapshot")
    assert snapshot.find(NS + "name").text == "mine"
    assert snapshot.find(NS + "max_size").text == "1048576"
    assert success == "true" and proc.returncode == 0
    output, success = parse(mi("snapshot", "list-output"), "snapshot",
                            tmp_path)
    assert output.find(f".//{NS}snapshots") is not None
    parse(mi("start"), "start", tmp_path)
    # LTTng names the action "record", which its schema does not list.
    proc = mi("snapshot", "record", f"{home}/rec")
    output, success = parse(proc, "snapshot", tmp_path,
                            lttng_quirks=("name",))
    assert success == "true"
    assert output.find(f".//{NS}ctrl_url").text == f"{home}/rec"
    proc = mi("snapshot", "bogus")
    output, success = parse(proc, "snapshot", tmp_path)
    assert proc.returncode == 2 and success == "false" and len(output) == 0


def test_regenerate_documents(mi, sessiond, tmp_path):
    """regenerate and metadata: <regenerate_action>/<metadata_action>
    naming the target, valid MI 4.1; no <success> without a session."""
    output, success = parse(mi("regenerate", "metadata"), "regenerate",
                            tmp_path)
    assert len(output) == 0 and success is None
    parse(mi("create", "s1"), "create", tmp_path)
    parse(mi("enable-event", "-u", "-a"), "enable-event", tmp_path)
    proc = mi("regenerate", "statedump")
    output, success = parse(proc, "regenerate", tmp_path)
    assert output.find(f"{NS}regenerate_action/{NS}name").text == \
        "statedump"
    assert success == "false" and proc.returncode == 118
    parse(mi("start"), "start", tmp_path)
    for target in ("metadata", "statedump"):
        proc = mi("regenerate", target)
        output, success = parse(proc, "regenerate", tmp_path)
        assert output.find(f"{NS}regenerate_action/{NS}name").text == target
        assert success == "true" and proc.returncode == 0
    proc = mi("metadata", "regenerate")
    output, success = parse(proc, "metadata", tmp_path)
    assert output.find(f"{NS}metadata_action/{NS}name").text == "regenerate"
    assert success == "true" and proc.returncode == 0


def schedule_results(output):
    """(session name, [(schedule element, value text or None, success)])
    of an enable-rotation or disable-rotation document."""
    results = output.find(NS + "rotation_schedule_results")
    found = []
    for result in results.findall(NS + "rotation_schedule_result"):
        schedule = result.find(NS + "rotation_schedule")[0]
        value = schedule[0].text if len(schedule) else None
        found.append((schedule.tag[len(NS):], value,
                      result.find(NS + "success").text))
    return results.find(NS + "session_name").text, found


def run_hello(build_dir, lttng_env):
    """The documentation's hello world, run to its end (Enter pressed)."""
    env = dict(lttng_env, LD_LIBRARY_PATH=str(build_dir /
                                              "src/lib/lttng-ust"))
    subprocess.run([str(build_dir / "tests/unit/ust/ust-hello-c")],
                   input=b"\n", capture_output=True, env=env,
                   cwd=lttng_env["LTTNG_HOME"], timeout=30, check=True)


def test_rotate_documents(mi, sessiond, build_dir, lttng_env, tmp_path):
    home = lttng_env["LTTNG_HOME"]
    parse(mi("create", "s1", "-o", f"{home}/out"), "create", tmp_path)
    # Not started yet: LTTng's error, an empty <output/>.
    proc = mi("rotate")
    output, success = parse(proc, "rotate", tmp_path)
    assert proc.returncode == 1 and success == "false" and len(output) == 0
    assert proc.stderr == "Error: Session needs to be started once\n"
    parse(mi("enable-event", "-u", "-a"), "enable-event", tmp_path)
    parse(mi("start"), "start", tmp_path)
    run_hello(build_dir, lttng_env)
    archived = []
    for chunk in range(2):
        proc = mi("rotate", "s1")
        output, success = parse(proc, "rotate", tmp_path)
        assert proc.returncode == 0 and proc.stderr == "" and \
            success == "true"
        rotation = output.find(NS + "rotation")
        assert rotation.find(NS + "session_name").text == "s1"
        assert rotation.find(NS + "state").text == "COMPLETED"
        path = rotation.find(f"{NS}location/{NS}local/{NS}absolute_path")
        assert path.text.startswith(f"{home}/out/archives/")
        assert path.text.endswith(f"-{chunk}")
        archived.append(path.text)
    # The location is the archive babeltrace2 reads: the first chunk
    # has the application's events.
    traces = [root for root, _, files in os.walk(archived[0])
              if "metadata" in files]
    assert len(traces) == 1, traces
    values = [e.fields["my_integer_field"] for e in read_trace(traces[0])
              if e.name == "hello_world:my_first_tracepoint"]
    assert values == [23, 0, 1]
    proc = mi("rotate", "--no-wait")
    output, success = parse(proc, "rotate", tmp_path)
    rotation = output.find(NS + "rotation")
    assert rotation.find(NS + "state").text == "ONGOING"
    assert rotation.find(NS + "location") is None and success == "true"
    proc = mi("rotate", "nosuch")
    output, success = parse(proc, "rotate", tmp_path)
    assert proc.returncode == 1 and success == "false" and len(output) == 0
    assert proc.stderr == "Error: Session name not found\n"
    # Stops on its arguments: no document, as LTTng.
    proc = mi("rotate", "--bogus")
    assert proc.returncode == 2 and proc.stdout == ""


def test_rotation_schedule_documents(mi, sessiond, tmp_path):
    parse(mi("create", "s1"), "create", tmp_path)
    proc = mi("enable-rotation", "--timer=10s", "--size=1M")
    output, success = parse(proc, "enable-rotation", tmp_path)
    assert proc.returncode == 0 and success == "true"
    assert schedule_results(output) == ("s1", [
        ("periodic", "10000000", "true"),
        ("size_threshold", "1048576", "true")])

    # Already set: the schedule asked for, failed.
    proc = mi("enable-rotation", "-s", "s1", "--timer=5m")
    output, success = parse(proc, "enable-rotation", tmp_path)
    assert proc.returncode == 1 and success == "false"
    assert schedule_results(output) == ("s1", [
        ("periodic", "300000000", "false")])
    assert proc.stderr == ("Error: A periodic rotation schedule is already "
                           "set on session s1\n")

    # The session's schedules are part of its listing.
    output, _ = parse(mi("list", "s1"), "list", tmp_path)
    schedules = output.find(f"{NS}sessions/{NS}session/"
                            f"{NS}rotation_schedules")
    assert [(e.tag[len(NS):], e[0].text) for e in schedules] == [
        ("periodic", "10000000"), ("size_threshold", "1048576")]

    proc = mi("disable-rotation", "--size")
    output, success = parse(proc, "disable-rotation", tmp_path)
    assert success == "true" and schedule_results(output) == (
        "s1", [("size_threshold", "1048576", "true")])
    # One removed, one missing: an empty schedule of that type, failed.
    proc = mi("disable-rotation", "--timer", "--size")
    output, success = parse(proc, "disable-rotation", tmp_path)
    assert proc.returncode == 1 and success == "false"
    assert schedule_results(output) == ("s1", [
        ("periodic", "10000000", "true"),
        ("size_threshold", None, "false")])
    assert proc.stderr == ("Error: No size-based rotation schedule active "
                           "on session s1\n")
    output, _ = parse(mi("list", "s1"), "list", tmp_path)
    assert output.find(f".//{NS}rotation_schedules") is None

    # LTTng leaves <rotation_schedule_results> without a result (which
    # its schema requires) when the value or the session is bad.
    for args, message in (
            (("enable-rotation", "--timer=0"),
             "Invalid value for periodic option"),
            (("disable-rotation", "-s", "nosuch", "--timer"),
             "Failed to list rotation schedules of session nosuch")):
        proc = mi(*args)
        output, success = parse(proc, args[0], tmp_path,
                                lttng_quirks=("rotation_schedule_results",))
        assert proc.returncode == 1 and success == "false"
        assert proc.stderr == f"Error: {message}\n"
    proc = mi("disable-rotation")
    output, success = parse(proc, "disable-rotation", tmp_path)
    assert proc.returncode == 1 and success == "false" and len(output) == 0
    # A value that does not parse: no document.
    proc = mi("enable-rotation", "--size=abc")
    assert proc.returncode == 1 and proc.stdout == ""
    assert proc.stderr == "Error: Invalid value for --size option: abc\n"


def test_clear_documents(mi, sessiond, lttng_env, tmp_path):
    home = lttng_env["LTTNG_HOME"]
    # No current session: still a document, with no session.
    proc = mi("clear")
    output, success = parse(proc, "clear", tmp_path)
    assert proc.returncode == 1 and success == "false"
    assert len(output.find(NS + "sessions")) == 0
    for name in ("s1", "s2"):
        parse(mi("create", name, "-o", f"{home}/{name}"), "create",
              tmp_path)
    parse(mi("enable-event", "-u", "-a"), "enable-event", tmp_path)
    parse(mi("start"), "start", tmp_path)
    proc = mi("clear", "s2")
    output, success = parse(proc, "clear", tmp_path)
    assert proc.returncode == 0 and success == "true"
    session = output.find(f"{NS}sessions/{NS}session")
    assert session.find(NS + "name").text == "s2"
    assert session.find(NS + "path").text == f"{home}/s2"
    assert session.find(NS + "enabled").text == "true"
    proc = mi("clear", "--all")
    output, success = parse(proc, "clear", tmp_path)
    names = sorted(e.find(NS + "name").text
                   for e in output.iter(NS + "session"))
    assert names == ["s1", "s2"] and success == "true"
    proc = mi("clear", "nosuch")
    output, success = parse(proc, "clear", tmp_path)
    assert proc.returncode == 23 and success == "false"
    assert proc.stderr == "Error: Session name nosuch not found\n"
    # LTTng's MI mode exits with 0 after an extra argument.
    proc = mi("clear", "s1", "s2")
    output, success = parse(proc, "clear", tmp_path)
    assert proc.returncode == 0 and success == "false"
    assert proc.stderr == "Error: Unknown argument: s2\n"


def test_trigger_documents(mi, sessiond, tmp_path):
    proc = mi("list-triggers")
    output, success = parse(proc, "list-trigger", tmp_path)
    assert proc.returncode == 0 and success is None
    triggers = output.find(NS + "triggers")
    assert triggers is not None and len(triggers) == 0
    proc = mi("remove-trigger", "t")
    output, success = parse(proc, "remove-trigger", tmp_path)
    assert proc.returncode == 1 and success == "false" and len(output) == 0
    assert proc.stderr == "Error: Couldn't find trigger with name `t`.\n"
    # add-trigger: a document whatever the outcome, even a bad option.
    for args, status in ((("--bogus",), 1), ((), 1),
                         (("--condition=event-rule-matches",), 5)):
        proc = mi("add-trigger", *args)
        output, success = parse(proc, "add-trigger", tmp_path)
        assert proc.returncode == status and success == "false"
    # --list-options: the document first, then the options.
    proc = mi("remove-trigger", "--list-options")
    document, options = proc.stdout.split("</command>\n")
    assert "<success>true</success>" in document
    assert options == "--help\n-h\n--list-options\n--owner-uid\n"


def test_trigger_and_rotation_documents_without_daemon(mi, tmp_path):
    proc = mi("list-triggers")
    assert proc.returncode == 1 and proc.stdout == ""
    proc = mi("remove-trigger", "t")
    output, success = parse(proc, "remove-trigger", tmp_path)
    assert proc.stderr == "Error: Failed to get the list of triggers.\n"
    proc = mi("rotate", "s1")
    output, success = parse(proc, "rotate", tmp_path)
    assert proc.returncode == 1 and success == "false"
    assert proc.stderr == "Error: No session daemon is available\n"
    proc = mi("list", "-k", "--syscall")
    output, success = parse(proc, "list", tmp_path)
    assert proc.returncode == 1 and success is None and len(output) == 0


def test_kernel_documents(build_dir, lttng_env, tmp_path):
    """Where tracefs is writable: kernel rules (tracepoint, system call)
    and the kernel's instrumentation points are valid MI."""
    from kernel_support import KernelSession, require_tracefs

    require_tracefs()
    ks = KernelSession(build_dir, lttng_env)
    lttng = str(build_dir / "src/bin/lttng/lttng")

    def mi(*args):
        return subprocess.run([lttng, "--mi", "xml", *args],
                              capture_output=True, text=True, env=lttng_env,
                              timeout=60)
    try:
        parse(mi("create", "k1", "--no-output"), "create", tmp_path)
        proc = mi("enable-event", "-k", "sched_switch")
        output, success = parse(proc, "enable-event", tmp_path)
        event = output.find(NS + "events/" + NS + "event")
        assert event.find(NS + "loglevel").text == "TRACE_EMERG"
        assert success == "true", proc.stderr
        proc = mi("enable-event", "-k", "--syscall", "openat")
        output, success = parse(proc, "enable-event", tmp_path)
        assert output.find(f".//{NS}type").text == "SYSCALL"
        output, _ = parse(mi("list", "k1"), "list", tmp_path)
        names = sorted(e.text for e in output.iter(NS + "name"))
        assert "sched_switch" in names and "openat" in names
        output, _ = parse(mi("list", "-k"), "list", tmp_path)
        assert output.find(f".//{NS}event") is not None
        # System calls: <events> right in <output>, name, type, state.
        proc = mi("list", "-k", "--syscall")
        output, success = parse(proc, "list", tmp_path)
        events = output.find(NS + "events")
        assert proc.returncode == 0 and success is None
        assert "openat" in [e.find(NS + "name").text for e in events]
        for event in events:
            assert [c.tag[len(NS):] for c in event] == [
                "name", "type", "enabled"]
            assert event.find(NS + "type").text == "SYSCALL"
    finally:
        ks.stop()
