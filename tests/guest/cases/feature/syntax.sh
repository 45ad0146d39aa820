# SPEC §2: accepted spellings.  A trailing newline (as echo sends) or none,
# blanks (spaces, tabs) around and between the words; each logs one KERN_DEBUG line
# ending in a newline (the next message starts a line of its own).
. /lib.sh
fire() { echo "$2" > /sys/module/$1/parameters/fire; }
raw_once() { [ "$(dmesg -r | grep -cxF -- "$1")" = 1 ]; }
check "insmod dp_dbg" insmod $MODDIR/dp_dbg.ko
# ok_bytes <what> <printf format> <expected state>: one write(2)
ok_bytes() {
	local size
	printf "$2" > /tmp/cmd
	size=$(wc -c < /tmp/cmd)
	if dd if=/tmp/cmd of=$CTL bs=$size count=1 2>/tmp/err; then
		expect_eq "$1: accepted" "dp_dbg enabled=$3" "$(grep '^dp_dbg ' $CTL)"
	else
		fail "$1: rejected: $(cat /tmp/err)"
	fi
}
ok_bytes "no newline" 'set enabled=1 dp_dbg' 1
ok_bytes "trailing newline" 'set enabled=0 dp_dbg\n' 0
ok_bytes "leading and trailing blanks" '  set enabled=1 dp_dbg  ' 1
ok_bytes "tabs and several blanks between the words" '\tset \t enabled=0\t\t dp_dbg\t\n' 0
ok_bytes "blanks then newline" 'set enabled=1 dp_dbg   \n' 1
fire dp_dbg s1
# Each switch logged one line; the message after the last one is a line
# of its own, so the switch's line ended with a newline.
expect_eq "five switches logged, each a whole KERN_DEBUG line" 5 "$(dmesg -r | grep -cE '^<7>dynamic_printk: dp_dbg enabled=[01]$')"
check "next message on a line of its own" raw_once "<7>dp_dbg:pr s1"
expect_eq "no line has two messages" 0 "$(dmesg -r | grep -c '.<[0-7]>')"
echo "set enabled=0 dp_dbg" > $CTL
check "rmmod dp_dbg" rmmod dp_dbg
finish
