#!/usr/bin/python3
"""Pins what LTTng 2.13 (the anchor at /var/cache/lttng-anchor) saves for
each scenario of tests/integration/save_load_scenarios.py into
tests/integration/save_load_fixtures/NAME.lttng, with the run's
directory replaced by the OUT placeholder. Runs as user nobody with a
fresh LTTNG_HOME, like compare_with_anchor.py.

    pin_save_fixtures.py [NAME...]     (default: every scenario)
"""
import os
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests/integration"))
from save_load_scenarios import (LTTNG_ONLY_SCENARIOS, OUT,  # noqa: E402
                                 SCENARIOS)

ANCHOR = pathlib.Path("/var/cache/lttng-anchor")
LIB = ANCHOR / "usr/lib/x86_64-linux-gnu"


def as_nobody(home, *args):
    env = ["env", "-i", "PATH=/usr/bin:/bin", f"HOME={home}",
           f"LTTNG_HOME={home}", f"LD_LIBRARY_PATH={LIB}",
           f"LTTNG_SESSION_CONFIG_XSD_PATH={ANCHOR}/usr/share/xml/lttng"]
    return subprocess.run(["setpriv", "--reuid=65534", "--regid=65534",
                           "--clear-groups", *env, *args],
                          capture_output=True, text=True, cwd=home)


def main():
    dest = ROOT / "tests/integration/save_load_fixtures"
    home = tempfile.mkdtemp(prefix="pin-save-")
    os.chmod(home, 0o777)
    lttng = str(ANCHOR / "usr/bin/lttng")
    as_nobody(home, str(ANCHOR / "usr/bin/lttng-sessiond"), "--daemonize",
              f"--consumerd64-path={LIB}/lttng/libexec/lttng-consumerd")
    try:
        for name, commands in {**SCENARIOS, **LTTNG_ONLY_SCENARIOS}.items():
            if sys.argv[1:] and name not in sys.argv[1:]:
                continue
            for command in commands:
                args = [a.replace(OUT, home) for a in command]
                r = as_nobody(home, lttng, *args)
                if r.returncode:
                    sys.exit(f"{name}: {args}: {r.stderr}")
            r = as_nobody(home, lttng, "save", "-o", f"{home}/saved", name)
            if r.returncode:
                sys.exit(f"{name}: save: {r.stderr}")
            text = pathlib.Path(home, "saved", f"{name}.lttng").read_text()
            (dest / f"{name}.lttng").write_text(text.replace(home, OUT))
            print(f"pinned {name}.lttng")
    finally:
        pid = pathlib.Path(home, ".lttng/lttng-sessiond.pid").read_text()
        os.kill(int(pid), 15)


if __name__ == "__main__":
    main()
