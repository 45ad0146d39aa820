# The whole control file saved with cat and written back (in writes of
# whole lines, at most a page each) restores every call site: the file
# reads exactly as saved.  Checked with three states in turn, each given
# to every call site by writing edited lines of the file (flags other
# than p, which print nothing, so the print state stays as it is; p on
# some of dp_sites' call sites, which print only when fired): the file
# then reads exactly as written, each line logged once.  Runs on the
# small kernel and on the defconfig one, whose file is hundreds of KB.
. /lib.sh
CTL=$DCTL
for m in dp_sites dp_dbg dp_multi; do
	check "insmod $m" insmod $MODDIR/$m.ko
done
cat $DCTL > /tmp/orig
n=$(($(wc -l < /tmp/orig) - 1))
check "the file is more than a page: $(wc -c < /tmp/orig) bytes, $n call sites" test "$(wc -c < /tmp/orig)" -gt 4096
# Call sites that the file cannot tell apart (the same file, line,
# module, function and format) get the same flags from a line: they are
# given the same flags here too.
cut -d' ' -f1,2,4- /tmp/orig | sort | uniq -d > /tmp/dups
echo "lines listed more than once: $(wc -l < /tmp/dups)"
sed 's/^/  dup: /' /tmp/dups | head -5

# chunks <file>: cut it into /tmp/chunk.<i> of whole lines, each at most
# 4096 bytes; prints the number of chunks.
chunks() {
	rm -f /tmp/chunk.*
	awk 'BEGIN { n = 0; len = 0 }
	{ l = length($0) + 1
	  if (len + l > 4096) { close("/tmp/chunk." n); n++; len = 0 }
	  printf "%s\n", $0 > ("/tmp/chunk." n); len += l }
	END { print n + 1 }' "$1"
}
# restore <what> <file>: write it in chunks; each must be accepted whole
# and log one line per command (line that is not a comment) in it.
restore() {
	local nc i=0 bad=0 badlog=0 want got
	nc=$(chunks "$2")
	while [ $i -lt "$nc" ]; do
		klog_mark
		if ! ctl_put_file /tmp/chunk.$i || ! ctl_full; then
			bad=$((bad + 1))
			echo "  chunk $i ($(wc -c < /tmp/chunk.$i) bytes): $CTL_ERR"
		fi
		want=$(grep -vc '^#' /tmp/chunk.$i)
		got=$(klog_new | grep -c '^<7>dynamic_printk: ".*" changed [0-9]* call sites$')
		if [ "$want" != "$got" ]; then
			badlog=$((badlog + 1))
			[ $badlog -le 3 ] && echo "  chunk $i: $want commands, $got lines logged"
		fi
		i=$((i + 1))
	done
	expect_eq "$1: $nc writes of whole lines ($(wc -c < "$2") bytes), all accepted whole" 0 "$bad"
	expect_eq "$1: each write logged one line per command" 0 "$badlog"
}
# state <file> <offset>: a state for every call site: the saved line with
# its flags replaced; p kept as it is (p added on some of dp_sites').
state_of() {
	awk -v o="$2" '
	BEGIN { split("_ m fl t mflt ml ft", pat, " ") }
	/^#/ { print; next }
	{ k = $1 " " $2; for (i = 4; i <= NF; i++) k = k " " $i
	  if (!(k in f)) {
		p = ($3 ~ /p/) ? "p" : ""
		if ($2 ~ /^\[dp_sites\]/ && (NR + o) % 2) p = "p"
		x = pat[(NR + o) % 7 + 1]; if (x == "_") x = ""
		f[k] = (p x == "") ? "_" : p x
	  }
	  s = $0; sub(/ =[pmflt_]+ "/, " =" f[k] " \"", s); print s }' "$1"
}
state_of /tmp/orig 0 > /tmp/s1
state_of /tmp/orig 3 > /tmp/s2
check "the two states differ" sh -c "! cmp -s /tmp/s1 /tmp/s2"
check "and differ from the file at boot" sh -c "! cmp -s /tmp/s1 /tmp/orig"

restore "state 1 written" /tmp/s1
cat $DCTL > /tmp/saved
check "the file reads exactly as state 1 was written" cmp -s /tmp/s1 /tmp/saved
cmp -s /tmp/s1 /tmp/saved || diff /tmp/s1 /tmp/saved | grep '^[-+][^-+]' | head -6 | sed 's/^/  diff: /'
restore "state 2 written" /tmp/s2
check "the file reads exactly as state 2 was written" sh -c "cat $DCTL | cmp -s - /tmp/s2"
restore "the saved file written back" /tmp/saved
cat $DCTL > /tmp/now
check "the file is exactly as saved" cmp -s /tmp/saved /tmp/now
cmp -s /tmp/saved /tmp/now || diff /tmp/saved /tmp/now | grep '^[-+][^-+]' | head -6 | sed 's/^/  diff: /'
# What prints is what the saved file says.
klog_mark
fire dp_sites sr1
want=$(awk '$2 ~ /^\[dp_sites\]/ && $3 ~ /p/ && $2 !~ /\](dp_sites_init|dp_sites_exit|hirq_fn)$/' /tmp/saved | wc -l)
expect_eq "dp_sites: as many messages as its process-context call sites with p" "$want" "$(klog_new | grep -c 'sr1')"
restore "the file at boot written back" /tmp/orig
check "the file is as at boot" sh -c "cat $DCTL | cmp -s - /tmp/orig"
check "rmmod dp_sites dp_dbg dp_multi" rmmod dp_sites dp_dbg dp_multi
finish
