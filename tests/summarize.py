#!/usr/bin/python3
"""Sum unit (meson testlog.json) and integration (pytest JUnit XML) results.

Prints every failed test by name, every skipped test with its reason, then a
last line "N passed, N failed, N skipped", and exits non-zero when anything
failed or when a result file is missing. A skipped test is never counted as
passed: it proved nothing.
"""
import json
import os
import sys
import xml.etree.ElementTree as ET

PASSED, FAILED, SKIPPED = "passed", "failed", "skipped"


def meson_results(path):
    """Yields (name, outcome, reason) for each test of a meson testlog."""
    with open(path) as f:
        for line in f:
            if not line.strip():
                continue
            t = json.loads(line)
            name = f"{path}: {t['name']}"
            if t["result"] in ("OK", "EXPECTEDFAIL"):
                yield name, PASSED, ""
            elif t["result"] == "SKIP":
                out = (t.get("stdout") or "").strip().splitlines()
                yield name, SKIPPED, out[-1] if out else ""
            else:
                yield name, FAILED, t["result"]


def junit_results(path):
    """Yields (name, outcome, reason) for each case of a JUnit XML file."""
    for case in ET.parse(path).getroot().iter("testcase"):
        name = f"{case.get('classname')}::{case.get('name')}"
        tags = {c.tag: c for c in case}
        if "failure" in tags or "error" in tags:
            yield name, FAILED, ""
        elif "skipped" in tags:
            yield name, SKIPPED, tags["skipped"].get("message", "")
        else:
            yield name, PASSED, ""


def main(paths):
    counts = {PASSED: 0, FAILED: 0, SKIPPED: 0}
    for path in paths:
        if not os.path.exists(path):
            print(f"summarize: no results in {path}")
            counts[FAILED] += 1
            continue
        reader = junit_results if path.endswith(".xml") else meson_results
        for name, outcome, reason in reader(path):
            counts[outcome] += 1
            if outcome == FAILED:
                print(f"FAILED: {name}")
            elif outcome == SKIPPED:
                print(f"SKIPPED: {name}: {reason}")
    print(f"{counts[PASSED]} passed, {counts[FAILED]} failed, "
          f"{counts[SKIPPED]} skipped")
    return 0 if counts[FAILED] == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
