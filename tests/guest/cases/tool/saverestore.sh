# userspace/dynamic_printk save/restore.  save writes the control file; a
# round trip gives back every call site's flags exactly (flags without p
# too), also out of 'all' mode, which restore leaves as it is; lines of
# call sites that are gone are written and change nothing; a malformed
# file changes nothing and fails naming its line; a file longer than a
# page goes in several writes of whole lines; a line the kernel rejects
# fails with the errno text and applies nothing of that write.
# Files of the modules file's lines (the format save wrote before the
# control file) are still restored, to the modules file, as before: a
# module since unloaded is skipped with a warning, a malformed file
# changes nothing, more than a page goes in several writes, a rejected
# write (a module unloaded after the tool read the modules file) fails
# with the errno text and applies nothing of that write.
. /lib.sh
CONTROL=/sys/kernel/debug/dynamic_printk/control
run() { dynamic_printk "$@" > /tmp/t.out 2> /tmp/t.err; rc=$?; }
nlog() { dmesg | grep -c '^dynamic_printk: '; }
ctl_is() { cat $CTL | cmp -s "$1" -; }
control_is() { cat $CONTROL | cmp -s "$1" -; }
show_err() { sed 's/^/  stderr: /' /tmp/t.err; }
# site <function> <escaped format> [<file>]: the control line of that
# call site of dp_dbg; flags_of: its "=<flags>"
site() { grep -F " [dp_dbg]$1 " "${3:-$CONTROL}" | grep -F " \"$2\""; }
flags_of() { site "$@" | cut -d' ' -f3; }
# nsites <file>: its call site lines (the header is a comment)
nsites() { grep -vc '^#' "$1"; }
# applied <line>: the kernel's log line for it ("changed N call sites"
# follows the first 64 bytes of the command)
logged_for() { printf 'dynamic_printk: "%s" changed' "$(printf '%s' "$1" | cut -c1-64)"; }

check "insmod dp_dbg" insmod $MODDIR/dp_dbg.ko
check "insmod allx" insmod $MODDIR/allx.ko
check "insmod dp_hello" insmod $MODDIR/dp_hello.ko

# ===== call site lines ======================================================

# --- round trip, exact per call site
echo 'module dp_dbg func fire_set format pr =pmf' > $CONTROL
echo 'module dp_dbg func dp_dbg_init =t' > $CONTROL
echo 'module kobject +p' > $CONTROL
cat $CONTROL > /tmp/orig
run save /tmp/s1
expect_eq "save: exit 0" 0 "$rc"
check "save: nothing on stderr or stdout" test ! -s /tmp/t.err -a ! -s /tmp/t.out
check "save: the file is the control file" cmp -s /tmp/orig /tmp/s1
expect_eq "save: the call site flags are in it" "=pmf =_ =t" \
	"$(flags_of fire_set 'pr %s\n' /tmp/s1) $(flags_of fire_set 'dev %s\n' /tmp/s1) $(flags_of dp_dbg_init 'init\n' /tmp/s1)"
echo 'module dp_dbg =_' > $CONTROL
echo 'module kobject -p' > $CONTROL
echo 'module allx +pl' > $CONTROL
echo 'module dp_hello =pt' > $CONTROL
check "flags changed since the save" sh -c "! cat $CONTROL | cmp -s /tmp/s1 -"
n0=$(nlog)
run restore /tmp/s1
expect_eq "restore: exit 0" 0 "$rc"
check "restore: nothing on stderr" test ! -s /tmp/t.err
show_err
check "restore: control file identical to the saved one" control_is /tmp/s1
expect_eq "restore: one control log line per call site line" \
	$((n0 + $(nsites /tmp/s1))) "$(nlog)"
expect_eq "restore: the modules file follows: dp_dbg" "dp_dbg enabled=1" "$(state dp_dbg)"
expect_eq "restore: the modules file follows: allx" "allx enabled=0" "$(state allx)"
fire dp_dbg sr1
check "restored fire_set prints with its decorations" klog_has "dp_dbg:fire_set: dp_dbg:pr sr1"
expect_eq "restored fire_set's dev_dbg stays silent" 1 "$(n_lines sr1)"
fire allx sr1
check "restored allx is silent" sh -c "! dmesg | grep -q 'allx:pr sr1'"

# --- out of 'all' mode: every call site as saved, the mode left on
echo "set enabled=1 all" > $CTL
run restore /tmp/s1
expect_eq "restore in 'all' mode: exit 0" 0 "$rc"
check "restore in 'all' mode: control file identical to the saved one" control_is /tmp/s1
check "rmmod dp_hello" rmmod dp_hello
check "insmod dp_hello" insmod $MODDIR/dp_hello.ko
expect_eq "'all' mode is still on: a module loaded now starts with p" \
	"$(grep -cF ' [dp_hello]' $CONTROL)" "$(grep -F ' [dp_hello]' $CONTROL | grep -c ' =p ')"
echo "set enabled=0 all" > $CTL
run restore /tmp/s1
expect_eq "restore after 'all' off: exit 0" 0 "$rc"
check "restore after 'all' off: identical again" control_is /tmp/s1

# --- lines of call sites that are not there: written, they change nothing
check "rmmod dp_hello" rmmod dp_hello
echo 'module dp_dbg =_' > $CONTROL
hello=$(grep -F ' [dp_hello]' /tmp/s1 | head -n 1)
check "the saved file has dp_hello's lines" test -n "$hello"
run restore /tmp/s1
expect_eq "restore with dp_hello unloaded: exit 0" 0 "$rc"
check "... nothing on stderr" test ! -s /tmp/t.err
show_err
expect_eq "... the rest restored" "$(grep -vF ' [dp_hello]' /tmp/s1)" "$(cat $CONTROL)"
check "... the kernel took dp_hello's line, changing nothing" \
	klog_has "$(logged_for "$hello") 0 call sites"
check "insmod dp_hello" insmod $MODDIR/dp_hello.ko
echo 'module dp_hello =_' > $CONTROL

# --- blank lines, comments
cat $CONTROL > /tmp/s2
{ echo "# saved by hand"; echo; cat /tmp/s2; echo "   "; echo "  # the end"; } > /tmp/s3
echo 'module dp_dbg +p' > $CONTROL
n0=$(nlog)
run restore /tmp/s3
expect_eq "restore with comments and blank lines: exit 0" 0 "$rc"
check "... control file identical to the saved one" control_is /tmp/s2
expect_eq "... one log line per call site line" $((n0 + $(nsites /tmp/s2))) "$(nlog)"

# --- malformed: exit 1, the line named, nothing written
cat $CONTROL > /tmp/before
# malformed <line>: a saved file with this line as line 3
malformed() {
	{ head -n 2 /tmp/s2; printf '%s\n' "$1"; tail -n +3 /tmp/s2; } > /tmp/bad
	n0=$(nlog)
	run restore /tmp/bad
	expect_eq "malformed '$1': exit 1" 1 "$rc"
	check "malformed '$1': message names line 3" grep -q "^dynamic_printk: /tmp/bad:3: " /tmp/t.err
	check "malformed '$1': the last message says nothing was restored" \
		sh -c "tail -n 1 /tmp/t.err | grep -qxF 'dynamic_printk: /tmp/bad: malformed, nothing restored'"
	check "malformed '$1': control file unchanged" control_is /tmp/before
	expect_eq "malformed '$1': nothing written" "$n0" "$(nlog)"
}
# fire_set's pr_debug line without flags, and with p
pr=$(site fire_set 'pr %s\n' | sed 's/ =[pmflt_]* / =_ /')
malformed "${pr% \"*}"
malformed "$(echo "$pr" | sed 's/ =_ / +p /')"
malformed "$(echo "$pr" | sed 's/ =_ / =px /')"
malformed "$(echo "$pr" | sed 's/:[0-9]* / /')"
malformed "$pr extra"
malformed " $pr"
malformed "$(echo "$pr" | sed 's/ /  /')"
malformed 'module dp_dbg +p'
malformed 'dp_dbg enabled=1'
malformed 'dp_dbg.c:1 [dp_dbg]fire_set =p "a"b"'
check "malformed: the second-kind line is named as such" \
	sh -c "{ head -n 2 /tmp/s2; echo 'dp_dbg enabled=1'; } > /tmp/bad; dynamic_printk restore /tmp/bad 2>&1 | grep -q \"line among call site lines\""

# --- the kernel rejects a line: its write fails, nothing of it applied
p_line=$(echo "$pr" | sed 's/ =_ / =p /')
echo "$pr" > $CONTROL
cat $CONTROL > /tmp/before
{ echo "# header"; echo "$p_line"; echo 'dp_dbg.c:1 [dp_dbg]fire_set =p "bad \q"'; } > /tmp/rej
n0=$(nlog)
run restore /tmp/rej
expect_eq "rejected line: exit 1" 1 "$rc"
expect_eq "rejected line: the errno text" \
	"dynamic_printk: /tmp/rej: the kernel rejected lines 2-3: Invalid argument" \
	"$(cat /tmp/t.err)"
check "rejected line: nothing of the write applied" control_is /tmp/before
check "rejected line: the kernel named it" \
	klog_has 'dynamic_printk: invalid command "dp_dbg.c:1 [dp_dbg]fire_set =p "bad \q"": unknown escape in format'

# --- more than a page: 300 times fire_set's pr_debug line with =p, then
# 300 times with =_: about 27 KB, in writes of whole lines
i=0
: > /tmp/big
while [ $i -lt 300 ]; do echo "$p_line"; i=$((i + 1)); done >> /tmp/big
while [ $i -lt 600 ]; do echo "$pr"; i=$((i + 1)); done >> /tmp/big
on0=$(n_lines "$(logged_for "$p_line")")
off0=$(n_lines "$(logged_for "$pr")")
inv0=$(n_lines "dynamic_printk: invalid")
run restore /tmp/big
expect_eq "restore of $(wc -c < /tmp/big) bytes: exit 0" 0 "$rc"
show_err
expect_eq "... 300 '=p' lines applied" $((on0 + 300)) "$(n_lines "$(logged_for "$p_line")")"
expect_eq "... 300 '=_' lines applied" $((off0 + 300)) "$(n_lines "$(logged_for "$pr")")"
expect_eq "... no write rejected" "$inv0" "$(n_lines "dynamic_printk: invalid")"
expect_eq "... fire_set's pr_debug without flags in the end" "=_" "$(flags_of fire_set 'pr %s\n')"

# ===== the modules file's lines (as saved before the control file) =========

# --- round trip
echo "set enabled=0 all" > $CTL
echo "set enabled=1 dp_dbg" > $CTL
echo "set enabled=1 kobject" > $CTL
cat $CTL > /tmp/m1
echo "set enabled=0 dp_dbg" > $CTL
echo "set enabled=0 kobject" > $CTL
echo "set enabled=1 allx" > $CTL
echo "set enabled=1 platform" > $CTL
check "modules: states changed since" sh -c "! cmp -s /tmp/m1 $CTL"
cat $CONTROL > /tmp/c1
n0=$(nlog)
run restore /tmp/m1
expect_eq "modules: restore: exit 0" 0 "$rc"
check "modules: restore: nothing on stderr" test ! -s /tmp/t.err
show_err
check "modules: restore: modules file identical to the saved one" ctl_is /tmp/m1
expect_eq "modules: restore: one log line per line of the file" \
	$((n0 + $(wc -l < /tmp/m1))) "$(nlog)"
fire dp_dbg sm1
expect_eq "modules: restored dp_dbg prints" 2 "$(n_lines sm1)"
fire allx sm1
check "modules: restored allx is silent" sh -c "! dmesg | grep -q 'allx:pr sm1'"

# --- out of 'all' mode
echo "set enabled=1 all" > $CTL
run restore /tmp/m1
expect_eq "modules: restore in 'all' mode: exit 0" 0 "$rc"
check "modules: restore in 'all' mode: identical to the saved one" ctl_is /tmp/m1
echo "set enabled=0 all" > $CTL
run restore /tmp/m1
check "modules: restore after 'all' off: identical again" ctl_is /tmp/m1

# --- '-' in names, blank lines, comments
{ echo "# saved by hand"; echo; sed 's/^dp_dbg /dp-dbg /' /tmp/m1; } > /tmp/m2
echo "set enabled=0 dp_dbg" > $CTL
run restore /tmp/m2
expect_eq "modules: restore with dp-dbg, a comment, a blank line: exit 0" 0 "$rc"
check "... modules file identical to the saved one" ctl_is /tmp/m1

# --- a saved module since unloaded
echo "set enabled=1 dp_hello" > $CTL
echo "set enabled=0 dp_dbg" > $CTL
cat $CTL > /tmp/m3
check "rmmod dp_hello" rmmod dp_hello
echo "set enabled=1 dp_dbg" > $CTL
echo "set enabled=1 allx" > $CTL
lineno=$(grep -n '^dp_hello ' /tmp/m3 | cut -d: -f1)
run restore /tmp/m3
expect_eq "modules: restore with a module unloaded: exit 0" 0 "$rc"
expect_eq "... one warning naming its line and module" \
	"dynamic_printk: /tmp/m3:$lineno: warning: dp_hello is not loaded, line skipped" \
	"$(cat /tmp/t.err)"
expect_eq "... the rest restored" "$(grep -v '^dp_hello ' /tmp/m3)" "$(cat $CTL)"
expect_eq "... dp_dbg back off" "dp_dbg enabled=0" "$(state dp_dbg)"
expect_eq "... allx back off" "allx enabled=0" "$(state allx)"

# --- malformed files: exit 1, the line named, nothing written
echo "set enabled=1 dp_dbg" > $CTL
cat $CTL > /tmp/before
# mmalformed <line>: a saved file with this line as line 3
mmalformed() {
	{ head -n 2 /tmp/m1; printf '%s\n' "$1"; tail -n +3 /tmp/m1; } > /tmp/bad
	n0=$(nlog)
	run restore /tmp/bad
	expect_eq "modules: malformed '$1': exit 1" 1 "$rc"
	check "modules: malformed '$1': message names line 3" grep -q "^dynamic_printk: /tmp/bad:3: " /tmp/t.err
	check "modules: malformed '$1': modules file unchanged" ctl_is /tmp/before
	expect_eq "modules: malformed '$1': nothing written" "$n0" "$(nlog)"
}
mmalformed "dp_dbg enable=1"
mmalformed "dp_dbg enabled=2"
mmalformed "dp_dbg enabled="
mmalformed "dp_dbg enabled=1 extra"
mmalformed "dp_dbg"
mmalformed "set enabled=0 dp_dbg"
mmalformed "dp_dbg;allx enabled=0"
mmalformed "enabled=0"
mmalformed "$pr"
run restore /tmp/nosuchfile
expect_eq "restore of a missing file: exit 1" 1 "$rc"
check "... modules file unchanged" ctl_is /tmp/before

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
expect_eq "modules: restore of 10500 bytes: exit 0" 0 "$rc"
show_err
expect_eq "... 300 'dp_dbg enabled=1' applied" $((on0 + 300)) "$(n_lines "dynamic_printk: dp_dbg enabled=1")"
expect_eq "... 300 'dp_dbg enabled=0' applied" $((off0 + 300)) "$(n_lines "dynamic_printk: dp_dbg enabled=0")"
expect_eq "... no write rejected" "$inv0" "$(n_lines "dynamic_printk: invalid")"
expect_eq "... dp_dbg off in the end" "dp_dbg enabled=0" "$(state dp_dbg)"

# --- the kernel rejects a write: dp_hello is listed when the tool reads
# the modules file, and unloaded before it writes.  The tool reads the
# modules file before it opens the file to restore, here a FIFO: opening
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
expect_eq "modules: rejected restore: exit 1" 1 "$rc"
expect_eq "modules: rejected restore: the errno text" \
	"dynamic_printk: /tmp/fifo: the kernel rejected lines 1-3: Invalid argument" \
	"$(cat /tmp/t.err)"
expect_eq "modules: rejected restore: nothing of it applied" "$(grep -v '^dp_hello ' /tmp/before)" "$(cat $CTL)"
check "modules: rejected restore: the kernel named the bad command" \
	klog_has 'dynamic_printk: invalid command "dp_hello enabled=1": no module of that name "dp_hello"'
rm -f /tmp/fifo

echo "set enabled=0 all" > $CTL
echo "=_" > $CONTROL
check "rmmod allx" rmmod allx
check "rmmod dp_dbg" rmmod dp_dbg
finish
