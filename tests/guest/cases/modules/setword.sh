# The setting word is exactly "enabled"; "enable=1",
# "enabledx=1" and other near misses are EINVAL and change nothing.
. /lib.sh
fire() { echo "$2" > /sys/module/$1/parameters/fire; }
check "insmod dp_dbg" insmod $MODDIR/dp_dbg.ko
cat $CTL > /tmp/before
for c in "set enable=1 dp_dbg" "set enabledx=1 dp_dbg" "set enabled_=1 dp_dbg" \
	 "set Enabled=1 dp_dbg" "set xenabled=1 dp_dbg" "set enable=1 all" \
	 "set enabledx=1 all" "set enabled:1 dp_dbg" "set enabled==1 dp_dbg"; do
	err=$( { echo "$c" > $CTL; } 2>&1 ) && fail "'$c' accepted" || {
		case $err in
		*"Invalid argument"*) pass "'$c' fails with EINVAL" ;;
		*) fail "'$c' failed, but not with EINVAL: $err" ;;
		esac
	}
	cat $CTL > /tmp/after
	cmp -s /tmp/before /tmp/after && pass "'$c' changed nothing" || fail "'$c' changed the control file"
done
fire dp_dbg w1
expect_eq "dp_dbg silent" 0 "$(dmesg | grep -c w1)"
check "the right word works: set enabled=1 dp_dbg" sh -c "echo 'set enabled=1 dp_dbg' > $CTL"
fire dp_dbg w2
check "dp_dbg prints" klog_has "dp_dbg:pr w2"
echo "set enabled=0 dp_dbg" > $CTL
check "rmmod dp_dbg" rmmod dp_dbg
finish
