#!/usr/bin/env python3
"""A hostile local process on a session daemon's apps socket
(test_app_stall.py): it speaks just enough of the registration
(src/common/ust-comm/ust-protocol.h) to occupy the daemon, never
answering a command.

    fake_app.py APPS_SOCKET MODE COUNT [RATE]

MODE
  silent  COUNT apps register both sockets, then never read nor answer;
  liar    COUNT apps register both sockets, answer the daemon's first
          command (its ping), then never answer again;
  late    COUNT apps register and answer every command (code 0) up to
          and including the end of their registration, then never
          answer again ("ready" once all are registered);
  drip    COUNT apps register like `late`, then send the start of a
          notify request and one more byte of it every half second,
          forever;
  slow    COUNT apps register like `late`, then answer every command
          1.5 s late (below the app socket timeout the tests set);
  refuse  COUNT apps register like `late`, then refuse every command
          with -ENOMEM;
  half    COUNT apps register their command socket only;
  mute    COUNT connections that never send a byte;
  flood   COUNT connections a second, alternately half registrations
          and mute ones, kept open (the oldest closed past 900).

It prints "ready" once the first COUNT connections are made (for flood:
once the flood runs) and holds them until its standard input closes.
"""
import os
import random
import socket
import struct
import sys
import threading
import time

MAGIC = 0x55535452
COMMAND, NOTIFY = 1, 2
MAJOR, MINOR = 1, 0
MAX_OPEN = 900


def registration(kind, token):
    """struct ust_register: 9 x 32-bit, padding, u64 token, procname."""
    return struct.pack("=IIIIiiIII4xQ16s", MAGIC, kind, MAJOR, MINOR,
                       os.getpid(), os.getppid(), os.getuid(), os.getgid(),
                       64, token, b"fake-app")


def connect(path):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(path)
    return s


def silent_app(path):
    token = random.getrandbits(64)
    cmd, notify = connect(path), connect(path)
    cmd.sendall(registration(COMMAND, token))
    notify.sendall(registration(NOTIFY, token))
    return [cmd, notify]


def liar_app(path):
    cmd, notify = silent_app(path)

    def answer_once():
        try:
            header = b""
            while len(header) < 8:
                chunk = cmd.recv(8 - len(header))
                if not chunk:
                    return
                header += chunk
            cmd.sendall(struct.pack("=iI", 0, 0))
        except OSError:
            pass

    threading.Thread(target=answer_once, daemon=True).start()
    return [cmd, notify]


def recv_exact(s, n):
    data = b""
    while len(data) < n:
        chunk = s.recv(n - len(data))
        if not chunk:
            raise OSError("closed")
        data += chunk
    return data


def late_app(path):
    cmd, notify = silent_app(path)
    while True:  # until UST_CMD_REGISTER_DONE (1) is answered
        command, length = struct.unpack("=II", recv_exact(cmd, 8))
        recv_exact(cmd, length)
        cmd.sendall(struct.pack("=iI", 0, 0))
        if command == 1:
            return [cmd, notify]


DRIP_INTERVAL = 0.5  # s, below any app socket timeout
DRIP_PAYLOAD = 4096  # bytes the notify request claims to carry


def drip_app(path):
    cmd, notify = late_app(path)
    notify.sendall(struct.pack("=II", 1, DRIP_PAYLOAD) + b"\0")
    return [cmd, notify]


def drip(sockets):
    """One more byte of each notify request, forever."""
    notifies = sockets[1::2]
    while True:
        time.sleep(DRIP_INTERVAL)
        for s in notifies:
            try:
                s.send(b"\0")
            except OSError:
                pass


SLOW_DELAY = 1.5  # s
ENOMEM = 12


def answering_app(path, delay, code):
    """Registers like `late`, then answers every command with code,
    delay seconds late."""
    cmd, notify = late_app(path)

    def answer():
        try:
            while True:
                _, length = struct.unpack("=II", recv_exact(cmd, 8))
                recv_exact(cmd, length)
                time.sleep(delay)
                cmd.sendall(struct.pack("=iI", code, 0))
        except OSError:
            pass

    threading.Thread(target=answer, daemon=True).start()
    return [cmd, notify]


def slow_app(path):
    return answering_app(path, SLOW_DELAY, 0)


def refusing_app(path):
    return answering_app(path, 0, -ENOMEM)


def half_app(path):
    cmd = connect(path)
    cmd.sendall(registration(COMMAND, random.getrandbits(64)))
    return [cmd]


def mute(path):
    return [connect(path)]


MAKERS = {"silent": silent_app, "liar": liar_app, "late": late_app,
          "drip": drip_app, "slow": slow_app,
          "refuse": refusing_app, "half": half_app, "mute": mute}


def flood(path, rate, held):
    makers = [half_app, mute]
    n = 0
    while True:
        try:
            held.extend(makers[n % 2](path))
        except OSError:
            pass  # the daemon's backlog is full: keep knocking
        n += 1
        while len(held) > MAX_OPEN:
            held.pop(0).close()
        time.sleep(1.0 / rate)


def main():
    path, mode, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    held = []
    if mode == "flood":
        threading.Thread(target=flood, args=(path, count, held),
                         daemon=True).start()
    else:
        for _ in range(count):
            held.extend(MAKERS[mode](path))
        if mode == "drip":
            threading.Thread(target=drip, args=(list(held),),
                             daemon=True).start()
    print("ready", flush=True)
    sys.stdin.read()


if __name__ == "__main__":
    main()
