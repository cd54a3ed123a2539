#!/usr/bin/python3
"""Sum unit (meson testlog.json) and integration (pytest JUnit XML) results.

Prints every failed test by name, then a last line "N passed, N failed",
and exits non-zero when anything failed or when no result file exists.
"""
import json
import os
import sys
import xml.etree.ElementTree as ET


def meson_results(path):
    with open(path) as f:
        for line in f:
            if line.strip():
                t = json.loads(line)
                yield f"{path}: {t['name']}", t["result"] in ("OK", "EXPECTEDFAIL", "SKIP")


def junit_results(path):
    for case in ET.parse(path).getroot().iter("testcase"):
        bad = any(c.tag in ("failure", "error") for c in case)
        yield f"{case.get('classname')}::{case.get('name')}", not bad


def main(paths):
    passed = failed = 0
    found = False
    for path in paths:
        if not os.path.exists(path):
            print(f"summarize: no results in {path}")
            failed += 1
            continue
        found = True
        reader = junit_results if path.endswith(".xml") else meson_results
        for name, ok in reader(path):
            if ok:
                passed += 1
            else:
                failed += 1
                print(f"FAILED: {name}")
    print(f"{passed} passed, {failed} failed")
    return 0 if found and failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
