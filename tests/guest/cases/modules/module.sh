# A module with pr_debug()/dev_dbg() call sites, built out of tree:
# appears off on insmod, silent while off, prints exactly the lines of
# Documentation/dynamic-printk.txt when on, silent again when off, gone on
# rmmod, off again when loaded again.
. /lib.sh
fire() { echo "$2" > /sys/module/$1/parameters/fire; }
# n_lines <text>: lines of the kernel log containing text
n_lines() { dmesg | grep -cwF -- "$1"; }
# raw_has <line>: the raw kernel log (with <level>) has this exact line once
raw_once() { [ "$(dmesg -r | grep -cxF -- "$1")" = 1 ]; }

check "no dp_dbg line before insmod" sh -c "! grep -q '^dp_dbg ' $CTL"
check "insmod dp_dbg" insmod $MODDIR/dp_dbg.ko
expect_eq "its line appears, off" "dp_dbg enabled=0" "$(grep '^dp_dbg ' $CTL)"
expect_eq "listed once" 1 "$(grep -c '^dp_dbg ' $CTL)"
expect_eq "the test device is bound to its driver" bound "$(cat /sys/module/dp_dbg/parameters/fire)"
check "its init ran" klog_has "dp_dbg_test: loaded"
expect_eq "its init-time pr_debug was silent" 0 "$(n_lines 'dp_dbg:init')"

fire dp_dbg off1
expect_eq "silent while off" 0 "$(n_lines off1)"

check "set enabled=1 dp_dbg" sh -c "echo 'set enabled=1 dp_dbg' > $CTL"
expect_eq "now on" "dp_dbg enabled=1" "$(grep '^dp_dbg ' $CTL)"
check "enabling logged '<7>dynamic_printk: dp_dbg enabled=1'" raw_once "<7>dynamic_printk: dp_dbg enabled=1"
expect_eq "no other line is on" 0 "$(on_lines | grep -vc '^dp_dbg ')"

fire dp_dbg on1
check "pr_debug printed '<7>dp_dbg:pr on1'" raw_once "<7>dp_dbg:pr on1"
check "dev_dbg printed '<7>dp_dbg_dev dp_dbg_dev.3: dp_dbg: dev on1'" \
	raw_once "<7>dp_dbg_dev dp_dbg_dev.3: dp_dbg: dev on1"
expect_eq "exactly those two lines" 2 "$(n_lines on1)"
fire dp_dbg on2
expect_eq "a second call prints again" 2 "$(n_lines on2)"

check "set enabled=0 dp_dbg" sh -c "echo 'set enabled=0 dp_dbg' > $CTL"
expect_eq "now off" "dp_dbg enabled=0" "$(grep '^dp_dbg ' $CTL)"
check "disabling logged '<7>dynamic_printk: dp_dbg enabled=0'" raw_once "<7>dynamic_printk: dp_dbg enabled=0"
fire dp_dbg off2
expect_eq "silent again" 0 "$(n_lines off2)"

check "rmmod dp_dbg" rmmod dp_dbg
check "its line is gone" sh -c "! grep -q '^dp_dbg ' $CTL"
check "re-insmod dp_dbg" insmod $MODDIR/dp_dbg.ko
expect_eq "it starts off again" "dp_dbg enabled=0" "$(grep '^dp_dbg ' $CTL)"
fire dp_dbg off3
expect_eq "and silent" 0 "$(n_lines off3)"
check "rmmod dp_dbg" rmmod dp_dbg
check "gone again" sh -c "! grep -q '^dp_dbg ' $CTL"
finish
