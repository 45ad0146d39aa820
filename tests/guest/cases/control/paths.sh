# The control file is also at the places later kernels' dynamic debug
# has it, <debugfs>/dynamic_debug/control and /proc/dynamic_debug/control:
# the same file, mode 0644, the same content, a write through any of the
# three seen through the others, bad writes refused the same way.
. /lib.sh
sites_setup
C1=$DCTL
C2=/sys/kernel/debug/dynamic_debug/control
C3=/proc/dynamic_debug/control
check "insmod dp_sites" insmod $MODDIR/dp_sites.ko
for c in $C1 $C2 $C3; do
	check "$c exists" test -f $c
	expect_eq "$c: mode 0644, root's" "-rw-r--r-- 0 0" "$(ls -ln $c | awk '{ print $1, $3, $4 }')"
done
same() {
	cat $C1 > /tmp/c1; cat $C2 > /tmp/c2; cat $C3 > /tmp/c3
	check "$1: $C2 reads the same as $C1" cmp -s /tmp/c1 /tmp/c2
	check "$1: $C3 reads the same as $C1" cmp -s /tmp/c1 /tmp/c3
}
same "at the start"
expect_eq "the header there too" "$DHEAD" "$(head -1 $C3)"
# wr <file> <command> <key> <flags>: written through that file, seen in all.
wr() {
	klog_mark
	printf '%s\n' "$2" > /tmp/w
	if dd if=/tmp/w of=$1 bs=$(wc -c < /tmp/w) count=1 2>/dev/null; then pass "'$2' through $1: accepted"; else fail "'$2' through $1: refused"; fi
	expect_eq "'$2' through $1: logged" "$(changed_log "$2" 1)" "$(klog_new)"
	expect_eq "'$2' through $1: $3 =$4" "=$4" "$(site_flags $3)"
	same "after '$2' through $1"
}
wr $C2 "func b_tab +pf" tab pf
wr $C3 "func b_tab -f" tab p
wr $C1 "func b_quote +mt" quote mt
wr $C3 "$(site quote l)" quote l
klog_mark
fire dp_sites w1
expect_eq "b_tab on through one file prints" "<7>dp_sites:tab${TAB}here w1" "$(klog_new)"
# Bad writes: EINVAL through each.
cat $C1 > /tmp/before
for c in $C2 $C3; do
	klog_mark
	printf 'func b_tab +x\n' > /tmp/w
	dd if=/tmp/w of=$c bs=14 count=1 2>/tmp/err && fail "a bad command through $c: accepted" ||
		case $(cat /tmp/err) in *"Invalid argument"*) pass "a bad command through $c: EINVAL" ;; *) fail "through $c: $(cat /tmp/err)" ;; esac
	expect_eq "through $c: logged" "<3>dynamic_printk: invalid command \"func b_tab +x\": unknown flag 'x'" "$(klog_new)"
done
check "nothing changed" sh -c "cat $C1 | cmp -s - /tmp/before"
# The modules file is not the control file.
check "the modules file is still the modules file" grep -qx 'dp_sites enabled=1' /sys/kernel/debug/dynamic_printk/modules
printf 'module dp_sites =_\n' > $C3
check "rmmod dp_sites" rmmod dp_sites
same "after rmmod"
expect_eq "no dp_sites line in $C3" 0 "$(grep -c '\[dp_sites\]' $C3)"
finish
