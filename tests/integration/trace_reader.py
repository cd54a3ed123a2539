"""The independent oracle: read a CTF trace with babeltrace2 (bt2 bindings).

read_trace(path) returns a Trace: a list of Record(name, timestamp,
fields, ...) in babeltrace2's merged order plus the discarded events and
packets babeltrace2 reported. Any warning or error that babeltrace2 prints
while reading fails the read (ReaderComplaint), so a test never passes on a
trace that the reader only half understood.
"""
import collections
import os
import subprocess
import tempfile

import bt2


class ReaderComplaint(AssertionError):
    """babeltrace2 printed a warning or an error while reading a trace."""


class EnumValue(int):
    """An enumeration field: its integer value and the labels it maps to."""

    def __new__(cls, value, labels):
        obj = int.__new__(cls, value)
        obj.labels = sorted(labels)
        return obj


Record = collections.namedtuple(
    "Record", "name timestamp fields context common_context packet_context stream"
)


class Trace(list):
    discarded_events = 0
    discarded_packets = 0
    stream_names = ()


def to_python(field):
    """Converts a bt2 field to plain Python values (enums keep their labels)."""
    if field is None:
        return None
    if isinstance(field, bt2._EnumerationFieldConst):
        return EnumValue(int(field), field.labels)
    if isinstance(field, bt2._BoolFieldConst):
        return bool(field)
    if isinstance(field, bt2._IntegerFieldConst):
        return int(field)
    if isinstance(field, bt2._RealFieldConst):
        return float(field)
    if isinstance(field, bt2._StringFieldConst):
        return str(field)
    if isinstance(field, bt2._StructureFieldConst):
        return {name: to_python(value) for name, value in field.items()}
    if isinstance(field, bt2._ArrayFieldConst):
        return [to_python(value) for value in field]
    if isinstance(field, bt2._VariantFieldConst):
        return to_python(field.selected_option)
    if isinstance(field, bt2._OptionFieldConst):
        return to_python(field.field)
    if isinstance(field, bt2._BitArrayFieldConst):
        return int(field.value_as_integer)
    raise TypeError(f"unhandled bt2 field type {type(field).__name__}")


class _StderrCapture:
    """Captures file descriptor 2, where libbabeltrace2 logs."""

    def __enter__(self):
        self.file = tempfile.TemporaryFile(mode="w+b")
        self.saved = os.dup(2)
        os.dup2(self.file.fileno(), 2)
        return self

    def __exit__(self, *exc):
        os.dup2(self.saved, 2)
        os.close(self.saved)
        self.file.seek(0)
        self.text = self.file.read().decode(errors="replace")
        self.file.close()
        return False


def read_trace(path, allow_warnings=False):
    """Reads every event of the CTF trace(s) under path with babeltrace2."""
    source = bt2.ComponentSpec.from_named_plugin_and_component_class(
        "ctf", "fs", {"inputs": [str(path)]}, logging_level=bt2.LoggingLevel.WARNING
    )
    trace = Trace()
    streams = set()
    with _StderrCapture() as err:
        try:
            for msg in bt2.TraceCollectionMessageIterator(source):
                if isinstance(msg, bt2._EventMessageConst):
                    ev = msg.event
                    packet = ev.packet
                    trace.append(
                        Record(
                            name=ev.name,
                            timestamp=msg.default_clock_snapshot.ns_from_origin,
                            fields=to_python(ev.payload_field) or {},
                            context=to_python(ev.specific_context_field) or {},
                            common_context=to_python(ev.common_context_field) or {},
                            packet_context=to_python(packet.context_field) if packet else {},
                            stream=ev.stream.name,
                        )
                    )
                    streams.add(ev.stream.name)
                elif isinstance(msg, bt2._DiscardedEventsMessageConst):
                    trace.discarded_events += msg.count or 0
                elif isinstance(msg, bt2._DiscardedPacketsMessageConst):
                    trace.discarded_packets += msg.count or 0
        except bt2._Error as exc:
            raise ReaderComplaint(f"babeltrace2 failed to read {path}: {exc}") from exc
    if err.text.strip() and not allow_warnings:
        raise ReaderComplaint(f"babeltrace2 complained reading {path}:\n{err.text}")
    trace.stream_names = tuple(sorted(s for s in streams if s))
    return trace


def babeltrace2_text(path, *args):
    """Runs the babeltrace2 CLI on path; fails on a non-zero exit or stderr."""
    proc = subprocess.run(
        ["babeltrace2", *args, str(path)], capture_output=True, text=True, timeout=120
    )
    if proc.returncode != 0 or proc.stderr.strip():
        raise ReaderComplaint(
            f"babeltrace2 {' '.join(args)} {path} exited {proc.returncode}:\n{proc.stderr}"
        )
    return proc.stdout
