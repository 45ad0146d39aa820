# SPEC §5: malformed commands, unknown names, empty commands, non-numeric
# values, writes longer than a page, binary and NUL bytes: the write fails
# with EINVAL ("Invalid argument"), the control file is unchanged, nothing
# prints, nothing is logged above KERN_DEBUG, the kernel stays up.
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
# verdict <what> <rc> <stderr>
verdict() {
	n=$((n + 1))
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
# bad_echo <string>: one write(2) of the string and a newline
bad_echo() {
	local err rc
	err=$( { echo "$1" > $CTL; } 2>&1 ); rc=$?
	verdict "'$1'" $rc "$err"
}
# bad_bytes <what> <printf format>: one write(2) of exactly those bytes
bad_bytes() {
	local err rc size
	printf "$2" > /tmp/cmd
	size=$(wc -c < /tmp/cmd)
	err=$(dd if=/tmp/cmd of=$CTL bs=$size count=1 2>&1); rc=$?
	verdict "$1 ($size bytes)" $rc "$err"
}

# Malformed
bad_echo ""
bad_echo "   "
bad_bytes "blanks only, no newline" '  \t '
bad_echo "set"
bad_echo "set enabled=1"
bad_echo "enabled=1 dp_dbg"
bad_echo "dp_dbg enabled=1"
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
bad_echo "set enabled=0 allx;"
bad_echo "set enabled=0 allx,dp_dbg"
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
bad_bytes "NUL after a valid command" 'set enabled=1 dp_dbg\000'
bad_bytes "NUL then junk after a valid command" 'set enabled=1 dp_dbg\000junk'
bad_bytes "NUL between the words" 'set\000enabled=1 dp_dbg'
bad_bytes "NUL inside the name" 'set enabled=0 al\000lx'
bad_bytes "a lone NUL" '\000'
bad_bytes "NULs" '\000\000\000\000\000\000\000\000'
bad_bytes "control byte in the name" 'set enabled=1 dp\001dbg'
bad_bytes "0xff after the name" 'set enabled=1 dp_dbg\377'
bad_bytes "escape sequence" 'set enabled=0 allx\033[0m'
bad_bytes "high bytes" '\376\377\200\201'
bad_bytes "0x7f in the value" 'set enabled=\1771 dp_dbg'
dd if=/dev/urandom of=/tmp/rnd bs=200 count=1 2>/dev/null
err=$(dd if=/tmp/rnd of=$CTL bs=200 count=1 2>&1); verdict "200 random bytes" $? "$err"
# Longer than a page: a valid command padded with blanks, and junk
{ printf 'set enabled=1 dp_dbg'; head -c 4077 /dev/zero | tr '\0' ' '; } > /tmp/big
err=$(dd if=/tmp/big of=$CTL bs=4097 count=1 2>&1); verdict "valid command padded to 4097 bytes" $? "$err"
{ printf 'set enabled=1 dp_dbg'; head -c 4980 /dev/zero | tr '\0' ' '; } > /tmp/big
err=$(dd if=/tmp/big of=$CTL bs=5000 count=1 2>&1); verdict "valid command padded to 5000 bytes" $? "$err"
head -c 65536 /dev/zero | tr '\0' 'a' > /tmp/big
err=$(dd if=/tmp/big of=$CTL bs=65536 count=1 2>&1); verdict "65536 bytes of 'a'" $? "$err"

expect_eq "all 47 bad writes done" 47 "$n"
dmesg -r | tail -n +$((nlog + 1)) > /tmp/logged
above=$(grep -v '^<7>' /tmp/logged | head -3)
expect_eq "the bad writes logged nothing above KERN_DEBUG" "" "$above"
expect_eq "nothing logged by dynamic_printk but the one good switch" \
	"<7>dynamic_printk: allx enabled=1" "$(dmesg -r | grep dynamic_printk)"
fire dp_dbg b1
expect_eq "dp_dbg still silent" 0 "$(dmesg | grep -c b1)"
fire allx b2
check "allx still prints" klog_has "allx:pr b2"
echo "set enabled=0 allx" > $CTL
check "rmmod allx" rmmod allx
check "rmmod dp_dbg" rmmod dp_dbg
finish
