#!/bin/bash
# shell.sh: "make shell" as a person uses it, in a real (tmux) terminal.
# A host shell in a COLSxROWS pane, in the repo, where "make shell" is
# typed; then, one check each:
#
#   prompt   the guest's prompt comes (make brings busybox, the kernel
#            and the test modules up to date first, so the limit is
#            generous: SHELL_TEST_TIMEOUT seconds, 1800 by default; it
#            only catches a hang, and the test fails as soon as make
#            ends without a prompt)
#   size     "stty size" in the guest says the pane's size
#   control  "grep -c . <debugfs>/dynamic_printk/control" prints a count
#            of more than a header line
#   dyndbg   "insmod /modules/dp_hello.ko dyndbg=+p; dmesg | tail -2"
#            shows the message dp_hello's init printed
#   ctrl-c   Ctrl-C stops a "sleep 1000" of the guest's shell (the
#            console is its controlling tty)
#   quit     Ctrl-A X ends QEMU (its process is gone), the pane is back
#            at the host shell, and make's exit status is 0
#
# Prints one "PASS: kernel:shell:<check>" or "FAIL: ...: why" line per
# check (a check after a broken one fails as not reached); on failure the
# pane's whole text is in $BUILD/shell-test/<check>.screen.  Always exits
# 0: the caller counts the lines.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-$top/build}
mkdir -p "$BUILD"
BUILD=$(cd "$BUILD" && pwd)
export BUILD
OUT=$BUILD/shell-test
TIMEOUT=${SHELL_TEST_TIMEOUT:-1800}
COLS=120 ROWS=40
P="kernel:shell"
HOST='host$'		# the host shell's prompt, trailing blank trimmed
GUEST='guest:/#'	# the guest's (tests/guest/init.sh)

for c in tmux qemu-system-x86_64; do
	command -v $c > /dev/null || { echo "SKIP: $P: no $c (tools/install-deps.sh installs it)"; exit 0; }
done
rm -rf "$OUT"; mkdir -p "$OUT"

unset TMUX TMUX_PANE
SOCK=dp-shell-$$
T() { tmux -L "$SOCK" -f /dev/null "$@"; }
# cleanup: end what still runs in the pane and our tmux server.  The
# pane's shell leads its own session, on the pane's tty; the process
# groups there are the shell's and the job in the foreground (make, the
# scripts and QEMU), nothing else.
cleanup() {
	trap "" INT TERM HUP
	local pid dead sock fg g groups=
	read -r pid dead sock < <(T display-message -p -t sh \
		'#{pane_pid} #{pane_dead} #{socket_path}' 2>/dev/null)
	if [ -n "${pid:-}" ] && [ "$dead" != 1 ]; then
		fg=$(ps -o tpgid= -p "$pid" | tr -d ' ')
		[ "${fg:-0}" -gt 1 ] && [ "$fg" != "$pid" ] && groups="$fg"
		# an interactive bash ignores TERM, not HUP
		[ -n "$groups" ] && kill -TERM -- "-$groups" 2>/dev/null
		kill -HUP -- "-$pid" 2>/dev/null
		groups="$groups $pid"
		for _ in $(seq 20); do
			alive $groups || break
			sleep 0.1
		done
		for g in $groups; do kill -KILL -- "-$g" 2>/dev/null; done
	fi
	T kill-server > /dev/null 2>&1
	[ -S "${sock:-}" ] && rm -f "$sock"	# tmux leaves it behind
}
# alive GROUP...: a process of one of the process groups is still there
alive() {
	local g
	for g; do kill -0 -- "-$g" 2>/dev/null && return 0; done
	return 1
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

# ---- the pane ------------------------------------------------------------
TEXT=
# snap: the pane's whole text (history too), wrapped lines joined, the
# blanks at their ends (which -J keeps) left out, into TEXT; false once
# the session is gone.
snap() {
	local s
	s=$(T capture-pane -p -J -S - -t sh 2>/dev/null) || return 1
	TEXT=$(sed 's/[[:space:]]*$//' <<<"$s")
}
# last: the last line of the pane that is not empty
last() { grep . <<<"$TEXT" | tail -1; }
# wait_until SECONDS COMMAND...: snap every 0.2 s until the command
# succeeds; false after SECONDS, or at once when STOP (a command) holds.
STOP=false
wait_until() {
	local end=$((SECONDS + $1)); shift
	while [ $SECONDS -lt "$end" ]; do
		snap || return 1
		"$@" && return 0
		$STOP && return 1
		sleep 0.2
	done
	return 1
}
# type_line TEXT: type the text and Enter, as a person does
type_line() { T send-keys -t sh -l "$1" && T send-keys -t sh Enter; }
# at_prompt PROMPT: the pane waits at that prompt (its last line)
at_prompt() { [ "$(last)" = "$1" ]; }
# has_line LINE: the pane has a line that is exactly LINE
has_line() { grep -qxF -- "$1" <<<"$TEXT"; }
# after LINE: the pane's lines after the last one that is exactly LINE
after() {
	awk -v l="$1" '{ t[NR] = $0 } $0 == l { n = NR }
		END { if (n) for (i = n + 1; i <= NR; i++) print t[i] }' <<<"$TEXT"
}
# guest CMD [SECONDS]: type a command in the guest and wait for its next
# prompt; OUTPUT is what came between the command and the prompt.
OUTPUT=
guest() {
	local cmd=$1
	type_line "$cmd" || return 1
	wait_until "${2:-120}" guest_done "$cmd" || return 1
	OUTPUT=$(after "$GUEST $cmd" | sed '$d')
}
guest_done() { after "$GUEST $1" | grep -q . && at_prompt "$GUEST"; }

# ---- results -------------------------------------------------------------
broken=
pass() { echo "PASS: $P:$1${2:+: $2}"; }
fail() {
	local f=$OUT/$1.screen
	snap; printf '%s\n' "$TEXT" > "$f"
	echo "FAIL: $P:$1: $2 (the pane: $f)"
}
# reached NAME: false (and a FAIL line) when an earlier check broke the run
reached() {
	[ -z "$broken" ] && return 0
	echo "FAIL: $P:$1: not reached: $broken"
	return 1
}
brk() { fail "$1" "$2"; broken="$1 failed"; }
tail_of() { grep . <<<"$TEXT" | tail -n "${1:-3}" | tr '\n' '|'; }

# ---- the session ---------------------------------------------------------
T start-server \; set-option -g remain-on-exit on \; \
	set-option -g history-limit 5000 \; \
	new-session -d -s sh -x $COLS -y $ROWS -c "$top" \
	"env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL PS1='$HOST ' bash --norc --noprofile -i" ||
	{ echo "FAIL: $P:prompt: tmux does not start"; exit 0; }
t0=$SECONDS
if ! wait_until 30 at_prompt "$HOST"; then
	brk prompt "no host shell prompt in the pane"
else
	type_line "make shell"
	# Once the pane shows the command, its prompt back means make ended
	wait_until 30 has_line "$HOST make shell"
	STOP='at_prompt '"$HOST"
	if wait_until "$TIMEOUT" at_prompt "$GUEST"; then
		pass prompt "after $((SECONDS - t0)) s"
	elif at_prompt "$HOST"; then
		brk prompt "make shell ended without a guest prompt: $(tail_of 4)"
	else
		brk prompt "no guest prompt after $TIMEOUT s: $(tail_of 3)"
	fi
	STOP=false
fi

if reached size; then
	if guest "stty size" && [ "$(grep -x '[0-9]* [0-9]*' <<<"$OUTPUT")" = "$ROWS $COLS" ]; then
		pass size "$ROWS $COLS"
	else
		fail size "stty size in the guest: expected '$ROWS $COLS', got '$(tr '\n' '|' <<<"$OUTPUT")'"
	fi
fi

if reached control; then
	if guest "grep -c . /sys/kernel/debug/dynamic_printk/control" &&
	   n=$(grep -x '[0-9][0-9]*' <<<"$OUTPUT") && [ "$n" -gt 1 ]; then
		pass control "$n lines"
	else
		brk control "no count of the control file's lines: '$(tr '\n' '|' <<<"$OUTPUT")'"
	fi
fi

if reached dyndbg; then
	if guest "insmod /modules/dp_hello.ko dyndbg=+p; dmesg | tail -2" &&
	   grep -qx 'dp_hello:hello from pr_debug in init' <<<"$OUTPUT"; then
		pass dyndbg
	else
		fail dyndbg "no message from dp_hello's init: '$(tr '\n' '|' <<<"$OUTPUT")'"
	fi
fi

if reached ctrl-c; then
	type_line "sleep 1000"
	if wait_until 60 has_line "$GUEST sleep 1000" &&
	   T send-keys -t sh C-c && wait_until 60 guest_done "sleep 1000"; then
		pass ctrl-c
	else
		# the rest can go on: Ctrl-A X is QEMU's, not the guest's
		fail ctrl-c "Ctrl-C did not stop 'sleep 1000' within 60 s"
	fi
fi

if reached quit; then
	# QEMU: the pane shell's descendant of that name
	qemu=$(ps -e -o pid=,ppid=,comm= | awk -v r="$(T display-message -p -t sh '#{pane_pid}')" '
		{ pp[$1] = $2; c[$1] = $3 }
		END { for (p in c) if (c[p] ~ /^qemu-system/) {
			for (q = pp[p]; q > 1; q = pp[q]) if (q == r) { print p; break } } }' | head -1)
	T send-keys -t sh C-a x
	gone() { ! kill -0 "$qemu" 2> /dev/null; }
	host_rc() { grep -x 'host-rc=[0-9]*' <<<"$TEXT"; }
	rc_shown() { host_rc > /dev/null; }
	if [ -z "$qemu" ]; then
		brk quit "no QEMU process under the pane's shell"
	elif ! wait_until 60 gone; then
		brk quit "QEMU (pid $qemu) still runs 60 s after Ctrl-A X"
	elif ! wait_until 30 at_prompt "$HOST"; then
		brk quit "QEMU ended, but no host shell prompt: $(tail_of 3)"
	else
		type_line 'echo host-rc=$?'
		if wait_until 30 rc_shown && [ "$(host_rc)" = host-rc=0 ]; then
			pass quit "QEMU (pid $qemu) ended, back at the host shell, make shell's status 0"
		else
			fail quit "back at the host shell, but make shell's status is not 0: $(tail_of 3)"
		fi
	fi
fi
exit 0
