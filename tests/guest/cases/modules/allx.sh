# 'all' is a keyword only as the whole word.  A module named
# "allx" is an ordinary name: switching it switches only it.
. /lib.sh
fire() { echo "$2" > /sys/module/$1/parameters/fire; }
n_lines() { dmesg | grep -cwF -- "$1"; }
check "insmod allx" insmod $MODDIR/allx.ko
check "insmod dp_dbg" insmod $MODDIR/dp_dbg.ko
expect_eq "allx listed under its own name, off" "allx enabled=0" "$(grep '^allx ' $CTL)"
grep -v '^allx ' $CTL > /tmp/others.before
check "set enabled=1 allx" sh -c "echo 'set enabled=1 allx' > $CTL"
expect_eq "allx is on" "allx enabled=1" "$(grep '^allx ' $CTL)"
grep -v '^allx ' $CTL > /tmp/others.after
check "every other line unchanged (not all mode)" cmp -s /tmp/others.before /tmp/others.after
check "logged 'dynamic_printk: allx enabled=1'" klog_has "dynamic_printk: allx enabled=1"
check "did not log 'dynamic_printk: all enabled=1'" sh -c "! dmesg | grep -qxF 'dynamic_printk: all enabled=1'"
fire allx x1
check "allx prints" klog_has "allx:pr x1"
fire dp_dbg x1
expect_eq "dp_dbg stays silent" 0 "$(dmesg | grep -c 'dp_dbg.*x1')"
rmmod dp_dbg; insmod $MODDIR/dp_dbg.ko
expect_eq "a module loaded after 'allx' was enabled starts off" "dp_dbg enabled=0" "$(grep '^dp_dbg ' $CTL)"
check "set enabled=0 allx" sh -c "echo 'set enabled=0 allx' > $CTL"
expect_eq "allx is off" "allx enabled=0" "$(grep '^allx ' $CTL)"
fire allx x2
expect_eq "allx silent" 0 "$(n_lines x2)"
# Prefixes and case variants of the keyword are names, and unknown ones.
for w in al ALL All alll; do
	if echo "set enabled=1 $w" > $CTL 2>/dev/null; then
		fail "'set enabled=1 $w' accepted"
	else
		pass "'set enabled=1 $w' rejected (no such name)"
	fi
done
expect_eq "nothing is on after those" 0 "$(on_count)"
check "rmmod allx" rmmod allx
check "rmmod dp_dbg" rmmod dp_dbg
finish
