#!/bin/bash
# Build a static, musl-linked, non-PIE busybox for the qemu guest.
#
#   tools/build-busybox.sh                 # -> build/busybox/busybox
#   tools/build-busybox.sh i386            # -> build/busybox32/busybox (for
#                                          #    the guests of i386 kernels)
#   BUILD=/some/dir tools/build-busybox.sh # -> /some/dir/busybox/busybox
#   FORCE=1 tools/build-busybox.sh         # rebuild even if up to date
#
# Why musl: glibc's static startup code needs AT_RANDOM in the aux vector,
# which Linux 2.6.27 does not provide, so glibc-static binaries (including
# Debian's busybox-static) crash as init there.  i386: gcc -m32 with the
# specs of Debian's musl-dev:i386 (tools/install-deps.sh installs it).
#
# Source: Debian's busybox source package (apt-get source busybox), cached
# unpacked under $BUILD/busybox-src. Config: "make allnoconfig" plus the
# options listed in tools/busybox.config, i.e. exactly the listed applets.
# Output in $BUILD/busybox/ ($BUILD/busybox32/ for i386):
#   busybox          the binary
#   busybox.config   the full .config it was built with
#   applets.txt      its applets, from "make busybox.links" (the build's
#                    own list; nothing built for i386 is run on the host,
#                    which may not execute 32-bit binaries: the guests of
#                    i386 kernels run it)
#   build.log        make output
# Nothing is done when $BUILD/busybox/busybox is newer than this script and
# tools/busybox.config. Runs as root (it may add a deb-src apt source and
# run apt-get update / apt-get source).
set -eu

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SELF=$ROOT/tools/build-busybox.sh
CONF=$ROOT/tools/busybox.config
BUILD=${BUILD:-$ROOT/build}
mkdir -p "$BUILD"
BUILD=$(cd "$BUILD" && pwd)
BB_ARCH=${1:-x86_64}
case $BB_ARCH in
x86_64)	SUFFIX= ;;
i386)	SUFFIX=32 ;;
*)	echo "build-busybox: unknown architecture '$BB_ARCH' (x86_64 or i386)" >&2; exit 1 ;;
esac
OUTDIR=$BUILD/busybox$SUFFIX
OUT=$OUTDIR/busybox

# ---- fast path: up to date -----------------------------------------------
if [ -z "${FORCE:-}" ] && [ -x "$OUT" ] && [ "$OUT" -nt "$CONF" ] && [ "$OUT" -nt "$SELF" ]; then
    echo "build-busybox: $OUT is up to date"
    exit 0
fi

# Applets that must be in the result (checked against "busybox --list").
REQUIRED_APPLETS="
    sh ash mount umount mkdir cat echo printf test [ [[ grep egrep fgrep sed
    awk wc sort uniq head tail cut tr od hexdump dd cmp diff stat ls ln rm cp
    mv sleep usleep seq kill ps insmod rmmod lsmod modprobe dmesg reboot
    poweroff halt su setuidgid chpst timeout true false yes env id uname
    xargs find basename dirname expr date nproc mknod chmod chown sync tee
    readlink hostname
"

log() { echo "build-busybox: $*" >&2; }
die() { log "ERROR: $*"; exit 1; }

start=$(date +%s.%N)

# Serialise concurrent runs on the same build folder (both architectures:
# they share the source cache).
exec 9>"$BUILD/.busybox.lock"
flock 9
# Another run may have finished while we waited.
if [ -z "${FORCE:-}" ] && [ -x "$OUT" ] && [ "$OUT" -nt "$CONF" ] && [ "$OUT" -nt "$SELF" ]; then
    echo "build-busybox: $OUT is up to date"
    exit 0
fi

if [ "$BB_ARCH" = i386 ]; then
    SPECS=/usr/lib/i386-linux-musl/musl-gcc.specs
    [ -f "$SPECS" ] || die "$SPECS not found (run tools/install-deps.sh)"
    # (musl-gcc wraps the x86_64 specs.)  These specs replace gcc's link
    # line, and with it the -m elf_i386 that -m32 gives ld.
    BBCC="gcc -m32 -specs=$SPECS -Wl,-m,elf_i386"
else
    command -v musl-gcc >/dev/null || die "musl-gcc not found (run tools/install-deps.sh)"
    BBCC=musl-gcc
fi
command -v dpkg-source >/dev/null || die "dpkg-source not found (run tools/install-deps.sh)"

# ---- 1. source: Debian's busybox source package, cached ------------------
SRCCACHE=$BUILD/busybox-src
find_src() {
    local d
    for d in "$SRCCACHE"/busybox-*/; do
        [ -f "$d/.unpacked-ok" ] && { echo "${d%/}"; return 0; }
    done
    return 1
}
if ! SRC=$(find_src); then
    # shellcheck source=tools/install-deps.sh
    . "$ROOT/tools/install-deps.sh"       # for ensure_deb_src
    [ "$(id -u)" = 0 ] || die "need root to set up apt sources / apt-get source"
    ensure_deb_src
    if [ "$DEB_SRC_ADDED" = 1 ] || ! apt-cache showsrc busybox 2>/dev/null | grep -q '^Package: busybox$'; then
        log "apt-get update (for deb-src indexes)"
        apt-get update -q >&2
    fi
    log "fetching Debian busybox source package"
    rm -rf "$SRCCACHE"
    mkdir -p "$SRCCACHE"
    ( cd "$SRCCACHE" && apt-get source -q -o APT::Sandbox::User=root busybox ) >&2
    for d in "$SRCCACHE"/busybox-*/; do
        [ -f "$d/Makefile" ] && touch "$d/.unpacked-ok"
    done
    SRC=$(find_src) || die "apt-get source busybox did not produce a source tree"
fi
DEBVER=$(cd "$SRC" && dpkg-parsechangelog -SVersion)
log "source: $SRC (Debian $DEBVER)"
# Reproducible timestamps in the binary/.config.
SOURCE_DATE_EPOCH=$(cd "$SRC" && dpkg-parsechangelog -STimestamp)
export SOURCE_DATE_EPOCH
export KCONFIG_NOTIMESTAMP=1

# ---- 2. private kernel-header include dir for musl-gcc --------------------
# musl-gcc's specs drop /usr/include; applets including <linux/*.h> need the
# kernel UAPI headers, so expose just those (amd64's asm headers serve
# -m32 too: they test __i386__).
INC=$BUILD/busybox-include$SUFFIX
rm -rf "$INC"
mkdir -p "$INC"
ln -s /usr/include/linux "$INC/linux"
ln -s /usr/include/asm-generic "$INC/asm-generic"
if [ -d /usr/include/x86_64-linux-gnu/asm ]; then
    ln -s /usr/include/x86_64-linux-gnu/asm "$INC/asm"
elif [ -d /usr/include/asm ]; then
    ln -s /usr/include/asm "$INC/asm"
else
    die "no kernel asm headers (install linux-libc-dev)"
fi
[ -d /usr/include/mtd ] && ln -s /usr/include/mtd "$INC/mtd"
[ -f "$INC/linux/version.h" ] || die "no /usr/include/linux (install linux-libc-dev)"

# ---- 3. configure (out of tree, clean every time) ------------------------
# busybox's kconfig resets every bool to n in allnoconfig mode, even ones
# given via KCONFIG_ALLCONFIG, so: allnoconfig (which writes a value, n, for
# every symbol), replace the symbols named in the fragment, then "oldconfig"
# to resolve dependencies. Unlisted sub-options keep their allnoconfig "n";
# only choices and auto-selected hidden symbols can come out y (reported).
OBJ=$BUILD/busybox-obj$SUFFIX
rm -rf "$OBJ"
mkdir -p "$OBJ"
FRAG=$OBJ/config.fragment
{
    grep -E '^(CONFIG_[A-Za-z0-9_]+=|# CONFIG_[A-Za-z0-9_]+ is not set)' "$CONF"
    echo "CONFIG_EXTRA_CFLAGS=\"-isystem $INC -fno-pie\""
    echo "CONFIG_EXTRA_LDFLAGS=\"-no-pie\""
} > "$FRAG"

MAKEARGS=(-C "$SRC" O="$OBJ" CC="$BBCC" HOSTCC=gcc
          "BB_EXTRA_VERSION=Debian $DEBVER, musl static")
JOBS=$(nproc 2>/dev/null || echo 2)
LOG=$OBJ/build.log

log "configuring (allnoconfig + $CONF)"
if ! make "${MAKEARGS[@]}" allnoconfig > "$LOG" 2>&1; then
    tail -n 40 "$LOG" >&2; die "allnoconfig failed (log: $LOG)"
fi
# Drop every symbol the fragment mentions from the allno .config, append the
# fragment.
sed -nE 's/^(CONFIG_[A-Za-z0-9_]+)=.*/\1/p; s/^# (CONFIG_[A-Za-z0-9_]+) is not set/\1/p' "$FRAG" \
    | sort -u > "$OBJ/frag.syms"
awk 'NR == FNR { drop[$1] = 1; next }
     { s = $0
       if (s ~ /^# CONFIG_[A-Za-z0-9_]+ is not set/) { split(s, w, " "); s = w[2] }
       else sub(/=.*/, "", s)
       if (!(s in drop)) print }' "$OBJ/frag.syms" "$OBJ/.config" > "$OBJ/.config.new"
cat "$FRAG" >> "$OBJ/.config.new"
mv "$OBJ/.config.new" "$OBJ/.config"
if ! yes "" | make "${MAKEARGS[@]}" oldconfig >> "$LOG" 2>&1; then
    tail -n 40 "$LOG" >&2; die "oldconfig failed (log: $LOG)"
fi

# Every "=y" / string line of the fragment must have survived.
bad=0
while IFS= read -r line; do
    case $line in CONFIG_*=*) ;; *) continue ;; esac
    if ! grep -qxF -- "$line" "$OBJ/.config"; then
        log "config option not in final .config (unknown or unmet dependency): $line"
        bad=1
    fi
done < "$CONF"
[ "$bad" = 0 ] || die "tools/busybox.config does not apply cleanly to busybox $DEBVER"
# Report symbols that came out =y without being mentioned in the fragment
# (choice defaults, selected symbols; known hidden ones excluded): harmless,
# but the fragment should list them so that it describes the build fully.
extra=$(sed -nE 's/^(CONFIG_[A-Za-z0-9_]+)=y$/\1/p' "$OBJ/.config" \
        | grep -vxF -f "$OBJ/frag.syms" \
        | grep -vxE 'CONFIG_(HAVE_DOT_CONFIG|PLATFORM_LINUX|SHELL_ASH|FEATURE_SYSLOG)' || true)
[ -z "$extra" ] || log "note: enabled by default, not listed in $CONF:" "$(echo "$extra" | tr "\n" " ")"
grep -qx 'CONFIG_STATIC=y' "$OBJ/.config" || die "CONFIG_STATIC not set"
grep -qx 'CONFIG_PIE=y' "$OBJ/.config" && die "CONFIG_PIE set"

# ---- 4. build -------------------------------------------------------------
log "building with $BBCC (-j$JOBS), log: $LOG"
if ! make "${MAKEARGS[@]}" -j"$JOBS" busybox >> "$LOG" 2>&1; then
    grep -E 'error|Error' "$LOG" | head -n 30 >&2 || true
    tail -n 20 "$LOG" >&2
    die "busybox build failed (log: $LOG)"
fi
BIN=$OBJ/busybox
[ -x "$BIN" ] || die "no binary at $BIN"

# ---- 5. verify --------------------------------------------------------------
finfo=$(file -b "$BIN")
case $finfo in
    *"statically linked"*) ;;
    *) die "not static: $finfo" ;;
esac
case $BB_ARCH:$finfo in
    i386:*"ELF 32-bit"*|x86_64:*"ELF 64-bit"*) ;;
    *) die "not an $BB_ARCH binary: $finfo" ;;
esac
case $finfo in
    *"pie executable"*|*"shared object"*) die "PIE binary: $finfo" ;;
esac
# The applets, as the build lists them (no binary is run for that)
if ! make "${MAKEARGS[@]}" busybox.links >> "$LOG" 2>&1; then
    tail -n 20 "$LOG" >&2; die "make busybox.links failed (log: $LOG)"
fi
sed 's,.*/,,' "$OBJ/busybox.links" | sort -u > "$OBJ/applets.txt"
missing=""
for a in $REQUIRED_APPLETS; do
    grep -qxF -- "$a" "$OBJ/applets.txt" || missing="$missing $a"
done
[ -z "$missing" ] || die "required applets missing:$missing"
# Smoke tests run the binary: only the x86_64 one, which every x86_64
# host executes.  The i386 one is first run by the guests of i386
# kernels, whose /init is its shell.
if [ "$BB_ARCH" = x86_64 ]; then
    got=$("$BIN" sh -c 'echo ok; seq 3 | wc -l; printf "%s\n" a | od -c')
    want=$(printf 'ok\n3\n0000000   a  \\n\n0000002')
    [ "$got" = "$want" ] || die "smoke test output differs:
$got"
    # shellcheck disable=SC2016
    got=$("$BIN" sh -c 'f() { local x=$((2 * 21)); echo "$x"; }; v=$(f); sleep 0 & wait; [[ $v == 42 ]] && echo "$v"')
    [ "$got" = 42 ] || die "ash feature test failed: '$got'"
fi

# ---- 6. install into $OUTDIR ----------------------------------------------
mkdir -p "$OUTDIR"
cp "$OBJ/.config" "$OUTDIR/busybox.config"
cp "$OBJ/applets.txt" "$OUTDIR/applets.txt"
cp "$LOG" "$OUTDIR/build.log"
cp "$BIN" "$OUT.tmp"
mv -f "$OUT.tmp" "$OUT"          # last, so its mtime marks a complete build

end=$(date +%s.%N)
log "OK: $OUT ($(stat -c %s "$OUT") bytes, $(wc -l < "$OUTDIR/applets.txt") applets)"
log "     $finfo"
log "     $(strings "$OUT" | grep -m1 '^BusyBox v')"
log "     built in $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }') s"
