#!/bin/bash
# stage.sh: the earlier stages of the files that several feature patches
# bring (patches/README).
#
# A file is kept whole in the repo once, in its final state, at its kernel
# path (a new file, or a <path>.patch of an existing one).  A patch of the
# series that brings it before its last one takes an earlier stage of it,
# stored as what that stage has otherwise than the final file:
#
#   patches/stages/NN-name/<kernel path>.rdiff
#
# a unified diff from the final kernel file (a/) to the stage (b/); for a
# .patch entry, of the kernel file as v2.6.27 is after that patch.  A fix
# of code that a stage has too is made once, in the final file: the stage
# follows, unless the fix touches lines the diff has, which "check" then
# says (a diff must apply exactly, at any offset but without fuzz), and
# "refresh" mends.
#
#   stage.sh text NN-name KPATH        the kernel file at that stage
#   stage.sh entry NN-name ENTRY OUT   write the entry as that patch takes
#                                      it (a new file, or a .patch against
#                                      v2.6.27) to OUT
#   stage.sh save NN-name KPATH FILE   store FILE as the kernel file at
#                                      that stage (its diff, from the final)
#   stage.sh edit NN-name KPATH        edit the stage in $EDITOR
#   stage.sh final KPATH               the kernel file in its final state
#   stage.sh check                     every stage applies
#   stage.sh refresh [REV]             every stage that no longer applies,
#                                      taken as it was against the final
#                                      files of git revision REV (default
#                                      HEAD), stored against today's: the
#                                      lines of the stage's own stay as
#                                      they were
#   stage.sh pin REV                   every stage of every patch but the
#                                      last as it was at git revision
#                                      REV: what the final files gained
#                                      since then is the last patch's
#                                      alone (refresh keeps it out only
#                                      of the stages it no longer fits)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
KSRC=${KSRC:-/opt/linux-2.6.27}
STAGES=$top/patches/stages
die() { echo "stage: $*" >&2; exit 1; }

# The entry of `series` for a kernel path: KPATH or KPATH.patch
entry_of() {
	local e _
	while read -r e _; do
		case $e in "$1"|"$1.patch") echo "$e"; return 0 ;; esac
	done < "$top/series"
	die "$1 is not in 'series'"
}

# repo_file FILE [REV]: a file of the repo, today or at git revision REV
repo_file() {
	if [ -n "${2:-}" ]; then
		git -C "$top" show "$2:$1" || die "no $1 at $2"
	else
		cat "$top/$1"
	fi
}

# apply_exact FILE: patch FILE in place with the diff on stdin, exactly
# (at any offset, never with fuzz)
apply_exact() {
	patch -s -N -F0 -r - --no-backup-if-mismatch "$1"
}

# final KPATH [REV]: the kernel file as the whole series leaves it
final() {
	local e tmp
	e=$(entry_of "$1")
	case $e in
	*.patch)
		[ -f "$KSRC/$1" ] || die "$KSRC/$1 does not exist"
		tmp=$(mktemp)
		cp "$KSRC/$1" "$tmp"
		repo_file "$e" "${2:-}" | apply_exact "$tmp" >&2 ||
			{ rm -f "$tmp"; die "$e does not apply"; }
		cat "$tmp"
		rm -f "$tmp"
		;;
	*)	repo_file "$e" "${2:-}" ;;
	esac
}

# text NN KPATH [REV]: the kernel file at stage NN
text() {
	local rd=patches/stages/$1/$2.rdiff tmp
	[ -n "${3:-}" ] || [ -f "$top/$rd" ] || die "no stage $rd"
	tmp=$(mktemp)
	final "$2" "${3:-}" > "$tmp"
	if ! repo_file "$rd" "${3:-}" | apply_exact "$tmp" >&2; then
		rm -f "$tmp"
		die "$rd does not apply to the final $2: stage.sh refresh, or edit"
	fi
	cat "$tmp"
	rm -f "$tmp"
}

# entry NN ENTRY OUT
entry() {
	local k=${2%.patch} head
	case $2 in
	*.patch)
		# The description of the final .patch, then the diff
		head=$(sed '/^--- /,$d' "$top/$2")
		{
			[ -n "$head" ] && printf '%s\n\n' "$head"
			diff -u --label "a/$k" --label "b/$k" "$KSRC/$k" \
				<(text "$1" "$k") || [ $? = 1 ]
		} > "$3"
		;;
	*)	text "$1" "$k" > "$3"
		# a script stays one
		if [ -x "$top/$2" ]; then chmod +x "$3"; fi ;;
	esac
}

# save NN KPATH FILE
save() {
	local rd=$STAGES/$1/$2.rdiff
	entry_of "$2" > /dev/null
	mkdir -p "$(dirname "$rd")"
	diff -u --label "a/$2" --label "b/$2" <(final "$2") "$3" > "$rd.tmp" ||
		[ $? = 1 ] || { rm -f "$rd.tmp"; die "diff failed"; }
	[ -s "$rd.tmp" ] || { rm -f "$rd.tmp"; die "$3 is the final $2: no stage"; }
	mv "$rd.tmp" "$rd"
	echo "stage: wrote ${rd#$top/}" >&2
}

# Each stage: "NN-name KPATH"
stages() {
	find "$STAGES" -name '*.rdiff' | sort | while read -r rd; do
		rd=${rd#$STAGES/}
		k=${rd#*/}
		echo "${rd%%/*} ${k%.rdiff}"
	done
}

case ${1:-} in
text)	[ $# = 3 ] || die "usage: stage.sh text NN-name KPATH"
	text "$2" "$3" ;;
entry)	[ $# = 4 ] || die "usage: stage.sh entry NN-name ENTRY OUT"
	entry "$2" "$3" "$4" ;;
save)	[ $# = 4 ] || die "usage: stage.sh save NN-name KPATH FILE"
	save "$2" "$3" "$4" ;;
edit)	[ $# = 3 ] || die "usage: stage.sh edit NN-name KPATH"
	tmp=$(mktemp)
	text "$2" "$3" > "$tmp"
	${EDITOR:-vi} "$tmp"
	save "$2" "$3" "$tmp"
	rm -f "$tmp" ;;
final)	[ $# = 2 ] || die "usage: stage.sh final KPATH"
	final "$2" ;;
check)	bad=0
	while read -r st k; do
		(text "$st" "$k") > /dev/null || bad=1
	done < <(stages)
	[ $bad = 0 ] ;;
refresh)
	rev=${2:-HEAD}
	while read -r st k; do
		(text "$st" "$k") > /dev/null 2>&1 && continue
		tmp=$(mktemp)
		text "$st" "$k" "$rev" > "$tmp" ||
			die "patches/stages/$st/$k.rdiff is no stage at $rev either"
		save "$st" "$k" "$tmp"
		rm -f "$tmp"
	done < <(stages) ;;
pin)	[ $# = 2 ] || die "usage: stage.sh pin REV"
	rev=$2
	last=$(ls "$top"/patches/[0-9][0-9]-*.txt | tail -n 1)
	for txt in "$top"/patches/[0-9][0-9]-*.txt; do
		[ "$txt" = "$last" ] && continue
		st=$(basename "$txt" .txt)
		# the entries of its Files: list at REV
		git -C "$top" show "$rev:patches/$st.txt" 2>/dev/null |
			awk 'f && NF { print $1 } /^Files:[ \t]*$/ { f = 1 }' |
		while read -r e; do
			# only what the last patch changes: the others' final
			# state is that of an earlier patch
			awk 'f && NF { print $1 } /^Files:[ \t]*$/ { f = 1 }' \
				"$last" | grep -qxF "$e" || continue
			k=${e%.patch}
			tmp=$(mktemp)
			if git -C "$top" cat-file -e "$rev:patches/stages/$st/$k.rdiff" 2>/dev/null; then
				text "$st" "$k" "$rev" > "$tmp"
			else
				final "$k" "$rev" > "$tmp"
			fi
			now=$(mktemp)
			if [ -f "$STAGES/$st/$k.rdiff" ]; then
				text "$st" "$k" > "$now"
			else
				final "$k" > "$now"
			fi
			if ! cmp -s "$tmp" "$now"; then
				if cmp -s "$tmp" <(final "$k"); then
					rm -f "$STAGES/$st/$k.rdiff"
					echo "stage: $st/$k is the final file again" >&2
				else
					save "$st" "$k" "$tmp"
				fi
			fi
			rm -f "$tmp" "$now"
		done
	done ;;
*)	die "usage: stage.sh text|entry|save|edit|final|check|refresh|pin ..." ;;
esac
