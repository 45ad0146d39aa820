# userspace/dynamic_printk (installed as /bin/dynamic_printk): usage errors,
# list (all, a pattern, '-' read as '_'), on/off of modules and what that
# does to the control file and to what prints, several names in one call,
# '-' in names, an unknown name (exit 1, its message, nothing written),
# 'all on' / 'all off'.
. /lib.sh
fire() { echo "$2" > /sys/module/$1/parameters/fire; }
n_lines() { dmesg | grep -cwF -- "$1"; }
# run <args...>: run the tool; its stdout in /tmp/t.out, stderr in
# /tmp/t.err, exit status in $rc.
run() { dynamic_printk "$@" > /tmp/t.out 2> /tmp/t.err; rc=$?; }
state() { grep "^$1 " $CTL; }
# log lines the control file writes make ("dynamic_printk: ..."), so far
nlog() { dmesg | grep -c '^dynamic_printk: '; }
show_err() { sed 's/^/  stderr: /' /tmp/t.err; }

check "the tool is installed" test -x /bin/dynamic_printk
check "insmod dp_dbg" insmod $MODDIR/dp_dbg.ko
check "insmod allx" insmod $MODDIR/allx.ko

# --- usage errors: exit 2, usage on stderr, nothing on stdout
for args in "" "bogus" "on" "off" "all" "all maybe" "all on off" "save" \
	"save a b" "restore" "list a b"; do
	# shellcheck disable=SC2086
	run $args
	expect_eq "usage error '$args': exit 2" 2 "$rc"
	check "usage error '$args': usage on stderr" grep -q '^Usage: dynamic_printk ' /tmp/t.err
	check "usage error '$args': nothing on stdout" test ! -s /tmp/t.out
done
run help
expect_eq "help: exit 0" 0 "$rc"
check "help: usage on stdout" grep -q '^Usage: dynamic_printk ' /tmp/t.out

# --- list
cat $CTL > /tmp/ctl
run list
expect_eq "list: exit 0" 0 "$rc"
check "list: prints the control file" cmp -s /tmp/ctl /tmp/t.out
check "list: nothing on stderr" test ! -s /tmp/t.err
run list 'dp_*'
expect_eq "list 'dp_*': exit 0" 0 "$rc"
expect_eq "list 'dp_*': just dp_dbg" "dp_dbg enabled=0" "$(cat /tmp/t.out)"
run list 'dp-*'
expect_eq "list 'dp-*' ('-' read as '_'): just dp_dbg" "dp_dbg enabled=0" "$(cat /tmp/t.out)"
run list '*x'
expect_eq "list '*x': just allx" "allx enabled=0" "$(cat /tmp/t.out)"
run list '[ak]*'
expect_eq "list '[ak]*': allx and kobject" "$(grep '^[ak]' /tmp/ctl)" "$(cat /tmp/t.out)"
run list 'k?bject'
expect_eq "list 'k?bject': kobject" "kobject enabled=0" "$(cat /tmp/t.out)"
run list 'dp'
expect_eq "list 'dp' (whole name only): exit 0" 0 "$rc"
check "list 'dp': prints nothing" test ! -s /tmp/t.out

# --- on / off one module, and what prints
n0=$(nlog)
run on dp_dbg
expect_eq "on dp_dbg: exit 0" 0 "$rc"
check "on dp_dbg: nothing on stderr" test ! -s /tmp/t.err
expect_eq "on dp_dbg: its line says enabled=1" "dp_dbg enabled=1" "$(state dp_dbg)"
expect_eq "on dp_dbg: no other line changed" "$(grep -v '^dp_dbg ' /tmp/ctl)" "$(grep -v '^dp_dbg ' $CTL)"
expect_eq "on dp_dbg: one control log line" $((n0 + 1)) "$(nlog)"
check "on dp_dbg: logged 'dynamic_printk: dp_dbg enabled=1'" klog_has "dynamic_printk: dp_dbg enabled=1"
fire dp_dbg tb1
check "dp_dbg prints its pr_debug" klog_has "dp_dbg:pr tb1"
expect_eq "dp_dbg prints both call sites" 2 "$(n_lines tb1)"
run list dp_dbg
expect_eq "list dp_dbg shows it on" "dp_dbg enabled=1" "$(cat /tmp/t.out)"
run off dp_dbg
expect_eq "off dp_dbg: exit 0" 0 "$rc"
expect_eq "off dp_dbg: its line says enabled=0" "dp_dbg enabled=0" "$(state dp_dbg)"
check "off dp_dbg: control file as at the start" sh -c "cat $CTL | cmp -s /tmp/ctl -"
fire dp_dbg tb2
expect_eq "dp_dbg silent again" 0 "$(n_lines tb2)"

# --- several names at once, '-' for '_'
n0=$(nlog)
run on dp-dbg allx perfctr-watchdog
expect_eq "on dp-dbg allx perfctr-watchdog: exit 0" 0 "$rc"
show_err
expect_eq "dp-dbg switched dp_dbg on" "dp_dbg enabled=1" "$(state dp_dbg)"
expect_eq "allx on" "allx enabled=1" "$(state allx)"
expect_eq "perfctr-watchdog switched perfctr_watchdog on" "perfctr_watchdog enabled=1" "$(state perfctr_watchdog)"
# (code that defines DEBUG starts on: built-in sysfs's "mount" does)
expect_eq "those three lines more are on" $((3 + $(grep -c 'enabled=1$' /tmp/ctl))) "$(grep -c 'enabled=1$' $CTL)"
expect_eq "three control log lines" $((n0 + 3)) "$(nlog)"
check "logged with the '_' name" klog_has "dynamic_printk: perfctr_watchdog enabled=1"
fire allx tb3
check "allx prints" klog_has "allx:pr tb3"
run off allx perfctr-watchdog
expect_eq "off allx perfctr-watchdog: exit 0" 0 "$rc"
expect_eq "only dp_dbg left on" "$(sed 's/^dp_dbg enabled=0$/dp_dbg enabled=1/' /tmp/ctl)" "$(cat $CTL)"
run off dp-dbg
expect_eq "off dp-dbg: exit 0" 0 "$rc"
check "everything off again" sh -c "cat $CTL | cmp -s /tmp/ctl -"

# --- unknown names: exit 1, one message each, nothing written
# unknown <bad name> <name>...: "on <name>..." fails because of <bad name>
unknown() {
	bad=$1
	shift
	n0=$(nlog)
	run on "$@"
	expect_eq "on $*: exit 1" 1 "$rc"
	expect_eq "on $*: message" "dynamic_printk: unknown module name: $bad" "$(cat /tmp/t.err)"
	check "on $*: control file unchanged" sh -c "cat $CTL | cmp -s /tmp/ctl -"
	expect_eq "on $*: nothing written (no control log line)" "$n0" "$(nlog)"
}
unknown nosuch nosuch
unknown nosuch dp_dbg nosuch
unknown dp_db allx dp_dbg dp_db
unknown dp_dbgx dp_dbgx dp_dbg
unknown all dp_dbg all
unknown "dp_dbg;allx" dp_dbg "dp_dbg;allx"
unknown "dp_dbg enabled=1" "dp_dbg enabled=1"
unknown "allx
dp_dbg" "allx
dp_dbg"
unknown "" dp_dbg ""
run off nosuch1 dp_dbg nosuch2
expect_eq "off with two unknown names: exit 1" 1 "$rc"
expect_eq "both named" "dynamic_printk: unknown module name: nosuch1
dynamic_printk: unknown module name: nosuch2" "$(cat /tmp/t.err)"
fire dp_dbg tb4
expect_eq "dp_dbg stayed silent" 0 "$(n_lines tb4)"

# --- all on / all off
n0=$(nlog)
run all on
expect_eq "all on: exit 0" 0 "$rc"
check "all on: logged 'dynamic_printk: all enabled=1'" klog_has "dynamic_printk: all enabled=1"
expect_eq "all on: one control log line" $((n0 + 1)) "$(nlog)"
expect_eq "all on: no line off" 0 "$(grep -c 'enabled=0$' $CTL)"
fire dp_dbg tb5
expect_eq "all on: dp_dbg prints" 2 "$(n_lines tb5)"
run all off
expect_eq "all off: exit 0" 0 "$rc"
check "all off: logged 'dynamic_printk: all enabled=0'" klog_has "dynamic_printk: all enabled=0"
expect_eq "all off: every line off" "$(sed 's/ enabled=1$/ enabled=0/' /tmp/ctl)" "$(cat $CTL)"
fire dp_dbg tb6
fire allx tb6
expect_eq "all off: nothing prints" 0 "$(n_lines tb6)"

# back to the start state for the next cases
sed -n 's/^\(.*\) enabled=1$/set enabled=1 \1/p' /tmp/ctl |
	while read -r line; do echo "$line" > $CTL; done
check "rmmod allx" rmmod allx
check "rmmod dp_dbg" rmmod dp_dbg
finish
