#!/bin/bash
# kbuild.sh VARIANT [make targets...]
#
# Build one kernel variant under $BUILD/out/VARIANT and print nothing but
# make's progress.  VARIANT is TREE-CONFIG, or TREE-CONFIG32 for 32-bit:
#   TREE   base  v2.6.27 + toolchain fixes (compat/series) only
#          on    + the feature series, CONFIG_DYNAMIC_PRINTK_DEBUG=y (with
#                patched call sites, CONFIG_DYNAMIC_PRINTK_PATCH_SITES=y)
#          mask  the same, call sites testing masks (PATCH_SITES off)
#          off   + the feature series, option left off
#          stable  as on, but on the 2.6.27.y longterm tree at
#                $KSRC_STABLE (default /opt/linux-2.6.27.57)
#   CONFIG small      allnoconfig + configs/small.config
#          defconfig  x86_64 defconfig + configs/defconfig.config
#          debug      small + configs/debug.config (which chooses its own
#                     slab allocator)
#   32     built for i386 (ARCH=i386, CONFIG_64BIT off), e.g. on-small32,
#          off-small32, mask-small32; without it, for x86_64.  The same
#          fragments, but CONFIG_64BIT; defconfig32 is i386's defconfig.
#          The bzImage is at arch/x86/boot/bzImage for both.
# Everything is incremental: the tree copy is updated file by file and the
# .config regenerated only when its fragments change.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$top/build}
JOBS=${JOBS:-$(nproc)}
die() { echo "kbuild: $*" >&2; exit 1; }

variant=${1:?usage: kbuild.sh TREE-CONFIG [targets]}; shift
tree=${variant%%-*} conf=${variant#*-}
case $conf in
*32)	arch=i386 conf=${conf%32} ;;
*)	arch=x86_64 ;;
esac
targets=${*:-bzImage modules}

case $tree in
base)	src=$BUILD/linux-base
	bash "$top/tools/apply-series.sh" "$src" "$top/compat/series" ;;
on|mask|off)	src=$BUILD/linux
	bash "$top/tools/apply-series.sh" "$src" "$top/compat/series" "$top/series" ;;
stable)	src=$BUILD/linux-stable
	KSRC=${KSRC_STABLE:-/opt/linux-2.6.27.57} bash "$top/tools/apply-series.sh" \
		"$src" "$top/compat/series" "$top/series" ;;
*)	die "unknown tree '$tree' in $variant" ;;
esac

out=$BUILD/out/$variant
mkdir -p "$out"
frag=$out/.dp-fragment
{
	case $conf in
	small)		cat "$top/configs/small.config" ;;
	defconfig)	cat "$top/configs/defconfig.config" ;;
	debug)		grep -v '^CONFIG_SLAB=y$' "$top/configs/small.config"
			cat "$top/configs/debug.config" ;;
	*)		die "unknown config '$conf' in $variant" ;;
	esac
	case $tree in
	on|stable) echo CONFIG_DYNAMIC_PRINTK_DEBUG=y
		echo CONFIG_DYNAMIC_PRINTK_PATCH_SITES=y ;;
	mask)	echo CONFIG_DYNAMIC_PRINTK_DEBUG=y
		echo "# CONFIG_DYNAMIC_PRINTK_PATCH_SITES is not set" ;;
	*)	echo "# CONFIG_DYNAMIC_PRINTK_DEBUG is not set" ;;
	esac
} > "$frag.new"
# The fragments are written for x86_64: an i386 kernel is the same without
# CONFIG_64BIT (which ARCH=i386 does not even offer).
if [ "$arch" = i386 ]; then
	sed -i 's/^CONFIG_64BIT=y$/# CONFIG_64BIT is not set/' "$frag.new"
fi

# Reproducible: __FILE__ strings do not name the tree copy, and the build
# number in the version string is fixed, so kernels built from different
# copies compare byte for byte in size (tests/kernel/size-off.sh).
export KCFLAGS="-fmacro-prefix-map=$src/= ${KCFLAGS:-}"
export KBUILD_BUILD_VERSION=1
kmake() { make -C "$src" O="$out" ARCH=$arch "$@"; }

if [ ! -f "$out/.config" ] || ! cmp -s "$frag.new" "$frag"; then
	echo "  CONFIG  $variant"
	if [ "$conf" = defconfig ]; then
		kmake -s defconfig >/dev/null
		cat "$frag.new" >> "$out/.config"
		yes '' | kmake -s oldconfig >/dev/null
	else
		KCONFIG_ALLCONFIG=$frag.new kmake -s allnoconfig >/dev/null
	fi
	# Every option the fragment asks for must have taken.
	bad=0
	while read -r line; do
		case $line in
		CONFIG_*=*)	grep -qxF "$line" "$out/.config" || { echo "kbuild: $variant: '$line' did not take (dependency missing?)" >&2; bad=1; } ;;
		"# CONFIG_"*" is not set") o=${line#\# }; o=${o%% *}
				! grep -q "^$o=" "$out/.config" || { echo "kbuild: $variant: $o should be off" >&2; bad=1; } ;;
		esac
	done < "$frag.new"
	[ $bad = 0 ] || exit 1
	mv "$frag.new" "$frag"
else
	rm -f "$frag.new"
fi

# A folder built from another tree copy (KSRC changed: the copy keeps
# the release's file times, which make cannot tell from ours) starts
# afresh.
if [ -f "$out/.dp-tree" ] && ! cmp -s "$src/.dp-ksrc" "$out/.dp-tree"; then
	echo "  CLEAN   $variant: built from $(cat "$out/.dp-tree"), now $(cat "$src/.dp-ksrc")"
	find "$out" -mindepth 1 -maxdepth 1 ! -name '.dp-fragment' ! -name .config \
		-exec rm -rf {} +
fi
cp "$src/.dp-ksrc" "$out/.dp-tree"

# make would link vmlinux again even with nothing changed (the version
# string carries the build time): a whole build that succeeded is not
# made again while the tree (a file or a folder newer: changed, added or
# removed), the config and what the build is made with are the same.
stamp=$out/.dp-built
inputs="$arch $KCFLAGS $(gcc --version | head -1) $(cksum < "$0")"
if [ "$targets" = "bzImage modules" ] && [ -f "$stamp" ] &&
   [ "$(cat "$stamp")" = "$inputs" ] && [ "$stamp" -nt "$out/.config" ] &&
   [ -z "$(find "$src" -newer "$stamp" ! -path '*/.git/*' \
		! -name '.dp-*' -print -quit)" ]; then
	echo "  MAKE    $variant: up to date"
	exit 0
fi
rm -f "$stamp"
echo "  MAKE    $variant: $targets"
kmake -j"$JOBS" $targets
if [ "$targets" = "bzImage modules" ]; then
	echo "$inputs" > "$stamp"
fi
