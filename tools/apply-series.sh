#!/bin/bash
# apply-series.sh DEST SERIES...
#
# Make DEST a private copy of the v2.6.27 tree at $KSRC with our series
# applied, in the order the SERIES files list them.  KSRC is only read.
#
# A SERIES file lists one entry per line, relative to the file's own folder:
# "<kernel path>.patch" is applied with patch -p1, any other entry is a new
# file copied to <kernel path>.  Blank lines and '#' comments are ignored.
#
# Incremental: the touched files are patched in a scratch copy first; only
# those whose content changed are written into DEST, so make's timestamps
# rebuild just what depends on them.  Files touched by an earlier run but no
# longer by the series go back to their v2.6.27 content.
set -eu
KSRC=${KSRC:-/opt/linux-2.6.27}
die() { echo "apply-series: $*" >&2; exit 1; }

[ $# -ge 2 ] || die "usage: apply-series.sh DEST SERIES..."
dest=$1; shift

"$(dirname "$0")/check-ksrc.sh"

# Read the series: pairs of (source file in repo, kernel path), and how
# each is applied: the toolchain fixes (a compat/series file) hunk by
# hunk where the tree lacks them, "if-present" ones only where the tree
# has the code they fix (tools/compat-apply.py); the others whole.
srcs=(); kpaths=(); modes=()
for series in "$@"; do
	[ -f "$series" ] || die "no series file $series"
	dir=$(cd "$(dirname "$series")" && pwd)
	while read -r entry flag _; do
		case "$entry" in ''|'#'*) continue ;; esac
		[ -f "$dir/$entry" ] || die "$series lists $entry, which does not exist"
		srcs+=("$dir/$entry")
		kpaths+=("$entry")
		case $series in
		*compat/series)	modes+=("lacking${flag:+ --$flag}") ;;
		*)		modes+=(whole) ;;
		esac
	done < "$series"
done

if [ ! -f "$dest/.dp-ksrc" ] || [ "$(cat "$dest/.dp-ksrc")" != "$KSRC" ]; then
	echo "  COPY    $KSRC -> $dest"
	rm -rf "$dest" "$dest.tmp"
	mkdir -p "$(dirname "$dest")"
	cp -a "$KSRC" "$dest.tmp"
	echo "$KSRC" > "$dest.tmp/.dp-ksrc"
	: > "$dest.tmp/.dp-touched"
	mv "$dest.tmp" "$dest"
fi

# Every kernel file this run or the previous one touched.
touched=$( { for p in "${kpaths[@]}"; do echo "${p%.patch}"; done
	     cat "$dest/.dp-touched"; } | sort -u)

stage=$(mktemp -d "${TMPDIR:-/tmp}/apply-series.XXXXXX")
trap 'rm -rf "$stage"' EXIT
for f in $touched; do
	if [ -f "$KSRC/$f" ]; then
		mkdir -p "$stage/$(dirname "$f")"
		cp -p "$KSRC/$f" "$stage/$f"
	fi
done

for i in "${!srcs[@]}"; do
	src=${srcs[$i]}; kp=${kpaths[$i]}
	case "$kp" in
	*.patch)
		f=${kp%.patch}
		[ -f "$stage/$f" ] || die "${src#$PWD/}: $f is not in the tree"
		if [ "${modes[$i]}" != whole ]; then
			rc=0
			# shellcheck disable=SC2086
			python3 "$(dirname "$0")/compat-apply.py" \
				${modes[$i]#lacking} "$src" "$stage" || rc=$?
			[ $rc = 0 ] || [ $rc = 3 ] ||
				die "${src#$PWD/} does not apply"
		elif ! out=$(patch -p1 -s -N -r - --no-backup-if-mismatch \
				-d "$stage" < "$src" 2>&1); then
			echo "$out" >&2
			die "${src#$PWD/} does not apply"
		fi
		;;
	*)
		[ ! -f "$KSRC/$kp" ] || die "${src#$PWD/}: $kp already exists in the tree (send a .patch)"
		mkdir -p "$stage/$(dirname "$kp")"
		cp "$src" "$stage/$kp"
		;;
	esac
done

changed=0
for f in $touched; do
	if [ -f "$stage/$f" ]; then
		if ! cmp -s "$stage/$f" "$dest/$f"; then
			mkdir -p "$dest/$(dirname "$f")"
			cp "$stage/$f" "$dest/$f"
			echo "  UPDATE  $f"
			changed=$((changed + 1))
		fi
	elif [ -e "$dest/$f" ]; then
		rm -f "$dest/$f"
		echo "  REMOVE  $f"
		changed=$((changed + 1))
	fi
done
for p in "${kpaths[@]}"; do echo "${p%.patch}"; done | sort -u > "$dest/.dp-touched"
echo "  SERIES  $dest: ${#srcs[@]} entries, $changed file(s) changed"
