# SPEC §5 bad input, in the guest: $fuzz_rounds (kernel parameter, default
# 2000) writes of random bytes to the control file, each one write(2) (dd
# bs=<len> count=1): pure random strings of 0..64, ~4096 and up to 8192
# bytes (NULs included), valid commands with one byte replaced by a random
# one, and valid commands with a NUL and junk after them.  After every
# write the whole control file is compared with its state before: a
# rejected write (it must fail with EINVAL) changes nothing; a write that
# succeeded must have been a valid command (then the state is reset).
# Nothing may be logged above KERN_DEBUG.  The seed is printed
# (fuzz_seed=N on the command line replays it).
. /lib.sh
N=${fuzz_rounds:-2000}
seed=${fuzz_seed:-$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')}
echo "seed $seed, $N writes"
check "insmod dp_dbg (a known name)" insmod $MODDIR/dp_dbg.ko
echo "set enabled=0 all" > $CTL
cat $CTL > /tmp/fz.base
name=dp_dbg
dmesg -c > /dev/null

# The plan: one "kind length position" line per write.
awk -v n="$N" -v s="$seed" 'BEGIN { srand(s); for (i = 0; i < n; i++) {
	k = int(rand() * 6)
	if (k <= 1) l = int(rand() * 65)		# short random
	else if (k == 2) l = 4090 + int(rand() * 12)	# around a page
	else if (k == 3) l = 1 + int(rand() * 8192)	# anything up to 2 pages
	else l = 0
	print k, l, int(rand() * 20) } }' > /tmp/fz.plan

valid() { # file: a command the SPEC accepts (blanks around, one newline)
	tr -d '\n' < "$1" | grep -qxE "[[:blank:]]*set enabled=[01] ($name|all)[[:blank:]]*" &&
	[ "$(tr -cd '\000' < "$1" | wc -c)" = 0 ]
}
rej=0 acc=0 badacc=0 changed=0 noteinval=0 i=0
while read -r k l p; do
	case $k in
	[0-3])	: > /tmp/fz.in
		[ $l -gt 0 ] && dd if=/dev/urandom of=/tmp/fz.in bs=$l count=1 2>/dev/null ;;
	4)	# a valid command with byte p replaced by a random byte
		printf 'set enabled=1 %s\n' $name > /tmp/fz.in
		dd if=/dev/urandom of=/tmp/fz.in bs=1 count=1 seek=$p conv=notrunc 2>/dev/null ;;
	5)	# a valid command, a NUL, junk
		printf 'set enabled=1 %s\000' $name > /tmp/fz.in
		dd if=/dev/urandom bs=$((p + 1)) count=1 2>/dev/null >> /tmp/fz.in ;;
	esac
	len=$(wc -c < /tmp/fz.in)
	# An empty file makes dd do no write(2) at all (empty writes are
	# tested in feature/badinput.sh).
	[ "$len" = 0 ] && { i=$((i + 1)); continue; }
	if dd if=/tmp/fz.in of=$CTL bs=$len count=1 2>/tmp/fz.err; then
		acc=$((acc + 1))
		if ! valid /tmp/fz.in; then
			badacc=$((badacc + 1))
			echo "accepted invalid write #$i (kind $k, $len bytes):"
			hexdump -C /tmp/fz.in | head -5 | sed 's/^/  /'
		fi
		echo "set enabled=0 all" > $CTL
	else
		rej=$((rej + 1))
		grep -q 'Invalid argument' /tmp/fz.err || { noteinval=$((noteinval + 1)); echo "write #$i (kind $k, $len bytes): $(cat /tmp/fz.err)"; }
	fi
	if ! cat $CTL | cmp -s - /tmp/fz.base; then
		changed=$((changed + 1))
		echo "state changed after write #$i (kind $k, $len bytes):"
		hexdump -C /tmp/fz.in | head -5 | sed 's/^/  /'
		echo "set enabled=0 all" > $CTL
	fi
	i=$((i + 1))
done < /tmp/fz.plan
echo "$i writes: $rej rejected, $acc accepted ($badacc of them invalid)"
check "most writes rejected" test "$rej" -gt $((i / 2))
expect_eq "no invalid write accepted" 0 "$badacc"
expect_eq "every rejection is EINVAL" 0 "$noteinval"
expect_eq "the state never changed" 0 "$changed"
# Nothing above KERN_DEBUG: accepted writes log one KERN_DEBUG line each.
dmesg -r > /tmp/fz.klog 2>/dev/null || dmesg > /tmp/fz.klog
lvl=$(grep -cv '^<7>' /tmp/fz.klog)
echo "kernel log: $(wc -l < /tmp/fz.klog) lines, $lvl above KERN_DEBUG"
grep -v '^<7>' /tmp/fz.klog | head -5 | sed 's/^/  klog: /'
expect_eq "nothing logged above KERN_DEBUG" 0 "$lvl"
expect_eq "control file unchanged at the end" "$(cat /tmp/fz.base)" "$(cat $CTL)"
check "rmmod dp_dbg" rmmod dp_dbg
finish
