# Bad input, in the guest: $fuzz_rounds (kernel parameter, default
# 600) writes of random bytes to the control file, each one write(2) (dd
# bs=<len> count=1): pure random strings of 0..64, ~4096 and up to 8192
# bytes (NULs included), valid commands with one byte replaced by a random
# one, valid commands with a NUL and junk after them, and random
# batches of commands, good and bad, in both forms, with ';', newlines,
# blanks, dashes and comments.  Every write is judged against a model of
# the control file's grammar (an awk program below): a write the model rejects
# must fail with EINVAL, change nothing and log exactly one KERN_DEBUG
# "dynamic_printk: " line; a write it accepts must succeed, leave the
# control file exactly as the model computes (then the state is reset)
# and log one KERN_DEBUG line per command.  Nothing may be logged above
# KERN_DEBUG.  The seed is printed (fuzz_seed=N on the command line
# replays it).
. /lib.sh
N=${fuzz_rounds:-600}
seed=${fuzz_seed:-$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')}
echo "seed $seed, $N writes"
check "insmod dp_dbg (a known name)" insmod $MODDIR/dp_dbg.ko
echo "set enabled=0 all" > $CTL
cat $CTL > /tmp/fz.base
name=dp_dbg
dmesg -c > /dev/null
: > /tmp/fz.klog
# drain_one: what the kernel logged since the last drain goes to fz.klog
# whole; its own lines, what a write logged, to fz.one (a loaded host
# makes the kernel log other things meanwhile, such as clocksource
# warnings)
drain_one() {
	dmesg -r -c > /tmp/fz.raw
	cat /tmp/fz.raw >> /tmp/fz.klog
	grep '^<[0-7]>dynamic_printk: ' /tmp/fz.raw > /tmp/fz.one
}

# The plan: one "kind length position" line per write.
awk -v n="$N" -v s="$seed" 'BEGIN { srand(s); for (i = 0; i < n; i++) {
	k = int(rand() * 7)
	if (k <= 1) l = int(rand() * 65)		# short random
	else if (k == 2) l = 4090 + int(rand() * 12)	# around a page
	else if (k == 3) l = 1 + int(rand() * 8192)	# anything up to 2 pages
	else l = 0
	print k, l, int(rand() * 20) } }' > /tmp/fz.plan

# The grammar of the control file (Documentation/dynamic-printk.txt), as a
# model: reads the
# control file ("name enabled=v" lines), then the write; prints INVALID,
# or "VALID <commands>" and the control file the write must leave.  The
# bytes (printable ASCII, blank, tab, CR, newline only) and the size (at most
# 4096) are checked before; a write without a command is VALID 0.
cat > /tmp/fz.awk <<'AWK'
NR == FNR { names[++nn] = $1; val[$1] = substr($2, 9); known[$1] = 1; next }
{ lines[++nl] = $0 }
END {
	for (i = 1; i <= nl && !bad; i++) {
		# a comment: from a '#' that starts a word to the end of
		# its command (';' or the end of the line); CR is a blank
		nc = split(lines[i], cmds, ";")
		for (k = 1; k <= nc; k++) {
			c = cmds[k]
			for (j = 1; j <= length(c); j++)
				if (substr(c, j, 1) == "#" && (j == 1 || substr(c, j - 1, 1) ~ /[ \t\r]/)) {
					c = substr(c, 1, j - 1)
					break
				}
			sub(/^[ \t\r]+/, "", c); sub(/[ \t\r]+$/, "", c)
			if (c == "") continue
			nw = split(c, w, /[ \t\r]+/)
			if (nw == 3 && w[1] == "set" && w[2] ~ /^enabled=[01]$/) { nm = w[3]; v = substr(w[2], 9) }
			else if (nw == 2 && w[2] ~ /^enabled=[01]$/) { nm = w[1]; v = substr(w[2], 9) }
			else { bad = 1; break }
			gsub(/-/, "_", nm)
			if (nm != "all" && !(nm in known)) { bad = 1; break }
			cn[++ncmd] = nm; cv[ncmd] = v
		}
	}
	if (bad) { print "INVALID"; exit }
	print "VALID " (ncmd + 0)
	for (i = 1; i <= ncmd; i++)
		if (cn[i] == "all") { for (x in val) val[x] = cv[i] }
		else val[cn[i]] = cv[i]
	for (i = 1; i <= nn; i++) print names[i] " enabled=" val[names[i]]
}
AWK
# model <file>: first line of /tmp/fz.model: INVALID or VALID <n>
model() {
	local len
	len=$(wc -c < "$1")
	# (counted: a command substitution would drop a NUL)
	if [ "$len" -gt 4096 ] || [ "$(tr -d '\t\r\n\040-\176' < "$1" | wc -c)" != 0 ]; then
		echo INVALID > /tmp/fz.model
	else
		awk -f /tmp/fz.awk /tmp/fz.base "$1" > /tmp/fz.model
	fi
}
# batch <i>: a random batch of 1..5 commands, mostly well-formed
batch() {
	awk -v s="$seed" -v i="$1" 'function pick(a, n) { return a[1 + int(rand() * n)] }
	BEGIN { srand(s * 7919 + i)
		ng = split("dp_dbg dp-dbg all kobject bus platform dp_dbg", good, " ")
		nb = split("allx dp_dbgx DP_DBG al dp__dbg dp_dbg# x set", badn, " ")
		nv = split("enabled=1 enabled=0 enabled=1 enabled=0 enable=1 enabled=2 enabled= enabled=1x", vals, " ")
		nsep = split(";| ; |\n|\n\n|;\t|\n \t\n", seps, "|")
		nbl = split(" | |  |\t| \t|\r", blanks, "|")
		n = 1 + int(rand() * 5); out = ""
		for (c = 0; c < n; c++) {
			nm = rand() < 0.85 ? pick(good, ng) : pick(badn, nb)
			v = rand() < 0.85 ? pick(vals, 4) : pick(vals, nv)
			b = pick(blanks, nbl)
			r = rand()
			if (r < 0.45) cmd = "set" b v b nm
			else if (r < 0.9) cmd = nm b v
			else if (r < 0.95) cmd = "set" b nm b v
			else cmd = nm
			if (rand() < 0.2) cmd = b cmd b
			if (rand() < 0.15) cmd = cmd (rand() < 0.5 ? " # comment" : "\t#c;set enabled=1 all")
			if (rand() < 0.05) cmd = "#" cmd
			sep = pick(seps, nsep)
			out = out (c ? sep : "") cmd
		}
		if (rand() < 0.7) out = out "\n"
		printf "%s", out }'
}
rej=0 acc=0 wrong=0 noteinval=0 badlog=0 mismatch=0 i=0 kacc=0 k6=0
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
	6)	batch $i > /tmp/fz.in; k6=$((k6 + 1)) ;;
	esac
	len=$(wc -c < /tmp/fz.in)
	# An empty file makes dd do no write(2) at all (empty writes are
	# tested on the host).
	[ "$len" = 0 ] && { i=$((i + 1)); continue; }
	model /tmp/fz.in
	read -r verdict ncmd < /tmp/fz.model
	if dd if=/tmp/fz.in of=$CTL bs=$len count=1 2>/tmp/fz.err; then
		acc=$((acc + 1)); [ $k = 6 ] && kacc=$((kacc + 1))
		drain_one
		if [ "$verdict" != VALID ]; then
			wrong=$((wrong + 1))
			echo "accepted a write the grammar rejects, #$i (kind $k, $len bytes):"
			hexdump -C /tmp/fz.in | head -5 | sed 's/^/  /'
		else
			tail -n +2 /tmp/fz.model > /tmp/fz.want
			if ! cat $CTL | cmp -s - /tmp/fz.want; then
				mismatch=$((mismatch + 1))
				echo "write #$i (kind $k): state differs from the model:"
				hexdump -C /tmp/fz.in | head -5 | sed 's/^/  /'
				cat $CTL | diff /tmp/fz.want - | grep '^[-+][a-z]' | head -4 | sed 's/^/  /'
			fi
			if [ "$(wc -l < /tmp/fz.one)" != "$ncmd" ] ||
			   grep -qvE '^<7>dynamic_printk: [A-Za-z0-9_]+ enabled=[01]$' /tmp/fz.one; then
				badlog=$((badlog + 1))
				echo "write #$i (kind $k, $ncmd commands) logged: $(head -3 /tmp/fz.one | tr '\n' '|')"
			fi
		fi
		echo "set enabled=0 all" > $CTL
	else
		rej=$((rej + 1))
		drain_one
		grep -q 'Invalid argument' /tmp/fz.err || { noteinval=$((noteinval + 1)); echo "write #$i (kind $k, $len bytes): $(cat /tmp/fz.err)"; }
		if [ "$verdict" = VALID ]; then
			wrong=$((wrong + 1))
			echo "rejected a write the grammar accepts, #$i (kind $k, $len bytes):"
			hexdump -C /tmp/fz.in | head -5 | sed 's/^/  /'
		fi
		if [ "$(wc -l < /tmp/fz.one)" != 1 ] ||
		   ! grep -qE '^<7>dynamic_printk: (invalid command "|invalid byte 0x[0-9a-f][0-9a-f] at offset [0-9]+$|write of [0-9]+ bytes, more than 4096$)' /tmp/fz.one; then
			badlog=$((badlog + 1))
			echo "rejected write #$i (kind $k) logged: $(head -3 /tmp/fz.one | tr '\n' '|')"
		fi
	fi
	if ! cat $CTL | cmp -s - /tmp/fz.base; then
		echo "state changed after write #$i (kind $k, $len bytes):"
		hexdump -C /tmp/fz.in | head -5 | sed 's/^/  /'
		mismatch=$((mismatch + 1))
		echo "set enabled=0 all" > $CTL
	fi
	dmesg -r -c >> /tmp/fz.klog
	i=$((i + 1))
done < /tmp/fz.plan
echo "$i writes: $rej rejected, $acc accepted; $k6 random batches, $kacc of them accepted"
check "most writes rejected" test "$rej" -gt $((i / 2))
check "some random batches accepted (the model is not trivially 'invalid')" test "$kacc" -gt 0
check "some random batches rejected" test "$kacc" -lt "$k6"
expect_eq "every write accepted or rejected as the grammar says" 0 "$wrong"
expect_eq "every rejection is EINVAL" 0 "$noteinval"
expect_eq "the state always as the model says (rejected: unchanged)" 0 "$mismatch"
expect_eq "every write logged as it should (rejected: one line; accepted: one per command)" 0 "$badlog"
# Nothing of this feature above KERN_DEBUG in everything logged.
lvl=$(grep 'dynamic_printk' /tmp/fz.klog | grep -cv '^<7>')
echo "kernel log: $(wc -l < /tmp/fz.klog) lines, $lvl of dynamic_printk above KERN_DEBUG"
grep -v '^<7>' /tmp/fz.klog | head -5 | sed 's/^/  klog: /'
expect_eq "nothing logged above KERN_DEBUG" 0 "$lvl"
expect_eq "no sign of trouble in the log" "" "$(grep -E "$KLOG_TROUBLE" /tmp/fz.klog | head -3)"
expect_eq "control file unchanged at the end" "$(cat /tmp/fz.base)" "$(cat $CTL)"
check "rmmod dp_dbg" rmmod dp_dbg
finish
