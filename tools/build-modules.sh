#!/bin/bash
# build-modules.sh VARIANT [MODDIR...]
# Build out-of-tree modules against the kernel of VARIANT (already built
# by kbuild.sh), the way a user would: make -C <build dir> M=<dir>.
# Default: every folder of tests/guest/modules.  The sources are copied to
# $BUILD/mod/VARIANT/<name> (only when changed) so that the repo stays
# free of build products and rebuilds are incremental.  Each folder is
# its own M=, as a user builds a module (the source file names its call
# sites show are relative to it), with make's jobs: the 100 modules of
# dp_many are most of the work.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$top/build}
JOBS=${JOBS:-$(nproc)}
variant=${1:?usage: build-modules.sh VARIANT [MODDIR...]}; shift
out=$BUILD/out/$variant
[ -f "$out/Module.symvers" ] || [ -f "$out/vmlinux" ] || { echo "build-modules: build $variant first" >&2; exit 1; }
[ $# -gt 0 ] || set -- "$top"/tests/guest/modules/*/
# The kernel's architecture, as kbuild.sh built it
arch=x86_64
grep -qx CONFIG_X86_32=y "$out/.config" && arch=i386
for d in "$@"; do
	d=${d%/}; name=${d##*/}
	dst=$BUILD/mod/$variant/$name
	mkdir -p "$dst"
	for f in "$d"/*; do
		cmp -s "$f" "$dst/${f##*/}" || cp "$f" "$dst/"
	done
	make -s -C "$out" ARCH="$arch" M="$dst" -j"$JOBS" modules ||
		{ echo "build-modules: $name does not build" >&2; exit 1; }
done
