# A write of exactly one page (4096 bytes) is not
# "longer than a page": a valid command padded with blanks to 4096 bytes
# is accepted; one byte more (4097) is EINVAL.
. /lib.sh
check "insmod dp_dbg" insmod $MODDIR/dp_dbg.ko
{ printf 'set enabled=1 dp_dbg'; head -c 4076 /dev/zero | tr '\0' ' '; } > /tmp/page
expect_eq "command file is 4096 bytes" 4096 "$(wc -c < /tmp/page)"
if err=$(dd if=/tmp/page of=$CTL bs=4096 count=1 2>&1); then
	pass "4096-byte write accepted"
else
	fail "4096-byte write (valid command + blanks) rejected: $(echo "$err" | head -1)"
fi
expect_eq "dp_dbg is on" "dp_dbg enabled=1" "$(grep '^dp_dbg ' $CTL)"
{ printf 'set enabled=0 dp_dbg'; head -c 4077 /dev/zero | tr '\0' ' '; } > /tmp/page
err=$(dd if=/tmp/page of=$CTL bs=4097 count=1 2>&1) && fail "4097-byte write accepted" ||
	case $err in *"Invalid argument"*) pass "4097-byte write: EINVAL" ;; *) fail "4097: $err" ;; esac
expect_eq "dp_dbg still on" "dp_dbg enabled=1" "$(grep '^dp_dbg ' $CTL)"
echo "set enabled=0 dp_dbg" > $CTL
check "rmmod dp_dbg" rmmod dp_dbg
finish
