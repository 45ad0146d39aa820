# Every line of the control file is a command
# ("<name> enabled=<0|1>"), so the file can be saved and put back.  Here
# with more than a page of content (the test modules and the 100 dp_many_*
# modules with 55-character names loaded): saved with cat, the state
# scrambled, put back in writes of whole lines of at most a page (dd, one
# write(2) each); the file is then exactly as saved.  Also: "cat saved >
# file" (pieces of 4096 bytes cut anywhere) does what "each write(2) is
# parsed on its own" predicts; a line cut across two writes fails in both,
# earlier writes stay; restoring a line of a module that is gone fails
# that write whole; a file saved in 'all' mode restores module by module.
# Runs on any kernel with the feature (the small one and the defconfig
# one: boots modules-load and modules-defconfig).
. /lib.sh
D='<7>dynamic_printk:'
sorted() { sort "$1"; }
# chunks <file>: cut the file into /tmp/chunk.<i> of whole lines, each at
# most 4096 bytes; prints the number of chunks.
chunks() {
	rm -f /tmp/chunk.*
	awk 'BEGIN { n = 0; len = 0 }
	{ l = length($0) + 1
	  if (len + l > 4096) { close("/tmp/chunk." n); n++; len = 0 }
	  printf "%s\n", $0 > ("/tmp/chunk." n); len += l }
	END { print n + 1 }' "$1"
}
# restore <what> <file>: write the file in chunks; every chunk must be
# accepted whole and log one line per line of the file.
restore() {
	local n i=0 bad=0 lines
	n=$(chunks "$2")
	klog_mark
	while [ $i -lt "$n" ]; do
		if ! ctl_put_file /tmp/chunk.$i || ! ctl_full; then
			bad=$((bad + 1))
			echo "  chunk $i ($(wc -c < /tmp/chunk.$i) bytes): $CTL_ERR"
		fi
		i=$((i + 1))
	done
	expect_eq "$1: $n writes of whole lines ($(wc -c < "$2") bytes), all accepted whole" 0 "$bad"
	lines=$(wc -l < "$2")
	expect_eq "$1: one KERN_DEBUG line per line of the file" "$lines" "$(klog_new | grep -cE '^<7>dynamic_printk: [A-Za-z0-9_]+ enabled=[01]$')"
}

# The modules: the test modules, and the 100 dp_many_* ones.
for m in dp_dbg allx dp-dash dp_multi dp_debugdef; do
	check "insmod $m" insmod $MODDIR/$m.ko
done
nm=0
for f in $MODDIR/dp_many_*.ko; do
	[ -f "$f" ] || continue
	insmod "$f" && nm=$((nm + 1))
done
expect_eq "100 dp_many_* modules loaded" 100 "$nm"
cat $CTL > /tmp/all.names
nl=$(wc -l < /tmp/all.names)
check "the file has more than a page: $(wc -c < /tmp/all.names) bytes, $nl lines" test "$(wc -c < /tmp/all.names)" -gt 4096
check "55-character names listed" grep -qx 'dp_many_100_a_rather_long_module_name_to_fill_the_files enabled=0' /tmp/all.names

# A pattern: every third line on (written as batches of "set" commands,
# in whole-line writes), dp_dbg on, allx and dp_debugdef (DEBUG, started
# on) off.
echo "set enabled=0 all" > $CTL
awk 'NR % 3 == 0 { print "set enabled=1 " $1 }' /tmp/all.names > /tmp/pattern
printf 'set enabled=1 dp_dbg\nset enabled=0 allx\nset enabled=0 dp_debugdef\n' >> /tmp/pattern
restore "the pattern as 'set' commands" /tmp/pattern
cat $CTL > /tmp/saved
expect_eq "saved: as many lines" "$nl" "$(wc -l < /tmp/saved)"
check "saved: more than a page ($(wc -c < /tmp/saved) bytes)" test "$(wc -c < /tmp/saved)" -gt 4096
non=$(grep -c 'enabled=1$' /tmp/saved)
check "saved: $non lines on" test "$non" -ge $((nl / 3))
expect_eq "saved: dp_dbg on" "dp_dbg enabled=1" "$(grep '^dp_dbg ' /tmp/saved)"
expect_eq "saved: dp_debugdef off" "dp_debugdef enabled=0" "$(grep '^dp_debugdef ' /tmp/saved)"

# Scramble: everything off, then every second line on.
scramble() {
	echo "set enabled=0 all" > $CTL
	awk 'NR % 2 == 0 { print $1 " enabled=1" }' /tmp/saved > /tmp/scr
	restore "scramble" /tmp/scr
	cat $CTL > /tmp/scrambled
}
scramble
check "scrambled state differs from the saved one" sh -c "! cmp -s /tmp/saved /tmp/scrambled"
restore "restore" /tmp/saved
cat $CTL > /tmp/restored
check "the file is exactly as saved" cmp -s /tmp/saved /tmp/restored
cmp -s /tmp/saved /tmp/restored || diff /tmp/saved /tmp/restored | head -10 | sed 's/^/  diff: /'
fire dp_dbg rt1
expect_eq "dp_dbg (saved on) prints" 2 "$(n_lines rt1)"
fire allx rt1
expect_eq "allx (saved off) silent" 0 "$(n_lines 'allx:pr rt1')"
fire dp_debugdef rt1
expect_eq "dp_debugdef (saved off) silent" 0 "$(n_lines 'dp_debugdef:pr rt1')"
restore "restore once more" /tmp/saved
check "unchanged" sh -c "cat $CTL | cmp -s - /tmp/saved"

# "cat saved > file": cat writes pieces of 4096 bytes cut anywhere.  Each
# piece is a write of its own: predict, piece by piece, which are valid
# (every line '<listed name> enabled=<0|1>', at least one), apply them
# until the first invalid one, where cat stops.
scramble
size=$(wc -c < /tmp/saved)
np=$(( (size + 4095) / 4096 ))
cut -d' ' -f1 /tmp/scrambled > /tmp/sim.names
cp /tmp/scrambled /tmp/sim.state
k=0 want_rc=0 want_log=
while [ $k -lt $np ]; do
	dd if=/tmp/saved of=/tmp/sim.piece bs=4096 skip=$k count=1 2>/dev/null
	if awk 'NR == FNR { known[$1] = 1; next }
		{ t = $0; sub(/^[ \t]+/, "", t); sub(/[ \t]+$/, "", t); if (t == "") next; n++
		  if (!bad && !(t ~ /^[A-Za-z0-9_]+ enabled=[01]$/ && ($1 in known))) { print t > "/tmp/sim.bad"; bad = 1 } }
		END { if (bad) exit 1 }' /tmp/sim.names /tmp/sim.piece; then
		awk 'NR == FNR { if (NF == 2) v[$1] = $2; next } ($1 in v) { $2 = v[$1] } { print }' \
			/tmp/sim.piece /tmp/sim.state > /tmp/sim.next
		mv /tmp/sim.next /tmp/sim.state
	else
		want_rc=1
		want_log="dynamic_printk: invalid command \"$(head -1 /tmp/sim.bad | cut -c1-64)\""
		break
	fi
	k=$((k + 1))
done
rm -f /tmp/sim.bad
echo "cat of $size bytes = $np pieces; predicted: $([ $want_rc = 0 ] && echo 'all accepted' || echo "piece $((k + 1)) fails: $want_log")"
klog_mark
cat /tmp/saved > $CTL 2>/tmp/err; rc=$?
[ $rc != 0 ] && rc=1
expect_eq "cat saved > file: exit status as predicted" "$want_rc" "$rc"
sorted /tmp/sim.state > /tmp/sim.sorted
cat $CTL | sort > /tmp/now.sorted
check "cat saved > file: the state as predicted" cmp -s /tmp/sim.sorted /tmp/now.sorted
if [ "$want_rc" = 1 ]; then
	expect_eq "cat saved > file: the failing piece logged its first bad command" 1 "$(klog_new | grep -cF "<7>$want_log: ")"
fi

# A line cut across two writes: each write is parsed on its own; both
# pieces fail, nothing of either is applied; an earlier write stays.
echo "set enabled=0 all" > $CTL
write_ok "write 1: set enabled=1 dp_dbg" 'set enabled=1 dp_dbg\n' "$D dp_dbg enabled=1"
write_einval "write 2: a line, then a line cut after 'ena'" 'dp_multi enabled=1\nallx ena' \
	'dynamic_printk: invalid command "allx ena"'
write_einval "write 3: the rest of the cut line, then a line" 'bled=1\ndp_dash enabled=1\n' \
	'dynamic_printk: invalid command "bled=1"'
expect_eq "only write 1 took effect" "dp_dbg enabled=1" "$(grep 'enabled=1$' $CTL)"
write_einval "cut inside a name, first piece" 'dp_dash enabled=1\ndp_mul' 'dynamic_printk: invalid command "dp_mul"'
write_einval "cut inside a name, second piece" 'ti enabled=1\n' 'dynamic_printk: invalid command "ti enabled=1"'
write_einval "cut after the blank, first piece" 'allx ' 'dynamic_printk: invalid command "allx"'
write_einval "cut after the blank, second piece" 'enabled=1\n' 'dynamic_printk: invalid command "enabled=1"'
write_einval "'set' command cut in the name, first piece" 'set enabled=0 dp_d' 'dynamic_printk: invalid command "set enabled=0 dp_d"'
write_einval "'set' command cut in the name, second piece" 'bg\n' 'dynamic_printk: invalid command "bg"'
# A first piece that is a whole command by itself is applied as such;
# the lone newline after it is a write without a command, which succeeds.
write_ok "cut before the newline, first piece" 'set enabled=0 dp_dbg' "$D dp_dbg enabled=0"
write_noop "cut before the newline, second piece" '\n'
expect_eq "dp_dbg off" "dp_dbg enabled=0" "$(state dp_dbg)"
# dd with a small block size cuts a saved file the same way: the first
# write fails and dd stops, nothing is applied.
scramble
head -3 /tmp/saved > /tmp/three
klog_mark
dd if=/tmp/three of=$CTL bs=7 2>/tmp/err && fail "dd bs=7 of three lines succeeded" ||
	pass "dd bs=7 of three lines: fails ($(grep -i invalid /tmp/err))"
check "dd bs=7: nothing changed" sh -c "cat $CTL | cmp -s - /tmp/scrambled"
expect_one_dp_line "dd bs=7" "dynamic_printk: invalid command \"$(head -c 7 /tmp/three | sed 's/[[:blank:]]*$//')\""

# A saved line of a module that is gone makes its write fail whole.
grep -E '^(dp_dbg|allx|dp_multi|dp_dash|kobject) ' /tmp/saved > /tmp/small
echo "set enabled=0 all" > $CTL
check "rmmod dp_multi" rmmod dp_multi
cat $CTL > /tmp/before
klog_mark
if ctl_put_file /tmp/small; then fail "restore with dp_multi gone: accepted"; else pass "restore with dp_multi gone: rejected ($CTL_ERR)"; fi
expect_one_dp_line "restore with dp_multi gone" "dynamic_printk: invalid command \"$(grep '^dp_multi ' /tmp/small)\""
check "nothing restored" sh -c "cat $CTL | cmp -s - /tmp/before"
check "insmod dp_multi" insmod $MODDIR/dp_multi.ko

# Saved in 'all' mode: every line says enabled=1; restored after 'all' is
# off, it switches every listed module on, one by one, not 'all' mode.
echo "set enabled=1 all" > $CTL
cat $CTL > /tmp/allsaved
expect_eq "all mode: no line off" 0 "$(grep -c 'enabled=0$' /tmp/allsaved)"
echo "set enabled=0 all" > $CTL
restore "restore of the 'all' mode file" /tmp/allsaved
check "every listed name on again" sh -c "cat $CTL | cmp -s - /tmp/allsaved"
check "insmod dp_ownparam" insmod $MODDIR/dp_ownparam.ko
expect_eq "a module loaded now starts off (not all mode)" "dp_ownparam enabled=0" "$(state dp_ownparam)"
check "rmmod dp_ownparam" rmmod dp_ownparam

echo "set enabled=0 all" > $CTL
for f in $MODDIR/dp_many_*.ko; do
	m=${f##*/}; rmmod ${m%.ko} || fail "rmmod ${m%.ko}"
done
check "rmmod dp_dbg allx dp_dash dp_multi dp_debugdef" rmmod dp_dbg allx dp_dash dp_multi dp_debugdef
check "no test module left in the file" sh -c "! grep -q '^dp_' $CTL"
check "and the names as at the start, without them" sh -c "grep -vE '^(dp_|allx )' /tmp/all.names | cut -d' ' -f1 > /tmp/end.want; cut -d' ' -f1 $CTL | cmp -s - /tmp/end.want"
finish
