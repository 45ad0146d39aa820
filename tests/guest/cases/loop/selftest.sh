# The runner's own check: booted with dp_selftest_fail=1 (a kernel
# parameter, which reaches init's environment) this case must fail, and
# the host must report it as failed.  Otherwise it passes.
. /lib.sh
if [ "${dp_selftest_fail:-0}" = 1 ]; then
	fail "deliberate failure requested by dp_selftest_fail=1"
else
	pass "no failure requested"
fi
finish
