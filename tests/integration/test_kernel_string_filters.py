"""Kernel filters on string fields, as LTTng evaluates them: a system
call's user string (openat's filename, getxattr's pathname), which
tracefs only has as an address, is compared by the kernel consumer with
the string recorded for it; a tracepoint's real string
(sched_process_exec's filename) is filtered by tracefs itself. Globs,
==, !=, and combinations with integer fields, whose tracefs-expressible
&&-operands may still be applied by tracefs first. Four processes work
from a random plan (the seed is printed); each session's trace, read
with babeltrace2, holds exactly the records the plan says match."""
import fnmatch
import json
import os
import pathlib
import random
import subprocess
import sys


from kernel_support import TRACEFS
from trace_reader import read_trace


# Flags no other program on the machine uses together (openat fails with
# ENOTDIR on a file, and is recorded all the same).
WEIRD = (os.O_RDONLY | os.O_NOCTTY | os.O_NOFOLLOW | os.O_NOATIME |
         os.O_DIRECTORY)
CREATE = os.O_WRONLY | os.O_CREAT

# Runs the plan given as JSON on stdin once a line "go" arrives on it:
# ["open", path, flags], ["xattr", path, size], ["exec", path].
WORKER = r"""
import ctypes, json, os, sys
libc = ctypes.CDLL(None, use_errno=True)
plan = json.loads(sys.stdin.readline())
buf = ctypes.create_string_buffer(256)
print("ready", flush=True)
sys.stdin.readline()
for action in plan:
    if action[0] == "open":
        try:
            os.close(os.open(action[1], action[2], 0o644))
        except OSError:
            pass
    elif action[0] == "xattr":
        libc.getxattr(action[1].encode(), b"user.kfilter", buf,
                      ctypes.c_size_t(action[2]))
    else:
        child = os.fork()
        if child == 0:
            try:
                os.execv(action[1], [action[1]])
            finally:
                os._exit(127)
        os.waitpid(child, 0)
"""


def make_tree(base):
    """Files under base/match/, base/other/, base/matchnot/ (a trap for
    patterns missing their slash), base/exact, and links to true."""
    true = "/bin/true" if os.path.exists("/bin/true") else "/usr/bin/true"
    for d in ("match", "other", "matchnot"):
        (base / d).mkdir(parents=True)
        for i in range(20):
            (base / d / f"f{i}").write_text("x")
        for i in range(4):
            os.symlink(true, base / d / f"true{i}")
    (base / "exact").write_text("x")
    (base / "exactly").write_text("x")


def make_plans(base, rng, processes=4, opens=250):
    paths = ([str(base / d / f"f{i}") for d in ("match", "other",
                                                "matchnot")
              for i in range(20)] +
             [str(base / "exact"), str(base / "exactly")] * 8)
    plans = []
    for p in range(processes):
        plan = []
        for n in range(opens):
            path = rng.choice(paths)
            flags = rng.choice([os.O_RDONLY, WEIRD, CREATE])
            if flags == CREATE and rng.random() < 0.5:
                path = str(base / rng.choice(["match", "other"]) /
                           f"new{p}-{n}")
            plan.append(["open", path, flags])
            if rng.random() < 0.2:
                plan.append(["xattr", rng.choice(paths),
                             rng.choice([77, 78])])
            if rng.random() < 0.05:
                plan.append(["exec", str(base / rng.choice(
                    ["match", "other", "matchnot"]) /
                    f"true{rng.randrange(4)}")])
        plans.append(plan)
    return plans


def glob_eq(value, pattern):
    return fnmatch.fnmatchcase(value, pattern)


# (name, event options, filter, model of the filter on the plan's action)
def rules(base):
    b = str(base)
    return [
        ("glob", ["--syscall", "openat"], f'filename == "{b}/match/*"',
         lambda a: a[0] == "open" and glob_eq(a[1], f"{b}/match/*")),
        ("ne", ["--syscall", "openat"],
         f'filename != "{b}/match/*" && filename == "{b}/*"',
         lambda a: a[0] == "open" and not glob_eq(a[1], f"{b}/match/*")
         and glob_eq(a[1], f"{b}/*")),
        ("exact", ["--syscall", "openat"], f'filename == "{b}/exact"',
         lambda a: a[0] == "open" and a[1] == f"{b}/exact"),
        ("and_int", ["--syscall", "openat"],
         f'filename == "{b}/match/*" && flags & {os.O_CREAT}',
         lambda a: a[0] == "open" and glob_eq(a[1], f"{b}/match/*") and
         a[2] & os.O_CREAT),
        ("or_int", ["--syscall", "openat"],
         f'filename == "{b}/exact" || flags == {WEIRD | os.O_CLOEXEC}',
         lambda a: a[0] == "open" and (a[1] == f"{b}/exact" or
                                       a[2] == WEIRD)),
        ("xattr", ["--syscall", "getxattr"],
         f'pathname == "{b}/match/*" && size == 77',
         lambda a: a[0] == "xattr" and glob_eq(a[1], f"{b}/match/*") and
         a[2] == 77),
    ]


def daemon_instances(ks):
    prefix = f"lttng-{ks.sessiond.pid()}-"
    return [p for p in (TRACEFS / "instances").iterdir()
            if p.name.startswith(prefix)]


def event_filters(ks, event):
    """The tracefs filter of `event` (system/name) in each of the
    daemon's instances that enable it."""
    texts = []
    for inst in daemon_instances(ks):
        d = inst / "events" / event
        if (d / "enable").read_text().strip() == "1":
            texts.append((d / "filter").read_text().strip())
    return sorted(texts)


def key(record):
    f = record.fields
    if record.name == "syscall_entry_openat":
        return ("open", f["filename"], f["flags"] & ~os.O_CLOEXEC)
    if record.name == "syscall_entry_getxattr":
        return ("xattr", f["pathname"], f["size"])
    return ("exec", f["filename"])


def test_string_filters_match_as_in_user_space(ks, tmp_path):
    seed = int.from_bytes(os.urandom(4), "little")
    print(f"seed {seed}")
    rng = random.Random(seed)
    base = tmp_path / "w"
    make_tree(base)
    plans = make_plans(base, rng)
    b = str(base)
    tracepoint_rules = [
        # tracefs takes this one whole: a real string field.
        ("exec_tracefs", f'filename == "{b}/match/*"'),
        # tracefs takes the string operand, the consumer the rest.
        ("exec_split", f'filename == "{b}/match/*" && $ctx.tid > 0'),
    ]
    all_rules = rules(base)
    # One channel per rule, each its own tracefs instance.
    ks.ok("create", "s", f"--output={tmp_path / 't'}")
    for name, event, expr, _ in all_rules:
        ks.ok("enable-channel", "-k", name, "--subbuf-size=256k",
              "--num-subbuf=4")
        ks.ok("enable-event", "-k", *event, "-c", name, "--filter", expr)
    for name, expr in tracepoint_rules:
        ks.ok("enable-channel", "-k", name, "--subbuf-size=256k",
              "--num-subbuf=4")
        ks.ok("enable-event", "-k", "sched_process_exec", "-c", name,
              "--filter", expr)
    # Where each filter is evaluated: user strings and 32-bit
    # arguments never in tracefs; what tracefs holds as recorded, there.
    assert event_filters(ks, "syscalls/sys_enter_openat") == ["none"] * 5
    assert event_filters(ks, "syscalls/sys_enter_getxattr") == [
        "(size == 77)"]
    assert event_filters(ks, "sched/sched_process_exec") == sorted([
        f'filename ~ "{b}/match/*"', f'(filename ~ "{b}/match/*")'])
    ks.ok("start")
    script = tmp_path / "worker.py"
    script.write_text(WORKER)
    workers = [subprocess.Popen([sys.executable, str(script)],
                                stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, text=True)
               for _ in plans]
    try:
        for w, plan in zip(workers, plans):
            w.stdin.write(json.dumps(plan) + "\n")
            w.stdin.flush()
            assert w.stdout.readline() == "ready\n"
        for w in workers:
            w.stdin.write("go\n")
            w.stdin.flush()
        for w in workers:
            assert w.wait(timeout=120) == 0
    finally:
        for w in workers:
            w.kill()
            w.wait()
    ks.ok("stop")
    ks.ok("destroy")
    trace = read_trace(tmp_path / "t" / "kernel")
    assert trace.discarded_events == 0

    def of_channel(name):
        return sorted(key(r) for r in trace
                      if pathlib.Path(r.stream).name.startswith(name + "_"))

    actions = [a for plan in plans for a in plan]
    for name, _, expr, model in all_rules:
        want = sorted(tuple(a) for a in actions if model(a))
        assert want, name  # the plan exercises every rule
        assert of_channel(name) == want, (name, expr, seed)
    want = sorted(("exec", a[1]) for a in actions
                  if a[0] == "exec" and glob_eq(a[1], f"{b}/match/*"))
    assert want
    for name, expr in tracepoint_rules:
        assert of_channel(name) == want, (name, expr, seed)
