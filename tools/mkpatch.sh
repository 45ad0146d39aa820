#!/bin/bash
# mkpatch.sh TREE PATH OUTDIR ["one-line reason"]
# Write OUTDIR/PATH.patch: the diff of TREE/PATH against the v2.6.27 file
# at $KSRC, as a -p1 patch.  Text before the first '---' line is kept as
# the patch's description (patch(1) skips it), or set from the reason.
set -eu
KSRC=${KSRC:-/opt/linux-2.6.27}
tree=$1 path=$2 out=$3/$2.patch reason=${4:-}
mkdir -p "$(dirname "$out")"
head=
if [ -n "$reason" ]; then
	head=$reason
elif [ -f "$out" ]; then
	head=$(sed '/^--- /,$d' "$out")
fi
{
	[ -n "$head" ] && printf '%s\n\n' "$head"
	diff -u --label "a/$path" --label "b/$path" "$KSRC/$path" "$tree/$path" || true
} > "$out.tmp"
mv "$out.tmp" "$out"
echo "wrote $out"
