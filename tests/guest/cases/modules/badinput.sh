# Malformed commands, unknown names, non-numeric values, writes longer
# than a page, binary and NUL bytes (a carriage return is a blank): the
# write fails with EINVAL
# ("Invalid argument"), the control file is unchanged, nothing prints,
# nothing is logged above KERN_DEBUG, the kernel stays up.
# Each bad write logs exactly one KERN_DEBUG "dynamic_printk: "
# line saying why (the first bad command, a bad byte, the size).  Writes
# without a command succeed and change nothing; writes that the grammar
# accepts ("<name> enabled=<0|1>", a trailing ';') are checked for their
# meaning at the end.
. /lib.sh
fire() { echo "$2" > /sys/module/$1/parameters/fire; }
check "insmod dp_dbg" insmod $MODDIR/dp_dbg.ko
check "insmod allx" insmod $MODDIR/allx.ko
# A state with one module on, so that a bad write that enables or
# disables something shows.
echo "set enabled=1 allx" > $CTL
cat $CTL > /tmp/before
# Only what the bad writes log counts below.
nlog=$(dmesg -r | wc -l)
n=0
# verdict <what> <rc> <stderr> [<expected log text>]: also, the write
# logged one KERN_DEBUG dynamic_printk line (since klog_mark).
verdict() {
	n=$((n + 1))
	[ "$2" != 0 ] && expect_one_dp_line "$1" "$4"
	if [ "$2" = 0 ]; then
		fail "$1: accepted"
		cat $CTL > /tmp/before
	else
		case $3 in
		*"Invalid argument"*) ;;
		*) fail "$1: failed, not with EINVAL: $3"; return ;;
		esac
		cat $CTL > /tmp/after
		if cmp -s /tmp/before /tmp/after; then
			pass "$1: EINVAL, nothing changed"
		else
			fail "$1: EINVAL, but the control file changed"
			cp /tmp/after /tmp/before
		fi
	fi
}
# bad_echo <string> [<expected log text>]: one write(2) of the string and
# a newline; the log text defaults to 'invalid command "<string>"'.
bad_echo() {
	local err rc
	local want="dynamic_printk: invalid command \"$1\""
	[ $# -ge 2 ] && want=$2
	klog_mark
	err=$( { echo "$1" > $CTL; } 2>&1 ); rc=$?
	verdict "'$1'" $rc "$err" "$want"
}
# bad_bytes <what> <printf format> [<expected log text>]: one write(2) of
# exactly those bytes
bad_bytes() {
	local err rc size
	printf "$2" > /tmp/cmd
	size=$(wc -c < /tmp/cmd)
	klog_mark
	err=$(dd if=/tmp/cmd of=$CTL bs=$size count=1 2>&1); rc=$?
	verdict "$1 ($size bytes)" $rc "$err" "$3"
}

# No command at all is not malformed: it succeeds and changes nothing.
write_noop "a lone newline" '\n'
write_noop "blanks and a newline" '   \n'
write_noop "blanks only, no newline" '  \t '

# Malformed
bad_echo "set"
bad_echo "set enabled=1"
bad_echo "enabled=1 dp_dbg"
bad_echo "dp_dbg enabled=2"
bad_echo "dp_dbg enabled=1 extra"
bad_echo "dp_dbg dp_dbg enabled=1"
bad_echo "set enabled=1 dp_dbg extra"
bad_echo "set enabled=1 dp_dbg allx"
bad_echo "set set enabled=1 dp_dbg"
bad_echo "sett enabled=1 dp_dbg"
bad_echo "SET enabled=1 dp_dbg"
bad_echo "get enabled=1 dp_dbg"
bad_echo "set enabled=1dp_dbg"
bad_echo "set enabled 1 dp_dbg"
bad_echo "set enabled =1 dp_dbg"
bad_echo "set enabled= 1 dp_dbg"
bad_echo "set enabled=0 allx;;x" 'dynamic_printk: invalid command "x"'
bad_echo "set enabled=0 allx,dp_dbg"
bad_echo "set enabled=0 allx#"
write_noop "a comment only: '# set enabled=0 allx'" '# set enabled=0 allx\n'
bad_echo "set enabled=0 allx; set enabled=1 dp_db" 'dynamic_printk: invalid command "set enabled=1 dp_db"'
bad_echo "set enabled=1 dp_dbg # comment; sett enabled=0 allx
set enabled=0 al-lx" 'dynamic_printk: invalid command "sett enabled=0 allx"'

# Unknown names (including prefixes and extensions of known ones)
bad_echo "set enabled=1 no_such_module"
bad_echo "set enabled=1 dp_db"
bad_echo "set enabled=1 dp_dbgx"
bad_echo "set enabled=0 allxx"
bad_echo "set enabled=1 DP_DBG"
# Non-numeric or out of range values
bad_echo "set enabled= dp_dbg"
bad_echo "set enabled=x dp_dbg"
bad_echo "set enabled=one dp_dbg"
bad_echo "set enabled=1x dp_dbg"
bad_echo "set enabled=0x1 dp_dbg"
bad_echo "set enabled=2 dp_dbg"
bad_echo "set enabled=-1 dp_dbg"
bad_echo "set enabled=0x allx"
# Binary bytes and NULs
B='dynamic_printk: invalid byte'
bad_bytes "NUL after a valid command" 'set enabled=1 dp_dbg\000' "$B 0x00 at offset 20"
bad_bytes "NUL then junk after a valid command" 'set enabled=1 dp_dbg\000junk' "$B 0x00 at offset 20"
bad_bytes "NUL between the words" 'set\000enabled=1 dp_dbg' "$B 0x00 at offset 3"
bad_bytes "NUL inside the name" 'set enabled=0 al\000lx' "$B 0x00 at offset 16"
bad_bytes "a lone NUL" '\000' "$B 0x00 at offset 0"
bad_bytes "NULs" '\000\000\000\000\000\000\000\000' "$B 0x00 at offset 0"
bad_bytes "control byte in the name" 'set enabled=1 dp\001dbg' "$B 0x01 at offset 16"
bad_bytes "0xff after the name" 'set enabled=1 dp_dbg\377' "$B 0xff at offset 20"
bad_bytes "escape sequence" 'set enabled=0 allx\033[0m' "$B 0x1b at offset 18"
bad_bytes "high bytes" '\376\377\200\201' "$B 0xfe at offset 0"
bad_bytes "0x7f in the value" 'set enabled=\1771 dp_dbg' "$B 0x7f at offset 12"
bad_bytes "vertical tab between the words" 'set\venabled=1 dp_dbg' "$B 0x0b at offset 3"
bad_bytes "a good command, then a bad byte on the next line" 'set enabled=0 allx\nset enabled=1 dp_dbg\001\n' "$B 0x01 at offset 39"
dd if=/dev/urandom of=/tmp/rnd bs=200 count=1 2>/dev/null
klog_mark
err=$(dd if=/tmp/rnd of=$CTL bs=200 count=1 2>&1); verdict "200 random bytes" $? "$err"
# Longer than a page: a valid command padded with blanks, and junk
{ printf 'set enabled=1 dp_dbg'; head -c 4077 /dev/zero | tr '\0' ' '; } > /tmp/big
klog_mark
err=$(dd if=/tmp/big of=$CTL bs=4097 count=1 2>&1); verdict "valid command padded to 4097 bytes" $? "$err" \
	"dynamic_printk: write of 4097 bytes, more than 4096"
{ printf 'set enabled=1 dp_dbg'; head -c 4980 /dev/zero | tr '\0' ' '; } > /tmp/big
klog_mark
err=$(dd if=/tmp/big of=$CTL bs=5000 count=1 2>&1); verdict "valid command padded to 5000 bytes" $? "$err" \
	"dynamic_printk: write of 5000 bytes, more than 4096"
head -c 65536 /dev/zero | tr '\0' 'a' > /tmp/big
klog_mark
err=$(dd if=/tmp/big of=$CTL bs=65536 count=1 2>&1); verdict "65536 bytes of 'a'" $? "$err" \
	"dynamic_printk: write of 65536 bytes, more than 4096"

expect_eq "all 51 bad writes done" 51 "$n"
dmesg -r | tail -n +$((nlog + 1)) > /tmp/logged
above=$(grep -v '^<7>' /tmp/logged | head -3)
expect_eq "the bad writes logged nothing above KERN_DEBUG" "" "$above"
expect_eq "the bad writes logged one dynamic_printk line each" "$n" "$(grep -c '^<7>dynamic_printk: ' /tmp/logged)"
expect_eq "none of them a switch" 0 "$(grep -cE '^<7>dynamic_printk: [a-z0-9_]+ enabled=[01]$' /tmp/logged)"
fire dp_dbg b1
expect_eq "dp_dbg still silent" 0 "$(dmesg | grep -c b1)"
fire allx b2
check "allx still prints" klog_has "allx:pr b2"

# Inputs that were bad and are valid commands now.
write_ok "'dp_dbg enabled=1' (a line of the file) is a command" 'dp_dbg enabled=1\n' \
	"<7>dynamic_printk: dp_dbg enabled=1"
expect_eq "dp_dbg on" "dp_dbg enabled=1" "$(state dp_dbg)"
fire dp_dbg b3
expect_eq "dp_dbg prints" 2 "$(n_lines b3)"
write_ok "'set enabled=0 allx;' (a trailing ';') switches allx off" 'set enabled=0 allx;\n' \
	"<7>dynamic_printk: allx enabled=0"
expect_eq "allx off" "allx enabled=0" "$(state allx)"
write_ok "'set enabled=0 dp-dbg # a comment'" 'set enabled=0 dp-dbg # a comment\n' \
	"<7>dynamic_printk: dp_dbg enabled=0"
expect_eq "nothing on" 0 "$(on_count)"
check "rmmod allx" rmmod allx
check "rmmod dp_dbg" rmmod dp_dbg
finish
