# 'set enabled=1 all' turns every module on, built-in ones and one loaded
# afterwards included; 'set enabled=0 all' turns everything off again,
# modules loaded afterwards included.  Checked in the control file and by
# what actually prints.
. /lib.sh
fire() { echo "$2" > /sys/module/$1/parameters/fire; }
n_lines() { dmesg | grep -cwF -- "$1"; }
raw_once() { [ "$(dmesg -r | grep -cxF -- "$1")" = 1 ]; }

check "insmod dp_dbg" insmod $MODDIR/dp_dbg.ko
check "set enabled=1 all" sh -c "echo 'set enabled=1 all' > $CTL"
check "logged '<7>dynamic_printk: all enabled=1'" raw_once "<7>dynamic_printk: all enabled=1"
expect_eq "no line is off" 0 "$(grep -c 'enabled=0$' $CTL)"
expect_eq "dp_dbg is on" "dp_dbg enabled=1" "$(grep '^dp_dbg ' $CTL)"
expect_eq "built-in kobject is on" "kobject enabled=1" "$(grep '^kobject ' $CTL)"
check "no line named 'all'" sh -c "! grep -q '^all ' $CTL"
fire dp_dbg a1
expect_eq "dp_dbg prints" 2 "$(n_lines a1)"

check "insmod allx afterwards" insmod $MODDIR/allx.ko
expect_eq "allx starts on" "allx enabled=1" "$(grep '^allx ' $CTL)"
fire allx a2
check "allx prints 'allx:pr a2'" klog_has "allx:pr a2"
# Built-in code: lib/kobject.c's pr_debug() runs when the module's kobject
# is added.
check "built-in kobject pr_debug printed for allx's kobject" \
	sh -c "dmesg | grep -q \"^kobject:kobject: 'allx' \""

check "set enabled=0 all" sh -c "echo 'set enabled=0 all' > $CTL"
check "logged '<7>dynamic_printk: all enabled=0'" raw_once "<7>dynamic_printk: all enabled=0"
expect_eq "no line is on" 0 "$(grep -c 'enabled=1$' $CTL)"
fire dp_dbg a3
fire allx a3
expect_eq "nothing prints" 0 "$(n_lines a3)"
check "rmmod allx" rmmod allx
k0=$(dmesg | grep -c "^kobject:kobject: 'allx' ")
check "insmod allx once more" insmod $MODDIR/allx.ko
expect_eq "allx now starts off" "allx enabled=0" "$(grep '^allx ' $CTL)"
fire allx a4
expect_eq "and is silent" 0 "$(n_lines a4)"
expect_eq "built-in kobject pr_debug silent for its new kobject" "$k0" \
	"$(dmesg | grep -c "^kobject:kobject: 'allx' ")"
# 'all' again after single switches, and a single switch after 'all'.
echo "set enabled=1 dp_dbg" > $CTL
echo "set enabled=1 all" > $CTL
echo "set enabled=0 all" > $CTL
expect_eq "'all' off turns off a module switched on singly" "dp_dbg enabled=0" "$(grep '^dp_dbg ' $CTL)"
fire dp_dbg a5
expect_eq "it is silent" 0 "$(n_lines a5)"
check "rmmod allx" rmmod allx
check "rmmod dp_dbg" rmmod dp_dbg
finish
