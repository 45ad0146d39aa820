# Sourced by every guest case: small helpers that print RESULT lines.
# A case passes when it printed at least one "RESULT PASS" and no
# "RESULT FAIL" and returned 0 (see tools/guest-parse.py).
CTL=/sys/kernel/debug/dynamic_printk/modules
MODDIR=/modules
nfail=0

pass() { echo "RESULT PASS $*"; }
fail() { echo "RESULT FAIL $*"; nfail=$((nfail + 1)); }

# check <description> <command...>: PASS if the command succeeds.
check() {
	local what=$1; shift
	if "$@"; then pass "$what"; else fail "$what"; fi
}

# expect_eq <description> <expected> <actual>
expect_eq() {
	if [ "$2" = "$3" ]; then
		pass "$1"
	else
		fail "$1: expected '$2', got '$3'"
	fi
}

# ctl_write <string>: write the string to the control file in one
# write(2); prints nothing, returns write's success.  Uses printf so the
# caller decides about the newline.
ctl_write() { printf '%s' "$1" > "$CTL" 2>/dev/null; }


finish() {
	# Kernel log drained by klog_mark (see there): the host does not see
	# it, so look for the host parser's signs of trouble here.
	if [ -s /tmp/klog.drained ]; then
		local t
		t=$(grep -E "$KLOG_TROUBLE" /tmp/klog.drained | head -5)
		if [ -n "$t" ]; then
			fail "trouble in the drained kernel log: $(echo "$t" | head -1)"
			echo "$t" | sed 's/^/  trouble: /'
		fi
	fi
	[ "$nfail" -eq 0 ]; exit $?
}
# tools/guest-parse.py's signs of a sick kernel, as an extended regex.
KLOG_TROUBLE='Kernel panic|Oops|(^|[^E])BUG:|WARNING:|general protection fault|Call Trace|INFO: (inconsistent|possible|trying|lockdep)|sleeping function called|soft lockup|Slab corruption|Poison overwritten|list_(add|del) corruption|segfault at|kernel BUG|Unable to handle|={20,}|inconsistent lock state|possible (recursive|circular) locking|held lock freed|DEBUG_LOCKS_WARN_ON|scheduling while atomic|BUG [a-zA-Z0-9_.:-]+: |Redzone|overwritten|Object already free|ODEBUG: [^s]' 

# klog_has <line>: the kernel log has exactly this line.
klog_has() { dmesg | grep -qxF -- "$1"; }
# klog_count <line>: how many times.
klog_count() { dmesg | grep -cxF -- "$1"; }

# ---- batches, exact writes, what a write logs -----------------------------
# Built-in code compiled with DEBUG (fs/sysfs/mount.c, "mount", in the
# small config) starts enabled=1 without a word being written, and logs
# nothing for it.  DEBUG_ON lists those names: on in the control file as
# /init found it (/tmp/boot.ctl), without a boot-list switch logged for
# them at boot; empty after a boot in 'all' mode, where it cannot be told.
DEBUG_ON=
if [ -f /tmp/boot.ctl ] && grep -q 'enabled=0$' /tmp/boot.ctl; then
	for _n in $(grep 'enabled=1$' /tmp/boot.ctl | cut -d' ' -f1); do
		grep -qxF "<7>dynamic_printk: $_n enabled=1" /tmp/boot.rdmesg 2>/dev/null ||
			DEBUG_ON="$DEBUG_ON $_n"
	done
fi
DEBUG_ON=${DEBUG_ON# }
# on_lines: the lines of the control file that are on, those of the
# DEBUG_ON names left out; on_count: how many.
on_lines() {
	if [ -n "$DEBUG_ON" ]; then
		grep 'enabled=1$' "$CTL" | grep -vxE "($(echo $DEBUG_ON | tr ' ' '|')) enabled=1"
	else
		grep 'enabled=1$' "$CTL"
	fi
}
on_count() { on_lines | wc -l; }

# fire <module> <word>: run the module's "fire" call sites (the test
# modules' trigger parameter).
fire() { echo "$2" > /sys/module/$1/parameters/fire; }
# state <name>: the control file line of a name ("" if not listed).
state() { grep "^$1 " "$CTL"; }
# n_lines <text>: lines of the kernel log containing text.
n_lines() { dmesg | grep -cF -- "$1"; }

# klog_mark: remember where the kernel log ends; klog_new prints the raw
# lines ("<level>text") logged since.  init.sh clears the log between
# cases; a case that logs a lot would still fill the 128 KB buffer, so
# past 1000 lines klog_mark moves the log to /tmp/klog.drained (which
# finish checks for trouble) and starts from an empty one.
klog_mark() {
	KLOG_MARK=$(dmesg -r | wc -l)
	if [ "$KLOG_MARK" -gt 1000 ]; then
		dmesg -r -c >> /tmp/klog.drained
		KLOG_MARK=$(dmesg -r | wc -l)
	fi
}
klog_new() { dmesg -r | tail -n +$((KLOG_MARK + 1)); }

# ctl_put <printf format>: write exactly those bytes to the control file
# in one write(2) (dd bs=<size> count=1).  Returns dd's status; the first
# line of dd's stderr is in $CTL_ERR (the error, or "...records in").
ctl_put() {
	printf "$1" > /tmp/ctl.cmd
	ctl_put_file /tmp/ctl.cmd
}
# ctl_put_file <file>: the same with the bytes of a file.
ctl_put_file() {
	local size rc
	size=$(wc -c < "$1")
	dd if="$1" of="$CTL" bs="$size" count=1 2>/tmp/ctl.err; rc=$?
	CTL_ERR=$(head -1 /tmp/ctl.err)
	return $rc
}
# ctl_full: the last ctl_put wrote every byte in its one write(2).
ctl_full() { grep -q '^1+0 records out' /tmp/ctl.err; }

# write_ok <what> <printf format> [<expected log>]: the write is accepted
# whole (write(2) returns the full count); if given, the kernel log lines
# it caused are exactly <expected log> (raw, "<7>dynamic_printk: ...",
# several lines separated by newlines).
write_ok() {
	klog_mark
	if ctl_put "$2"; then
		if ctl_full; then pass "$1: accepted whole"; else fail "$1: short write: $CTL_ERR"; fi
	else
		fail "$1: rejected: $CTL_ERR"
		return 1
	fi
	[ $# -ge 3 ] && expect_eq "$1: logged" "$3" "$(klog_new)"
	return 0
}

# write_noop <what> <printf format>: a write without a command (only
# blanks, newlines, ';' and comments) is accepted whole, changes nothing
# and logs nothing.
write_noop() {
	cat "$CTL" > /tmp/ctl.before
	klog_mark
	if ctl_put "$2"; then
		if ctl_full; then pass "$1: accepted whole"; else fail "$1: short write: $CTL_ERR"; fi
	else
		fail "$1: rejected: $CTL_ERR"
	fi
	cat "$CTL" > /tmp/ctl.after
	cmp -s /tmp/ctl.before /tmp/ctl.after && pass "$1: nothing changed" ||
		fail "$1: the control file changed: $(diff /tmp/ctl.before /tmp/ctl.after | grep '^[-+][^-+]' | head -3 | tr '\n' ' ')"
	expect_eq "$1: nothing logged" "" "$(klog_new)"
}

# write_einval <what> <printf format> [<expected log text>]: the write
# fails with EINVAL, the control file is unchanged, and it logged exactly
# one line, at KERN_DEBUG, from dynamic_printk; if given, that line is
# <expected log text> (without the "<7>").
write_einval() {
	cat "$CTL" > /tmp/ctl.before
	klog_mark
	if ctl_put "$2"; then
		fail "$1: accepted"
		return 1
	fi
	case $CTL_ERR in
	*"Invalid argument"*) pass "$1: EINVAL" ;;
	*) fail "$1: failed, but not with EINVAL: $CTL_ERR" ;;
	esac
	cat "$CTL" > /tmp/ctl.after
	cmp -s /tmp/ctl.before /tmp/ctl.after && pass "$1: nothing changed" ||
		fail "$1: the control file changed: $(diff /tmp/ctl.before /tmp/ctl.after | grep '^[-+][^-+]' | head -3 | tr '\n' ' ')"
	expect_one_dp_line "$1" "$3"
}

# expect_one_dp_line <what> [<text>]: since klog_mark exactly one line was
# logged, "<7>dynamic_printk: ..." (and if given, "<7><text>").
expect_one_dp_line() {
	klog_new > /tmp/ctl.log
	if [ "$(wc -l < /tmp/ctl.log)" = 1 ] && grep -q '^<7>dynamic_printk: ' /tmp/ctl.log; then
		if [ -n "$2" ]; then
			expect_eq "$1: logged" "<7>$2" "$(cat /tmp/ctl.log)"
		else
			pass "$1: logged one KERN_DEBUG line: $(cat /tmp/ctl.log)"
		fi
	else
		fail "$1: expected one KERN_DEBUG dynamic_printk line, got $(wc -l < /tmp/ctl.log): $(head -3 /tmp/ctl.log | tr '\n' '|')"
	fi
}

# line_no <fixed string>: number of the first kernel log line that is
# exactly this (0 if none), to check the order of two messages.
line_no() { dmesg | grep -nxF -- "$1" | head -1 | cut -d: -f1 | grep . || echo 0; }
