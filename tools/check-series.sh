#!/bin/bash
# check-series.sh: check the patch series tools/series.sh generates, the
# way a maintainer receiving it would.
#
#   series:generate        tools/series.sh writes the feature and compat
#                          series (patches/*.txt cover `series` exactly)
#   series:reproducible    a second generation is byte for byte the same
#   series:checkpatch:NN-x scripts/checkpatch.pl of the tree (perl-fixed by
#                          the compat series) on each feature patch:
#                          0 errors, 0 warnings except the ones excused in
#                          patches/checkpatch-exceptions.txt
#   series:am:v2.6.27      git am of the whole feature series to pristine
#                          v2.6.27 (git format-patch/am round trip: the
#                          same tree as the series' source)
#   series:am:compat       git am of the toolchain fixes, which then serve
#                          as the base of the builds: v2.6.27 does not
#                          build with gcc 12, binutils 2.40, make 4.3 and
#                          perl 5.36 without them (they are not part of
#                          the feature)
#   series:am:NN-x         git am of one feature patch on top of that,
#   series:build:NN-x      then an incremental build (bzImage modules, or
#                          scripts_basic for a patch of host tools only) with
#                          CONFIG_DYNAMIC_PRINTK_DEBUG=y and
#                          CONFIG_DYNAMIC_PRINTK_PATCH_SITES=y (small
#                          config, as tools/kbuild.sh on-small) in one O=
#                          folder
#   series:boot:NN-x:...   after a patch named in patches/boots, its small
#                          kernel booted once in QEMU with the test
#                          modules built against it, running the cases
#                          that patch makes true (tools/guest-run.sh):
#                          one line per case and one for the boot
#   series:build-off:NN-x  after each patch (but one of host tools only),
#                          the option off, in their own O= folder: the
#                          objects of the files and headers the series
#                          changes, and users of pr_debug() and dev_dbg()
#                          (init/main.o, kernel/module.o, lib/kobject.o,
#                          drivers/base/core.o, arch/x86/kernel/
#                          alternative.o and traps_64.o)
#   series:build-off       the whole series, the option off, own O= folder;
#                          with SERIES_OFF_BUILT=VARIANT (make check: the
#                          guest suite's off-small), that kernel instead,
#                          brought up to date by tools/kbuild.sh (in
#                          build/linux and build/out/VARIANT), when it is
#                          the same tree (diff -r) and config
#   series:sparse          make C=2 on lib/dynamic_printk*.o,
#                          arch/x86/kernel/{dynamic_printk,alternative}.o,
#                          kernel/module.o
#                          (option on): no sparse warning in our code, i.e.
#                          the new files and the lines the series adds;
#                          what modern sparse says about 2.6.27's own
#                          headers is filtered out (and counted)
#
# One "PASS: series:<what>[: detail]" or "FAIL: series:<what>: why" line
# per check on stdout; details in build/series-check/logs/.  Exits 1 if any
# check failed.  Everything is under build/series-check: a git clone of
# the generator's scratch repository (build/series-git) and the O=
# folders, but for SERIES_OFF_BUILT's kernel; KSRC is only read.  Takes
# about 20 minutes on 2 cores.
#
# SERIES_QUICK=1 (for a machine too slow for the whole in CI's time): every
# check above but that each patch builds only the objects of the files
# the series adds or changes (lib/dynamic_printk*.o, kernel/module.o,
# init/main.o, arch/x86/kernel/{dynamic_printk,alternative}.o, as far as
# the patch has them), the whole kernel being built once, after the last
# patch; no boots, and a whole build-off only as SERIES_OFF_BUILT's
# kernel (the guest suite boots that tree and builds it with the option
# off).  Each skipped check is reported as such; "make check-series" runs
# them all.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$top/build}
KSRC=${KSRC:-/opt/linux-2.6.27}
export KSRC
mkdir -p "$BUILD"
BUILD=$(cd "$BUILD" && pwd)
export BUILD
JOBS=${JOBS:-$(nproc)}
C=$BUILD/series-check
SRC=$C/linux
LOGS=$C/logs
OUT_ON=$C/out-on
OUT_OFF=$C/out-off
EXC=$top/patches/checkpatch-exceptions.txt
start=$(date +%s)

nfail=0
pass() { echo "PASS: series:$*"; }
fail() { echo "FAIL: series:$*"; nfail=$((nfail + 1)); }
# the last lines of a log, on one line, for a FAIL message
tailof() { tail -n "${2:-3}" "$1" 2>/dev/null | tr '\n\t' '  ' | sed 's/  */ /g'; }
finish() {
	echo "series: checks done in $(( $(date +%s) - start )) s; logs in $LOGS"
	[ "$nfail" = 0 ]
	exit
}

ks=0; why=$(bash "$top/tools/check-ksrc.sh" 2>&1) || ks=$?
if [ $ks != 0 ]; then
	if [ $ks = 2 ]; then
		echo "SKIP: series: no kernel tree ($why)"
		exit 0
	fi
	fail "ksrc: $why"
	finish
fi

# One check at a time per build folder (it owns build/series-check)
mkdir -p "$C"
exec 9> "$C/.lock"
if ! flock -w 1200 9; then
	fail "lock: another check-series.sh held $C/.lock for 20 minutes"
	finish
fi
rm -rf "$LOGS" "$OUT_ON" "$OUT_OFF" "$SRC" "$C/series" "$C/series-compat" "$C/again"
mkdir -p "$LOGS"

export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
export GIT_AUTHOR_NAME="check-series" GIT_AUTHOR_EMAIL="check-series@localhost"
export GIT_COMMITTER_NAME=$GIT_AUTHOR_NAME GIT_COMMITTER_EMAIL=$GIT_AUTHOR_EMAIL
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE
export LC_ALL=C
gs() { git -C "$SRC" "$@"; }

# --- generate -------------------------------------------------------------------
if SERIES_OUT=$C/series SERIES_COMPAT_OUT=$C/series-compat \
		bash "$top/tools/series.sh" > "$LOGS/generate.log" 2>&1; then
	:
else
	fail "generate: tools/series.sh failed: $(grep -v '^  ' "$LOGS/generate.log" | head -8 | tr '\n' ' ')"
	finish
fi
# the patches (without the 0000 cover letter) and their names in patches/
patches_in() { local f; for f in "$1"/[0-9][0-9][0-9][0-9]-*.patch; do
	case $f in */0000-*|*'*'*) ;; *) echo "$f" ;; esac; done; }
mapfile -t feat < <(patches_in "$C/series")
mapfile -t compat < <(patches_in "$C/series-compat")
mapfile -t names < <(cd "$top/patches" && printf '%s\n' [0-9][0-9]-*.txt | sed 's/\.txt$//' | sort)
if [ "${#feat[@]}" != "${#names[@]}" ] || [ "${#feat[@]}" = 0 ]; then
	fail "generate: ${#feat[@]} patches generated for ${#names[@]} texts in patches/"
	finish
fi
pass "generate: ${#feat[@]} feature patches ($(echo "${names[@]}")) and ${#compat[@]} separate toolchain fixes; make series writes them to build/series and build/series-compat"

if SERIES_OUT=$C/again/series SERIES_COMPAT_OUT=$C/again/series-compat \
		bash "$top/tools/series.sh" > "$LOGS/generate-again.log" 2>&1 &&
		diff -r "$C/series" "$C/again/series" > "$LOGS/reproducible.diff" &&
		diff -r "$C/series-compat" "$C/again/series-compat" >> "$LOGS/reproducible.diff"; then
	pass "reproducible: a second generation is byte for byte the same"
else
	fail "reproducible: a second generation differs (see $LOGS/reproducible.diff)"
fi
rm -rf "$C/again"

# --- the tree: a clone of the generator's repository at "Linux 2.6.27" ---------
if ! { git clone -q --shared -n "$BUILD/series-git" "$SRC" &&
       gs checkout -q -b pristine base; } > "$LOGS/clone.log" 2>&1; then
	fail "tree: cannot make $SRC: $(tailof "$LOGS/clone.log")"
	finish
fi

# am NAME LOG PATCH...: git am, refusing whitespace damage
am() {
	local log=$1; shift
	if gs am -q --whitespace=error-all "$@" > "$log" 2>&1; then
		return 0
	fi
	gs am --abort > /dev/null 2>&1
	return 1
}

# --- the feature on pristine v2.6.27 --------------------------------------------
if am "$LOGS/am-v2.6.27.log" "${feat[@]}"; then
	if [ "$(gs rev-parse 'HEAD^{tree}')" = "$(gs rev-parse 'origin/feature^{tree}')" ]; then
		pass "am:v2.6.27: the ${#feat[@]} patches apply to pristine v2.6.27 with git am, to the tree they were made from"
	else
		fail "am:v2.6.27: git am gives a different tree than the series' source: $(gs diff --stat HEAD origin/feature | tail -1)"
	fi
else
	fail "am:v2.6.27: git am to pristine v2.6.27 fails: $(tailof "$LOGS/am-v2.6.27.log")"
fi

# --- the build tree: v2.6.27 + compat, then the feature one patch at a time -----
gs checkout -q -b build base
if am "$LOGS/am-compat.log" "${compat[@]}"; then
	pass "am:compat: ${#compat[@]} toolchain fixes (build/series-compat) applied first as the base of the builds: v2.6.27 cannot build here (gcc 12, binutils 2.40, make 4.3, perl 5.36) without them; they are not part of the feature"
else
	fail "am:compat: the toolchain fixes do not apply: $(tailof "$LOGS/am-compat.log")"
	finish
fi
compat_top=$(gs rev-parse HEAD)

# --- checkpatch ------------------------------------------------------------------
# Exceptions: "patch | WARNING: ... | file | why"
declare -A used
exc_lines=$(grep -v '^[[:space:]]*#' "$EXC" 2>/dev/null | grep -v '^[[:space:]]*$')
bad_exc=$(awk -F' [|] ' 'NF != 4 || $4 ~ /^[[:space:]]*$/' <<<"$exc_lines")
[ -z "$bad_exc" ] || fail "checkpatch-exceptions: malformed line(s) in patches/checkpatch-exceptions.txt (want 'patch | WARNING: text | file | why'): $(head -1 <<<"$bad_exc")"
exc_lines=$(awk -F' [|] ' 'NF == 4 && $4 !~ /^[[:space:]]*$/' <<<"$exc_lines")

for i in "${!feat[@]}"; do
	n=${names[$i]} p=${feat[$i]} log=$LOGS/checkpatch-${names[$i]}.log
	(cd "$SRC" && perl scripts/checkpatch.pl "$p") > "$log" 2> "$log.err"
	total=$(grep '^total: ' "$log")
	if [ -z "$total" ]; then
		fail "checkpatch:$n: scripts/checkpatch.pl died: $(tailof "$log.err" 1 | cut -c1-200)"
		continue
	fi
	nerr=$(sed -n 's/^total: \([0-9]*\) errors.*/\1/p' <<<"$total")
	# each message: "TYPE: text<TAB>file"
	msgs=$(awk '/^(ERROR|WARNING): / { m = $0; next }
		    m != "" && /^#[0-9]+: FILE: / { f = $3; sub(/:[0-9]+:$/, "", f); print m "\t" f; m = ""; next }
		    m != "" { print m "\t"; m = "" }' "$log")
	warn=$(grep '^WARNING: ' <<<"$msgs")
	left=0 excused=0 first=
	while IFS=$'\t' read -r m f; do
		[ -n "$m" ] || continue
		hit=
		while IFS= read -r e; do
			[ -n "$e" ] || continue
			IFS='|' read -r ep em ef _ <<<"$e"
			ep=$(echo $ep) em=$(sed 's/^ *//;s/ *$//' <<<"$em") ef=$(echo $ef)
			if [ "$ep" = "$n" ] && [ "$em" = "$m" ] && [ "$ef" = "$f" ]; then
				hit=1; used[$e]=1
			fi
		done <<<"$exc_lines"
		if [ -n "$hit" ]; then
			excused=$((excused + 1))
		else
			left=$((left + 1)); [ -n "$first" ] || first="$m ($f)"
		fi
	done <<<"$warn"
	nwarn=$(grep -c . <<<"$warn")
	if [ "$nerr" = 0 ] && [ "$left" = 0 ]; then
		if [ "$excused" = 0 ]; then
			pass "checkpatch:$n: 0 errors, 0 warnings"
		else
			pass "checkpatch:$n: 0 errors, $nwarn warnings, all excused in patches/checkpatch-exceptions.txt"
		fi
	else
		fail "checkpatch:$n: $nerr errors, $left unexcused warnings ($excused excused); first: $(grep -m1 '^ERROR: ' "$log" || echo "$first") (see $log)"
	fi
done
while IFS= read -r e; do
	[ -n "$e" ] || continue
	[ -n "${used[$e]:-}" ] ||
		fail "checkpatch-exceptions: no longer needed, remove it: $e"
done <<<"$exc_lines"

# --- builds ----------------------------------------------------------------------
ON_FRAG=$C/on.config OFF_FRAG=$C/off.config
# As tools/kbuild.sh on-small: patched call sites too (allnoconfig would
# leave an option off that the fragment does not name, whatever its
# default)
{ cat "$top/configs/small.config"; echo CONFIG_DYNAMIC_PRINTK_DEBUG=y
  echo CONFIG_DYNAMIC_PRINTK_PATCH_SITES=y; } > "$ON_FRAG"
{ cat "$top/configs/small.config"; echo "# CONFIG_DYNAMIC_PRINTK_DEBUG is not set"; } > "$OFF_FRAG"

kmake() { local out=$1; shift; make -C "$SRC" O="$out" ARCH=x86_64 "$@"; }

# configure OUT FRAG LOG: allnoconfig + fragment, as tools/kbuild.sh does.
# Every option of the fragment must take, except an option of dynamic
# printk while the tree has no such option yet, or no architecture offers
# it yet (its HAVE_ option is not set).
configure() {
	local out=$1 frag=$2 log=$3 line o bad=
	mkdir -p "$out"
	KCONFIG_ALLCONFIG=$frag kmake "$out" -s allnoconfig >> "$log" 2>&1 ||
		{ echo "allnoconfig failed"; return 1; }
	while read -r line; do
		case $line in
		CONFIG_DYNAMIC_PRINTK_*=y)
			o=${line#CONFIG_}; o=${o%=y}
			if grep -q "^config $o\$" "$SRC/lib/Kconfig.debug" &&
			   { ! grep -q "^config HAVE_$o\$" "$SRC/lib/Kconfig.debug" ||
			     grep -qx "CONFIG_HAVE_$o=y" "$out/.config"; }; then
				grep -qxF "$line" "$out/.config" || bad="$bad $line"
			fi ;;
		CONFIG_*=*)
			grep -qxF "$line" "$out/.config" || bad="$bad $line" ;;
		"# CONFIG_"*" is not set")
			o=${line#\# }; o=${o%% *}
			! grep -q "^$o=" "$out/.config" || bad="$bad $o=n" ;;
		esac
	done < "$frag"
	if [ -n "$bad" ]; then
		echo "did not take:$bad"
		return 1
	fi
}
optstate() {
	if grep -qx 'CONFIG_DYNAMIC_PRINTK_PATCH_SITES=y' "$1/.config"; then
		echo "option on, patched call sites"
	elif grep -qx 'CONFIG_DYNAMIC_PRINTK_DEBUG=y' "$1/.config"; then
		echo "option on"
	elif grep -q '^config DYNAMIC_PRINTK_DEBUG$' "$SRC/lib/Kconfig.debug"; then
		echo "option off"
	else
		echo "option not in Kconfig yet"
	fi
}

# present_objs OBJ...: those of the objects whose source the tree has
present_objs() {
	local o
	for o; do
		[ -f "$SRC/${o%.o}.c" ] && echo "$o"
	done
	return 0
}

QUICK=${SERIES_QUICK:-}
# The objects of the files the series adds or changes that the tree at
# HEAD has, for a quick build
quick_objs() {
	present_objs lib/dynamic_printk.o lib/dynamic_printk_parse.o \
		lib/dynamic_printk_control.o lib/dynamic_printk_sites.o \
		kernel/module.o init/main.o arch/x86/kernel/dynamic_printk.o \
		arch/x86/kernel/alternative.o
}

# With the option off, after each patch: the objects whose sources or
# headers (<linux/kernel.h>, <linux/device.h>, <linux/module.h>,
# <linux/dynamic_printk.h>, <linux/hardirq.h>) the series changes, and
# users of pr_debug() and dev_dbg(): nothing of the feature may break a
# kernel built without it, at any patch.  The whole kernel is built off
# once, after the last patch (build-off).
off_objs() {
	present_objs init/main.o kernel/module.o lib/kobject.o \
		drivers/base/core.o arch/x86/kernel/alternative.o \
		arch/x86/kernel/traps_64.o
}

# build NAME OUT FRAG RECONFIG [TARGETS]: configure if asked, then make
# TARGETS (bzImage modules)
build() {
	local name=$1 out=$2 frag=$3 reconf=$4 log=$LOGS/build-$1.log t0 msg
	local targets=${5:-bzImage modules}
	t0=$(date +%s)
	: > "$log"
	if [ "$reconf" = 1 ] && ! msg=$(configure "$out" "$frag" "$log"); then
		fail "$name: config: $msg (see $log)"
		return 1
	fi
	if ! kmake "$out" -j"$JOBS" $targets >> "$log" 2>&1; then
		fail "$name: make failed: $(grep -E 'error|Error' "$log" | head -3 | tr '\n' ' ' | cut -c1-300) (see $log)"
		return 1
	fi
	if [ "$targets" = "bzImage modules" ]; then
		msg="bzImage and modules, $(optstate "$out")"
	elif [ "$targets" != scripts_basic ]; then
		msg="only ${targets% }, $(optstate "$out")"
	else
		msg="$targets: the patch changes no file of the kernel itself"
	fi
	pass "$name: $msg, $(( $(date +%s) - t0 )) s"
}

# boot NAME: the boots patches/boots asks for after patch NAME.  The
# kernel of $OUT_ON is seen by tools/guest-run.sh as variant "series" of
# its own BUILD folder, with the busybox of ours.
G=$C/guest
boot() {
	local name=$1 p append cases c files log k b d used names dirs
	[ -d "$BUILD/busybox" ] || { fail "boot:$name: no busybox (make busybox)"; return; }
	rm -rf "$G"; mkdir -p "$G/out"
	ln -s "$OUT_ON" "$G/out/series"
	ln -s "$BUILD/busybox" "$G/busybox"
	log=$LOGS/boot-$name.log
	# The test modules the cases (or the guest's library) name: a module
	# may use what a later patch brings (a field of struct module, say),
	# and each build costs seconds, so the others are not built
	: > "$log"
	used=$(grep -v '^[[:space:]]*#' "$top/patches/boots" | awk -v n="$name" \
		-v c="$top/tests/guest/cases/" '$1 == n { for (i = 3; i <= NF; i++) print c $i }')
	used="$used $top/tests/guest/lib.sh $top/tests/guest/init.sh"
	dirs=()
	for d in "$top"/tests/guest/modules/*/; do
		d=${d%/}
		# named by its folder (dp_many_* too) or its .ko files
		names=$(sed -n 's/^obj-m[[:space:]]*:=[[:space:]]*\([A-Za-z0-9_-]*\)\.o$/-e \1.ko/p' "$d/Kbuild")
		# shellcheck disable=SC2086
		if ! grep -qF -e "${d##*/}" $names $used; then
			echo "(${d##*/} not built: its cases do not run after $name)" >> "$log"
			continue
		fi
		dirs+=("$d")
	done
	if [ ${#dirs[@]} -gt 0 ] &&
	   ! BUILD=$G bash "$top/tools/build-modules.sh" series "${dirs[@]}" >> "$log" 2>&1; then
		fail "boot:$name: a test module its cases use does not build: $(grep -E 'build-modules:|error' "$log" | head -3 | tr '\n' ' ' | cut -c1-300) (see $log)"
		return
	fi
	k=0
	while read -r p append cases; do
		[ "$p" = "$name" ] || continue
		k=$((k + 1))
		b=$name
		[ "$k" = 1 ] || b=$name-$k
		append=${append//+/ }
		append=${append//%2B/+}
		files=()
		for c in $cases; do files+=("$top/tests/guest/cases/$c"); done
		BUILD=$G bash "$top/tools/guest-run.sh" "$b" series "$append" \
			"${files[@]}" > "$LOGS/boot-$b.result" 2>&1
		cp "$G/guest/$b/console.log" "$LOGS/boot-$b.console.log" 2>/dev/null
		# guest-parse.py's lines: "PASS: guest:<boot>:<case> ..."
		sed -n 's/^\(PASS\|FAIL\): guest:/\1: series:boot:/p' "$LOGS/boot-$b.result"
		nfail=$((nfail + $(grep -c '^FAIL: guest:' "$LOGS/boot-$b.result")))
		grep -q "^[A-Z]*: guest:$b:boot" "$LOGS/boot-$b.result" ||
			fail "boot:$b: tools/guest-run.sh gave no result (see $LOGS/boot-$b.result)"
	done < <(grep -v '^[[:space:]]*#' "$top/patches/boots" | grep -v '^[[:space:]]*$')
}
# every boot names a patch of the series
while read -r p _; do
	[ -f "$top/patches/$p.txt" ] || fail "boots: patches/boots names $p, which is not a patch"
done < <(grep -v '^[[:space:]]*#' "$top/patches/boots" | grep -v '^[[:space:]]*$')

built_all=1
reconf_off=1
for i in "${!feat[@]}"; do
	n=${names[$i]} p=${feat[$i]}
	if ! am "$LOGS/am-$n.log" "$p"; then
		fail "am:$n: git am on v2.6.27 + compat + the patches before it fails: $(tailof "$LOGS/am-$n.log")"
		built_all=0
		break
	fi
	pass "am:$n"
	# (Re)configure for the first build and whenever a Kconfig changes
	reconf=0
	if [ "$i" = 0 ] || [ -n "$(gs diff --name-only HEAD~1 HEAD | grep -E '(^|/)Kconfig[^/]*$')" ]; then
		reconf=1
		reconf_off=1
	fi
	# A patch of host tools only (the hash tool) changes no kernel
	# object: building the tools is its build, and the next patch's
	# build is the first of the kernel
	targets=
	if [ -z "$(gs diff --name-only HEAD~1 HEAD | grep -v '^scripts/basic/')" ]; then
		targets=scripts_basic
	elif [ -n "$QUICK" ] && [ "$i" != "$(( ${#feat[@]} - 1 ))" ]; then
		targets=$(quick_objs | tr '\n' ' ')
	fi
	if ! build "build:$n" "$OUT_ON" "$ON_FRAG" "$reconf" "$targets"; then
		built_all=0
		break
	fi
	# (configured at its first build: a patch of host tools only has
	# none)
	if [ "$targets" != scripts_basic ]; then
		if ! build "build-off:$n" "$OUT_OFF" "$OFF_FRAG" \
			   "$reconf_off" "$(off_objs | tr '\n' ' ')"; then
			built_all=0
			break
		fi
		reconf_off=0
	fi
	if grep -q "^$n[[:space:]]" "$top/patches/boots"; then
		if [ -n "$QUICK" ]; then
			echo "SKIP: series:boot:$n: quick check (CI time limit); make check-series boots it"
		else
			boot "$n"
		fi
	fi
done
if [ "$built_all" = 1 ] && [ "$(optstate "$OUT_ON")" != "option on, patched call sites" ]; then
	fail "build:${names[-1]}: the whole series is applied but CONFIG_DYNAMIC_PRINTK_DEBUG=y and CONFIG_DYNAMIC_PRINTK_PATCH_SITES=y did not take"
	built_all=0
fi

# SERIES_OFF_BUILT (which "make check" sets after its guest suite built
# off-small): the same kernel need not be built twice in CI's time.
# tools/kbuild.sh brings that variant's tree copy and build up to date
# (nothing to make if the guest suite built it since the last change),
# then the trees and configs are compared.
reuse=
if [ "$built_all" = 1 ] && [ -n "${SERIES_OFF_BUILT:-}" ]; then
	reuse_out=$BUILD/out/$SERIES_OFF_BUILT reuse_log=$LOGS/build-off-reuse.log
	if ! BUILD=$BUILD bash "$top/tools/kbuild.sh" "$SERIES_OFF_BUILT" > "$reuse_log" 2>&1; then
		fail "build-off: tools/kbuild.sh $SERIES_OFF_BUILT failed: $(tailof "$reuse_log")"
		reuse=failed
	elif cmp -s "$reuse_out/.dp-fragment" "$OFF_FRAG" &&
	     diff -rq --exclude=.git --exclude='.dp-*' "$BUILD/linux" "$SRC" >> "$reuse_log" 2>&1; then
		reuse=yes
	fi
fi

if [ "$reuse" = yes ]; then
	if grep -q "^  MAKE    $SERIES_OFF_BUILT: up to date" "$reuse_log"; then
		pass "build-off: the tree and config of build/out/$SERIES_OFF_BUILT (diff -r), which tools/kbuild.sh built with the option off and found up to date; not built again"
	else
		pass "build-off: the tree and config of build/out/$SERIES_OFF_BUILT (diff -r), built there by tools/kbuild.sh with the option off"
	fi
elif [ "$reuse" = failed ]; then
	:
elif [ "$built_all" = 1 ] && [ -n "$QUICK" ]; then
	echo "SKIP: series:build-off: quick check (CI time limit; the guest suite builds the same tree with the option off as off-small); make check-series builds it"
elif [ "$built_all" = 1 ]; then
	build build-off "$OUT_OFF" "$OFF_FRAG" 1
else
	fail "build-off: not tried, the series did not apply or build to the end"
fi

# --- sparse ----------------------------------------------------------------------
# Our lines: every line of a file the feature adds, and the lines it adds
# to existing files (line numbers in the final tree), as "file:line".
sparse_check() {
	local log=$LOGS/sparse.log msgs=$LOGS/sparse-messages.log ours=$C/our-lines
	local all n_all n_ours wrap=$C/sparse-wrap
	if ! command -v sparse > /dev/null; then
		fail "sparse: sparse is not installed (tools/install-deps.sh installs it)"
		return
	fi
	if [ "$built_all" != 1 ]; then
		fail "sparse: not run, the series did not build to the end"
		return
	fi
	gs diff -U0 --no-renames "$compat_top" HEAD | awk '
		/^\+\+\+ b\// { f = substr($0, 7); next }
		/^@@ / {
			split($3, a, ","); l = substr(a[1], 2); c = (a[2] == "" ? 1 : a[2])
			for (i = 0; i < c; i++) print f ":" (l + i)
		}' | sort -u > "$ours"
	sparse_objs="lib/dynamic_printk.o lib/dynamic_printk_parse.o lib/dynamic_printk_control.o lib/dynamic_printk_sites.o arch/x86/kernel/dynamic_printk.o arch/x86/kernel/alternative.o kernel/module.o"
	# CHECK= wrapper: sparse's own messages, apart from gcc's
	printf '#!/bin/sh\nsparse "$@" 2>> "%s"\n' "$msgs" > "$wrap"
	chmod +x "$wrap"
	: > "$msgs"
	if ! kmake "$OUT_ON" C=2 CHECK="$wrap" $sparse_objs > "$log" 2>&1; then
		fail "sparse: make C=2 failed: $(tailof "$log")"
		return
	fi
	for f in ${sparse_objs//.o/.c}; do
		if ! grep -q "CHECK.*${f//./\\.}\$" "$log"; then
			fail "sparse: make C=2 did not check $f (see $log)"
			return
		fi
	done
	# "<path>:<line>:<col>: warning|error: ..." with the tree prefix removed
	all=$(sed -n "s|^$SRC/||; s|^\./||; /^[^ :]*:[0-9]*:[0-9]*: \(warning\|error\): /p" "$msgs")
	n_all=$(grep -c . <<<"$all")
	awk -F: 'NR == FNR { ours[$1 ":" $2] = 1; next }
		 ($1 ":" $2) in ours' "$ours" - <<<"$all" > "$LOGS/sparse-ours.log"
	n_ours=$(grep -c . "$LOGS/sparse-ours.log")
	if [ "$n_ours" = 0 ]; then
		pass "sparse: 0 warnings in our code (the new files and every line the series adds elsewhere; make C=2 $sparse_objs, option on); $n_all about v2.6.27's own code filtered out (see $msgs)"
	else
		fail "sparse: $n_ours warnings in our code: $(head -2 "$LOGS/sparse-ours.log" | tr '\n' ' ') (see $LOGS/sparse-ours.log)"
	fi
}
sparse_check

finish
