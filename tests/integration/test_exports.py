"""The dynamic symbols our shared libraries export, against LTTng 2.13's.

Each of our libraries exports LTTng's public API and nothing else, apart
from the names listed below with the reason they are ours. A symbol of a
static common library (the filter compiler, the codecs, the ring buffer)
leaking out of a shared library is the class of defect this catches: a
program or another library defining the same name would bind to ours.

For liblttng-ctl the other direction is checked too: whatever LTTng
exports and we do not belongs to a family listed in NOT_YET_IN_CTL (the
later triggers and notifications work) or is one of LTTng's own internal
names that its library leaks (LTTNG_INTERNAL_CTL), so a public function
dropped by mistake fails here.
"""
import fnmatch
import pathlib
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
    "liblttng-ust.so.1": {
        # The internal enablement API that the unit tests and the
        # benchmarks drive directly (src/lib/lttng-ust/channel.h,
        # event-rule.h): still exported until they link a static
        # build of the tracer.
        "ust_channel_*": "tracer enablement API used by unit tests",
        "ust_event_rule_*": "tracer enablement API used by unit tests",
        "ust_event_full_name": "tracer enablement API used by unit tests",
        "ust_rb_*": "ring-buffer recorder used by bench/ust",
        "ust_record_through_reserve": "recorder used by bench/ust",
        "ust_registry_list_events": "used by unit tests",
        "ust_ctx_set_*": "context set used by unit tests",
        "ust_elf_info_read": "used by unit tests",
        "lttng_ust_event_filter_accepts": "filter entry used by unit tests",
        # Our own provider ABI beside LTTng's (ust-tracepoint-event.h).
        "lttng_ust_probe_register_abi1": "our headers' provider ABI",
        "lttng_ust_probe_unregister_abi1": "our headers' provider ABI",
        "lttng_ust__tracelog": "our tracelog.h entry point",
        "lttng_ust__vtracelog": "our tracelog.h entry point",
        "lttng_ust_getcpu_override": "read by the getcpu plugin loader",
        # Providers instrumented with our <lttng/tracepoint.h>, which
        # does not hide the provider's symbols.
        "lttng_ust_tracepoint_*": "provider symbols from our headers",
    },
    "liblttng-ust-common.so.1": {
        # Shared between liblttng-ust.so.1 and the fd helper library.
        "ust_fd_*": "fd tracker shared with liblttng-ust-fd",
        "lttng_ust_safe_close_range_fd": "fd tracker shared with "
                                         "liblttng-ust-fd",
        "ust_log": "debug output shared by the tracer's libraries",
        "ust_log_init": "debug output shared by the tracer's libraries",
        "ust_log_critical": "critical errors (LTTNG_UST_ABORT_ON_CRITICAL) "
                            "shared by the tracer's libraries",
        "ust_clock_plugin_load": "clock plugin shared with the consumer",
    },
    "liblttng-ust-tracepoint.so.1": {
        "lttng_ust_tp_*": "tracepoint registry called by liblttng-ust",
    },
    "liblttng-ust-fd.so.1": {
        "close_range": "wrapped so that a program never closes the "
                       "tracer's descriptors",
        "closefrom": "wrapped like close_range",
    },
}
for helper in ("dl", "libc-wrapper", "pthread-wrapper", "cyg-profile",
               "cyg-profile-fast"):
    OURS[f"liblttng-ust-{helper}.so.1"] = {
        "lttng_ust_tracepoint_*": "provider symbols from our headers",
        "__start___tracepoints_ptrs": "tracepoint section of our headers",
        "__stop___tracepoints_ptrs": "tracepoint section of our headers",
    }
OURS["liblttng-ust-fork.so.1"] = {}

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


@pytest.mark.parametrize("name", sorted(OURS))
def test_exports_nothing_beyond_lttng_but_what_is_ours(build_dir, anchor_lib,
                                                      name):
    ours = exported(our_library(build_dir, name))
    lttng = exported(anchor_lib / name)
    extra = sorted(s for s in ours - lttng if not matches(s, OURS[name]))
    assert extra == [], f"{name} exports names LTTng's does not: {extra}"


def test_ctl_exports_lttng_public_api_but_later_families(build_dir,
                                                         anchor_lib):
    name = "liblttng-ctl.so.0"
    ours = exported(our_library(build_dir, name))
    lttng = exported(anchor_lib / name)
    missing = sorted(s for s in lttng - ours
                     if not matches(s, NOT_YET_IN_CTL + LTTNG_INTERNAL_CTL))
    assert missing == [], f"{name} lacks LTTng's {missing}"
