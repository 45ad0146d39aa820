#!/bin/bash
# menuconfig.sh: CONFIG_DYNAMIC_PRINTK_DEBUG as a user meets it in
# "make menuconfig", driven in a real (tmux) terminal.
#
#  on:  allnoconfig (PRINTK=y).  Under "Kernel hacking" the line
#       "[ ] Enable dynamic printk() call support" is there; 'y' makes it
#       "[*]"; '/' search finds the symbol with its prompt, "Depends on:
#       PRINTK" (2.6.27 prints no [=y] values there) and its location
#       "-> Kernel hacking"; Exit + "Yes" to save writes
#       CONFIG_DYNAMIC_PRINTK_DEBUG=y.
#  off: allnoconfig + CONFIG_EMBEDDED=y, PRINTK off.  Search still finds
#       the symbol (so it is there, only hidden), but walking every line
#       of "Kernel hacking" to the bottom never meets the option; after a
#       save (Magic SysRq turned on so that there is something to save:
#       without a change menuconfig does not ask) .config has no
#       CONFIG_DYNAMIC_PRINTK_DEBUG=y.
#
# Kernel tree: $BUILD/linux (brought up to date with apply-series.sh, as
# tools/kbuild.sh does); output only under $BUILD/menuconfig-test.  Prints
# one "PASS: kernel:menuconfig:<check>" or "FAIL: ...: why" line per check;
# on failure the last screen is in $BUILD/menuconfig-test/<check>.screen.
# Always exits 0: the caller counts the lines.
#
# MENUCONFIG_TEST_PROMPT overrides the prompt text looked for (to see the
# test fail).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-$top/build}
mkdir -p "$BUILD"
BUILD=$(cd "$BUILD" && pwd)
KTREE=$BUILD/linux
OUT=$BUILD/menuconfig-test
PROMPT=${MENUCONFIG_TEST_PROMPT:-"Enable dynamic printk() call support"}
SYM=DYNAMIC_PRINTK_DEBUG
COLS=120 ROWS=40
SOCK=			# private tmux server of the current session
nsock=0
JOBS=$(nproc 2>/dev/null || echo 1)
P="kernel:menuconfig"

unset TMUX TMUX_PANE
T() { tmux -L "$SOCK" -f /dev/null "$@"; }
# cleanup: end menuconfig and our tmux server.  Killing the server alone
# is not enough: mconf outlives the closed terminal, spinning on the CPU.
# The pane's shell leads its own session and process group, so the group
# is that shell, make, its sub-makes and mconf, nothing else.
cleanup() {
	local pid dead sock
	[ -n "$SOCK" ] || return 0
	read -r pid dead sock < <(T display-message -p -t mc \
		'#{pane_pid} #{pane_dead} #{socket_path}' 2>/dev/null)
	if [ -n "${pid:-}" ] && [ "$dead" != 1 ]; then
		kill -TERM -- "-$pid" 2>/dev/null
		for _ in $(seq 20); do
			kill -0 -- "-$pid" 2>/dev/null || break
			sleep 0.1
		done
		kill -KILL -- "-$pid" 2>/dev/null
	fi
	T kill-server >/dev/null 2>&1
	[ -S "${sock:-}" ] && rm -f "$sock"	# tmux leaves it behind
	SOCK=
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

SCREEN='' CURY=-1 DEAD=0 STATUS='' broken='' STATUSFILE=''
now() { date +%s%N | cut -c1-13; }	# milliseconds

# --- screen reading -------------------------------------------------------

# snap: read the screen (SCREEN), cursor row (CURY), whether the pane's
# command has ended (DEAD).  Returns 1 once the session is gone.
snap() {
	local info s
	info=$(T display-message -p -t mc \
		'#{cursor_y}:#{pane_dead}' 2>/dev/null) || return 1
	s=$(T capture-pane -p -t mc 2>/dev/null) || return 1
	SCREEN=$s
	IFS=: read -r CURY DEAD <<<"$info"
}
state() { printf '%s\n%s' "$CURY" "$SCREEN"; }
# line N (0-based) of the screen
line() { sed -n "$(($1 + 1))p" <<<"$SCREEN"; }
# the highlighted menu line: lxdialog leaves the cursor on it
selected() { line "$CURY"; }
# title of the dialog box: "Kernel hacking", "Linux Kernel Configuration".
# Row 3 is "<corner+lines> Title <lines+corner>"; outside a UTF-8 locale
# the lines are ACS letters ("lqqq Title qqqk"), hence the word split.
title() { sed -n 3p <<<"$SCREEN" | sed -E 's/^ *[^ ]+ //; s/ [^ ]+ *$//'; }

# settle: snap until two reads 40 ms apart agree (a redraw is complete)
settle() {
	local prev
	snap || return 1
	for _ in $(seq 50); do
		prev=$(state); sleep 0.04
		snap || return 1
		[ "$(state)" = "$prev" ] && return 0
	done
	return 0
}

# wait_text TEXT SECONDS: until the screen shows TEXT (fixed string)
wait_text() {
	local end=$(( $(now) + $2 * 1000 ))
	while [ "$(now)" -lt "$end" ]; do
		settle || return 1
		grep -qF -- "$1" <<<"$SCREEN" && return 0
		[ "$DEAD" = 1 ] && return 1
		sleep 0.1
	done
	return 1
}

# wait_dead SECONDS: until make menuconfig has ended; STATUS is its exit
# status.  It comes from a file the pane's shell writes: tmux's own
# #{pane_dead_status} sometimes stays empty (seen with tmux 3.3a).
wait_dead() {
	local end=$(( $(now) + $1 * 1000 ))
	while [ "$(now)" -lt "$end" ]; do
		snap || return 1
		STATUS=$(cat "$STATUSFILE" 2>/dev/null)
		if [ -n "$STATUS" ]; then
			SCREEN=$(T capture-pane -p -S - -t mc)
			return 0
		fi
		sleep 0.1
	done
	return 1
}

# key KEY...: send keys, wait (bounded) for the screen to change, settle.
# Returns 1 if nothing changed within 0.8 s.
key() {
	local before end
	before=$(state)
	T send-keys -t mc "$@"
	end=$(( $(now) + 800 ))
	while [ "$(now)" -lt "$end" ]; do
		sleep 0.03
		snap || return 1
		[ "$(state)" != "$before" ] && { settle; return 0; }
	done
	return 1
}

# find_item TEXT: press Down until the highlighted line contains TEXT.
# Every highlighted line is appended to $seen.  Returns 1 at the bottom
# (Down twice without any change) or after 300 lines.
seen=
find_item() {
	local miss=0
	for _ in $(seq 300); do
		seen+="$(selected)"$'\n'
		grep -qF -- "$1" <<<"$(selected)" && return 0
		if key Down; then miss=0
		else miss=$((miss + 1)); [ $miss -ge 2 ] && return 1
		fi
	done
	return 1
}

# --- results --------------------------------------------------------------

pass() { echo "PASS: $P:$1"; }
fail() {
	local f=$OUT/${1//:/-}.screen
	printf '%s\n' "$SCREEN" > "$f"
	echo "FAIL: $P:$1: $2 (last screen: $f)"
}
# check NAME: false (and a FAIL line) if an earlier step of the run broke
check() {
	[ -z "$broken" ] && return 0
	echo "FAIL: $P:$1: not reached: $broken"
	return 1
}
# brk NAME WHY: a step failed, the rest of this run cannot go on
brk() { fail "$1" "$2"; broken="$1 failed"; }

# --- menuconfig session ---------------------------------------------------

# start DIR: menuconfig on DIR in a detached COLSxROWS tmux session
start() {
	cleanup
	# a new server (socket) each time: a killed one may linger a moment
	nsock=$((nsock + 1)); SOCK=dp-menuconfig-$$-$nsock
	SCREEN=
	STATUSFILE=$1.status; rm -f "$STATUSFILE"
	T start-server \; set-option -g default-terminal screen \; \
	  set-option -g remain-on-exit on \; set-option -g history-limit 2000 \; \
	  new-session -d -s mc -x $COLS -y $ROWS \
	  "env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -j$JOBS -C '$KTREE' O='$1' ARCH=x86_64 menuconfig; echo \$? > '$STATUSFILE'" \
	  || return 1
	# the first run builds lxdialog
	wait_text "Linux Kernel Configuration" 90 && wait_text "<Select>" 10
}

# goto_hacking NAME: from the main menu into "Kernel hacking"
goto_hacking() {
	if ! find_item "Kernel hacking  --->"; then
		brk "$1" "no \"Kernel hacking\" entry in the main menu"; return 1
	fi
	key Enter
	if ! [ "$(title)" = "Kernel hacking" ]; then
		brk "$1" "Enter on \"Kernel hacking\" did not open it (title '$(title)')"; return 1
	fi
	seen=
}

# search NAME: '/' search for the symbol from the current menu
search() {
	local name=$1 want="Depends on: PRINTK " res
	check "$name" || return
	if ! key / || ! grep -qF "Search Configuration Parameter" <<<"$SCREEN"; then
		brk "$name" "'/' did not open the search box"; return
	fi
	T send-keys -t mc -l "$SYM"
	key Enter
	if ! wait_text "Search Results" 5; then
		brk "$name" "no search results for $SYM"; return
	fi
	res=$SCREEN
	if ! grep -qF "Symbol: $SYM [=" <<<"$res"; then
		fail "$name" "search did not find symbol $SYM"
	elif ! grep -qF "Prompt: $PROMPT" <<<"$res"; then
		fail "$name" "search result lacks 'Prompt: $PROMPT'"
	elif ! grep -qF "$want" <<<"$res"; then
		fail "$name" "search result lacks '$want'"
	elif ! grep -qF -- "-> Kernel hacking" <<<"$res"; then
		fail "$name" "search result does not locate it in Kernel hacking"
	else
		pass "$name"
	fi
	key Enter			# close the results
	if [ "$(title)" != "Linux Kernel Configuration" ]; then
		printf '%s\n' "$SCREEN" > "$OUT/${name//:/-}-close.screen"
		broken="closing the search results failed (screen: $OUT/${name//:/-}-close.screen)"
	fi
}

# leave_and_save NAME: Exit twice (Kernel hacking, main menu), "Yes" to
# saving, wait for make to end.  Returns 1 (after a FAIL line) on trouble.
leave_and_save() {
	local name=$1
	# Tab: the button highlight moves to < Exit > (colour only, no wait)
	T send-keys -t mc Tab; key Enter
	if [ "$(title)" != "Linux Kernel Configuration" ]; then
		brk "$name" "Exit did not lead back to the main menu"; return 1
	fi
	T send-keys -t mc Tab; key Enter
	if ! grep -qF "Do you wish to save your new kernel configuration?" <<<"$SCREEN"; then
		brk "$name" "Exit did not ask about saving"; return 1
	fi
	T send-keys -t mc y
	if ! wait_dead 30; then
		brk "$name" "menuconfig did not end within 30 s of 'Yes'"; return 1
	fi
	if [ "$STATUS" != 0 ]; then
		brk "$name" "make menuconfig exited with status $STATUS"; return 1
	fi
	if ! grep -qF "*** End of Linux kernel configuration." <<<"$SCREEN"; then
		brk "$name" "menuconfig did not report the end of configuration"; return 1
	fi
}

# allnoconfig NAME DIR [FRAGMENT]: fresh DIR, allnoconfig (with fragment)
allnoconfig() {
	rm -rf "$2"; mkdir -p "$2"
	# the kconfig programs of the "on" run, if any, save rebuilding them
	[ -x "$OUT/on/scripts/kconfig/mconf" ] && [ "$2" != "$OUT/on" ] &&
		cp -a "$OUT/on/scripts" "$2/"
	local extra=()
	[ -n "${3:-}" ] && extra=("KCONFIG_ALLCONFIG=$3")
	if ! make -j"$JOBS" -C "$KTREE" O="$2" ARCH=x86_64 "${extra[@]}" \
	     allnoconfig > "$2.allnoconfig.log" 2>&1; then
		SCREEN=$(tail -20 "$2.allnoconfig.log")
		brk "$1" "make allnoconfig failed (see $2.allnoconfig.log)"; return 1
	fi
}

# --- the runs -------------------------------------------------------------

run_on() {
	local d=$OUT/on sel
	broken=
	if check on:setup && allnoconfig on:setup "$d"; then
		SCREEN=$(grep -E "PRINTK|EMBEDDED" "$d/.config")
		if ! grep -qx "CONFIG_PRINTK=y" "$d/.config"; then
			brk on:setup "allnoconfig did not give CONFIG_PRINTK=y"
		elif ! grep -qx "# CONFIG_$SYM is not set" "$d/.config"; then
			brk on:setup "allnoconfig lacks '# CONFIG_$SYM is not set'"
		elif ! start "$d"; then
			brk on:setup "menuconfig did not show its main menu"
		else
			pass on:setup
		fi
	fi

	search on:search

	if check on:shown && goto_hacking on:shown; then
		if ! find_item "$PROMPT"; then
			brk on:shown "no line \"$PROMPT\" in Kernel hacking ($(grep -c . <<<"$seen") lines walked)"
		elif ! grep -qF -- "[ ] $PROMPT" <<<"$(selected)"; then
			brk on:shown "line is '$(selected | tr -s ' ')', want '[ ] $PROMPT'"
		else
			pass on:shown
		fi
	fi

	if check on:toggle; then
		key y
		sel=$(selected)
		if [ "$(title)" != "Kernel hacking" ]; then
			brk on:toggle "'y' left Kernel hacking (title '$(title)')"
		elif ! grep -qF -- "[*] $PROMPT" <<<"$sel"; then
			brk on:toggle "after 'y' the line is '$(tr -s ' ' <<<"$sel")', want '[*] $PROMPT'"
		else
			pass on:toggle
		fi
	fi

	if check on:saved && leave_and_save on:saved; then
		SCREEN=$(grep -E "PRINTK|EMBEDDED" "$d/.config")
		if grep -qx "CONFIG_$SYM=y" "$d/.config"; then
			pass on:saved
		else
			fail on:saved ".config has no CONFIG_$SYM=y after saving"
		fi
	fi
}

run_off() {
	local d=$OUT/off frag=$OUT/off.fragment sel
	broken=
	printf '%s\n' "CONFIG_EMBEDDED=y" "# CONFIG_PRINTK is not set" > "$frag"
	if check off:setup && allnoconfig off:setup "$d" "$frag"; then
		SCREEN=$(grep -E "PRINTK|EMBEDDED|MAGIC_SYSRQ" "$d/.config")
		if ! grep -qx "CONFIG_EMBEDDED=y" "$d/.config" ||
		   ! grep -qx "# CONFIG_PRINTK is not set" "$d/.config"; then
			brk off:setup "allnoconfig with $frag did not give EMBEDDED=y, PRINTK off"
		elif grep -q "^CONFIG_$SYM=" "$d/.config"; then
			brk off:setup "CONFIG_$SYM is set with PRINTK off"
		elif grep -qx "CONFIG_MAGIC_SYSRQ=y" "$d/.config"; then
			brk off:setup "allnoconfig has MAGIC_SYSRQ=y already"
		elif ! start "$d"; then
			brk off:setup "menuconfig did not show its main menu"
		else
			pass off:setup
		fi
	fi

	search off:search

	if check off:hidden && goto_hacking off:hidden; then
		# a change, so that Exit offers to save
		if ! find_item "Magic SysRq key"; then
			brk off:hidden "no \"Magic SysRq key\" in Kernel hacking"
		else
			key y
			# on to the bottom; the option must not be met
			if find_item "$PROMPT"; then
				brk off:hidden "line '$(selected | tr -s ' ')' is shown with PRINTK off"
			elif grep -qF -- "$PROMPT" <<<"$SCREEN"; then
				brk off:hidden "\"$PROMPT\" is on the screen with PRINTK off"
			elif [ "$(title)" != "Kernel hacking" ]; then
				brk off:hidden "walking the menu left Kernel hacking (title '$(title)')"
			elif [ "$(grep -c . <<<"$seen")" -lt 5 ]; then
				brk off:hidden "only $(grep -c . <<<"$seen") lines walked in Kernel hacking"
			else
				pass off:hidden
			fi
		fi
	fi

	if check off:saved && leave_and_save off:saved; then
		SCREEN=$(grep -E "PRINTK|EMBEDDED|MAGIC_SYSRQ" "$d/.config")
		if ! grep -qx "CONFIG_MAGIC_SYSRQ=y" "$d/.config"; then
			fail off:saved "the save did not write .config (no CONFIG_MAGIC_SYSRQ=y)"
		elif grep -q "^CONFIG_$SYM=y" "$d/.config"; then
			fail off:saved ".config has CONFIG_$SYM=y with PRINTK off"
		else
			pass off:saved
		fi
	fi
}

# --- main -----------------------------------------------------------------

mkdir -p "$OUT"
why=
# one run at a time: two would share $OUT
exec 9>"$OUT/.lock"
if ! flock -w 300 9; then
	why="another run held $OUT/.lock for 300 s"
elif ! command -v tmux >/dev/null; then
	why="tmux is not installed"
elif ! bash "$top/tools/apply-series.sh" "$KTREE" "$top/compat/series" \
	     "$top/series" > "$OUT/apply-series.log" 2>&1; then
	why="apply-series.sh failed (see $OUT/apply-series.log)"
fi
if [ -n "$why" ]; then
	for c in on:setup on:search on:shown on:toggle on:saved \
		 off:setup off:search off:hidden off:saved; do
		echo "FAIL: $P:$c: $why"
	done
	exit 0
fi

rm -f "$OUT"/*.screen
run_on
run_off
exit 0
