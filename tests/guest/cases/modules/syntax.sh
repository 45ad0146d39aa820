# Accepted spellings.  A trailing newline (as echo sends) or none, blanks
# (spaces, tabs) around and between the words; each logs one KERN_DEBUG
# line ending in a newline (the next message starts a line of its own).
# Also the file's own line form "<name> enabled=<0|1>", '-' for '_' in the
# name, trailing comments, several commands per write.
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

# Batches and the file's own line form, each one write(2); the number of
# switches logged.
# ok_batch <what> <printf format> <expected state> <switches logged>
ok_batch() {
	klog_mark
	ok_bytes "$1" "$2" "$3"
	expect_eq "$1: $4 switch(es) logged" "$4" "$(klog_new | grep -cE '^<7>dynamic_printk: dp_dbg enabled=[01]$')"
	expect_eq "$1: nothing else logged" "" "$(klog_new | grep -vE '^<7>dynamic_printk: dp_dbg enabled=[01]$')"
}
ok_batch "the file's line form" 'dp_dbg enabled=1\n' 1 1
ok_batch "the line form, no newline" 'dp_dbg enabled=0' 0 1
ok_batch "the line form, blanks and tabs around and between" ' \t dp_dbg\t \tenabled=1 \t\n' 1 1
ok_batch "a dash for the underscore" 'set enabled=0 dp-dbg\n' 0 1
ok_batch "the line form with a dash" 'dp-dbg enabled=1\n' 1 1
ok_batch "a trailing comment after a blank" 'set enabled=0 dp_dbg # off\n' 0 1
ok_batch "a trailing comment after a tab, no newline" 'dp_dbg enabled=1\t#on' 1 1
ok_batch "a comment line before the command" '# a comment\nset enabled=0 dp_dbg\n' 0 1
ok_batch "two commands, ';'" 'set enabled=1 dp_dbg; set enabled=0 dp_dbg' 0 2
ok_batch "three commands, newlines, blank lines" '\nset enabled=0 dp_dbg\n\n dp_dbg enabled=1 \n\t\nset enabled=1 dp_dbg\n\n' 1 3
ok_batch "a trailing ';'" 'set enabled=0 dp_dbg;\n' 0 1
# busybox's printf (musl's stdio) sends its output with writev(), which
# 2.6.27 turns into one write per piece: the command, then its newline.
# Every piece must succeed, so the whole printf does.
klog_mark
err=$( { printf 'set enabled=1 dp_dbg\n' > $CTL; } 2>&1 ) &&
	pass "printf 'set enabled=1 dp_dbg\\n' succeeds" ||
	fail "printf 'set enabled=1 dp_dbg\\n' fails: $err"
expect_eq "printf: dp_dbg on" "dp_dbg enabled=1" "$(state dp_dbg)"
expect_eq "printf: logged one switch" "<7>dynamic_printk: dp_dbg enabled=1" "$(klog_new)"
cat $CTL > /tmp/ctl.before
klog_mark
err=$( { printf '\n' > $CTL; } 2>&1 ) && pass "printf '\\n' succeeds" ||
	fail "printf '\\n' fails: $err"
check "printf '\\n': nothing changed" sh -c "cat $CTL | cmp -s - /tmp/ctl.before"
expect_eq "printf '\\n': nothing logged" "" "$(klog_new)"
err=$( { printf 'set enabled=0 dp_dbg\n\n# done\n' > $CTL; } 2>&1 ) &&
	pass "printf of a command, a blank line and a comment succeeds" ||
	fail "printf of a command, a blank line and a comment fails: $err"
expect_eq "printf: dp_dbg off" "dp_dbg enabled=0" "$(state dp_dbg)"
fire dp_dbg s2
expect_eq "off after all that: silent" 0 "$(n_lines s2)"
expect_eq "no line has two messages" 0 "$(dmesg -r | grep -c '.<[0-7]>')"
check "rmmod dp_dbg" rmmod dp_dbg
finish
