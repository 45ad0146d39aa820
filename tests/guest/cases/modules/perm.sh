# Only root writes; another user gets EACCES ("Permission
# denied") and changes nothing.  Other users can read it.
. /lib.sh
fire() { echo "$2" > /sys/module/$1/parameters/fire; }
check "insmod dp_dbg" insmod $MODDIR/dp_dbg.ko
cat $CTL > /tmp/before
check "uid 1000 really is uid 1000" sh -c "[ \"\$(setuidgid 1000 id -u)\" = 1000 ]"
for c in "set enabled=1 dp_dbg" "set enabled=1 all" "set enabled=0 kobject"; do
	err=$(setuidgid 1000 sh -c "echo '$c' > $CTL" 2>&1) && fail "uid 1000: '$c' accepted" ||
	case $err in
	*"Permission denied"*) pass "uid 1000: '$c' fails with Permission denied" ;;
	*) fail "uid 1000: '$c' fails, but: $err" ;;
	esac
done
err=$(setuidgid 1000 dd if=/tmp/before of=$CTL bs=10 count=1 2>&1) && fail "uid 1000: dd accepted" ||
	case $err in *"Permission denied"*) pass "uid 1000: dd open for writing fails with Permission denied" ;;
	*) fail "uid 1000: dd: $err" ;; esac
cat $CTL > /tmp/after
check "nothing changed" cmp -s /tmp/before /tmp/after
fire dp_dbg p1
expect_eq "dp_dbg silent" 0 "$(dmesg | grep -c p1)"
setuidgid 1000 cat $CTL > /tmp/user 2>/tmp/err
check "uid 1000 can read it" test -s /tmp/user
check "and reads the same as root" cmp -s /tmp/before /tmp/user
echo "set enabled=1 dp_dbg" > $CTL
check "root still can write" grep -qx "dp_dbg enabled=1" $CTL
setuidgid 1000 cat $CTL > /tmp/user
check "uid 1000 sees the change" grep -qx "dp_dbg enabled=1" /tmp/user
echo "set enabled=0 dp_dbg" > $CTL
check "rmmod dp_dbg" rmmod dp_dbg
finish
