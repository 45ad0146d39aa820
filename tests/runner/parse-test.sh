#!/bin/bash
# The console-log parser must fail what should fail: feed it synthetic
# logs and compare its verdicts.
top=$(cd "$(dirname "$0")/../.." && pwd)
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
parse() { python3 "$top/tools/guest-parse.py" b "$t/log" "$@"; }
ok() { echo "PASS: runner:parse:$1"; }
ko() { echo "FAIL: runner:parse:$1: $2"; }

clean() {
	cat <<'L'
Linux version 2.6.27
@@DMESG-BEGIN boot
Freeing unused kernel memory
@@DMESG-END boot
@@CASE-BEGIN 10-a
RESULT PASS one
@@CASE-END 10-a rc=0
@@DMESG-BEGIN 10-a
@@DMESG-END 10-a
L
}
verdict() { # name, expected grep of output, description
	if out=$(parse "${@:3}"); echo "$out" | grep -q -- "$2"; then ok "$1"; else ko "$1" "$out"; fi
}
{ clean; echo "@@GUEST-DONE"; } > "$t/log"
verdict clean-passes '^PASS: guest:b:a (1 checks)' a
verdict clean-boot-passes '^PASS: guest:b:boot' a
verdict missing-case-fails '^FAIL: guest:b:z: did not run' a z
clean > "$t/log"
verdict no-done-fails '^FAIL: guest:b:boot: guest did not finish' a
{ clean; echo "@@GUEST-DONE"; } | sed 's/RESULT PASS one/RESULT FAIL one broke/' > "$t/log"
verdict result-fail-fails '^FAIL: guest:b:a: one broke' a
{ clean; echo "@@GUEST-DONE"; } | sed 's/RESULT PASS one/RESULT PASS one\nsome noise/' | sed 's/^@@DMESG-BEGIN 10-a$/@@DMESG-BEGIN 10-a\nBUG: unable to handle kernel NULL pointer dereference/' > "$t/log"
verdict oops-in-case-fails '^FAIL: guest:b:a: kernel log: BUG: unable' a
{ clean; echo "@@GUEST-DONE"; } | sed 's/^@@CASE-END 10-a rc=0/@@CASE-END 10-a rc=1/' > "$t/log"
verdict exit-code-fails '^FAIL: guest:b:a: exit 1' a
{ clean | sed '/RESULT/d'; echo "@@GUEST-DONE"; } > "$t/log"
verdict no-result-fails '^FAIL: guest:b:a: reported no result' a
{ echo "Kernel panic - not syncing: VFS"; clean; echo "@@GUEST-DONE"; } > "$t/log"
verdict panic-on-console-fails '^FAIL: guest:b:boot: console: Kernel panic' a
{ clean | sed 's/^Freeing unused kernel memory$/WARNING: at kernel\/foo.c:1 bar()/'; echo "@@GUEST-DONE"; } > "$t/log"
verdict warning-at-boot-fails '^FAIL: guest:b:boot' a
# The debug kernel's checkers (configs/debug.config): each report fails
# the case whose kernel log section it shows in; the harmless debugobjects
# selftest line at boot does not.
debug_report() { # name, line
	{ clean; echo "@@GUEST-DONE"; } | sed "s|^@@DMESG-BEGIN 10-a\$|@@DMESG-BEGIN 10-a\n$2|" > "$t/log"
	verdict "debug-$1-fails" '^FAIL: guest:b:a: kernel log: ' a
}
debug_report lockdep-banner '======================================================='
debug_report lockdep-circular '[ INFO: possible circular locking dependency detected ]'
debug_report lockdep-inconsistent 'inconsistent {HARDIRQ-ON-W} -> {IN-HARDIRQ-W} usage. [ INFO: inconsistent lock state ]'
debug_report lockdep-recursive '[ INFO: possible recursive locking detected ]'
debug_report lockdep-held-freed '[ BUG: held lock freed! ]'
debug_report lockdep-warn-on 'DEBUG_LOCKS_WARN_ON(!irqs_disabled())'
debug_report sleeping 'BUG: sleeping function called from invalid context at mm/slub.c:1600'
debug_report atomic-sched 'BUG: scheduling while atomic: sh/99/0x00000002'
debug_report slub-poison 'BUG kmalloc-96: Poison overwritten'
debug_report slub-redzone 'BUG kmalloc-64: Redzone overwritten'
debug_report slub-double-free 'BUG kmalloc-128: Object already free'
debug_report slab-corruption 'Slab corruption: size-64 start=ffff8800 len=64'
debug_report odebug 'ODEBUG: free active object type: timer_list'
{ clean | sed 's/^Freeing unused kernel memory$/ODEBUG: selftest passed\nLock dependency validator: Copyright (c) 2006 Red Hat, Inc., Ingo Molnar/'; echo "@@GUEST-DONE"; } > "$t/log"
verdict debug-boot-banners-pass '^PASS: guest:b:boot' a
# The 8250 driver's "too much work" message, which the emulated UART
# draws out on a loaded host, cuts a line the tty was sending in two;
# the line put back together passes, and a report it cut still fails.
uart='serial8250: too much work for irq4'
{ clean | sed "s/^Freeing unused kernel memory\$/ODEBUG: selftest pass$uart\ned/"; echo "@@GUEST-DONE"; } > "$t/log"
verdict uart-busy-passes '^PASS: guest:b:boot (1 serial8250 lines cut out)' a
{ clean; echo "@@GUEST-DONE"; } | sed "s|^@@DMESG-BEGIN 10-a\$|@@DMESG-BEGIN 10-a\nBU$uart\nG: unable to handle kernel paging request|" > "$t/log"
verdict uart-busy-cut-report-fails '^FAIL: guest:b:a: kernel log: BUG: unable' a
