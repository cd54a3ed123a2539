"""The kernel consumer (lttng-consumerd --kernel) on its own, fed
malformed requests as the session daemon's socket could carry them
(consumer-protocol.h): each is answered with an error and the consumer
keeps serving; a frame it cannot follow is answered, then the consumer
exits cleanly; it never crashes. Nothing is started: no tracefs needed."""
import errno
import pathlib
import re
import socket
import struct
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
CONSUMERD = "src/bin/lttng-consumerd/lttng-consumerd"


def command_numbers():
    """enum consumer_command's values, read from the header."""
    text = (ROOT / "src/common/consumer-comm/consumer-protocol.h").read_text()
    body = text[text.index("enum consumer_command {"):]
    body = body[:body.index("};")]
    names = re.findall(r"^\s*(CONSUMER_CMD_\w+)", body, re.M)
    assert names[0] == "CONSUMER_CMD_CHANNEL_CREATE"  # = 1
    return {name[len("CONSUMER_CMD_"):]: i + 1 for i, name in enumerate(names)}


CMD = command_numbers()


def string(text):
    data = text.encode()
    return struct.pack("=I", len(data)) + data


def trace_desc(tracefs_root="/sys/kernel/tracing"):
    """A CONSUMER_CMD_KERNEL_TRACE_CREATE payload (a snapshot session's)."""
    return (string(tracefs_root) + string("") + string("t") +
            struct.pack("=IIIQqq", 0, 0, 0, 1000000000, 0, 0))


class Consumer:
    def __init__(self, tool):
        self.sock, child = socket.socketpair()
        self.proc = subprocess.Popen(
            [str(tool(CONSUMERD)), "--kernel",
             f"--sessiond-fd={child.fileno()}"],
            pass_fds=[child.fileno()], stderr=subprocess.PIPE, text=True)
        child.close()
        self.sock.settimeout(30)

    def send(self, command, payload=b"", length=None):
        header = struct.pack("=II", command,
                             len(payload) if length is None else length)
        self.sock.sendall(header + payload)

    def recv_exact(self, n):
        data = b""
        while len(data) < n:
            chunk = self.sock.recv(n - len(data))
            assert chunk, "the consumer closed its socket"
            data += chunk
        return data

    def call(self, command, payload=b"", length=None):
        self.send(command, payload, length)
        code, n = struct.unpack("=iI", self.recv_exact(8))
        return code, self.recv_exact(n)

    def wait(self):
        _, err = self.proc.communicate(timeout=30)
        return self.proc.returncode, err


def test_malformed_requests_are_answered_and_the_consumer_keeps_serving(
        tool):
    c = Consumer(tool)
    try:
        bad = [
            (CMD["KERNEL_TRACE_CREATE"], b"", -errno.EBADMSG),  # truncated
            (CMD["KERNEL_TRACE_CREATE"], trace_desc("sys/kernel/tracing"),
             -errno.EBADMSG),  # a relative path
            (CMD["KERNEL_TRACE_CREATE"], trace_desc() + b"\0",
             -errno.EBADMSG),  # a trailing byte
            (CMD["KERNEL_TRACE_CREATE"], struct.pack("=I", 4000) + b"/sys",
             -errno.EBADMSG),  # a string running past the payload
            (CMD["KERNEL_TRACKER_SET"], struct.pack("=III", 2, 1, 0xFFFFFFFF),
             -errno.EBADMSG),  # an absurd count
            (CMD["KERNEL_TRACKER_SET"], struct.pack("=III", 9, 1, 0),
             -errno.EBADMSG),  # an unknown attribute
            (CMD["KERNEL_FLUSH"], b"x", -errno.EBADMSG),  # no payload there
            (CMD["KERNEL_TRACE_START"], b"", -errno.EPROTO),  # not created
            (CMD["CHANNEL_FLUSH"], struct.pack("=Q", 1),
             -errno.ENOSYS),  # the user space consumer's
        ]
        for command, payload, expected in bad:
            assert c.call(command, payload) == (expected, b""), command
        # Still serving: a valid request works, then a clean stop.
        assert c.call(CMD["KERNEL_TRACE_CREATE"], trace_desc()) == (0, b"")
        assert c.call(CMD["KERNEL_TRACE_CREATE"], trace_desc())[0] == \
            -errno.EEXIST
        assert c.call(CMD["KERNEL_STOP"]) == (0, b"")
        rc, err = c.wait()
        assert rc == 0, err
        assert "Error: kernel consumer: create:" in err
    finally:
        c.proc.kill()
        c.sock.close()


def test_frames_that_cannot_be_followed_end_the_consumer_cleanly(tool):
    for command, length, expected in (
            (CMD["NR"], 0, -errno.EBADMSG),  # an unknown command
            (0xFFFFFFFF, 0, -errno.EBADMSG),
            (CMD["KERNEL_STATEDUMP"], 0xFFFFFFFF, -errno.EMSGSIZE)):
        c = Consumer(tool)
        try:
            assert c.call(command, b"", length) == (expected, b"")
            rc, err = c.wait()
            assert rc == 0, err
            assert "malformed request" in err
        finally:
            c.proc.kill()
            c.sock.close()
    # A payload shorter than announced, then the session daemon leaves.
    c = Consumer(tool)
    try:
        c.send(CMD["KERNEL_TRACE_CREATE"], b"abcd", length=100)
        c.sock.shutdown(socket.SHUT_WR)
        rc, err = c.wait()
        assert rc == 0, err
    finally:
        c.proc.kill()
        c.sock.close()
