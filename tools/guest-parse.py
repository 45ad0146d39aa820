#!/usr/bin/env python3
"""guest-parse.py BOOT LOG CASE...: turn one guest boot's console log into
PASS:/FAIL: lines, one per case plus one for the boot itself.

A case passes when it ran to its end with rc=0, printed at least one
"RESULT PASS" and no "RESULT FAIL", and the kernel log of its section has
no sign of trouble.  The boot passes when the guest got to @@GUEST-DONE and
neither the console nor any kernel log section shows trouble."""
import os
import re
import sys

# Signs of a sick kernel; any of them fails the case (or boot) it shows in.
BAD = re.compile(r"Kernel panic|Oops|(?<!ODE)BUG:|WARNING:|general protection fault"
                 r"|Call Trace|INFO: (inconsistent|possible|trying|lockdep)"
                 r"|sleeping function called|soft lockup|Slab corruption"
                 r"|Poison overwritten|list_(add|del) corruption"
                 r"|segfault at|kernel BUG|Unable to handle"
                 # lockdep (its reports open with a line of '='), sleeping
                 # in atomic context, SLUB debugging ("BUG <cache>: ...",
                 # "... overwritten"), debugobjects
                 r"|={20,}|inconsistent lock state|possible recursive locking"
                 r"|possible circular locking|held lock freed"
                 r"|DEBUG_LOCKS_WARN_ON|scheduling while atomic"
                 r"|BUG [\w.:-]+: |Redzone|overwritten|Object already free"
                 r"|ODEBUG: (?!selftest passed)")


# The 8250 driver's interrupt handler gives up after 256 passes and says
# so.  The emulated UART sends a byte as soon as it is written, so a
# handler draining a full 4 KB transmit buffer 16 bytes a pass needs all
# 256, and more when the other virtual CPU refills the buffer meanwhile
# (the cases copy kernel log sections to the console).  How often that
# happens depends on the host's load, not on the guest.  The message goes
# out through the console driver, in the middle of whatever line the tty
# was sending; cutting it out puts that line back together.
UART = re.compile(r"serial8250: too much work for irq\d+\n")


def main():
    boot, logname, cases = sys.argv[1], sys.argv[2], sys.argv[3:]
    with open(logname, "rb") as f:
        text = f.read().decode("latin-1").replace("\r", "")
    text, uart = UART.subn("", text)
    lines = text.split("\n")
    out = []
    state = {}      # case -> dict(results=[], rc=None, bad=[])
    cur = None      # case whose output we are in
    dsec = None     # dmesg section we are in
    boot_bad = []
    done = False
    for i, line in enumerate(lines):
        m = re.search(r"@@CASE-BEGIN (\S+)", line)
        if m:
            cur = m.group(1)
            state.setdefault(cur, {"results": [], "rc": None, "bad": []})
            continue
        m = re.search(r"@@CASE-END (\S+) rc=(\d+)", line)
        if m:
            state.setdefault(m.group(1), {"results": [], "rc": None, "bad": []})
            state[m.group(1)]["rc"] = int(m.group(2))
            cur = None
            continue
        m = re.search(r"@@DMESG-BEGIN (\S+)", line)
        if m:
            dsec = m.group(1)
            continue
        if "@@DMESG-END" in line:
            dsec = None
            continue
        if "@@GUEST-DONE" in line:
            done = True
            continue
        m = re.search(r"RESULT (PASS|FAIL) ?(.*)", line)
        if m and cur:
            state[cur]["results"].append((m.group(1), m.group(2)))
            continue
        if BAD.search(line):
            where = dsec or cur
            if where and where in state:
                state[where]["bad"].append(line.strip())
            else:
                boot_bad.append(line.strip())
    for case in cases:
        name = "guest:%s:%s" % (boot, case)
        # The initramfs names cases NN-<file>; match on the suffix.
        key = next((k for k in state if k == case or
                    re.fullmatch(r"\d+-" + re.escape(case), k)), None)
        if key is None:
            out.append("FAIL: %s: did not run" % name)
            continue
        st = state[key]
        fails = [r for s, r in st["results"] if s == "FAIL"]
        passes = [r for s, r in st["results"] if s == "PASS"]
        why = []
        if st["rc"] is None:
            why.append("did not finish")
        elif st["rc"] != 0:
            why.append("exit %d" % st["rc"])
        if fails:
            why.append("; ".join(fails[:5]))
        if not passes and not fails:
            why.append("reported no result")
        if st["bad"]:
            why.append("kernel log: " + st["bad"][0])
        if why:
            out.append("FAIL: %s: %s" % (name, " | ".join(why)))
        else:
            out.append("PASS: %s (%d checks)" % (name, len(passes)))
    why = []
    if not done:
        tail = [l for l in lines if l.strip()][-3:]
        why.append("guest did not finish: " + " / ".join(tail))
    if boot_bad:
        why.append("console: " + boot_bad[0])
    # The boot's wall time, from guest-run.sh, and how often the UART
    # message above was cut out.
    note = []
    secs = os.path.join(os.path.dirname(logname), "seconds")
    if os.path.exists(secs):
        with open(secs) as f:
            note.append("%s s" % f.read().strip())
    if uart:
        note.append("%d serial8250 lines cut out" % uart)
    note = " (%s)" % ", ".join(note) if note else ""
    out.append(("FAIL: guest:%s:boot: %s%s" % (boot, " | ".join(why), note))
               if why else "PASS: guest:%s:boot%s" % (boot, note))
    print("\n".join(out))
    return 1 if any(o.startswith("FAIL") for o in out) else 0


if __name__ == "__main__":
    sys.exit(main())
