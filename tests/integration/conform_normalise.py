"""How outputs are normalised before LTTng 2.13's and ours are compared
(tests/tools/compare_with_anchor.py and test_cli_conformance.py): the
LTTNG_HOME path, the session daemon's path, dates, pids, babeltrace2's
timestamps, the host name, and what depends on the machine's CPUs and
the user running the test."""
import os
import pathlib
import re
import subprocess

# The begin and end dates of trace chunk directories (20231114T221320+0000).
CHUNK_DATE = r"\d{8}T\d{6}[+-]\d{4}"


def normalise_output(text, home, sessiond, bindir=None):
    text = text.replace(home, "$W").replace(sessiond, "$SESSIOND")
    if bindir:
        text = text.replace(bindir, "$BIN")
    text = re.sub(r"\d{8}-\d{6}", "DATE", text)
    text = re.sub(CHUNK_DATE, "CHUNKDATE", text)
    text = re.sub(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}", "TIME", text)
    text = re.sub(r"\d\d-\d\d \d\d:\d\d:\d\d\.\d+ +\d+ +\d+", "LOGSTAMP",
                  text)
    text = re.sub(r"\b(pid|PID)[ :=]+\d+", r"\1 PID", text)
    text = re.sub(r"^(PERROR|DBG\d?) - \d\d:\d\d:\d\d\.\d{9} \[\d+/\d+\]",
                  r"\1 - TIME [PID/TID]", text, flags=re.M)
    return normalise_events(text)


def normalise_events(text):
    """babeltrace2's text: times, deltas, host, CPU and process IDs."""
    text = re.sub(r"\[\d\d:\d\d:\d\d\.\d{9}\]", "[TIME]", text)
    text = re.sub(r"\(\+[?\d]\.[?\d]{9}\)", "(+DELTA)", text)
    text = re.sub(r"\b(vpid|vtid|pid|tid|cpu_id) = \d+", r"\1 = N", text)
    return text.replace(f" {os.uname().nodename} ", " HOST ")


def normalise_trace_path(text):
    text = re.sub(r"\d{8}-\d{6}", "DATE", text)
    text = re.sub(CHUNK_DATE, "CHUNKDATE", text)
    text = re.sub(r"-\d+-DATE", "-PID-DATE", text)
    text = re.sub(r"/uid/\d+", "/uid/UID", text)
    # One data stream file per CPU: name them all _N.
    return re.sub(r"_\d+(\.idx)?$", r"_N\1", text)


def trace_tree(home):
    """The files under home (but the daemons' and the app's) and
    babeltrace2's text of each session's trace."""
    top = pathlib.Path(home)
    lines = []
    for path in sorted(top.rglob("*")):
        rel = str(path.relative_to(top))
        if rel.startswith((".lttng", ".cache")) or rel == "hello":
            continue
        line = normalise_trace_path(rel)
        if line not in lines:
            lines.append(line)
    return "\n".join(lines) + trace_texts(top / "lttng-traces")


def trace_texts(traces):
    if not traces.is_dir():
        return ""
    out = []
    for session in sorted(traces.iterdir()):
        proc = subprocess.run(["babeltrace2", str(session)],
                              capture_output=True, text=True, timeout=60)
        out.append(f"\n--- babeltrace2 {normalise_trace_path(session.name)}"
                   f" (rc={proc.returncode})\n"
                   + normalise_events(proc.stdout))
    return "".join(out)
