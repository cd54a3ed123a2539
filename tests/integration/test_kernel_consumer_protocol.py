"""The kernel consumer (lttng-consumerd --kernel) on its own, fed
malformed requests as the session daemon's socket could carry them
(consumer-protocol.h): each is answered with an error and the consumer
keeps serving; a frame it cannot follow is answered, then the consumer
exits cleanly; it never crashes. The trace chunk requests, which both
consumers serve, are fed to both. Nothing is started: no tracefs
needed."""
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


CHUNK_NONE = 2**64 - 1


def trace_desc(tracefs_root="/sys/kernel/tracing"):
    """A CONSUMER_CMD_KERNEL_TRACE_CREATE payload (a snapshot session's:
    session 1, in no trace chunk)."""
    return (string(tracefs_root) + struct.pack("=QQ", 1, CHUNK_NONE) +
            string("t") + struct.pack("=IQqq", 0, 1000000000, 0, 0))


class Consumer:
    def __init__(self, tool, domain="--kernel"):
        self.sock, child = socket.socketpair()
        self.proc = subprocess.Popen(
            [str(tool(CONSUMERD)), domain,
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


def chunk_create(output, chunk_id=0, session_id=1, in_subdir=0):
    """A CONSUMER_CMD_CHUNK_CREATE payload."""
    return (struct.pack("=QQqIII", session_id, chunk_id, 1700000000,
                        in_subdir, 0, 0) + string(output))


def chunk_close(chunk_id=0, command=0, session_id=1):
    """A CONSUMER_CMD_CHUNK_CLOSE payload (command: none, archive,
    remove)."""
    return struct.pack("=QQqI", session_id, chunk_id, 1700000100, command)


def chunk_ref(chunk_id=0, session_id=1):
    return struct.pack("=QQ", session_id, chunk_id)


def test_trace_chunk_requests_get_clear_answers(tool, tmp_path):
    """Both consumers hold the trace chunks the session daemon announces:
    hostile chunk requests and requests naming unknown chunks are
    answered with an error and the consumer keeps serving."""
    no, yes = struct.pack("=I", 0), struct.pack("=I", 1)
    for domain in ("--kernel", "--ust"):
        c = Consumer(tool, domain)
        try:
            for command, payload, expected in (
                    (CMD["CHUNK_CREATE"], b"", -errno.EBADMSG),
                    (CMD["CHUNK_CREATE"], chunk_create("relative"),
                     -errno.EBADMSG),
                    (CMD["CHUNK_CREATE"], chunk_create(str(tmp_path),
                                                       in_subdir=2),
                     -errno.EBADMSG),
                    (CMD["CHUNK_CREATE"], chunk_create(str(tmp_path),
                                                       CHUNK_NONE),
                     -errno.EBADMSG),
                    (CMD["CHUNK_CREATE"], chunk_create(str(tmp_path))[:-1],
                     -errno.EBADMSG),  # the output cut short
                    (CMD["CHUNK_CLOSE"], chunk_close(0), -errno.ENOENT),
                    (CMD["CHUNK_CLOSE"], chunk_close(0, 3), -errno.EBADMSG),
                    (CMD["CHUNK_CLOSE"], chunk_close(0) + b"\0",
                     -errno.EBADMSG),
                    (CMD["CHUNK_EXISTS"], chunk_ref(0)[:12], -errno.EBADMSG)):
                assert c.call(command, payload) == (expected, b""), \
                    (domain, command, payload)
            assert c.call(CMD["CHUNK_EXISTS"], chunk_ref(0)) == (0, no)
            assert c.call(CMD["CHUNK_CREATE"],
                          chunk_create(str(tmp_path))) == (0, b"")
            assert c.call(CMD["CHUNK_CREATE"],
                          chunk_create(str(tmp_path)))[0] == -errno.EEXIST
            assert c.call(CMD["CHUNK_EXISTS"], chunk_ref(0)) == (0, yes)
            # the same id in another session is another chunk
            assert c.call(CMD["CHUNK_EXISTS"], chunk_ref(0, 2)) == (0, no)
            assert c.call(CMD["CHUNK_CLOSE"], chunk_close(0, 2)) == (0, b"")
            assert c.call(CMD["CHUNK_EXISTS"], chunk_ref(0)) == (0, no)
            # the close command is the owner's: the files stay
            assert tmp_path.exists()
            if domain == "--kernel":
                # a rotation or snapshot of a trace not started
                assert c.call(CMD["KERNEL_ROTATE"],
                              struct.pack("=Q", 0))[0] == -errno.EPROTO
                assert c.call(CMD["KERNEL_SNAPSHOT"],
                              struct.pack("=QQ", CHUNK_NONE, 0))[0] == \
                    -errno.EBADMSG
                assert c.call(CMD["KERNEL_STOP"]) == (0, b"")
            else:
                # metadata in a chunk never announced
                metadata = (struct.pack("=QQQ", 3, 1, 5) + string("ust") +
                            bytes(16) + struct.pack("=II", 0, 0) +
                            string(""))
                assert c.call(CMD["METADATA_CREATE"], metadata)[0] == \
                    -errno.ENOENT
                assert c.call(CMD["METADATA_ROTATE"],
                              struct.pack("=QIQ", 3, 0, 0))[0] == \
                    -errno.ENOENT
                c.sock.shutdown(socket.SHUT_WR)
            rc, err = c.wait()
            assert rc == 0, err
            assert "unknown" in err
        finally:
            c.proc.kill()
            c.sock.close()
