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


finish() { [ "$nfail" -eq 0 ]; exit $?; }

# klog_has <line>: the kernel log has exactly this line.
klog_has() { dmesg | grep -qxF -- "$1"; }
# klog_count <line>: how many times.
klog_count() { dmesg | grep -cxF -- "$1"; }
