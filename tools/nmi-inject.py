#!/usr/bin/env python3
"""nmi-inject.py CONSOLE_LOG MONITOR_SOCKET

Send NMIs to a QEMU guest through its human monitor (a unix socket) while
the guest asks for them: from a line "@@NMI start" on its console to the
next "@@NMI stop", as fast as the monitor answers.  Several such periods
may follow each other (one per case of a boot).  Stops when QEMU goes away, and prints the
number of NMIs sent in each period.  Used by tools/guest-run.sh for cases
that say "# host: nmi".
"""
import sys
import time

from qemu_console import connect, console_from, gone, until_prompt

START = b'@@NMI start'
STOP = b'@@NMI stop'


def main():
    log, path = sys.argv[1], sys.argv[2]
    sock = connect(path)
    if sock is None:
        print('nmi-inject: no monitor at %s' % path)
        return 1
    periods = []
    pos = 0
    try:
        until_prompt(sock)
        while True:
            # Wait for the next start
            data = console_from(log, pos)
            i = data.find(START)
            if i < 0:
                # keep what may be the start of the word
                pos += max(0, len(data) - len(START))
                if gone(sock, 0.2):
                    break
                continue
            pos += i + len(START)
            periods.append(0)
            last = time.time()
            while True:
                sock.sendall(b'nmi\n')
                until_prompt(sock)
                periods[-1] += 1
                if time.time() - last > 0.2:
                    last = time.time()
                    data = console_from(log, pos)
                    i = data.find(STOP)
                    if i >= 0:
                        pos += i + len(STOP)
                        break
    except (EOFError, OSError):
        pass
    print('nmi-inject: %d NMIs sent (%s)' %
          (sum(periods), ', '.join(str(n) for n in periods) or 'none asked for'))
    return 0


if __name__ == '__main__':
    sys.exit(main())
