"""lttng rotate and lttng stop while a SCHED_FIFO thread holds the CPU of
a stream with CPU-local reservations: the consumer daemon cannot get onto
that CPU when it wants to (ringbuffer/producer.c, RESERVE), yet both
commands finish while the thread still spins, and babeltrace2 reads every
event recorded on that CPU in the right chunk. Real daemons, as root (the
spinner's SCHED_FIFO); the spinner ends by itself after SPIN_LIMIT_S and
the kernel's RT throttling (sched_rt_runtime_us) is left as configured."""
import os
import subprocess
import sys
import textwrap

import pytest

from test_rotation import archives, check_chunk, rotate
from ust_tracing import Tracing

SPIN_LIMIT_S = 20

SPINNER = textwrap.dedent("""
    import os, sys, time
    os.sched_setaffinity(0, {0})
    os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(1))
    end = time.monotonic() + float(sys.argv[1])
    print("spinning", flush=True)
    while time.monotonic() < end:
        pass
""")


@pytest.fixture
def tracing(build_dir, lttng_env, tmp_path):
    t = Tracing(build_dir, lttng_env, tmp_path)
    t.start_daemon()
    yield t
    t.close()


@pytest.fixture
def spinner():
    """Starts a SCHED_FIFO busy loop on CPU 0 (bounded); killed at the end."""
    if os.geteuid() != 0:
        pytest.skip("SCHED_FIFO needs root")
    if len(os.sched_getaffinity(0)) < 2 or 0 not in os.sched_getaffinity(0):
        pytest.skip("needs CPU 0 and another CPU")
    procs = []

    def start():
        proc = subprocess.Popen([sys.executable, "-c", SPINNER,
                                 str(SPIN_LIMIT_S)],
                                stdout=subprocess.PIPE, text=True)
        procs.append(proc)
        assert proc.stdout.readline() == "spinning\n"
        return proc

    yield start
    for proc in procs:
        proc.kill()
        proc.wait()


def test_stop_and_rotate_finish_while_a_fifo_thread_holds_a_cpu(tracing,
                                                                 spinner):
    # The app records on CPU 0 only: its events sit in stream 0.
    app = tracing.app(wrapper=("taskset", "-c", "0"))
    tracing.record_testapp()
    app.emit(100)
    spin = spinner()
    first = rotate(tracing)
    assert spin.poll() is None, "rotate waited for the spinner to end"
    r = tracing.lttng("stop")
    assert r.out == ("Waiting for data availability\n"
                     "Tracing stopped for session s\n")
    assert spin.poll() is None, "stop waited for the spinner to end"
    spin.kill()
    spin.wait()
    check_chunk(first, list(range(100)))
    tracing.lttng("start")
    app.emit(10)
    app.quit()
    tracing.lttng("destroy")
    last = archives(tracing.session_dir("s"))[-1]
    check_chunk(last, list(range(100, 110)))
