"""The dynamic symbols our shared libraries export, against LTTng 2.13's.

Each of our libraries exports LTTng's public API and nothing else, apart
from the names listed below with the reason they are ours. A symbol of a
static common library (the filter compiler, the codecs, the ring buffer)
leaking out of a shared library is the class of defect this catches: a
program or another library defining the same name would bind to ours.

The three libraries of the tracer (liblttng-ust, liblttng-ust-common,
liblttng-ust-tracepoint) are compared exactly, both ways: a program or
library built against LTTng-UST 2.13 finds every name it may bind to,
as a function or as data of LTTng's size, and they export nothing else
but the own ABI of our headers (UST_OWN_ABI), each name with the header
whose macros call it or our library that imports it.

For liblttng-ctl the other direction is checked too: whatever LTTng
exports and we do not belongs to a family listed in NOT_YET_IN_CTL (the
later triggers and notifications work) or is one of LTTng's own internal
names that its library leaks (LTTNG_INTERNAL_CTL), so a public function
dropped by mistake fails here.
"""
import fnmatch
import pathlib
import re
import subprocess

import pytest

from ust_anchor import TRIPLET, anchor_root

# Names each of our libraries exports beyond LTTng's, with the reason.
OURS = {
    "liblttng-ctl.so.0": {
        # The CLI's `lttng clear`/`lttng destroy` print "Trace chunk
        # closed" only when the daemon finalized the files (lttng links
        # liblttng-ctl dynamically, as LTTng's does).
        "lttng_ctl_clear_handle_closed_chunk": "used by lttng clear",
        "lttng_ctl_destruction_handle_closed_chunk": "used by lttng destroy",
        # A documented toolkit extension (lttng/session-descriptor.h).
        "lttng_session_descriptor_get_local_output_path":
            "used by lttng create to print the output path",
    },
    "liblttng-ust-fd.so.1": {
        "close_range": "wrapped so that a program never closes the "
                       "tracer's descriptors",
        "closefrom": "wrapped like close_range",
    },
}
# The preloaded helper libraries: exactly LTTng's names (each has a
# version script beside its sources), but for OURS and LTTng's link
# artifacts below.
HELPERS = [f"liblttng-ust-{helper}.so.1" for helper in
           ("dl", "fd", "fork", "libc-wrapper", "pthread-wrapper",
            "cyg-profile", "cyg-profile-fast")]
for helper in HELPERS:
    OURS.setdefault(helper, {})

# The bounds of LTTng's tracepoint section, which its link leaves
# exported from the helpers that define providers. No module binds to
# them (each module's own are hidden, as in our headers): not ABI.
LTTNG_LINK_ARTIFACTS = ["__start_lttng_ust_tracepoints_ptrs",
                        "__stop_lttng_ust_tracepoints_ptrs"]

# What the tracer's libraries export beyond LTTng's names: the ABI of our
# headers, each name with its user (a public header that calls it, or
# one of our libraries that imports it). The version scripts beside the
# libraries' sources (*.sym) say why each is needed.
UST_OWN_ABI = {
    "liblttng-ust.so.1": {
        "lttng_ust_probe_register_abi1": "include/lttng/ust-tracepoint-event.h",
        "lttng_ust_probe_unregister_abi1": "include/lttng/ust-tracepoint-event.h",
        "lttng_ust_event_filter_accepts": "include/lttng/ust-tracepoint-event.h",
        "lttng_ust__tracelog": "include/lttng/tracelog.h",
        "lttng_ust__vtracelog": "include/lttng/tracelog.h",
    },
    "liblttng-ust-common.so.1": {
        # Later LTTng-UST releases' name; LTTng-UST 2.13 does not wrap
        # close_range.
        "lttng_ust_safe_close_range_fd": "liblttng-ust-fd.so.1",
    },
    "liblttng-ust-tracepoint.so.1": {},
}

# LTTng's public API that liblttng-ctl does not offer yet: health (the
# operations issue) and the trigger, condition, action, notification and
# error query families (the triggers issue).
NOT_YET_IN_CTL = [
    "lttng_health_*",
    "lttng_action_*", "lttng_rate_policy_*",
    "lttng_condition_*", "lttng_evaluation_*",
    "lttng_event_rule_*", "lttng_event_expr_*", "lttng_event_field_value_*",
    "lttng_trigger_*", "lttng_triggers_*", "lttng_register_trigger*",
    "lttng_unregister_trigger", "lttng_list_triggers",
    "lttng_notification_*", "lttng_session_daemon_*_endpoint",
    "lttng_error_query_*",
]

# What LTTng's liblttng-ctl exports without declaring it in any public
# header: its internal configuration, MI and lexer names, statically
# linked helpers and a pre-2.11 entry point of its own CLI.
LTTNG_INTERNAL_CTL = [
    "config_*", "mi_lttng_*", "lttng_yy*", "default_*_subbuf_size",
    "error_log_time", "lttcomm_inet_tcp_timeout", "lttng_ht_seed",
    "spawn_viewer", "lttng_elf_get_*", "lttng_produce_*_random_seed",
    "_lttng_create_session_ext",
]


def exported(path):
    out = subprocess.run(["nm", "-D", "--defined-only", str(path)],
                         check=True, capture_output=True,
                         text=True).stdout
    return {line.split()[-1].split("@")[0] for line in out.splitlines()}


def dynamic_symbols(path):
    """{name: (type, size)} of the symbols path defines for others to
    bind to. Entries of local binding are left out: the dynamic linker
    never binds to them (LTTng's liblttng-ust.so.1 carries two, the
    bounds of its own tracepoint section, __start_/__stop_
    lttng_ust_tracepoints_ptrs, an artifact of its link). A function's
    size is left out too: only data is copied into the programs that
    use it (copy relocations), so only its size is part of the ABI."""
    out = subprocess.run(["readelf", "--dyn-syms", "-W", str(path)],
                         check=True, capture_output=True, text=True).stdout
    found = {}
    for line in out.splitlines():
        f = line.split()
        if len(f) < 8 or not f[0][:-1].isdigit() or f[6] == "UND" or \
                f[4] == "LOCAL":
            continue
        size = None if f[3] == "FUNC" else int(f[2], 0)
        found[f[7].split("@")[0]] = (f[3], size)
    return found


def imported(path):
    out = subprocess.run(["nm", "-D", "--undefined-only", str(path)],
                         check=True, capture_output=True, text=True).stdout
    return {line.split()[-1].split("@")[0] for line in out.splitlines()}


def matches(name, patterns):
    return any(fnmatch.fnmatchcase(name, p) for p in patterns)


def our_library(build_dir, name):
    found = sorted(build_dir.glob(f"src/lib/*/{name}"))
    assert found, f"{name} is not built under {build_dir}"
    return found[0]


@pytest.fixture(scope="module")
def anchor_lib():
    root = anchor_root()
    if root is None:
        pytest.skip("the real LTTng 2.13 is not extracted "
                    "(/work/shared/bench/anchor-install)")
    return root / "usr/lib" / TRIPLET


@pytest.mark.parametrize("name", sorted(UST_OWN_ABI))
def test_ust_library_exports_lttng_s_symbols_and_our_abi_only(
        build_dir, anchor_lib, name):
    ours = dynamic_symbols(our_library(build_dir, name))
    lttng = dynamic_symbols(anchor_lib / name)
    own = UST_OWN_ABI[name]
    extra = sorted(set(ours) - set(lttng) - set(own))
    missing = sorted(set(lttng) - set(ours))
    assert extra == [], f"{name} exports names LTTng's does not: {extra}"
    assert missing == [], f"{name} lacks LTTng's {missing}"
    differing = sorted((s, ours[s], lttng[s]) for s in lttng
                       if ours[s] != lttng[s])
    assert differing == [], \
        f"{name}: (symbol, ours, LTTng's) of another type or size: {differing}"
    assert sorted(set(own) - set(ours)) == [], f"{name} lacks our own ABI"


@pytest.mark.parametrize("name", sorted(UST_OWN_ABI))
def test_ust_library_own_abi_is_what_our_headers_or_libraries_use(
        build_dir, name):
    root = pathlib.Path(__file__).resolve().parents[2]
    unused = []
    for symbol, user in UST_OWN_ABI[name].items():
        if user.startswith("include/"):
            used = re.search(rf"\b{symbol}\(", (root / user).read_text())
        else:
            used = symbol in imported(our_library(build_dir, user))
        if not used:
            unused.append((symbol, user))
    assert unused == [], f"{name}: own ABI its user does not use: {unused}"


def test_lttng_ust_pkg_config_links_lttng_s_libraries(build_dir, anchor_lib):
    """`pkg-config --libs lttng-ust` names the libraries LTTng's names,
    so a program calling an API of liblttng-ust-common (the getcpu and
    clock overrides) links with ours as with LTTng's."""
    def libs(pc):
        line = next(l for l in pc.read_text().splitlines()
                    if l.startswith("Libs:"))
        return [f for f in line.split()[1:] if f.startswith("-l")]
    ours = libs(build_dir / "meson-private/lttng-ust.pc")
    assert ours == libs(anchor_lib / "pkgconfig/lttng-ust.pc")


@pytest.mark.parametrize("name", sorted(set(OURS) - set(HELPERS)))
def test_exports_nothing_beyond_lttng_but_what_is_ours(build_dir, anchor_lib,
                                                      name):
    ours = exported(our_library(build_dir, name))
    lttng = exported(anchor_lib / name)
    extra = sorted(s for s in ours - lttng if not matches(s, OURS[name]))
    assert extra == [], f"{name} exports names LTTng's does not: {extra}"


@pytest.mark.parametrize("name", HELPERS)
def test_helper_library_exports_exactly_lttng_s_names(build_dir, anchor_lib,
                                                      name):
    """Nothing of the providers they define (our headers' tracepoint
    and provider symbols, the tracepoint section's bounds) leaks: a
    program or library defining the same provider would bind to the
    preloaded helper's."""
    ours = exported(our_library(build_dir, name))
    lttng = exported(anchor_lib / name)
    extra = sorted(s for s in ours - lttng if not matches(s, OURS[name]))
    missing = sorted(s for s in lttng - ours
                     if not matches(s, LTTNG_LINK_ARTIFACTS))
    assert (extra, missing) == ([], []), \
        f"{name}: (exported beyond LTTng's, LTTng's missing)"


def test_ctl_exports_lttng_public_api_but_later_families(build_dir,
                                                         anchor_lib):
    name = "liblttng-ctl.so.0"
    ours = exported(our_library(build_dir, name))
    lttng = exported(anchor_lib / name)
    missing = sorted(s for s in lttng - ours
                     if not matches(s, NOT_YET_IN_CTL + LTTNG_INTERNAL_CTL))
    assert missing == [], f"{name} lacks LTTng's {missing}"
