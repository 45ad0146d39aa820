"""What tools/nmi-inject.py and tools/qemu-monitor.py share: QEMU's human
monitor on a unix socket, and the guest's console log that they watch
for the guest's requests."""
import select
import socket
import time

PROMPT = b'(qemu) '


def connect(path):
    """The monitor at @path, once QEMU listens there (None after a minute:
    QEMU did not start)."""
    for _ in range(600):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            sock.connect(path)
            return sock
        except OSError:
            sock.close()
            time.sleep(0.1)
    return None


def until_prompt(sock):
    """What the monitor says up to its next prompt, the prompt included."""
    buf = b''
    while not buf.endswith(PROMPT):
        chunk = sock.recv(4096)
        if not chunk:
            raise EOFError
        buf += chunk
    return buf


def gone(sock, wait):
    """Did QEMU close the monitor (waiting at most @wait seconds)?"""
    return bool(select.select([sock], [], [], wait)[0]) and not sock.recv(4096)


def console_from(path, pos):
    """What the console log holds from @pos on."""
    try:
        with open(path, 'rb') as f:
            f.seek(pos)
            return f.read()
    except OSError:
        return b''
