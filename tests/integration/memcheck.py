"""Programs run under valgrind's memcheck, and what their logs say.

* Memcheck(log_dir).command(program, path) is the command line that runs
  path under memcheck; memcheck.wrapper(program, path) writes a shell
  script that does the same with its arguments (for programs a daemon
  starts by path: LTTNG_CONSUMERD64_BIN, --kconsumerd-path,
  LTTNG_SESSIOND_PATH). Every process logs to <log_dir>/<program>.<pid>.log
  (valgrind follows fork by itself, so a daemonizing parent and its
  daemon get one log each).
* memcheck.problems() reads every log and returns what is wrong, one
  sentence each: memcheck errors (invalid accesses, uninitialised values
  reaching a branch or a system call, definite leaks: they are errors
  with --errors-for-leak-kinds=definite), a process that never finished
  (killed, or still running: no log of its pid has a summary), a
  descriptor a process inherited that nobody meant to give it, and a
  descriptor a process opened and left open at its exit.
"""
import pathlib
import re
import shlex
import shutil

VALGRIND = shutil.which("valgrind")

OPTIONS = ("--tool=memcheck", "--leak-check=full",
           "--errors-for-leak-kinds=definite", "--track-fds=yes",
           "--num-callers=30")

LOG_RE = re.compile(r"(?P<program>.+)\.(?P<pid>\d+)\.log")
SUMMARY_RE = re.compile(r"^==\d+== ERROR SUMMARY: (\d+) errors", re.M)
COMMAND_RE = re.compile(r"^==\d+== Command: (.*)$", re.M)
# One open descriptor at exit: its number, what it is, and whether the
# process inherited it (else the lines after it are where it was opened).
FD_RE = re.compile(r"^==\d+== Open (?:file descriptor|\S+ socket) (\d+):"
                   r"(.*)\n((?:==\d+==  .*\n)*)", re.M)
# Descriptors a program is given on purpose, named on its command line.
FD_ARGUMENT_RE = re.compile(r"--(?:sessiond|health)-fd=(\d+)")


class Memcheck:
    def __init__(self, log_dir, kept_open=()):
        """kept_open: paths a process may hold open until it exits (the
        session daemon's instance lock, held for its whole life)."""
        self.log_dir = pathlib.Path(log_dir)
        self.log_dir.mkdir(parents=True, exist_ok=True)
        self.kept_open = set(map(str, kept_open))

    def command(self, program, path):
        return [VALGRIND, *OPTIONS,
                f"--log-file={self.log_dir}/{program}.%p.log", str(path)]

    def wrapper(self, program, path):
        """A script that execs path under memcheck with its arguments."""
        script = self.log_dir.parent / f"{program}-under-memcheck"
        script.write_text("#!/bin/sh\nexec " +
                          shlex.join(self.command(program, path)) +
                          ' "$@"\n')
        script.chmod(0o755)
        return script

    def logs(self):
        """{(program, pid): log text}."""
        found = {}
        for path in self.log_dir.iterdir():
            m = LOG_RE.fullmatch(path.name)
            if m:
                found[(m["program"], int(m["pid"]))] = path.read_text()
        return found

    def finished(self):
        """Whether every process under memcheck has written its summary."""
        return not self._unfinished(self.logs())

    @staticmethod
    def _unfinished(logs):
        """The pids none of whose logs has a summary (a process that
        exec'd under memcheck has one log per program, the last one with
        the summary), each with its programs."""
        programs_of, summed = {}, set()
        for (program, pid), text in logs.items():
            programs_of.setdefault(pid, []).append(program)
            if SUMMARY_RE.search(text):
                summed.add(pid)
        return [(" then ".join(sorted(programs)), pid)
                for pid, programs in programs_of.items()
                if pid not in summed]

    def problems(self):
        logs = self.logs()
        found = []
        for program, pid in self._unfinished(logs):
            found.append(f"{program} (pid {pid}) never finished under "
                         f"memcheck (killed?): {self.log_dir}")
        for (program, pid), text in sorted(logs.items()):
            m = SUMMARY_RE.search(text)
            if m and int(m.group(1)):
                found.append(f"{program} (pid {pid}): {m.group(1)} memcheck "
                             f"errors:\n{text}")
            found += self._descriptor_problems(program, pid, text)
        return found

    def _descriptor_problems(self, program, pid, text):
        command = COMMAND_RE.search(text)
        given = set(FD_ARGUMENT_RE.findall(command.group(1))) \
            if command else set()
        found = []
        for number, what, detail in FD_RE.findall(text):
            what = what.strip()
            if "<inherited from parent>" in detail:
                # valgrind's own log files pass from a parent under
                # memcheck to its children: not the program's doing.
                if int(number) <= 2 or number in given or \
                        what.startswith(str(self.log_dir)):
                    continue
                found.append(f"{program} (pid {pid}) inherited descriptor "
                             f"{number} ({what or 'unknown'}) from its "
                             f"parent")
            elif what not in self.kept_open:
                found.append(f"{program} (pid {pid}) left descriptor "
                             f"{number} ({what}) open at exit, opened\n"
                             f"{detail}")
        return found
