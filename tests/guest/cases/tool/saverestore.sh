# scripts/dynamic_printk save/restore: a round trip gives back the same
# control file (also out of 'all' mode); a saved module since unloaded is
# skipped with a warning and the rest restored; a malformed file changes
# nothing and fails naming its line; a file longer than a page goes in
# several writes of whole lines; a write the kernel rejects (a module
# unloaded after the tool read the control file) fails with the errno
# text and applies nothing of that write.
. /lib.sh
fire() { echo "$2" > /sys/module/$1/parameters/fire; }
n_lines() { dmesg | grep -cF -- "$1"; }
run() { dynamic_printk "$@" > /tmp/t.out 2> /tmp/t.err; rc=$?; }
state() { grep "^$1 " $CTL; }
nlog() { dmesg | grep -c '^dynamic_printk: '; }
ctl_is() { cat $CTL | cmp -s "$1" -; }
show_err() { sed 's/^/  stderr: /' /tmp/t.err; }

check "insmod dp_dbg" insmod $MODDIR/dp_dbg.ko
check "insmod allx" insmod $MODDIR/allx.ko
check "insmod dp_hello" insmod $MODDIR/dp_hello.ko

# --- round trip
echo "set enabled=1 dp_dbg" > $CTL
echo "set enabled=1 kobject" > $CTL
cat $CTL > /tmp/orig
run save /tmp/s1
expect_eq "save: exit 0" 0 "$rc"
check "save: nothing on stderr or stdout" test ! -s /tmp/t.err -a ! -s /tmp/t.out
check "save: the file is the control file" cmp -s /tmp/orig /tmp/s1
echo "set enabled=0 dp_dbg" > $CTL
echo "set enabled=0 kobject" > $CTL
echo "set enabled=1 allx" > $CTL
echo "set enabled=1 platform" > $CTL
check "states changed since the save" sh -c "! cmp -s /tmp/s1 $CTL"
n0=$(nlog)
run restore /tmp/s1
expect_eq "restore: exit 0" 0 "$rc"
check "restore: nothing on stderr" test ! -s /tmp/t.err
show_err
check "restore: control file identical to the saved one" ctl_is /tmp/s1
expect_eq "restore: one control log line per line of the file" \
	$((n0 + $(wc -l < /tmp/s1))) "$(nlog)"
fire dp_dbg sr1
expect_eq "restored dp_dbg prints" 2 "$(n_lines sr1)"
fire allx sr1
check "restored allx is silent" sh -c "! dmesg | grep -q 'allx:pr sr1'"

# --- round trip out of 'all' mode
echo "set enabled=1 all" > $CTL
run restore /tmp/s1
expect_eq "restore in 'all' mode: exit 0" 0 "$rc"
check "restore in 'all' mode: control file identical to the saved one" ctl_is /tmp/s1
echo "set enabled=0 all" > $CTL
run restore /tmp/s1
check "restore after 'all' off: identical again" ctl_is /tmp/s1

# --- '-' in names, blank lines, comments
{ echo "# saved by hand"; echo; sed 's/^dp_dbg /dp-dbg /' /tmp/s1; } > /tmp/s2
echo "set enabled=0 dp_dbg" > $CTL
run restore /tmp/s2
expect_eq "restore with dp-dbg, a comment, a blank line: exit 0" 0 "$rc"
check "... control file identical to the saved one" ctl_is /tmp/s1

# --- a saved module since unloaded
echo "set enabled=1 dp_hello" > $CTL
echo "set enabled=0 dp_dbg" > $CTL
cat $CTL > /tmp/s3
check "rmmod dp_hello" rmmod dp_hello
echo "set enabled=1 dp_dbg" > $CTL
echo "set enabled=1 allx" > $CTL
lineno=$(grep -n '^dp_hello ' /tmp/s3 | cut -d: -f1)
run restore /tmp/s3
expect_eq "restore with a module unloaded: exit 0" 0 "$rc"
expect_eq "... one warning naming its line and module" \
	"dynamic_printk: /tmp/s3:$lineno: warning: dp_hello is not loaded, line skipped" \
	"$(cat /tmp/t.err)"
expect_eq "... the rest restored" "$(grep -v '^dp_hello ' /tmp/s3)" "$(cat $CTL)"
expect_eq "... dp_dbg back off" "dp_dbg enabled=0" "$(state dp_dbg)"
expect_eq "... allx back off" "allx enabled=0" "$(state allx)"

# --- malformed files: exit 1, the line named, nothing written
echo "set enabled=1 dp_dbg" > $CTL
cat $CTL > /tmp/before
# malformed <line>: a saved file with this line as line 3
malformed() {
	{ head -n 2 /tmp/s1; printf '%s\n' "$1"; tail -n +3 /tmp/s1; } > /tmp/bad
	n0=$(nlog)
	run restore /tmp/bad
	expect_eq "malformed '$1': exit 1" 1 "$rc"
	check "malformed '$1': message names line 3" grep -q "^dynamic_printk: /tmp/bad:3: " /tmp/t.err
	check "malformed '$1': control file unchanged" ctl_is /tmp/before
	expect_eq "malformed '$1': nothing written" "$n0" "$(nlog)"
}
malformed "dp_dbg enable=1"
malformed "dp_dbg enabled=2"
malformed "dp_dbg enabled="
malformed "dp_dbg enabled=1 extra"
malformed "dp_dbg"
malformed "set enabled=0 dp_dbg"
malformed "dp_dbg;allx enabled=0"
malformed "enabled=0"
run restore /tmp/nosuchfile
expect_eq "restore of a missing file: exit 1" 1 "$rc"
check "... control file unchanged" ctl_is /tmp/before

# --- more than a page: 300 times "dp_dbg enabled=1", 300 times
# "dp-dbg enabled=0": 10500 bytes, 3 writes of whole lines, each a batch
i=0
: > /tmp/big
while [ $i -lt 300 ]; do echo "dp_dbg enabled=1"; i=$((i + 1)); done >> /tmp/big
while [ $i -lt 600 ]; do echo "dp-dbg enabled=0"; i=$((i + 1)); done >> /tmp/big
on0=$(n_lines "dynamic_printk: dp_dbg enabled=1")
off0=$(n_lines "dynamic_printk: dp_dbg enabled=0")
inv0=$(n_lines "dynamic_printk: invalid")
run restore /tmp/big
expect_eq "restore of 10500 bytes: exit 0" 0 "$rc"
show_err
expect_eq "... 300 'dp_dbg enabled=1' applied" $((on0 + 300)) "$(n_lines "dynamic_printk: dp_dbg enabled=1")"
expect_eq "... 300 'dp_dbg enabled=0' applied" $((off0 + 300)) "$(n_lines "dynamic_printk: dp_dbg enabled=0")"
expect_eq "... no write rejected" "$inv0" "$(n_lines "dynamic_printk: invalid")"
expect_eq "... dp_dbg off in the end" "dp_dbg enabled=0" "$(state dp_dbg)"

# --- the kernel rejects a write: dp_hello is listed when the tool reads
# the control file, and unloaded before it writes.  The tool reads the
# control file before it opens the file to restore, here a FIFO: opening
# the FIFO for writing returns once the tool opened it for reading.
check "insmod dp_hello" insmod $MODDIR/dp_hello.ko
cat $CTL > /tmp/before
mkfifo /tmp/fifo
dynamic_printk restore /tmp/fifo > /tmp/t.out 2> /tmp/t.err &
pid=$!
exec 4> /tmp/fifo
check "rmmod dp_hello behind the tool's back" rmmod dp_hello
printf 'dp_dbg enabled=1\ndp_hello enabled=1\nallx enabled=1\n' >&4
exec 4>&-
wait $pid
rc=$?
expect_eq "rejected restore: exit 1" 1 "$rc"
expect_eq "rejected restore: the errno text" \
	"dynamic_printk: /tmp/fifo: the kernel rejected lines 1-3: Invalid argument" \
	"$(cat /tmp/t.err)"
expect_eq "rejected restore: nothing of it applied" "$(grep -v '^dp_hello ' /tmp/before)" "$(cat $CTL)"
check "rejected restore: the kernel named the bad command" \
	klog_has 'dynamic_printk: invalid command "dp_hello enabled=1"'
rm -f /tmp/fifo

echo "set enabled=0 all" > $CTL
check "rmmod allx" rmmod allx
check "rmmod dp_dbg" rmmod dp_dbg
finish
