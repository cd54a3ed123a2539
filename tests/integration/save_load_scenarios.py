"""The sessions test_save_load.py saves, as lttng command lines.

Each scenario creates one session (named like the scenario) whose output
is under OUT, a placeholder for a directory of the run. The files LTTng
2.13 saved for the same commands are pinned in save_load_fixtures/
(NAME.lttng, with OUT in place of the directory) by
tests/tools/pin_save_fixtures.py, which runs these commands against the
reference LTTng.
"""

OUT = "@OUT@"

SCENARIOS = {
    # Every attribute a user space channel, rule, context and tracker has.
    "everything": [
        ["create", "everything", f"--output={OUT}/everything"],
        ["enable-channel", "-u", "ch1", "--subbuf-size=8192",
         "--num-subbuf=4", "--overwrite", "--switch-timer=1000",
         "--read-timer=2000", "--tracefile-size=1048576",
         "--tracefile-count=3", "--monitor-timer=500", "--buffers-pid"],
        ["enable-event", "-u", "app:*", "-c", "ch1", "--filter", "x > 3",
         "--exclude", "app:a,app:b", "--loglevel=TRACE_INFO"],
        ["enable-event", "-u", "ev2", "-c", "ch1",
         "--loglevel-only=TRACE_WARNING"],
        ["add-context", "-u", "-t", "vpid", "-t", "procname", "-t",
         "$app.myprov:myctx", "-t", "perf:thread:cpu-cycles", "-c", "ch1"],
        ["enable-event", "-u", "-a", "-c", "ch1"],
        ["disable-event", "-u", "ev2", "-c", "ch1"],
        ["track", "-u", "--vpid", "12,13"],
        ["track", "-u", "--vuid", "0"],
        ["untrack", "-u", "--vgid", "--all"],
        ["start"],
    ],
    # No output, the default channel.
    "nooutput": [
        ["create", "nooutput", "--no-output"],
        ["enable-event", "-u", "-a"],
    ],
    # A session without any domain.
    "empty": [
        ["create", "empty", f"--output={OUT}/empty"],
    ],
    # Snapshot mode: the output is snapshot output snapshot-1.
    "snap": [
        ["create", "snap", "--snapshot", f"--output={OUT}/snap"],
        ["enable-event", "-u", "x"],
    ],
    # A snapshot output of the user's: its name and maximum size.
    "snapoutput": [
        ["create", "snapoutput", "--snapshot", "--no-output"],
        ["snapshot", "add-output", "-n", "myout", "-m", "1M", f"{OUT}/so"],
        ["enable-event", "-u", "x"],
    ],
    # A snapshot output to a relay daemon.
    "snapnet": [
        ["create", "snapnet", "--snapshot", "--no-output"],
        ["snapshot", "add-output", "net://127.0.0.1"],
    ],
    # A snapshot session without output: no <output> at all.
    "snapnone": [
        ["create", "snapnone", "--snapshot", "--no-output"],
    ],
    # A session streaming to a relay daemon (none needed to save it).
    "network": [
        ["create", "network", "--set-url=net://127.0.0.1"],
    ],
    # Rotation schedules, periodic and size-based.
    "rotation": [
        ["create", "rotation", f"--output={OUT}/rotation"],
        ["enable-event", "-u", "-a"],
        ["enable-rotation", "--timer=10s"],
        ["enable-rotation", "--size=1M"],
    ],
    # A user space domain made by a tracker command alone.
    "trackeronly": [
        ["create", "trackeronly", f"--output={OUT}/trackeronly"],
        ["track", "-u", "--vpid", "1"],
    ],
    # A context added before any channel: it makes channel0.
    "contextonly": [
        ["create", "contextonly", f"--output={OUT}/contextonly"],
        ["add-context", "-u", "-t", "vpid"],
    ],
    # XML escaping in a filter, a disabled channel, per-user buffers,
    # more contexts.
    "escaping": [
        ["create", "escaping", f"--output={OUT}/escaping"],
        ["enable-channel", "-u", "chan", "--buffers-uid",
         "--blocking-timeout=inf"],
        ["enable-event", "-u", "tp:ev", "-c", "chan", "--filter",
         'msg == "a&b<c>" && x < 2'],
        ["add-context", "-u", "-t", "vtid", "-t", "ip", "-t", "pthread_id",
         "-c", "chan"],
        ["disable-channel", "-u", "chan"],
    ],
}

# Sessions whose saved files hold the date of their creation (the shared
# memory path ends with <name>-<date>), so they are not compared with
# ours: their files are pinned too, and test_save_load.py loads them.
LTTNG_ONLY_SCENARIOS = {
    "shm": [
        ["create", "shm", f"--output={OUT}/shm", f"--shm-path={OUT}/shm"],
        ["add-context", "-u", "-t", "vtid"],
    ],
}
