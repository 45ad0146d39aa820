#!/bin/bash
# series.sh [feature|compat|all]
#
# Generate the patch series to send, in `git format-patch` form with a
# 0000 cover letter, against Linux v2.6.27:
#
#   build/series/          the dynamic printk feature (from `series`,
#                          grouped and described by patches/NN-*.txt,
#                          cover letter patches/cover.txt)
#   build/series-compat/   the toolchain fixes (from compat/series, one
#                          patch per entry, its description taken from the
#                          text in front of the diff; cover letter
#                          patches/compat/cover.txt).  NOT part of the
#                          feature: only needed to build v2.6.27 with
#                          gcc 12, binutils 2.40, make 4.3, perl 5.36.
#
# patches/NN-name.txt, one per feature patch, in order:
#
#   Subject line
#   <blank>
#   changelog body (what, why, how to use), ending with Signed-off-by:
#   <blank>
#   Files:
#   <series entry>
#   ...
#
# The Files: lists of all patches together, each entry at its last
# listing, must be exactly the entries of `series`, in the same order;
# an earlier listing takes the entry from its stage,
# patches/stages/NN-name/<kernel path>.rdiff (patches/README,
# tools/stage.sh); otherwise nothing is generated.
#
# How: a scratch git repository build/series-git holds a commit
# "Linux 2.6.27" made from $KSRC (only read); each patch is a commit on top
# of it, made by applying its entries the way tools/apply-series.sh does
# (a new file is copied, a .patch is applied with patch -p1).  Author,
# committer and dates are fixed, so the output is the same byte for byte
# on every run.  Then git format-patch --cover-letter writes the series.
#
# SERIES_OUT, SERIES_COMPAT_OUT: other output folders (check-series.sh);
# KSRC, BUILD as everywhere else.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$top/build}
KSRC=${KSRC:-/opt/linux-2.6.27}
export KSRC
mkdir -p "$BUILD"
BUILD=$(cd "$BUILD" && pwd)
PATCHES=$top/patches
G=$BUILD/series-git
# Where the series go (tools/check-series.sh writes its own copies)
SERIES_OUT=${SERIES_OUT:-$BUILD/series}
SERIES_COMPAT_OUT=${SERIES_COMPAT_OUT:-$BUILD/series-compat}
what=${1:-all}

die() { echo "series: $*" >&2; exit 1; }
case $what in feature|compat|all) ;; *) die "usage: series.sh [feature|compat|all]" ;; esac

# --- reproducible git --------------------------------------------------------
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
export GIT_AUTHOR_NAME="Dynamic Printk Developers"
export GIT_AUTHOR_EMAIL="dynamic-printk@example.org"
export GIT_COMMITTER_NAME=$GIT_AUTHOR_NAME GIT_COMMITTER_EMAIL=$GIT_AUTHOR_EMAIL
export TZ=UTC LC_ALL=C
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE
g() { git --git-dir="$G" -c core.fileMode=false -c core.autocrlf=false \
	-c core.abbrev=12 -c diff.noprefix=false -c diff.mnemonicPrefix=false \
	-c diff.renames=false -c format.signature= "$@"; }
# Dates: v2.6.27 was tagged on 2008-10-09; the feature is dated one week
# later, the compat series one day after that; one minute per patch.
T_BASE="1223590433 -0700"	# Thu Oct 9 15:13:53 2008 -0700
T_FEATURE=1224172800		# 2008-10-16 16:00:00 UTC
T_COMPAT=1224259200		# 2008-10-17 16:00:00 UTC

# --- read the series files and the patch descriptions ----------------------

# series_entries FILE: the entries, one a line (as apply-series.sh reads them)
series_entries() {
	local entry _
	while read -r entry _; do
		case "$entry" in ''|'#'*) continue ;; esac
		echo "$entry"
	done < "$1"
}

# patch_files TXT: the entries of its Files: list
patch_files() {
	awk 'f && NF { print $1 } /^Files:[ \t]*$/ { f = 1 }' "$1"
}

# patch_message TXT: subject and body, without the Files: list and the
# blank lines in front of it
patch_message() {
	awk '/^Files:[ \t]*$/ { exit } { print }' "$1" |
		sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'
}

# check_patch_text TXT: the shape described above
check_patch_text() {
	local t=$1 n
	n=${t#$top/}
	[ -n "$(sed -n 1p "$t")" ] || die "$n: line 1 must be the subject"
	[ -z "$(sed -n 2p "$t")" ] || die "$n: line 2 must be blank (subject, blank line, changelog)"
	grep -q '^Files:[ \t]*$' "$t" || die "$n: no 'Files:' line"
	[ "$(grep -c '^Files:[ \t]*$' "$t")" = 1 ] || die "$n: more than one 'Files:' line"
	[ -n "$(patch_files "$t")" ] || die "$n: the Files: list is empty"
	patch_message "$t" | grep -q '^Signed-off-by: .* <.*@.*>$' ||
		die "$n: no 'Signed-off-by: Name <email>' line in the changelog"
	[ "$(patch_message "$t" | sed -n '3,$p' | grep -cv '^$')" -gt 0 ] ||
		die "$n: no changelog body"
	if patch_message "$t" | grep -n '.\{76,\}' | grep -v '^[0-9]*:Signed-off-by' |
			grep -v '^[0-9]*:	' >&2; then
		die "$n: the lines above are longer than 75 columns (indent commands with a tab)"
	fi
}

feature_texts() { ls "$PATCHES"/[0-9][0-9]-*.txt 2>/dev/null | sort; }

# last_entries: the entries of all Files: lists, each at its last listing
# only, in patch order: what must be `series`
last_entries() {
	local t
	for t in $(feature_texts); do patch_files "$t"; done |
		awk '{ e[NR] = $0; last[$0] = NR } END {
			for (i = 1; i <= NR; i++) if (last[e[i]] == i) print e[i] }'
}

# stage_of TXT ENTRY: the file a patch takes ENTRY from: its stage, made
# by tools/stage.sh from patches/stages/NN-name/<kernel path>.rdiff, if
# an earlier patch than ENTRY's last has one; the entry itself otherwise
stage_of() {
	local n k out
	n=$(basename "$1" .txt) k=${2%.patch}
	if [ -f "$PATCHES/stages/$n/$k.rdiff" ]; then
		out=$BUILD/stages/$n/$2
		mkdir -p "$(dirname "$out")"
		bash "$top/tools/stage.sh" entry "$n" "$2" "$out" ||
			die "patches/stages/$n/$k.rdiff: no stage"
		echo "$out"
	else
		echo "$top/$2"
	fi
}

# check_stages: a patch listing an entry before its last listing takes it
# from a stage, and every stage is of such an entry
check_stages() {
	local t e n seen_later st bad=0
	for t in $(feature_texts); do
		n=$(basename "$t" .txt)
		for e in $(patch_files "$t" | sort | uniq -d); do
			echo "  ${t#$top/} lists $e twice" >&2
			bad=1
		done
		for e in $(patch_files "$t"); do
			seen_later=
			for u in $(feature_texts); do
				[[ "$u" > "$t" ]] && patch_files "$u" | grep -qxF "$e" && seen_later=1
			done
			st=$PATCHES/stages/$n/${e%.patch}.rdiff
			if [ -n "$seen_later" ] && [ ! -f "$st" ]; then
				echo "  ${t#$top/} lists $e, which a later patch lists too, but there is no ${st#$top/}" >&2
				bad=1
			elif [ -z "$seen_later" ] && [ -f "$st" ]; then
				echo "  ${st#$top/}: $e is in its final state in $n (no later patch lists it); remove the stage" >&2
				bad=1
			fi
		done
	done
	if [ -d "$PATCHES/stages" ]; then
		while read -r st; do
			st=${st#$PATCHES/stages/}
			n=${st%%/*} e=${st#*/}
			case $e in
			*.rdiff)	e=${e%.rdiff} ;;
			*)		echo "  patches/stages/$st: a stage is a .rdiff (tools/stage.sh)" >&2
					bad=1; continue ;;
			esac
			if [ ! -f "$PATCHES/$n.txt" ] || ! patch_files "$PATCHES/$n.txt" | grep -qxE "$e(\.patch)?"; then
				echo "  patches/stages/$st: patches/$n.txt does not list $e" >&2
				bad=1
			fi
		done < <(find "$PATCHES/stages" -type f | sort)
	fi
	[ $bad = 0 ] || die "fix patches/*.txt or patches/stages (see patches/README)"
}

# check_cover: the feature texts cover `series` exactly, each entry at
# its last listing in the order of `series`, earlier listings staged
check_cover() {
	local texts want got t e
	texts=$(feature_texts)
	[ -n "$texts" ] || die "no patch descriptions patches/NN-name.txt"
	[ -f "$PATCHES/cover.txt" ] || die "no cover letter text patches/cover.txt"
	for t in $texts; do check_patch_text "$t"; done
	want=$(series_entries "$top/series")
	got=$(last_entries)
	if [ "$want" != "$got" ]; then
		echo "series: the Files: lists of patches/NN-*.txt do not match 'series':" >&2
		for e in $(echo "$want" | sort -u); do
			grep -qxF "$e" <<<"$got" ||
				echo "  $e is in 'series' but in no patch" >&2
		done
		for e in $(echo "$got" | sort -u); do
			grep -qxF "$e" <<<"$want" ||
				echo "  a patch lists $e, which is not in 'series'" >&2
		done
		for e in $(echo "$want" | sort | uniq -d); do
			echo "  $e appears more than once in 'series'" >&2
		done
		if [ "$(echo "$want" | sort)" = "$(echo "$got" | sort)" ]; then
			echo "  same entries, different order; 'series' order vs the patches' last listings:" >&2
			diff <(echo "$want") <(echo "$got") | sed 's/^/    /' >&2 || true
		fi
		die "fix patches/*.txt (or 'series') so that they list the same entries in the same order"
	fi
	check_stages
}

# --- the scratch repository --------------------------------------------------

# make_base: commit "Linux 2.6.27" = $KSRC, tagged "base".  Reused while
# $KSRC has the same content (the stat cache of a private index makes the
# comparison quick).
make_base() {
	local tree
	bash "$top/tools/check-ksrc.sh" || die "KSRC=$KSRC is not a pristine v2.6.27 tree"
	if [ ! -f "$G/HEAD" ]; then
		rm -rf "$G"
		git init -q --bare "$G"
	fi
	echo "  BASE    $KSRC" >&2
	(cd "$KSRC" && GIT_INDEX_FILE=$G/ksrc.index g --work-tree=. add -A -f .)
	tree=$(GIT_INDEX_FILE=$G/ksrc.index g write-tree)
	if [ "$(g rev-parse -q --verify 'base^{tree}' 2>/dev/null)" != "$tree" ]; then
		local c
		c=$(printf 'Linux 2.6.27\n' | GIT_AUTHOR_NAME="Linus Torvalds" \
			GIT_AUTHOR_EMAIL="torvalds@linux-foundation.org" \
			GIT_COMMITTER_NAME="Linus Torvalds" \
			GIT_COMMITTER_EMAIL="torvalds@linux-foundation.org" \
			GIT_AUTHOR_DATE="$T_BASE" GIT_COMMITTER_DATE="$T_BASE" \
			g commit-tree "$tree")
		g update-ref refs/tags/base "$c"
	fi
}

# apply_entries WT TXT|- SRCDIR ENTRY...: in the sparse work tree WT, which
# holds only what is being changed, apply each entry of a series file in
# SRCDIR, as tools/apply-series.sh does: a new file is copied, a .patch
# is applied.  A feature patch (TXT, its description, given) takes each
# entry from its stage if it has one (see stage_of) and applies a .patch
# to the file of v2.6.27, so that a later patch may bring the same file,
# or the same .patch, in a later stage; a compat patch (TXT "-") applies
# to HEAD.  Prints the kernel paths.
apply_entries() {
	local wt=$1 txt=$2 dir=$3 e f src out ref=base; shift 3
	[ "$txt" != - ] || ref=HEAD
	for e in "$@"; do
		src=$dir/$e
		[ "$txt" = - ] || src=$(stage_of "$txt" "$e")
		[ -f "$src" ] || die "${src#$top/} does not exist"
		case $e in
		*.patch)
			f=${e%.patch}
			g cat-file -e "$ref:$f" 2>/dev/null ||
				die "${src#$top/}: $f is not in the tree"
			mkdir -p "$wt/$(dirname "$f")"
			g cat-file blob "$ref:$f" > "$wt/$f"
			if [ "$txt" = - ]; then
				# a toolchain fix: what the tree lacks of it
				out=0
				python3 "$top/tools/compat-apply.py" ${flag:-} \
					"$src" "$wt" >&2 || out=$?
				[ $out = 0 ] || [ $out = 3 ] ||
					die "${src#$top/} does not apply"
			elif ! out=$(patch -p1 -s -N -r - --no-backup-if-mismatch \
					-d "$wt" < "$src" 2>&1); then
				echo "$out" >&2
				die "${src#$top/} does not apply"
			fi
			;;
		*)
			f=$e
			! g cat-file -e "$ref:$f" 2>/dev/null ||
				die "${src#$top/}: $f already exists in the tree (send a .patch)"
			mkdir -p "$wt/$(dirname "$f")"
			cp "$src" "$wt/$f"
			;;
		esac
		echo "$f"
	done
}

# commit_patch BRANCH-TIME MSGFILE TXT|- DIR ENTRY...: one commit on HEAD
commit_patch() {
	local when=$1 msg=$2 txt=$3 dir=$4 wt files tree c; shift 4
	wt=$G/wt
	rm -rf "$wt"; mkdir -p "$wt"
	files=$(apply_entries "$wt" "$txt" "$dir" "$@")
	# shellcheck disable=SC2046
	(cd "$wt" && g --work-tree=. add -f -- $(echo "$files" | sort -u))
	# core.fileMode is off (the export's modes are not ours to judge):
	# a new executable file, such as a script, says so itself.
	for f in $files; do
		if [ -x "$wt/$f" ] && ! g cat-file -e "HEAD:$f" 2>/dev/null; then
			(cd "$wt" && g --work-tree=. update-index --chmod=+x -- "$f")
		fi
	done
	tree=$(g write-tree)
	if [ "$tree" = "$(g rev-parse 'HEAD^{tree}')" ] && [ "$txt" = - ]; then
		# a toolchain fix this tree has, or has no code for
		rm -rf "$wt"
		return 3
	fi
	[ "$tree" != "$(g rev-parse 'HEAD^{tree}')" ] ||
		die "$(head -1 "$msg"): the patch changes nothing"
	c=$(GIT_AUTHOR_DATE="$when +0000" GIT_COMMITTER_DATE="$when +0000" \
		g commit-tree "$tree" -p HEAD -F "$msg")
	g update-ref HEAD "$c"
	rm -rf "$wt"
}

# start_branch NAME: HEAD = refs/heads/NAME = base, index = base
start_branch() {
	g update-ref "refs/heads/$1" base
	g symbolic-ref HEAD "refs/heads/$1"
	g read-tree base
}

# export_series BRANCH OUTDIR COVERTXT WHEN: format-patch with a cover letter
# whose *** SUBJECT HERE *** / *** BLURB HERE *** come from COVERTXT
export_series() {
	local branch=$1 out=$2 cover=$3 when=$4 cl subj
	rm -rf "$out"; mkdir -p "$out"
	GIT_COMMITTER_DATE="$when +0000" g format-patch -q --cover-letter \
		--subject-prefix=PATCH --stat=72 --summary --no-signature \
		-o "$out" "base..$branch"
	cl=$(ls "$out"/0000-*.patch)
	subj=$(sed -n 1p "$cover")
	SUBJ=$subj BLURB=$(sed -n '3,$p' "$cover") perl -0pi -e '
		s/\*\*\* SUBJECT HERE \*\*\*/$ENV{SUBJ}/ or die "no subject placeholder\n";
		s/\*\*\* BLURB HERE \*\*\*/$ENV{BLURB}/ or die "no blurb placeholder\n";
	' "$cl"
	! grep -q '\*\*\* .* HERE \*\*\*' "$cl" || die "$cl: placeholder left"
}

# --- the two series -----------------------------------------------------------

feature() {
	local t i=0 msg
	start_branch feature
	msg=$G/msg
	for t in $(feature_texts); do
		patch_message "$t" > "$msg"
		# shellcheck disable=SC2046
		commit_patch $((T_FEATURE + 60 * i)) "$msg" "$t" "$top" $(patch_files "$t")
		i=$((i + 1))
	done
	export_series feature "$SERIES_OUT" "$PATCHES/cover.txt" \
		$((T_FEATURE - 60))
	echo "  SERIES  $SERIES_OUT: $i patches + cover letter (feature)" >&2
}

compat() {
	local e i=0 msg desc flag rc
	[ -f "$PATCHES/compat/cover.txt" ] || die "no cover letter text patches/compat/cover.txt"
	start_branch compat
	msg=$G/msg
	for e in $(series_entries "$top/compat/series"); do
		[ -f "$top/compat/$e" ] || die "compat/series lists $e, which does not exist"
		# The description patch(1) skips: the text before the diff
		desc=$(awk '/^(--- |diff |Index: )/ { exit } { print }' "$top/compat/$e")
		[ -n "$(echo "$desc" | tr -d ' \n')" ] ||
			die "compat/$e has no description in front of the diff"
		{
			echo "compat: ${e%.patch}: fix for a modern toolchain"
			echo
			echo "$desc" | fmt -w 72
			echo
			echo "Toolchain fix only: needed to build v2.6.27 with gcc 12, binutils 2.40,"
			echo "make 4.3 or perl 5.36.  Not part of the dynamic printk series."
			echo
			echo "Signed-off-by: $GIT_AUTHOR_NAME <$GIT_AUTHOR_EMAIL>"
		} > "$msg"
		flag=$(awk -v e="$e" '$1 == e && $2 { print "--" $2 }' "$top/compat/series")
		rc=0
		flag=$flag commit_patch $((T_COMPAT + 60 * i)) "$msg" - "$top/compat" "$e" || rc=$?
		if [ $rc = 3 ]; then
			echo "  SKIP    compat/$e: the tree needs none of it" >&2
			continue
		fi
		[ $rc = 0 ] || exit $rc
		i=$((i + 1))
	done
	export_series compat "$SERIES_COMPAT_OUT" "$PATCHES/compat/cover.txt" \
		$((T_COMPAT - 60))
	echo "  SERIES  $SERIES_COMPAT_OUT: $i patches + cover letter (toolchain fixes, not the feature)" >&2
}

# Only one generator at a time in this build folder
exec 9> "$BUILD/.series.lock"
flock -w 600 9 || die "another series.sh holds $BUILD/.series.lock"

if [ "$what" != compat ]; then check_cover; fi
make_base
case $what in
feature) feature ;;
compat)	compat ;;
all)	feature; compat ;;
esac
