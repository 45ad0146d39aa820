# Unloading an enabled module leaves nothing behind: its line
# disappears, its name can no longer be switched, and loading it again
# starts it off and silent.
. /lib.sh
fire() { echo "$2" > /sys/module/$1/parameters/fire; }
evals() { cat /sys/module/$1/parameters/evals; }
n_lines() { dmesg | grep -cwF -- "$1"; }
check "insmod dp_dbg" insmod $MODDIR/dp_dbg.ko
echo "set enabled=1 dp_dbg" > $CTL
fire dp_dbg u1
expect_eq "it prints while on" 2 "$(n_lines u1)"
check "rmmod it while on" rmmod dp_dbg
check "its line is gone" sh -c "! grep -q '^dp_dbg ' $CTL"
err=$( { echo "set enabled=0 dp_dbg" > $CTL; } 2>&1 ) && fail "its name can still be switched" ||
	expect_eq "its name is unknown now (EINVAL)" "sh: write error: Invalid argument" "$err"
expect_eq "nothing is on" 0 "$(on_count)"
check "insmod it again" insmod $MODDIR/dp_dbg.ko
expect_eq "it starts off" "dp_dbg enabled=0" "$(grep '^dp_dbg ' $CTL)"
fire dp_dbg u2
expect_eq "and silent" 0 "$(n_lines u2)"
expect_eq "and evaluates nothing" 0 "$(evals dp_dbg)"
# Twice on, rmmod, load: still off.  Then several rounds.
i=0
while [ $i -lt 5 ]; do
	echo "set enabled=1 dp_dbg" > $CTL
	rmmod dp_dbg
	insmod $MODDIR/dp_dbg.ko
	i=$((i + 1))
done
expect_eq "after 5 enable/unload/load rounds: off" "dp_dbg enabled=0" "$(grep '^dp_dbg ' $CTL)"
expect_eq "listed once" 1 "$(grep -c '^dp_dbg ' $CTL)"
fire dp_dbg u3
expect_eq "silent" 0 "$(n_lines u3)"
check "rmmod dp_dbg" rmmod dp_dbg
finish
