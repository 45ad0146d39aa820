# Arguments of a silent call site are not evaluated: dp_dbg's call sites
# count the evaluations of their arguments in the "evals" parameter.
. /lib.sh
fire() { echo "$2" > /sys/module/$1/parameters/fire; }
evals() { cat /sys/module/$1/parameters/evals; }
check "insmod dp_dbg" insmod $MODDIR/dp_dbg.ko
expect_eq "no evaluation at load (its init call site is off)" 0 "$(evals dp_dbg)"
fire dp_dbg a; fire dp_dbg b; fire dp_dbg c
expect_eq "3 calls of 2 silent call sites: no evaluation" 0 "$(evals dp_dbg)"
echo "set enabled=1 dp_dbg" > $CTL
fire dp_dbg d
expect_eq "1 call of 2 enabled call sites: 2 evaluations" 2 "$(evals dp_dbg)"
echo "set enabled=0 dp_dbg" > $CTL
fire dp_dbg e; fire dp_dbg f
expect_eq "silent again: still 2" 2 "$(evals dp_dbg)"
# Another module's switch does not make ours evaluate.
insmod $MODDIR/allx.ko
echo "set enabled=1 allx" > $CTL
fire dp_dbg g
expect_eq "another module on: still 2" 2 "$(evals dp_dbg)"
fire allx h
expect_eq "the other module's call site evaluated once" 1 "$(evals allx)"
echo "set enabled=0 allx" > $CTL
check "rmmod allx" rmmod allx
check "rmmod dp_dbg" rmmod dp_dbg
finish
