# Sourced by every guest case: small helpers that print RESULT lines.
# A case passes when it printed at least one "RESULT PASS" and no
# "RESULT FAIL" and returned 0 (see tools/guest-parse.py).
CTL=/sys/kernel/debug/dynamic_printk/modules
MODDIR=/modules
nfail=0

pass() { echo "RESULT PASS $*"; }
fail() { echo "RESULT FAIL $*"; nfail=$((nfail + 1)); }

# check <description> <command...>: PASS if the command succeeds.
check() {
	local what=$1; shift
	if "$@"; then pass "$what"; else fail "$what"; fi
}

# expect_eq <description> <expected> <actual>
expect_eq() {
	if [ "$2" = "$3" ]; then
		pass "$1"
	else
		fail "$1: expected '$2', got '$3'"
	fi
}

# ---- waiting --------------------------------------------------------------
# A case does a fixed amount of work and waits for what it must see; a
# limit in seconds only catches a hang and never measures speed (the
# guest is an emulator on a shared host: anything may take long).
# secs_now: whole seconds since boot, into $NOW, without a fork.
secs_now() { local _r; read -r NOW _r < /proc/uptime; NOW=${NOW%.*}; }
# wait_for <secs> <command...>: run the command every tenth of a second
# until it succeeds; false if it still fails after <secs> seconds.
wait_for() {
	local end
	secs_now; end=$((NOW + $1)); shift
	until "$@"; do
		secs_now
		[ "$NOW" -lt "$end" ] || return 1
		usleep 100000
	done
	return 0
}
# above <file> <n>: the number in the file (a module parameter, a
# counter) is greater than n.
above() { [ "$(cat "$1")" -gt "$2" ]; }
# deadline <secs>: past_deadline is true from <secs> seconds from now on
# (shells started afterwards inherit the deadline).
deadline() { secs_now; DEADLINE=$((NOW + $1)); }
past_deadline() { secs_now; [ "$NOW" -ge "$DEADLINE" ]; }

# ctl_write <string>: write the string to the control file in one
# write(2); prints nothing, returns write's success.  Uses printf so the
# caller decides about the newline.
ctl_write() { printf '%s' "$1" > "$CTL" 2>/dev/null; }


finish() {
	# Kernel log drained by klog_mark (see there): the host does not see
	# it, so look for the host parser's signs of trouble here.
	if [ -s /tmp/klog.drained ]; then
		local t
		t=$(grep -E "$KLOG_TROUBLE" /tmp/klog.drained | head -5)
		if [ -n "$t" ]; then
			fail "trouble in the drained kernel log: $(echo "$t" | head -1)"
			echo "$t" | sed 's/^/  trouble: /'
		fi
	fi
	[ "$nfail" -eq 0 ]; exit $?
}
# tools/guest-parse.py's signs of a sick kernel, as an extended regex.
KLOG_TROUBLE='Kernel panic|Oops|(^|[^E])BUG:|WARNING:|general protection fault|Call Trace|INFO: (inconsistent|possible|trying|lockdep)|sleeping function called|soft lockup|Slab corruption|Poison overwritten|list_(add|del) corruption|segfault at|kernel BUG|Unable to handle|={20,}|inconsistent lock state|possible (recursive|circular) locking|held lock freed|DEBUG_LOCKS_WARN_ON|scheduling while atomic|BUG [a-zA-Z0-9_.:-]+: |Redzone|overwritten|Object already free|ODEBUG: [^s]' 

# klog_has <line>: the kernel log has exactly this line.
klog_has() { dmesg | grep -qxF -- "$1"; }
# klog_count <line>: how many times.
klog_count() { dmesg | grep -cxF -- "$1"; }

# ---- batches, exact writes, what a write logs -----------------------------
# Built-in code compiled with DEBUG (fs/sysfs/mount.c, "mount", in the
# small config) starts enabled=1 without a word being written, and logs
# nothing for it.  DEBUG_ON lists those names: on in the control file as
# /init found it (/tmp/boot.ctl), without a boot-list switch logged for
# them at boot; empty after a boot in 'all' mode, where it cannot be told.
DEBUG_ON=
if [ -f /tmp/boot.ctl ] && grep -q 'enabled=0$' /tmp/boot.ctl; then
	for _n in $(grep 'enabled=1$' /tmp/boot.ctl | cut -d' ' -f1); do
		grep -qxF "<7>dynamic_printk: $_n enabled=1" /tmp/boot.rdmesg 2>/dev/null ||
			DEBUG_ON="$DEBUG_ON $_n"
	done
fi
DEBUG_ON=${DEBUG_ON# }
# on_lines: the lines of the control file that are on, those of the
# DEBUG_ON names left out; on_count: how many.
on_lines() {
	if [ -n "$DEBUG_ON" ]; then
		grep 'enabled=1$' "$CTL" | grep -vxE "($(echo $DEBUG_ON | tr ' ' '|')) enabled=1"
	else
		grep 'enabled=1$' "$CTL"
	fi
}
on_count() { on_lines | wc -l; }

# fire <module> <word>: run the module's "fire" call sites (the test
# modules' trigger parameter).
fire() { echo "$2" > /sys/module/$1/parameters/fire; }
# state <name>: the control file line of a name ("" if not listed).
state() { grep "^$1 " "$CTL"; }
# n_lines <text>: lines of the kernel log containing text as whole words
# (so that a tag such as "b2" is not found inside an address).
n_lines() { dmesg | grep -cwF -- "$1"; }

# klog_mark: remember where the kernel log ends; klog_new prints the raw
# lines ("<level>text") logged since.  init.sh clears the log between
# cases; a case that logs a lot would still fill the 128 KB buffer, so
# past 1000 lines klog_mark moves the log to /tmp/klog.drained (which
# finish checks for trouble) and starts from an empty one.
klog_mark() {
	KLOG_MARK=$(dmesg -r | wc -l)
	if [ "$KLOG_MARK" -gt 1000 ]; then
		dmesg -r -c >> /tmp/klog.drained
		KLOG_MARK=$(dmesg -r | wc -l)
	fi
}
# Left out: what the kernel logs by itself, at any moment, when the host
# is slow (the clock events' and the clocksources' complaints), which no
# case writes and a loaded host shows now and then.
klog_new() {
	dmesg -r | tail -n +$((KLOG_MARK + 1)) | grep -vE "$KLOG_HOST_SLOW"
	return 0
}
KLOG_HOST_SLOW='^<[0-9]>(CE: .* increasing min_delta_ns|Clocksource .* unstable|Marking TSC unstable|Time: .* clocksource has been installed|hpet1: lost [0-9]+ rtc interrupts)'

# ctl_put <printf format>: write exactly those bytes to the control file
# in one write(2) (dd bs=<size> count=1).  Returns dd's status; the first
# line of dd's stderr is in $CTL_ERR (the error, or "...records in").
ctl_put() {
	printf "$1" > /tmp/ctl.cmd
	ctl_put_file /tmp/ctl.cmd
}
# ctl_put_file <file>: the same with the bytes of a file.
ctl_put_file() {
	local size rc
	size=$(wc -c < "$1")
	dd if="$1" of="$CTL" bs="$size" count=1 2>/tmp/ctl.err; rc=$?
	CTL_ERR=$(head -1 /tmp/ctl.err)
	return $rc
}
# ctl_full: the last ctl_put wrote every byte in its one write(2).
ctl_full() { grep -q '^1+0 records out' /tmp/ctl.err; }

# write_ok <what> <printf format> [<expected log>]: the write is accepted
# whole (write(2) returns the full count); if given, the kernel log lines
# it caused are exactly <expected log> (raw, "<7>dynamic_printk: ...",
# several lines separated by newlines).
write_ok() {
	klog_mark
	if ctl_put "$2"; then
		if ctl_full; then pass "$1: accepted whole"; else fail "$1: short write: $CTL_ERR"; fi
	else
		fail "$1: rejected: $CTL_ERR"
		return 1
	fi
	[ $# -ge 3 ] && expect_eq "$1: logged" "$3" "$(klog_new)"
	return 0
}

# write_noop <what> <printf format>: a write without a command (only
# blanks, newlines, ';' and comments) is accepted whole, changes nothing
# and logs nothing.
write_noop() {
	cat "$CTL" > /tmp/ctl.before
	klog_mark
	if ctl_put "$2"; then
		if ctl_full; then pass "$1: accepted whole"; else fail "$1: short write: $CTL_ERR"; fi
	else
		fail "$1: rejected: $CTL_ERR"
	fi
	cat "$CTL" > /tmp/ctl.after
	cmp -s /tmp/ctl.before /tmp/ctl.after && pass "$1: nothing changed" ||
		fail "$1: the control file changed: $(diff /tmp/ctl.before /tmp/ctl.after | grep '^[-+][^-+]' | head -3 | tr '\n' ' ')"
	expect_eq "$1: nothing logged" "" "$(klog_new)"
}

# write_einval <what> <printf format> [<expected log text>]: the write
# fails with EINVAL, the control file is unchanged, and it logged exactly
# one line from dynamic_printk, at KERN_ERR for the control file, at
# KERN_DEBUG for the modules file (see refused_level); if given, that
# line is <expected log text> (without the "<n>"), or that text followed
# by ": " and the reason.
write_einval() {
	cat "$CTL" > /tmp/ctl.before
	klog_mark
	if ctl_put "$2"; then
		fail "$1: accepted"
		return 1
	fi
	case $CTL_ERR in
	*"Invalid argument"*) pass "$1: EINVAL" ;;
	*) fail "$1: failed, but not with EINVAL: $CTL_ERR" ;;
	esac
	cat "$CTL" > /tmp/ctl.after
	cmp -s /tmp/ctl.before /tmp/ctl.after && pass "$1: nothing changed" ||
		fail "$1: the control file changed: $(diff /tmp/ctl.before /tmp/ctl.after | grep '^[-+][^-+]' | head -3 | tr '\n' ' ')"
	expect_one_dp_line "$1" "$3"
}

# refused_level: the level of a refusal of the file $CTL: "<3>" for the
# control file (as later kernels log it), "<7>" for the modules file
# (whose original interface logs nothing above KERN_DEBUG).
refused_level() { [ "$CTL" = "$DCTL" ] && echo '<3>' || echo '<7>'; }

# expect_one_dp_line <what> [<text>]: since klog_mark exactly one line was
# logged, "<n>dynamic_printk: ..." at the level of refused_level (and if
# given, "<n><text>", or that followed by ": <reason>": a refused
# command says why).
expect_one_dp_line() {
	local l v
	v=$(refused_level)
	klog_new > /tmp/ctl.log
	l=$(cat /tmp/ctl.log)
	if [ "$(wc -l < /tmp/ctl.log)" = 1 ] && grep -q "^${v}dynamic_printk: " /tmp/ctl.log; then
		if [ -z "$2" ]; then
			pass "$1: logged one line: $l"
		elif [ "$l" = "$v$2" ] || [ "${l#"$v$2: "}" != "$l" ]; then
			pass "$1: logged $l"
		else
			fail "$1: logged: expected '$v$2[: <reason>]', got '$l'"
		fi
	else
		fail "$1: expected one $v dynamic_printk line, got $(wc -l < /tmp/ctl.log): $(head -3 /tmp/ctl.log | tr '\n' '|')"
	fi
}

# line_no <fixed string>: number of the first kernel log line that is
# exactly this (0 if none), to check the order of two messages.
line_no() { dmesg | grep -nxF -- "$1" | head -1 | cut -d: -f1 | grep . || echo 0; }

# ---- the per-call-site control file and dp_sites --------------------------
# DCTL is the control file; a case that sets CTL=$DCTL gets the write
# helpers above (write_ok, write_einval, write_noop, ctl_put) on it.
DCTL=/sys/kernel/debug/dynamic_printk/control
DHEAD='# filename:lineno [module]function flags format'
# The test modules' sources (tools/guest-run.sh puts them there).
SRC=/src

# src_line <folder> <file> <fixed text>: the number of the one line of
# /src/<folder>/<file> that holds the text.  Anything but exactly one such
# line is a mistake in the test: a FAIL on stderr (the console), and 0.
src_line() {
	local n
	n=$(grep -nF -- "$3" "$SRC/$1/$2" | cut -d: -f1)
	case $n in
	''|*[!0-9]*) echo "RESULT FAIL $1/$2: '$3' is not on exactly one line: '$n'" >&2; echo 0 ;;
	*) echo "$n" ;;
	esac
}

# sites_setup: /tmp/sites.tab, one line per call site of dp_sites
# (tests/guest/modules/dp_sites), "<key> <its control line without the
# flags>", lines found in the sources:
#   <key> <file>:<line> [dp_sites]<function> "<format, escaped>"
# Keys: in dp_sites_a.c init fire dfire hirq dhirq exit ia (the inline one
# of dp_sites.h); in dp_sites_b.c tab quote bslash esc pct apos long semi
# hash two1 two2 ib (the inline one).
sites_setup() {
	: > /tmp/sites.tab
	_site init  a dp_sites_init 'pr_debug("init\n")'		'init\n'
	_site fire  a fire_set	    'pr_debug("fire %s\n"'		'fire %s\n'
	_site dfire a fire_set	    'dev_dbg(&p->dev, "dev fire %s\n"'	'dev fire %s\n'
	_site hirq  a hirq_fn	    'pr_debug("hirq %s\n"'		'hirq %s\n'
	_site dhirq a hirq_fn	    'dev_dbg(&p->dev, "dev hirq %s\n"'	'dev hirq %s\n'
	_site exit  a dp_sites_exit 'pr_debug("exit\n")'		'exit\n'
	_site ia    a dp_sites_inline 'pr_debug("inline %s\n"'	'inline %s\n' dp_sites.h
	_site tab   b b_tab	    'pr_debug("tab\there'		'tab\there %s\n'
	_site quote b b_quote	    'pr_debug("quote'			'quote \"%s\"\n'
	_site bslash b b_backslash  'pr_debug("backslash'		'backslash \\ %s\n'
	_site esc   b b_escape	    'pr_debug("escape'			'escape \033[1m%s\033[0m\n'
	_site pct   b b_percent	    'pr_debug("percent'			'percent 100%% %s\n'
	_site apos  b b_apostrophe  'pr_debug("it'"'"'s'		"it's %s\\n"
	_site long  b b_long	    'pr_debug("long format'		'long format, longer than the sixty-four bytes of a command that a log line shows: %s\n'
	_site semi  b b_semicolon   'pr_debug("semi;'			'semi; colon %s\n'
	_site hash  b b_hash	    'pr_debug("hash #'			'hash #%s\n'
	_site two1  b b_two	    'pr_debug("two first'		'two first %s\n'
	_site two2  b b_two	    'pr_debug("two second'		'two second %s\n'
}
# _site <key> <a|b> <function> <text of its line> <format> [<source file>]
_site() {
	local f=${6:-dp_sites_$2.c}
	printf '%s %s:%s [dp_sites]%s "%s"\n' "$1" "$f" \
		"$(src_line dp_sites "$f" "$4")" "$3" "$5" >> /tmp/sites.tab
}
SITES_ALL="apos bslash dfire dhirq esc exit fire hash hirq ia init long pct quote semi tab two1 two2"
SITES_N=18
# site <key> [<flags>]: the control file line of the call site, with
# =<flags> ("=_" if none given).
site() {
	sed -n "s/^$1 \([^ ]*\) \([^ ]*\) /\1 \2 =${2:-_} /p" /tmp/sites.tab
}
# site_line <key>, site_file <key>: its line number, its file.
site_line() { sed -n "s/^$1 [^:]*:\([0-9]*\) .*/\1/p" /tmp/sites.tab; }
site_file() { sed -n "s/^$1 \([^:]*\):.*/\1/p" /tmp/sites.tab; }
# site_flags <key>: its flags as the control file shows them now ("=pf").
site_flags() {
	local w
	w=$(sed -n "s/^$1 \([^ ]*\) .*/\1/p" /tmp/sites.tab)
	awk -v w="$w" '$1 == w && $2 ~ /^\[dp_sites\]/ { print $3 }' "$DCTL"
}
# sites_state: "<key> <flags>" for every dp_sites line of the control
# file, sorted by key ("?<file:line>" for a line not in the table).
sites_state() {
	awk 'NR == FNR { k[$2] = $1; next }
	     $2 ~ /^\[dp_sites\]/ { print (($1 in k) ? k[$1] : "?" $1), $3 }' \
		/tmp/sites.tab "$DCTL" | sort
}
# sites_with <letter>: the keys of the dp_sites call sites whose flags
# have the letter, sorted, on one line ("" if none).
sites_with() { sites_state | awk -v l="$1" 'index(substr($2, 2), l) { printf "%s%s", s, $1; s = " " }'; }
# keys <key...>: the keys sorted, on one line, as sites_with prints them.
keys() { for k in "$@"; do echo "$k"; done | sort | tr '\n' ' ' | sed 's/ $//'; }
# keys_lines <file> <from> <to>: the keys of the call sites listed with
# that file whose line is in [from, to].
keys_lines() {
	awk -v f="$1" -v a="$2" -v b="$3" '{ split($2, x, ":") }
		x[1] == f && x[2] + 0 >= a + 0 && x[2] + 0 <= b + 0 { print $1 }' /tmp/sites.tab |
		sort | tr '\n' ' ' | sed 's/ $//'
}
# others <file>: the control file without the lines of dp_sites, into
# <file> (what a command on dp_sites must leave alone).
others() { grep -v '^[^ ]* \[dp_sites\]' "$DCTL" > "$1"; }
# lit <string>: a printf format that prints exactly the string (for the
# helpers above that take one).
lit() { printf '%s' "$1" | sed 's/\\/\\\\/g; s/%/%%/g'; }
# dput <string>: write the string and a newline to the control file
# ($DCTL) in one write(2); returns the write's success.
dput() {
	printf '%s\n' "$1" > /tmp/dput.cmd
	dd if=/tmp/dput.cmd of="$DCTL" bs=$(wc -c < /tmp/dput.cmd) count=1 2>/dev/null
}
# shot <what> <fire|hirq> <tag> <expected line...>: with the flags set,
# firing dp_sites (its "fire" or "hirq" parameter) logs exactly these
# lines (at KERN_DEBUG), in this order.
shot() {
	local what=$1 how=$2 tag=$3 l
	shift 3
	: > /tmp/want
	for l in "$@"; do printf '<7>%s\n' "$l" >> /tmp/want; done
	klog_mark
	if [ "$how" = fire ]; then
		fire dp_sites "$tag"
	else
		echo "$tag" > /sys/module/dp_sites/parameters/hirq || fail "$what: the hrtimer did not run"
	fi
	klog_new > /tmp/got
	if cmp -s /tmp/want /tmp/got; then
		pass "$what: $(wc -l < /tmp/want) lines as expected"
	else
		fail "$what: expected $(tr '\n' '|' < /tmp/want), got $(tr '\n' '|' < /tmp/got)"
	fi
}
# set_ <command>: apply a command, quietly.
set_() { dput "$1" || fail "command '$1' refused"; }
# changed_log <command> <n>: the line an applied command logs (the
# command without the blanks at its ends, cut to its first 64 bytes).
TAB=$(printf '\t')
changed_log() {
	printf '<7>dynamic_printk: "%s" changed %s call sites\n' \
		"$(printf '%s' "$1" | sed "s/^[ $TAB]*//; s/[ $TAB]*\$//" | head -c 64)" "$2"
}

# sel <match-specs> <awk condition> [<keys>]: the command
# "<match-specs> +m" is accepted whole, gives m to exactly the lines of
# the control file for which the condition holds (and to no other), logs
# how many; if keys are given, those are the call sites of dp_sites it
# changed.  Then "<match-specs> -m" takes it back: the file is as
# before.  m prints nothing, so any line may be selected.  In the
# condition: f the file, b its base name, ln the line, mod the module,
# fn the function, fm the format as the file shows it (escaped, without
# the quotes).  Expects no line with m (or other flags than p) before,
# and CTL=$DCTL.
sel() {
	local cmd="${1:+$1 }+m" n
	cat "$DCTL" > /tmp/sel.b
	awk '
	NR == 1 { print; next }
	{ f = $1; sub(/:[0-9]+$/, "", f); b = f; sub(/.*\//, "", b)
	  ln = $1; sub(/.*:/, "", ln); ln += 0
	  mod = $2; sub(/^\[/, "", mod); sub(/\].*/, "", mod)
	  fn = $2; sub(/^\[[^]]*\]/, "", fn)
	  fm = $0; sub(/^[^"]*"/, "", fm); sub(/"$/, "", fm) }
	('"$2"') { if (!sub(/ =_ "/, " =m \"")) sub(/ =p "/, " =pm \""); n++ }
	{ print }
	END { print n + 0 > "/tmp/sel.n" }' /tmp/sel.b > /tmp/sel.want
	n=$(cat /tmp/sel.n)
	write_ok "$cmd" "$(lit "$cmd")\n" "$(changed_log "$cmd" "$n")" || return 1
	cat "$DCTL" > /tmp/sel.a
	if cmp -s /tmp/sel.want /tmp/sel.a; then
		pass "$cmd: m on exactly the $n lines expected"
	else
		fail "$cmd: not the $n lines expected: $(diff /tmp/sel.want /tmp/sel.a | grep '^[-+][^-+]' | head -4 | tr '\n' '|')"
	fi
	[ $# -ge 3 ] && expect_eq "$cmd: the call sites of dp_sites" "$(keys $3)" "$(sites_with m)"
	dput "${1:+$1 }-m"
	check "$cmd: '${1:+$1 }-m' takes it back" sh -c "cat $DCTL | cmp -s - /tmp/sel.b"
}
