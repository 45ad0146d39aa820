#!/usr/bin/env python3
"""qemu-monitor.py CONSOLE_LOG MONITOR_SOCKET

Run QEMU human monitor commands that a guest asks for on its console: a
line "@@MON <command> @@" has <command> sent to the monitor (a unix
socket), once, in the order the lines come; each is logged with QEMU's
answer.  A line cut by a kernel message (init.sh lets only emergencies
onto the console) lacks the closing "@@": it is logged and not run.
This is how a guest case plugs and unplugs emulated hardware
(device_add, device_del) at the moment it chooses.  The guest learns
that a command took effect from the guest side (a device appearing),
not from here.  Stops when QEMU goes away.  Used by tools/guest-run.sh
for cases that say "# host: monitor".
"""
import sys

from qemu_console import PROMPT, connect, console_from, gone, \
    until_prompt

ASK = b'@@MON '
END = b' @@'


def main():
    log, path = sys.argv[1], sys.argv[2]
    sock = connect(path)
    if sock is None:
        print('qemu-monitor: no monitor at %s' % path)
        return 1
    pos = 0
    sent = 0
    try:
        until_prompt(sock)
        while True:
            data = console_from(log, pos)
            i = data.find(ASK)
            j = data.find(b'\n', i) if i >= 0 else -1
            if j < 0:
                # nothing asked, or the line not whole yet
                if i >= 0:
                    pos += i
                else:
                    pos += max(0, len(data) - len(ASK))
                if gone(sock, 0.2):
                    break
                continue
            cmd = data[i + len(ASK):j].rstrip(b'\r')
            pos += j + 1
            if not cmd.endswith(END):
                print('qemu-monitor: not run, cut: %s' %
                      cmd.decode('utf-8', 'replace'))
                continue
            cmd = cmd[:-len(END)]
            sock.sendall(cmd + b'\n')
            answer = until_prompt(sock)
            # the monitor echoes the command; keep what it said after it
            answer = answer[:-len(PROMPT)].decode('utf-8', 'replace')
            answer = ' '.join(answer.split('\n', 1)[1:]).strip() \
                if '\n' in answer else ''
            print('qemu-monitor: %s -> %s' % (cmd.decode('utf-8', 'replace'),
                                             answer or 'ok'))
            sent += 1
    except (EOFError, OSError):
        pass
    print('qemu-monitor: %d command(s)' % sent)
    return 0


if __name__ == '__main__':
    sys.exit(main())
