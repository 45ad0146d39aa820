# Reading the control file: the header line
# "# filename:lineno [module]function flags format", then one line per
# call site, "<file>:<line> [<module>]<function> =<flags> "<format>"",
# vmlinux first, then each module in load order; an out-of-tree module's
# file relative to its folder; a call site of an inline function in a
# header listed under the header's path, with its line; flags "=_" when
# none; the format as written, with \n \t
# \" \\ escaped and other bytes outside printable ASCII as \ooo.  A read
# in small pieces gives the same bytes as one big read.
. /lib.sh
sites_setup
check "insmod dp_dbg" insmod $MODDIR/dp_dbg.ko
check "insmod dp_sites" insmod $MODDIR/dp_sites.ko
cat $DCTL > /tmp/c
expect_eq "first line: the header" "$DHEAD" "$(head -1 /tmp/c)"
expect_eq "no other comment line" 1 "$(grep -c '^#' /tmp/c)"
n=$(wc -l < /tmp/c)
check "many call sites listed ($((n - 1)))" test "$n" -gt 50
expect_eq "the file ends with a newline" 0a "$(tail -c 1 /tmp/c | od -An -tx1 | tr -d ' ')"
expect_eq "only printable ASCII and newlines" 0 "$(tr -d '\n -~' < /tmp/c | wc -c)"
# Every call site line has the form; flags in the order p m f l t.
tail -n +2 /tmp/c | grep -vE '^[^ :]+:[0-9]+ \[[A-Za-z0-9_]+\][A-Za-z0-9_]+ =(_|p?m?f?l?t?) "([^"\\]|\\[nt"\\]|\\[0-7][0-7][0-7])*"$' > /tmp/bad
tail -n +2 /tmp/c | grep -E ' = "' >> /tmp/bad
expect_eq "every line: <file>:<line> [<module>]<function> =<flags> \"<format>\"" 0 "$(wc -l < /tmp/bad)"
head -3 /tmp/bad | sed 's/^/  bad line: /'

# dp_sites: every call site exactly as expected, =_, nothing else.
for k in $SITES_ALL; do
	expect_eq "dp_sites $k listed once" 1 "$(grep -cxF -- "$(site $k)" /tmp/c)"
done
expect_eq "dp_sites: $SITES_N lines" $SITES_N "$(grep -c '^[^ ]* \[dp_sites\]' /tmp/c)"
expect_eq "dp_sites: no line but those" "" "$(sites_state | grep '^?')"
# Spelled out, for the reader: the escapes.
expect_eq "a tab is \\t" 1 "$(grep -cF '[dp_sites]b_tab =_ "tab\there %s\n"' /tmp/c)"
expect_eq "a double quote is \\\"" 1 "$(grep -cF '[dp_sites]b_quote =_ "quote \"%s\"\n"' /tmp/c)"
expect_eq "a backslash is \\\\" 1 "$(grep -cF '[dp_sites]b_backslash =_ "backslash \\ %s\n"' /tmp/c)"
expect_eq "the escape byte is \\033" 1 "$(grep -cF '[dp_sites]b_escape =_ "escape \033[1m%s\033[0m\n"' /tmp/c)"
expect_eq "'%%', an apostrophe, ';' and '#' as they are" 4 \
	"$(grep -cE '\[dp_sites\]b_(percent|apostrophe|semicolon|hash) =_ "(percent 100%% %s|it'"'"'s %s|semi; colon %s|hash #%s)\\n"$' /tmp/c)"
# The header's call site, under the header's path, with its line.
l=$(src_line dp_sites dp_sites.h 'pr_debug("inline')
expect_eq "the inline call site of dp_sites.h: its header, line $l" \
	"dp_sites.h:$l [dp_sites]dp_sites_inline =_ \"inline %s\\n\"" \
	"$(grep '\[dp_sites\]dp_sites_inline ' /tmp/c | sort | tr '\n' '|' | sed 's/|$//')"
# dp_dbg's call sites, file relative to its folder.
l=$(src_line dp_dbg dp_dbg.c 'pr_debug("pr %s\n"')
expect_eq "dp_dbg's fire_set pr_debug" 1 "$(grep -cxF "dp_dbg.c:$l [dp_dbg]fire_set =_ \"pr %s\\n\"" /tmp/c)"
l=$(src_line dp_dbg dp_dbg.c 'dev_dbg(&p->dev, "dev %s\n"')
expect_eq "dp_dbg's fire_set dev_dbg" 1 "$(grep -cxF "dp_dbg.c:$l [dp_dbg]fire_set =_ \"dev %s\\n\"" /tmp/c)"
expect_eq "dp_dbg: 4 call sites" 4 "$(grep -c '^dp_dbg\.c:[0-9]* \[dp_dbg\]' /tmp/c)"

# Order: vmlinux, then dp_dbg (loaded first), then dp_sites; a module's
# objects in link order (dp_sites_a.o, then dp_sites_b.o).
awk '/^#/ { next }
     $2 ~ /^\[dp_dbg\]/ { w = "dp_dbg" } $2 ~ /^\[dp_sites\]/ { w = "dp_sites" }
     !($2 ~ /^\[dp_(dbg|sites)\]/) { w = "vmlinux" }
     w != last { printf "%s ", w; last = w }' /tmp/c > /tmp/order
expect_eq "blocks in order: vmlinux, dp_dbg, dp_sites" "vmlinux dp_dbg dp_sites " "$(cat /tmp/order)"
expect_eq "dp_sites: dp_sites_a.c's lines (its header's among them), then dp_sites_b.c's" "dp_sites_a.c dp_sites_b.c " \
	"$(grep '^[^ ]* \[dp_sites\]' /tmp/c | cut -d: -f1 | grep -v '^dp_sites\.h$' | uniq | tr '\n' ' ')"
check "vmlinux: lib/kobject.c listed relative to the top of the tree" grep -q '^lib/kobject\.c:[0-9]* \[kobject\]' /tmp/c
expect_eq "vmlinux: no absolute or ./ path" 0 "$(grep -cE '^(/|\./)' /tmp/c)"
expect_eq "vmlinux: flags at boot are =_ or =p (DEBUG files)" 0 "$(grep -v '^#' /tmp/c | grep -cvE '^[^ ]+ [^ ]+ =(_|p) ')"

# Reads in pieces: the same bytes.
for bs in 1 7 100 4095 4096 65536; do
	dd if=$DCTL of=/tmp/p bs=$bs 2>/dev/null
	check "read with dd bs=$bs: the same as cat" cmp -s /tmp/c /tmp/p
done
# Reads in many pieces while another module comes and goes: every line
# present throughout (vmlinux's, dp_dbg's, dp_sites') shows exactly once,
# in its place.  30 reads at least, and on until dp_multi has come and
# gone once (the loader counts its rounds in /tmp/rounds); two minutes
# without that, past the 30 reads, is a hang.
rm -f /tmp/stop
echo 0 > /tmp/rounds
( r=0
  while [ ! -f /tmp/stop ]; do
	insmod $MODDIR/dp_multi.ko && rmmod dp_multi && r=$((r + 1)) && echo $r > /tmp/rounds
  done
  echo $r > /tmp/rounds ) &
lpid=$!
# came_and_went: the loader has done a round
came_and_went() { local r; read -r r < /tmp/rounds && [ "${r:-0}" -gt 0 ]; }
deadline 120
i=0 bad=0
while [ $i -lt 30 ] || ! came_and_went; do
	dd if=$DCTL of=/tmp/p bs=300 2>/dev/null
	grep -v '^[^ ]* \[dp_multi\]' /tmp/p > /tmp/q
	cmp -s /tmp/c /tmp/q || bad=$((bad + 1))
	i=$((i + 1))
	[ $i -ge 30 ] && past_deadline && { fail "hang: dp_multi did not come and go in 120 s"; break; }
done
touch /tmp/stop
wait $lpid
expect_eq "$i reads in pieces of 300 bytes while dp_multi comes and goes: all the lines present throughout, once each, in order" 0 "$bad"
check "dp_multi came and went meanwhile ($(cat /tmp/rounds) times)" test "$(cat /tmp/rounds)" -gt 0

# A module loaded later goes at the end; unloaded, its lines go.
check "insmod dp_multi" insmod $MODDIR/dp_multi.ko
expect_eq "dp_multi's lines last" "[dp_multi]" "$(tail -1 $DCTL | cut -d' ' -f2 | sed 's/\].*/]/')"
check "rmmod dp_dbg" rmmod dp_dbg
expect_eq "dp_dbg's lines gone" 0 "$(grep -c '\[dp_dbg\]' $DCTL)"
expect_eq "dp_sites' lines still all there" $SITES_N "$(grep -c '^[^ ]* \[dp_sites\]' $DCTL)"
check "rmmod dp_sites dp_multi" rmmod dp_sites dp_multi
expect_eq "no test module line left" 0 "$(grep -c '\[dp_' $DCTL)"
finish
