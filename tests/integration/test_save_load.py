"""lttng save and lttng load end to end, against LTTng 2.13's files.

The sessions of save_load_scenarios.py are created with the real lttng
and a private session daemon, saved, and compared with the files LTTng
2.13 saved for the same commands (save_load_fixtures/, pinned by
tests/tools/pin_save_fixtures.py). Saved files are loaded back into a
daemon (ours, and LTTng's files too) and `lttng list` must show the same
session; a loaded session records a trace babeltrace2 reads. Every
error has LTTng's message and exit status.
"""
import os
import pathlib
import re
import xml.etree.ElementTree as ET

import pytest

from save_load_scenarios import OUT, SCENARIOS
from trace_reader import read_trace
from ust_tracing import Tracing, uid_dir

FIXTURES = pathlib.Path(__file__).parent / "save_load_fixtures"
# LTTng lists rules and tracker values in hash table order, we list them
# in creation order: these scenarios are compared without that order.
UNORDERED = {"everything"}


@pytest.fixture
def tracing(build_dir, lttng_env, tmp_path):
    t = Tracing(build_dir, lttng_env, tmp_path)
    t.start_daemon()
    yield t
    t.close()


def run_scenario(t, name):
    for command in SCENARIOS[name]:
        t.lttng(*[arg.replace(OUT, str(t.tmp)) for arg in command])


def canonical(text):
    """The XML with the children of <events> and of each tracker's
    values sorted (the order LTTng's hash tables give is arbitrary)."""
    root = ET.fromstring(text)
    for element in root.iter():
        element.tail = None
        if element.text and not element.text.strip():
            element.text = None
    for parent in root.iter():
        if parent.tag in ("events", "process_attr_values"):
            parent[:] = sorted(parent, key=ET.tostring)
    return ET.tostring(root)


def fixture_text(name, t):
    return (FIXTURES / f"{name}.lttng").read_text().replace(OUT, str(t.tmp))


def save(t, name, directory):
    r = t.lttng("save", "-o", str(directory), name)
    assert r.out == f"Session {name} saved successfully in {directory}.\n"
    return (directory / f"{name}.lttng").read_text()


def list_lines(t, name):
    """`lttng list NAME`, in an order-free form: tracker values sorted,
    lines sorted (rules are listed in creation order, LTTng's files keep
    its own order)."""
    text = t.lttng("list", name).out
    text = re.sub(r"(IDs:\s+)([\d, ]+)",
                  lambda m: m.group(1) + ", ".join(
                      sorted(m.group(2).split(", "))), text)
    return sorted(text.splitlines())


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_saved_file_is_what_lttng_saves(tracing, name):
    run_scenario(tracing, name)
    saved = save(tracing, name, tracing.tmp / "saved")
    expected = fixture_text(name, tracing)
    if name in UNORDERED:
        assert canonical(saved) == canonical(expected)
    else:
        assert saved == expected
    mode = os.stat(tracing.tmp / "saved" / f"{name}.lttng").st_mode
    assert mode & 0o777 == 0o660


@pytest.mark.parametrize("name", ["everything", "escaping", "snap", "empty",
                                  "trackeronly", "contextonly", "snapoutput",
                                  "snapnet", "snapnone", "rotation",
                                  "network"])
def test_loading_a_saved_session_restores_it(tracing, name):
    run_scenario(tracing, name)
    before = tracing.lttng("list", name).out
    saved = save(tracing, name, tracing.tmp / "saved")
    if name == "everything":
        tracing.lttng("stop", name)
    tracing.lttng("destroy", name)
    r = tracing.lttng("load", "-i", str(tracing.tmp / "saved"), name)
    assert r.out == f"Session {name} has been loaded successfully\n"
    assert r.err == ""
    assert tracing.lttng("list", name).out == before
    # What `lttng list` does not show (contexts, ...) is back too.
    assert save(tracing, name, tracing.tmp / "again") == saved


@pytest.mark.parametrize("name", ["everything", "escaping", "snap", "empty",
                                  "trackeronly", "contextonly", "snapoutput",
                                  "snapnet", "snapnone", "rotation",
                                  "network"])
def test_lttngs_files_load(tracing, name):
    run_scenario(tracing, name)
    expected = list_lines(tracing, name)
    if name == "everything":
        tracing.lttng("stop", name)
    tracing.lttng("destroy", name)
    path = tracing.tmp / f"{name}.lttng"
    path.write_text(fixture_text(name, tracing))
    r = tracing.lttng("load", "-i", str(path))
    assert (r.out, r.err) == ("All sessions have been loaded successfully\n",
                              "")
    assert list_lines(tracing, name) == expected
    # Saved again, the loaded session is the configuration LTTng saved.
    resaved = save(tracing, name, tracing.tmp / "saved")
    assert canonical(resaved) == canonical(fixture_text(name, tracing))


def test_loaded_session_records_a_trace(tracing):
    tracing.lttng("create", "rec", f"--output={tracing.tmp}/rec")
    tracing.lttng("enable-event", "-u", "testapp:values")
    tracing.lttng("add-context", "-u", "-t", "vpid", "-t", "procname")
    tracing.lttng("start")
    save(tracing, "rec", tracing.tmp / "saved")
    tracing.lttng("destroy", "rec")
    tracing.lttng("load", "-i", str(tracing.tmp / "saved" / "rec.lttng"))
    assert "rec [active]" in tracing.lttng("list").out
    app = tracing.app()
    app.emit(20)
    tracing.lttng("destroy", "rec")
    trace = read_trace(uid_dir(tracing.tmp / "rec"))
    assert [r.name for r in trace] == ["testapp:values"] * 20
    assert [r.fields["seq"] for r in trace] == list(range(20))
    for r in trace:
        assert r.fields["name"] == f"event-{r.fields['seq']}"
        assert r.common_context["vpid"] == app.pid
        assert r.common_context["procname"] == "ust-test-app"


def test_load_force_replaces_and_override_name_renames(tracing):
    run_scenario(tracing, "escaping")
    save(tracing, "escaping", tracing.tmp / "saved")
    path = str(tracing.tmp / "saved" / "escaping.lttng")
    r = tracing.lttng("load", "-i", path, check=False)
    assert (r.rc, r.out, r.err) == (
        1, "", "Error: Session name already exists\n")
    r = tracing.lttng("load", "-f", "-i", path, "escaping")
    assert r.out == "Session escaping has been loaded successfully\n"
    r = tracing.lttng("load", "-i", path, "escaping",
                      "--override-name=renamed")
    assert r.out == ("Session escaping has been loaded successfully\n"
                     "Session name overridden with renamed\n")
    assert "chan: [disabled]" in tracing.lttng("list", "renamed").out
    # As LTTng's, a load by name makes that name the current session.
    assert (tracing.home / ".lttngrc").read_text() == "session=escaping\n"


def test_load_override_url_sets_the_output(tracing):
    run_scenario(tracing, "empty")
    save(tracing, "empty", tracing.tmp / "saved")
    url = f"file://{tracing.tmp}/elsewhere"
    r = tracing.lttng("load", "-f", "-i", str(tracing.tmp / "saved"),
                      f"--override-url={url}")
    assert r.out == ("All sessions have been loaded successfully\n"
                     f"Session output url overridden with {url}\n")
    assert f"Trace output: {tracing.tmp}/elsewhere" in \
        tracing.lttng("list").out


def test_load_searches_lttng_home_sessions(tracing):
    run_scenario(tracing, "empty")
    sessions = tracing.home / ".lttng" / "sessions"
    save(tracing, "empty", sessions)
    tracing.lttng("destroy", "empty")
    r = tracing.lttng("load", "empty")
    assert r.out == "Session empty has been loaded successfully\n"
    assert "empty [inactive]" in tracing.lttng("list").out
    # LTTng reports success for a name found nowhere in the default
    # directories.
    r = tracing.lttng("load", "nosuch")
    assert (r.rc, r.out) == (0, "Session nosuch has been loaded "
                                "successfully\n")


def test_one_letter_session_files_are_skipped_in_directories(tracing):
    """LTTng's loader ignores X.lttng in a directory (too short a name);
    the file itself loads."""
    tracing.lttng("create", "k", f"--output={tracing.tmp}/k")
    save(tracing, "k", tracing.tmp / "saved")
    tracing.lttng("destroy", "k")
    r = tracing.lttng("load", "-i", str(tracing.tmp / "saved"))
    assert r.out == "All sessions have been loaded successfully\n"
    r = tracing.lttng("load", "-i", str(tracing.tmp / "saved"), "k",
                      check=False)
    assert (r.rc, r.err) == (1, "Error: Session file not found\n")
    r = tracing.lttng("load", "-i", str(tracing.tmp / "saved" / "k.lttng"))
    assert r.out == "All sessions have been loaded successfully\n"
    assert "k [inactive]" in tracing.lttng("list").out


def test_save_errors(tracing):
    run_scenario(tracing, "empty")
    out = tracing.tmp / "saved"
    save(tracing, "empty", out)
    r = tracing.lttng("save", "-o", str(out), check=False)
    assert (r.rc, r.out, r.err) == (
        85, "", "Error: Session file already exists\n")
    r = tracing.lttng("save", "-f", "-o", str(out))
    assert r.out == f"All sessions have been saved successfully in {out}.\n"
    r = tracing.lttng("save", "-o", str(out), "nosuch", check=False)
    assert (r.rc, r.err) == (23, "Error: Session name not found\n")
    r = tracing.lttng("save", "-o", "relative", check=False)
    assert (r.rc, r.out, r.err) == (
        1, "", "Error: URI parse unknown protocol relative\n"
        "Error: Unable to parse the URL relative\n")
    r = tracing.lttng("save", "-o", "net://localhost", check=False)
    assert (r.rc, r.out, r.err) == (1, "", "")
    r = tracing.lttng("save", "--output-path=", "empty", check=False)
    assert (r.rc, r.out, r.err) == (1, "", "")
    r = tracing.lttng("save", "-o", "/proc/no/such", check=False)
    assert (r.rc, r.err) == (20, "Error: Error setting URL\n")
    r = tracing.lttng("save", "-a", "empty", check=False)
    assert (r.rc, r.err) == (1, "Error: Unknown argument: empty\n")


def test_load_errors(tracing):
    tmp = tracing.tmp
    r = tracing.lttng("load", "-i", str(tmp / "missing"), check=False)
    assert r.rc == 1
    assert re.fullmatch(
        r"PERROR - \d\d:\d\d:\d\d\.\d{9} \[\d+/\d+\]: Invalid input path: "
        r"No such file or directory \(in cmd_load\(\) at "
        r"commands/load.c:248\)\n", r.err)
    (tmp / "dir").mkdir()
    (tmp / "dir" / "empty.lttng").write_text(fixture_text("empty", tracing))
    r = tracing.lttng("load", "-i", str(tmp / "dir"), "nosuch", check=False)
    assert (r.rc, r.err) == (1, "Error: Session file not found\n")
    r = tracing.lttng("load", "-i", str(tmp / "dir"), "--override-name=x",
                      check=False)
    assert (r.rc, r.err) == (1, "Error: Options --all and --override-name "
                                "cannot be used simultaneously\n")
    r = tracing.lttng("load", "-i", str(tmp / "dir"), "--override-url=bad",
                      check=False)
    assert (r.rc, r.err) == (97, "Error: URI parse unknown protocol bad\n"
                                 "Error: Unable to parse the URL bad\n"
                                 "Error: Url override is invalid\n")
    r = tracing.lttng("load", "-i", str(tmp / "dir"), "a", "b", check=False)
    assert (r.rc, r.err) == (1, "Error: Unknown argument: b\n")
    # The input path is checked before the options' combination.
    r = tracing.lttng("load", "-a", "--override-name=x", "-i",
                      str(tmp / "missing"), check=False)
    assert r.rc == 1 and "Invalid input path" in r.err
    r = tracing.lttng("load", "empty", "-i", str(tmp / "dir"),
                      "--override-name=", check=False)
    assert (r.rc, r.err) == (1, "Error: Invalid parameter\n")
    (tmp / "bad.lttng").write_text("<sessions><session>\n")
    r = tracing.lttng("load", "-i", str(tmp / "bad.lttng"), check=False)
    assert (r.rc, r.out) == (1, "")
    assert r.err == (
        f"{tmp}/bad.lttng:2: parser error : Premature end of data in tag "
        "session line 1\n\n^\n"
        "Error: IO error while reading a session configuration\n")
    (tmp / "invalid.lttng").write_text(
        "<sessions><session><nam>x</nam></session></sessions>\n")
    r = tracing.lttng("load", "-i", str(tmp / "invalid.lttng"), check=False)
    assert (r.rc, r.out) == (1, "")
    assert r.err == (
        "XML Error: Element 'nam': This element is not expected. Expected "
        "is one of ( name, shared_memory_path, domains, started, "
        "attributes, output ).\n"
        "Error: Session configuration file validation failed\n"
        "Error: Invalid session configuration\n")
    # --quiet silences the library's errors, not libxml2's.
    r = tracing.lttng("-q", "load", "-i", str(tmp / "invalid.lttng"),
                      check=False)
    assert (r.rc, r.out) == (1, "")
    assert r.err.startswith("XML Error: Element 'nam'")
    assert r.err.count("\n") == 1
    # A file that validates but that the daemon refuses: the session
    # created for it is destroyed.
    text = fixture_text("escaping", tracing)
    (tmp / "badchan.lttng").write_text(text.replace(
        "<subbuffer_size>524288", "<subbuffer_size>3"))
    r = tracing.lttng("load", "-i", str(tmp / "badchan.lttng"), check=False)
    assert (r.rc, r.err) == (1, "Error: Failed to load session escaping: "
                                "Invalid parameter\n"
                                "Error: Invalid parameter\n")
    (tmp / "badfilter.lttng").write_text(re.sub(
        "<filter>.*</filter>", "<filter>x ==</filter>", text))
    r = tracing.lttng("load", "-i", str(tmp / "badfilter.lttng"),
                      check=False)
    assert (r.rc, r.err) == (
        1, "error syntax error\nParse error\n"
        "Warning: Enabling event (name:tp:ev) on load failed.\n"
        "Error: Failed to load session escaping: Invalid session "
        "configuration\n"
        "Error: Invalid session configuration\n")
    assert "escaping" not in tracing.lttng("list").out
    # LTTng saves a session without output with an empty path, which
    # its own loader then refuses.
    (tmp / "nooutput.lttng").write_text(fixture_text("nooutput", tracing))
    r = tracing.lttng("load", "-i", str(tmp / "nooutput.lttng"), check=False)
    assert (r.rc, r.err) == (1, "Error: Invalid parameter\n")
    assert "nooutput" not in tracing.lttng("list").out


def test_sessiond_loads_at_start_up(build_dir, lttng_env, tmp_path):
    t = Tracing(build_dir, lttng_env, tmp_path)
    try:
        auto = t.home / ".lttng" / "sessions" / "auto"
        auto.mkdir(parents=True)
        (auto / "empty.lttng").write_text(fixture_text("empty", t))
        (tmp_path / "snap.lttng").write_text(fixture_text("snap", t))
        t.start_daemon()
        assert "empty [inactive]" in t.lttng("list").out
        t.sessiond.stop()
        assert t.sessiond.start("--load", str(tmp_path / "snap.lttng")) \
            .returncode == 0
        listed = t.lttng("list").out
        assert "snap [inactive snapshot]" in listed and "empty" not in listed
        # A relative path is the caller's, although --daemonize changes
        # the daemon's directory (as LTTng 2.13 does).
        t.sessiond.stop()
        assert t.sessiond.start("--load", "./snap.lttng",
                                cwd=tmp_path).returncode == 0
        assert "snap [inactive snapshot]" in t.lttng("list").out
    finally:
        t.close()


KERNEL_CHANNEL_XML = """\
				<channels>
					<channel>
						<name>kch</name>
						<enabled>true</enabled>
						<overwrite_mode>DISCARD</overwrite_mode>
						<subbuffer_size>65536</subbuffer_size>
						<subbuffer_count>4</subbuffer_count>
						<switch_timer_interval>0</switch_timer_interval>
						<read_timer_interval>200000</read_timer_interval>
						<output_type>SPLICE</output_type>
						<tracefile_size>0</tracefile_size>
						<tracefile_count>0</tracefile_count>
						<live_timer_interval>0</live_timer_interval>
						<monitor_timer_interval>1000000</monitor_timer_interval>
						<blocking_timeout>0</blocking_timeout>
						<events>
							<event>
								<name>sched_switch</name>
								<enabled>true</enabled>
								<type>TRACEPOINT</type>
								<filter>prev_pid == 1</filter>
							</event>
							<event>
								<name>close</name>
								<enabled>false</enabled>
								<type>SYSCALL</type>
							</event>
						</events>
						<contexts>
							<context>
								<type>PID</type>
							</context>
						</contexts>
					</channel>
				</channels>
				<process_attr_trackers>
					<pid_process_attr_tracker>
						<process_attr_values>
							<pid>
								<id>1</id>
							</pid>
						</process_attr_values>
					</pid_process_attr_tracker>
					<uid_process_attr_tracker>
						<process_attr_values>
							<uid>
								<name>root</name>
							</uid>
						</process_attr_values>
					</uid_process_attr_tracker>
				</process_attr_trackers>
"""


def test_kernel_domain_saves_and_loads(build_dir, lttng_env, tmp_path):
    from kernel_support import KernelSession, require_tracefs
    require_tracefs()
    ks = KernelSession(build_dir, lttng_env)
    try:
        ks.ok("create", "kern", f"--output={tmp_path}/k")
        ks.ok("enable-channel", "-k", "kch", "--subbuf-size=65536")
        ks.ok("enable-event", "-k", "sched_switch", "-c", "kch",
              "--filter", "prev_pid == 1")
        ks.ok("enable-event", "-k", "--syscall", "close", "-c", "kch")
        ks.ok("disable-event", "-k", "--syscall", "close", "-c", "kch")
        ks.ok("add-context", "-k", "-t", "pid", "-c", "kch")
        ks.ok("track", "-k", "--pid", "1")
        ks.ok("track", "-k", "--uid", "root")
        before = ks.ok("list", "kern").out
        ks.ok("save", "-o", str(tmp_path / "saved"), "kern")
        text = (tmp_path / "saved" / "kern.lttng").read_text()
        assert ("\t\t\t\t<type>KERNEL</type>\n"
                "\t\t\t\t<buffer_type>GLOBAL</buffer_type>\n"
                + KERNEL_CHANNEL_XML + "\t\t\t</domain>\n") in text
        ks.ok("destroy", "kern")
        r = ks.ok("load", "-i", str(tmp_path / "saved"))
        assert r.out == "All sessions have been loaded successfully\n"
        assert ks.ok("list", "kern").out == before
        ks.ok("destroy", "kern")
    finally:
        ks.stop()


LEGACY_TRACKER_FILE = """\
<?xml version="1.0" encoding="UTF-8"?>
<sessions>
	<session>
		<name>legacy</name>
		<domains>
			<domain>
				<type>UST</type>
				<buffer_type>PER_UID</buffer_type>
				<channels/>
				<trackers>
					<pid_tracker>
						<targets>
							<pid_target>
								<pid>42</pid>
							</pid_target>
						</targets>
					</pid_tracker>
				</trackers>
			</domain>
		</domains>
		<started>false</started>
		<output>
			<consumer_output>
				<enabled>true</enabled>
				<destination>
					<path>@OUT@/legacy</path>
				</destination>
			</consumer_output>
		</output>
	</session>
</sessions>
"""


def test_files_of_lttng_2_11_with_a_pid_tracker_load(tracing):
    path = tracing.tmp / "legacy.lttng"
    path.write_text(LEGACY_TRACKER_FILE.replace(OUT, str(tracing.tmp)))
    r = tracing.lttng("load", "-i", str(path), "legacy")
    assert r.out == "Session legacy has been loaded successfully\n"
    assert "Virtual process IDs:  42\n" in tracing.lttng("list", "legacy").out


@pytest.mark.skipif(os.getuid() != 0, reason="needs a root session daemon")
def test_root_daemon_saves_with_the_clients_credentials(build_dir, lttng_env):
    """A tracing-group member's files are its own, created by the daemon
    on its behalf; its default directory is its home from the user
    database (nobody's does not exist)."""
    import shutil
    import subprocess
    import tempfile
    from lttng_cli import Sessiond
    base = pathlib.Path(tempfile.mkdtemp(prefix="save-as-nobody-"))
    os.chmod(base, 0o777)
    (base / "run").mkdir(mode=0o755)
    env = dict(lttng_env, HOME=str(base), LTTNG_HOME=str(base),
               LTTNG_RUNDIR=str(base / "run"))
    sessiond = Sessiond(build_dir, env)
    nobody = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
              "env", "-i", "PATH=/usr/bin:/bin", f"HOME={base}",
              f"LTTNG_HOME={base}", f"LTTNG_RUNDIR={base}/run",
              f"LD_LIBRARY_PATH={build_dir}/src/lib/lttng-ctl",
              str(build_dir / "src/bin/lttng/lttng"), "-g", "nogroup"]

    def run(*args):
        return subprocess.run([*nobody, *args], capture_output=True,
                              text=True, cwd=base, timeout=30)
    try:
        assert sessiond.start("--group=nogroup").returncode == 0
        r = run("create", "gs", f"--output={base}/gs")
        assert r.returncode == 0, r.stderr
        out = base / "out" / "sub"
        r = run("save", "-o", str(out), "gs")
        assert r.stdout == f"Session gs saved successfully in {out}.\n"
        st = os.stat(out / "gs.lttng")
        assert (st.st_uid, st.st_gid, st.st_mode & 0o777) == (
            65534, 65534, 0o660)
        assert os.stat(out).st_uid == 65534
        r = run("save", "gs")
        assert (r.returncode, r.stderr) == (20, "Error: Error setting URL\n")
    finally:
        sessiond.stop()
        shutil.rmtree(base, ignore_errors=True)


def test_lttngs_file_with_a_shared_memory_path_loads_it(tracing):
    path = tracing.tmp / "shm.lttng"
    text = fixture_text("shm", tracing)
    path.write_text(text)
    r = tracing.lttng("load", "-i", str(path))
    assert (r.out, r.err) == (
        "All sessions have been loaded successfully\n", "")
    assert "shm [inactive]" in tracing.lttng("list").out
    # Saved again, the path LTTng saved (with its date) is kept as is.
    resaved = save(tracing, "shm", tracing.tmp / "saved")
    assert canonical(resaved) == canonical(text)
