"""Our public control headers against LTTng 2.13's (Debian's
liblttng-ctl-dev, extracted privately by tests/tools/
lttng-ctl-headers-install): a program written against LTTng's headers
must compile against ours and, built against LTTng's, run with our
library. So every function both declare has the same types (compared
with gcc -aux-info, which prints each prototype normalised), every
enumerator both define has the same value, and the functions and
enumerators only LTTng declares belong to the families listed in
test_exports.NOT_YET_IN_CTL (triggers, notifications, health, ...).
"""
import pathlib
import re
import subprocess

import pytest

from test_exports import NOT_YET_IN_CTL, matches

ROOT = pathlib.Path(__file__).resolve().parents[2]
OURS = ROOT / "include"

# Enumerator prefixes of the same later families.
NOT_YET_ENUMS = ["LTTNG_ACTION_*", "LTTNG_CONDITION_*", "LTTNG_EVALUATION_*",
                 "LTTNG_EVENT_RULE_*", "LTTNG_EVENT_EXPR_*",
                 "LTTNG_EVENT_FIELD_VALUE_*", "LTTNG_TRIGGER_*",
                 "LTTNG_NOTIFICATION_*", "LTTNG_ERROR_QUERY_*",
                 "LTTNG_RATE_POLICY_*", "LTTNG_HEALTH_*",
                 "LTTNG_REGISTER_TRIGGER_*", "LTTNG_ENDPOINT_*"]


@pytest.fixture(scope="module")
def lttng_include():
    proc = subprocess.run(
        [str(ROOT / "tests/tools/lttng-ctl-headers-install")],
        capture_output=True, text=True)
    if proc.returncode != 0:
        pytest.skip("liblttng-ctl-dev could not be extracted "
                    f"(tests/tools/lttng-ctl-headers-install): {proc.stderr}")
    return pathlib.Path(proc.stdout.strip()) / "usr/include"


def prototypes(include, tmp_path):
    """{function name: normalised prototype} of <lttng/lttng.h>."""
    source = tmp_path / "proto.c"
    source.write_text("#include <lttng/lttng.h>\n")
    aux = tmp_path / f"{include.parent.name}.aux"
    subprocess.run(["gcc", "-aux-info", str(aux), f"-I{include}", "-c",
                    str(source), "-o", "/dev/null"], check=True)
    found = {}
    for line in aux.read_text().splitlines():
        m = re.search(r"\*/ (?:extern )?(.*\b(_?lttng\w*) \(.*\));$", line)
        if m:
            found[m.group(2)] = " ".join(m.group(1).split())
    return found


def enumerator_names(include):
    names = set()
    for header in (include / "lttng").rglob("*.h"):
        if header.name.startswith(("ust", "tracepoint", "tracef",
                                   "tracelog")) or "tp" in header.parts:
            continue
        names |= set(re.findall(r"^\s*(LTTNG_[A-Z0-9_]+)\s*=",
                                header.read_text(), re.M))
    return names


def enumerator_values(include, names, tmp_path):
    source = tmp_path / "enums.c"
    source.write_text(
        "#include <stdio.h>\n#include <lttng/lttng.h>\nint main(void)\n{\n" +
        "".join(f'\tprintf("{n} %lld\\n", (long long){n});\n'
                for n in names) + "\treturn 0;\n}\n")
    program = tmp_path / f"enums-{include.parent.name}"
    subprocess.run(["gcc", f"-I{include}", "-o", str(program), str(source)],
                   check=True)
    return subprocess.run([str(program)], check=True, capture_output=True,
                          text=True).stdout.splitlines()


def test_shared_functions_have_lttng_prototypes(lttng_include, tmp_path):
    ours = prototypes(OURS, tmp_path)
    lttng = prototypes(lttng_include, tmp_path)
    assert len(set(ours) & set(lttng)) > 200
    differing = {name: (ours[name], lttng[name])
                 for name in set(ours) & set(lttng)
                 if ours[name] != lttng[name]}
    assert differing == {}
    missing = sorted(n for n in set(lttng) - set(ours)
                     if not matches(n, NOT_YET_IN_CTL))
    assert missing == []


def test_shared_enumerators_have_lttng_values(lttng_include, tmp_path):
    ours, lttng = enumerator_names(OURS), enumerator_names(lttng_include)
    missing = sorted(n for n in lttng - ours
                     if not matches(n, NOT_YET_ENUMS))
    assert missing == []
    shared = sorted(ours & lttng)
    assert len(shared) > 300
    assert enumerator_values(OURS, shared, tmp_path) == \
        enumerator_values(lttng_include, shared, tmp_path)


# The structures a program and the library exchange by value or in arrays
# (lttng_list_sessions() returns an array: a different size shifts every
# element after the first).
STRUCTS = ["lttng_channel_attr", "lttng_channel", "lttng_calibrate",
           "lttng_domain", "lttng_event_perf_counter_ctx",
           "lttng_event_context", "lttng_event_probe_attr",
           "lttng_event_function_attr", "lttng_event", "lttng_event_field",
           "lttng_handle", "lttng_session"]


def layouts(include, tmp_path):
    """gdb's `ptype /o` offsets and sizes (member names left out)."""
    source = tmp_path / "layout.c"
    source.write_text("#include <lttng/lttng.h>\n" +
                      "".join(f"struct {s} v_{s};\n" for s in STRUCTS) +
                      "int main(void)\n{\n\treturn 0;\n}\n")
    program = tmp_path / f"layout-{include.parent.name}"
    subprocess.run(["gcc", "-g", f"-I{include}", "-o", str(program),
                    str(source)], check=True)
    commands = [arg for s in STRUCTS for arg in ("-ex", f"ptype /o struct {s}")]
    out = subprocess.run(["gdb", "-batch", *commands, str(program)],
                         check=True, capture_output=True, text=True).stdout
    return re.findall(r"^/\*[^*]*\*/|total size.*", out, re.M)


def test_shared_structures_have_lttng_layout(lttng_include, tmp_path):
    ours = layouts(OURS, tmp_path)
    # (nested unions and structures print their own total too)
    assert len([line for line in ours if line.startswith("total")]) >= \
        len(STRUCTS)
    assert ours == layouts(lttng_include, tmp_path)
