#!/bin/bash
# Install the host packages this project needs (Debian bookworm, run as root)
# and make sure apt has a deb-src entry, so that tools/build-busybox.sh can
# "apt-get source busybox", and dpkg the i386 architecture, for the musl
# of the i386 busybox.
#
# Idempotent and quick: when every package is already installed and a
# deb-src entry exists, it does not touch the network at all.
#
#   tools/install-deps.sh            # install / check everything
#
# This file can also be sourced (tools/build-busybox.sh does) to get the
# ensure_deb_src function without running anything.
set -eu

DEPS_PACKAGES="
    qemu-system-x86 musl-tools liburcu-dev sparse clang libclang-rt-14-dev
    llvm tmux libncurses-dev bc cpio dpkg-dev flex bison valgrind gcc make
    perl python3 file
    libc6-dev binutils patch bzip2 xz-utils util-linux lib32gcc-12-dev
"
# Of Debian's i386 architecture (added to dpkg's), for the static musl
# busybox of the guests of i386 kernels (tools/build-busybox.sh i386)
DEPS_I386_PACKAGES="musl musl-dev"

DEB_SRC_FILE=/etc/apt/sources.list.d/debian-src.sources

# Is there an enabled deb-src entry anywhere in apt's configuration?
have_deb_src() {
    local f
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
        [ -f "$f" ] || continue
        grep -qE '^[[:space:]]*deb-src[[:space:]]' "$f" && return 0
    done
    for f in /etc/apt/sources.list.d/*.sources; do
        [ -f "$f" ] || continue
        # deb822: a stanza whose Types: lists deb-src and that is not disabled
        awk 'BEGIN { RS = ""; FS = "\n"; found = 0 }
             {
                 t = 0; off = 0
                 for (i = 1; i <= NF; i++) {
                     if ($i ~ /^Types:/ && $i ~ /[[:space:]]deb-src([[:space:]]|$)/) t = 1
                     if (tolower($i) ~ /^enabled:[[:space:]]*no/) off = 1
                 }
                 if (t && !off) found = 1
             }
             END { exit !found }' "$f" && return 0
    done
    return 1
}

# Add deb-src entries mirroring the existing Debian "deb" entries.
# Sets DEB_SRC_ADDED=1 when it wrote something (caller should apt-get update).
DEB_SRC_ADDED=0
ensure_deb_src() {
    have_deb_src && return 0
    local tmp
    tmp=$(mktemp)
    if [ -f /etc/apt/sources.list.d/debian.sources ]; then
        # Copy each stanza whose Types: contains "deb", with Types: deb-src
        # and comments dropped; URIs/Suites/Components/Signed-By kept as is.
        awk 'BEGIN { RS = ""; FS = "\n" }
             {
                 out = ""; isdeb = 0
                 for (i = 1; i <= NF; i++) {
                     l = $i
                     if (l ~ /^[[:space:]]*#/) continue
                     if (l ~ /^Types:/) {
                         if (l ~ /[[:space:]]deb([[:space:]]|$)/) isdeb = 1
                         l = "Types: deb-src"
                     }
                     out = out l "\n"
                 }
                 if (isdeb) printf "%s%s", (n++ ? "\n" : ""), out
             }' /etc/apt/sources.list.d/debian.sources > "$tmp"
        if [ -s "$tmp" ]; then
            install -m 0644 "$tmp" "$DEB_SRC_FILE"
            echo "install-deps: wrote $DEB_SRC_FILE" >&2
            DEB_SRC_ADDED=1
        fi
    elif [ -f /etc/apt/sources.list ]; then
        # One-line format: turn "deb ..." into "deb-src ...".
        sed -n 's/^[[:space:]]*deb[[:space:]]/deb-src /p' /etc/apt/sources.list > "$tmp"
        if [ -s "$tmp" ]; then
            install -m 0644 "$tmp" /etc/apt/sources.list.d/debian-src.list
            echo "install-deps: wrote /etc/apt/sources.list.d/debian-src.list" >&2
            DEB_SRC_ADDED=1
        fi
    fi
    rm -f "$tmp"
    if [ "$DEB_SRC_ADDED" != 1 ]; then
        echo "install-deps: no Debian 'deb' entry found to derive a deb-src entry from" >&2
        return 1
    fi
}

missing_packages() {
    # One dpkg-query call for all packages; unknown ones are not printed.
    # shellcheck disable=SC2086
    dpkg-query -W -f='${Package} ${db:Status-Status}\n' $DEPS_PACKAGES 2>/dev/null \
        | awk 'FILENAME == "-" { if ($2 == "installed") ok[$1] = 1; next }
               { for (i = 1; i <= NF; i++) if (!($i in ok)) print $i }' - <(echo $DEPS_PACKAGES) || true
    # shellcheck disable=SC2086
    dpkg-query -W -f='${Package} ${db:Status-Status}\n' $(printf '%s:i386 ' $DEPS_I386_PACKAGES) 2>/dev/null \
        | awk 'FILENAME == "-" { if ($2 == "installed") ok[$1] = 1; next }
               { for (i = 1; i <= NF; i++) if (!($i in ok)) print $i ":i386" }' - <(echo $DEPS_I386_PACKAGES) || true
}

# Is i386 one of dpkg's architectures?  Sets I386_ADDED=1 when it adds it
# (the caller must apt-get update).
I386_ADDED=0
ensure_i386() {
    [ "$(dpkg --print-architecture)" = i386 ] && return 0
    dpkg --print-foreign-architectures | grep -qx i386 && return 0
    dpkg --add-architecture i386
    echo "install-deps: added the i386 architecture to dpkg" >&2
    I386_ADDED=1
}

install_deps_main() {
    if [ "$(id -u)" != 0 ]; then
        echo "install-deps: must run as root" >&2
        exit 1
    fi
    ensure_deb_src
    ensure_i386
    local missing
    missing=$(missing_packages)
    if [ -z "$missing" ] && [ "$DEB_SRC_ADDED" = 0 ] && [ "$I386_ADDED" = 0 ]; then
        echo "install-deps: all packages present, deb-src configured"
        return 0
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q
    if [ -n "$missing" ]; then
        echo "install-deps: installing: $(echo "$missing" | tr "\n" " ")"
        # shellcheck disable=SC2086
        apt-get install -y -q --no-install-recommends $missing
    fi
    echo "install-deps: done"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    install_deps_main "$@"
fi
