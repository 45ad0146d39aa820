#!/usr/bin/env python3
"""nmi-inject.py CONSOLE_LOG MONITOR_SOCKET

Send NMIs to a QEMU guest through its human monitor (a unix socket), as
fast as the monitor answers, from the moment "@@NMI start" appears in the
guest's console log until "@@NMI stop" does or QEMU goes away.  Prints the
number of NMIs sent.  Used by tools/guest-run.sh for cases that say
"# host: nmi".
"""
import select
import socket
import sys
import time


def console_has(path, word, pos):
    """(found, new position): look for @word in the log from @pos on."""
    try:
        with open(path, 'rb') as f:
            f.seek(max(0, pos - len(word)))
            data = f.read()
            return word in data, f.tell()
    except OSError:
        return False, pos


def until_prompt(sock):
    buf = b''
    while not buf.endswith(b'(qemu) '):
        chunk = sock.recv(4096)
        if not chunk:
            raise EOFError
        buf = buf[-64:] + chunk
    return buf


def main():
    log, path = sys.argv[1], sys.argv[2]
    sock = None
    for _ in range(600):
        try:
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            sock.connect(path)
            break
        except OSError:
            sock = None
            time.sleep(0.1)
    if sock is None:
        print('nmi-inject: no monitor at %s' % path)
        return 1
    sent = 0
    pos = 0
    try:
        until_prompt(sock)
        while True:
            found, pos = console_has(log, b'@@NMI start', pos)
            if found:
                break
            # QEMU's end closes the socket
            if select.select([sock], [], [], 0.2)[0] and not sock.recv(4096):
                raise EOFError
        last = time.time()
        while True:
            sock.sendall(b'nmi\n')
            until_prompt(sock)
            sent += 1
            if time.time() - last > 0.2:
                last = time.time()
                found, pos = console_has(log, b'@@NMI stop', pos)
                if found:
                    break
    except (EOFError, OSError):
        pass
    print('nmi-inject: %d NMIs sent' % sent)
    return 0


if __name__ == '__main__':
    sys.exit(main())
