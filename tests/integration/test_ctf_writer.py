"""The CTF writer (src/common/ctf) checked end to end with babeltrace2.

tests/tools/ctf/ctf-synth writes complete synthetic traces (metadata,
data streams, indexes); every value expected here is restated from the
scenario's definition, never read back from the tool. read_trace() fails
on any babeltrace2 warning, so a trace that babeltrace2 only half
understands fails too.
"""
import os
import struct
import subprocess

import pytest

from trace_reader import babeltrace2_text, read_trace

CLOCK_OFFSET = 1_700_000_000_000_000_000  # ns, the synthetic traces' clock


@pytest.fixture(scope="module")
def synth_tool(build_dir):
    path = build_dir / "tests/tools/ctf/ctf-synth"
    if not path.exists():
        pytest.fail(f"{path} was not built")
    return path


@pytest.fixture(scope="module")
def synth(synth_tool, tmp_path_factory):
    """Writes a scenario's trace once per module; returns its directory."""
    made = {}

    def make(scenario):
        if scenario not in made:
            out = tmp_path_factory.mktemp("ctf") / scenario
            proc = subprocess.run(
                [synth_tool, scenario, str(out)], capture_output=True, text=True
            )
            assert proc.returncode == 0, proc.stderr
            made[scenario] = out
        return made[scenario]

    return make


def f32(x):
    """The double a binary32 field holding x reads back as."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


# ---- all-types (plain text metadata) and packetized (appended packets) ----

LONG_TEXT = "".join(chr(ord("a") + i % 26) for i in range(5000))

ALL_TYPES = [
    ("synth:integers", dict(u8=0, u16=0, u32=0, u64=0, s8=-128, s16=-32768,
                            s32=-2**31, s64=-2**63)),
    ("synth:integers", dict(u8=255, u16=65535, u32=2**32 - 1, u64=2**64 - 1,
                            s8=127, s16=32767, s32=2**31 - 1, s64=2**63 - 1)),
    ("synth:integers", dict(u8=1, u16=2, u32=3, u64=4, s8=-1, s16=-2, s32=-3,
                            s64=-4)),
    ("synth:bits", dict(b1=1, b3=5, s27=-1, u33=2**33 - 1, s5=-16,
                        hex=0xDEADBEEF, oct=0o755, bin=0b10100101,
                        be32=0x01020304, be_s16=-2, be64=0x0102030405060708,
                        wide_align=0xBEEF)),
    ("synth:bits", dict(b1=0, b3=0, s27=2**26 - 1, u33=2**32 + 1, s5=15, hex=0,
                        oct=0, bin=0, be32=2**32 - 1, be_s16=-32768,
                        be64=2**64 - 1, wide_align=0)),
    ("synth:bits", dict(b1=1, b3=7, s27=-2**26, u33=0, s5=0, hex=1, oct=1,
                        bin=1, be32=0, be_s16=32767, be64=0, wide_align=1)),
    ("synth:floats", dict(f32=1.5, f64=-2.25)),
    ("synth:floats", dict(f32=f32(-0.1), f64=0.1)),
    ("synth:floats", dict(f32=f32(3.4028234663852886e38), f64=-1e-300)),
    ("synth:strings", dict(empty="", ascii="plain ascii",
                           utf8="héllo wörld ✓", long_text=LONG_TEXT)),
    ("synth:arrays", dict(arr=[1, 2, 3], n_empty=0, empty_seq=[], n_vals=3,
                          vals=[-1, 0, 32767], text="abc", n_text=12,
                          text_seq="dynamic text", names=["first", "second"],
                          pairs=[dict(a=1, b=-1), dict(a=2, b=-2)])),
    ("synth:arrays", dict(arr=[0, 0, 2**32 - 1], n_empty=0, empty_seq=[],
                          n_vals=1, vals=[-32768], text="12345678", n_text=0,
                          text_seq="", names=["", ""],
                          pairs=[dict(a=0, b=0), dict(a=255, b=127)])),
    ("synth:enums", dict(state=5, level=-50)),
    ("synth:enums", dict(state=100, level=0)),
    ("synth:enums", dict(state=255, level=55)),
    ("synth:enums", dict(state=0, level=1000)),
    ("synth:compound", dict(point=dict(x=7, inner=dict(label="in", y=-7)),
                            kind=0, val=-123456, after=1)),
    ("synth:compound", dict(point=dict(x=8, inner=dict(label="", y=9)),
                            kind=1, val="text option", after=2)),
    ("synth:compound", dict(point=dict(x=9, inner=dict(label="z", y=0)),
                            kind=2, val=2.5, after=3)),
    ("synth:empty", {}),
    ("synth:high_id", dict(value=40)),
]

ENUM_LABELS = [
    (["one_to_nine"], ["negative"]),
    ([], ["zero"]),
    (["big"], ["overlap", "positive"]),
    (["zero"], []),
]


@pytest.fixture(scope="module", params=["all-types", "packetized"])
def all_types(request, synth):
    return read_trace(synth(request.param))


def test_all_types_event_names_and_order(all_types):
    assert [r.name for r in all_types] == [name for name, _ in ALL_TYPES]


def test_all_types_timestamps_are_exact(all_types):
    assert [r.timestamp for r in all_types] == [
        CLOCK_OFFSET + 1000 + 100 * (i + 1) for i in range(len(ALL_TYPES))
    ]


@pytest.mark.parametrize("index", range(len(ALL_TYPES)))
def test_all_types_every_field_value(all_types, index):
    assert all_types[index].fields == ALL_TYPES[index][1]


def test_all_types_float_fields_keep_their_type(all_types):
    floats = [r.fields for r in all_types if r.name == "synth:floats"]
    assert all(isinstance(v, float) for f in floats for v in f.values())


def test_enum_values_carry_their_labels_inside_and_outside_mappings(all_types):
    enums = [r.fields for r in all_types if r.name == "synth:enums"]
    assert [(e["state"].labels, e["level"].labels) for e in enums] == ENUM_LABELS


def test_variant_tag_selects_the_option(all_types):
    tags = [r.fields["kind"].labels for r in all_types if r.name == "synth:compound"]
    assert tags == [["as_int"], ["as_text"], ["as_float"]]


def test_stream_context_and_packet_context_reach_every_event(all_types):
    assert all(r.common_context == dict(vpid=4242, procname="synth-app")
               for r in all_types)
    assert all(r.packet_context == dict(cpu_id=0) for r in all_types)
    assert all(r.context == {} for r in all_types)
    assert all_types.discarded_events == 0


def test_metadata_text_has_lttng_shape(synth):
    text = (synth("all-types") / "metadata").read_text()
    assert text.startswith(
        "/* CTF 1.8 */\n\n"
        "typealias integer { size = 8; align = 8; signed = false; } := uint8_t;\n"
    )
    assert '\thostname = "synth-host";\n\tdomain = "ust";\n' in text
    assert "\ttracer_major = 2;\n\ttracer_minor = 13;\n" in text
    assert (
        'event {\n\tname = "synth:integers";\n\tid = 0;\n\tstream_id = 0;\n'
        "\tloglevel = 13;\n\tfields := struct {\n"
        "\t\tinteger { size = 8; align = 8; signed = 0; encoding = none; "
        "base = 10; } _u8;\n"
    ) in text
    assert (
        "\t\tinteger { size = 32; align = 8; signed = 0; encoding = none; "
        "base = 10; byte_order = be; } _be32;\n"
    ) in text
    assert "\tevent.header := struct event_header_compact;\n" in text


def metadata_packets(path):
    """Decodes a packetized metadata file: [(header fields, text)]."""
    data = path.read_bytes()
    packets = []
    while data:
        magic, uuid, checksum, content, size, comp, enc, csum, major, minor = (
            struct.unpack_from("<I16sIIIBBBBB", data)
        )
        assert size % 8 == 0 and len(data) >= size // 8
        text = data[37:content // 8].decode()
        packets.append(((magic, uuid, checksum, size, comp, enc, csum, major,
                         minor), text))
        data = data[size // 8:]
    return packets


def test_packetized_metadata_packets_carry_the_same_text(synth):
    packets = metadata_packets(synth("packetized") / "metadata")
    uuid = bytes.fromhex("5b3a1f0e42774c119a6d2e8031c455f2")
    assert all(h == (0x75D11D57, uuid, 0, 4096 * 8, 0, 0, 0, 1, 8)
               for h, _ in packets)
    # One append per class added: preamble, stream, then each event.
    assert len(packets) >= 11
    plain = (synth("all-types") / "metadata").read_text()
    assert "".join(text for _, text in packets) == plain


# ---- timestamps: compact header around the 27-bit boundary ----

def test_timestamps_around_the_27_bit_boundary(synth):
    c = 2**27
    t3 = 1001 + c - 1
    t4 = t3 + c
    t5 = t4 + c + 1
    t6 = t5 + 2**32 + 5
    t8 = 2**40 + 3
    t10 = (t8 // c + 2) * c - 1
    expected = [1000, 1000, 1001, t3, t4, t5, t6, t6 + 1, t8, t8 + c - 1,
                t10, t10 + 2]
    trace = read_trace(synth("timestamps"))
    assert [r.fields["seq"] for r in trace] == list(range(len(expected)))
    assert [r.timestamp - CLOCK_OFFSET for r in trace] == expected
    assert {r.name for r in trace} == {"synth:tick"}


# ---- large-header: ids over 30 and 65534, 2^32 deltas ----

def test_large_ids_and_deltas_read_back(synth):
    trace = read_trace(synth("large-header"))
    got = [(r.name, r.timestamp - CLOCK_OFFSET, r.fields["id_copy"],
            os.path.basename(r.stream)) for r in trace]
    assert got == [
        ("synth:c0", 100, 0, "compact_0"),
        ("synth:l0", 100, 0, "large_0"),
        ("synth:c30", 110, 30, "compact_0"),
        ("synth:c31", 120, 31, "compact_0"),
        ("synth:c200", 130, 200, "compact_0"),
        ("synth:l65534", 100 + 2**32 - 1, 65534, "large_0"),
        ("synth:l65535", 100 + 2**33 - 1, 65535, "large_0"),
        ("synth:l70000", 100 + 2**33, 70000, "large_0"),
        ("synth:l0", 100 + 2**33 + 1, 0, "large_0"),
    ]


def test_babeltrace2_text_of_a_small_trace(synth):
    out = babeltrace2_text(synth("large-header"), "--clock-gmt")
    assert out == (
        "[22:13:20.000000100] (+?.?????????) synth-host synth:c0: "
        "{ cpu_id = 0 }, { id_copy = 0 }\n"
        "[22:13:20.000000100] (+0.000000000) synth-host synth:l0: "
        "{ cpu_id = 0 }, { id_copy = 0 }\n"
        "[22:13:20.000000110] (+0.000000010) synth-host synth:c30: "
        "{ cpu_id = 0 }, { id_copy = 30 }\n"
        "[22:13:20.000000120] (+0.000000010) synth-host synth:c31: "
        "{ cpu_id = 0 }, { id_copy = 31 }\n"
        "[22:13:20.000000130] (+0.000000010) synth-host synth:c200: "
        "{ cpu_id = 0 }, { id_copy = 200 }\n"
        "[22:13:24.294967395] (+4.294967265) synth-host synth:l65534: "
        "{ cpu_id = 0 }, { id_copy = 65534 }\n"
        "[22:13:28.589934691] (+4.294967296) synth-host synth:l65535: "
        "{ cpu_id = 0 }, { id_copy = 65535 }\n"
        "[22:13:28.589934692] (+0.000000001) synth-host synth:l70000: "
        "{ cpu_id = 0 }, { id_copy = 70000 }\n"
        "[22:13:28.589934693] (+0.000000001) synth-host synth:l0: "
        "{ cpu_id = 0 }, { id_copy = 0 }\n"
    )


# ---- discarded: running totals become babeltrace2's reports ----

def test_discarded_events_are_reported(synth):
    trace = read_trace(synth("discarded"))
    assert [r.fields["seq"] for r in trace] == list(range(30))
    assert [r.timestamp - CLOCK_OFFSET for r in trace] == [
        1000 + 10 * i for i in range(30)
    ]
    assert trace.discarded_events == 3 + 5 + 2


def test_discarded_events_are_reported_between_packets(synth):
    out = babeltrace2_text_with_warnings(synth("discarded"))
    reports = [line.split(" events between ")[0].split()[-1]
               for line in out.splitlines() if "discarded" in line]
    assert reports == ["3", "5", "2"]


def babeltrace2_text_with_warnings(path):
    """The CLI's output; discarded-event reports go to stdout as warnings."""
    proc = subprocess.run(["babeltrace2", "--clock-gmt", str(path)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout + proc.stderr


# ---- many-packets: two CPUs, index files ----

def test_many_packets_merge_in_time_order(synth):
    trace = read_trace(synth("many-packets"))
    assert len(trace) == 10000
    assert [r.fields["seq"] for r in trace] == list(range(10000))
    assert all(r.fields == dict(seq=i, cpu=i % 2, msg=f"message {i}")
               and r.packet_context == dict(cpu_id=i % 2)
               and r.timestamp == CLOCK_OFFSET + 5000 + 7 * i
               for i, r in enumerate(trace))
    assert [os.path.basename(s) for s in trace.stream_names] == [
        "channel0_0", "channel0_1"]


def packet_headers(path):
    """(offset, packet bits, content bits, begin, end, discarded, stream id,
    instance id, seq num) of each packet, decoded from the data file."""
    data = path.read_bytes()
    out = []
    offset = 0
    while offset < len(data):
        magic, = struct.unpack_from("<I", data, offset)
        assert magic == 0xC1FC1FC1
        stream_id, instance = struct.unpack_from("<IQ", data, offset + 20)
        begin, end, content, size, seq, discarded = struct.unpack_from(
            "<6Q", data, offset + 32)
        out.append((offset, size, content, begin, end, discarded, stream_id,
                    instance, seq))
        offset += size // 8
    return out


@pytest.mark.parametrize("stream", ["channel0_0", "channel0_1"])
def test_index_entries_match_the_packets(synth, stream):
    trace_dir = synth("many-packets")
    idx = (trace_dir / "index" / f"{stream}.idx").read_bytes()
    magic, major, minor, entry_len = struct.unpack_from(">4I", idx)
    assert (magic, major, minor, entry_len) == (0xC1F1DCC1, 1, 1, 72)
    entries = [struct.unpack_from(">9Q", idx, 16 + 72 * i)
               for i in range((len(idx) - 16) // 72)]
    assert (len(idx) - 16) % 72 == 0
    packets = packet_headers(trace_dir / stream)
    assert entries == packets
    assert [p[8] for p in packets] == list(range(len(packets)))
    assert len(packets) > 20


# ---- refusals: clear message, non-zero exit, nothing left behind ----

@pytest.mark.parametrize("scenario,message", [
    ("refuse-keyword", "event 'synth:refused': field 'struct': not a valid "
                       "TSDL identifier (letters, digits and '_', not a "
                       "keyword)"),
    ("refuse-duplicate", "event 'synth:refused': field 'twice': duplicate "
                         "name in its structure"),
    ("refuse-sequence-order", "event 'synth:refused': field 'vals': "
                              "sequence length 'n_vals' is not "
                              "a preceding field of the same structure"),
    ("refuse-enum-range", "event 'synth:refused': field 'state': mapping "
                          "\"too_big\" (250 ... 300) does not fit a 8-bit "
                          "unsigned container"),
    ("refuse-too-large", "event 'synth:refused' does not fit in an empty "
                         "4096-byte packet (4012 bytes for events)"),
    ("refuse-value-range", "event 'synth:refused' payload: field 'field': "
                           "value 256 does not fit a 8-bit unsigned integer"),
    ("refuse-timestamp-order", "event 'synth:refused': timestamp 10 precedes "
                               "the stream's last one, 20"),
])
def test_refused_scenarios_fail_clearly_and_leave_nothing(
        synth_tool, tmp_path, scenario, message):
    out = tmp_path / "trace"
    proc = subprocess.run([synth_tool, scenario, str(out)],
                          capture_output=True, text=True)
    assert proc.returncode == 1
    assert proc.stderr == f"ctf-synth: {scenario}: {message}\n"
    assert not out.exists()


def test_unknown_scenario_is_a_usage_error(synth_tool, tmp_path):
    proc = subprocess.run([synth_tool, "no-such", str(tmp_path / "t")],
                          capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stderr.startswith("ctf-synth: unknown scenario 'no-such'\n")
    assert not (tmp_path / "t").exists()
