#!/usr/bin/env python3
"""compat-apply.py PATCH DIR [--if-present]

Apply one toolchain fix (an entry of compat/series) to the kernel tree at
DIR hunk by hunk, each only where the tree lacks it: a 2.6.27.y release
may carry some of the same fixes already (2.6.27.57 has the make 4.3
ones), and applying a hunk twice would either fail or, for a hunk that
only adds lines, add them twice.

Each hunk is, in this order:
  - already in the tree when it applies in reverse without fuzz: skipped;
  - applied when it applies without fuzz;
  - already in the tree when it applies in reverse with patch's fuzz;
  - applied when it applies with patch's fuzz;
  - otherwise not in the tree: with --if-present (a fix of code that only
    some 2.6.27.y releases have) skipped, else an error.

Prints one line to stdout for each hunk not applied as it stands, saying
why.  Exit status: 0 when at least one hunk was applied, 3 when none was
(the tree needs none of the fix), 1 on error.
"""
import os
import subprocess
import sys


def split(path):
    """The patch as [(file header lines, [hunk lines...]), ...]."""
    files, header, hunks, hunk = [], None, None, None
    lines = open(path, encoding='utf-8', errors='surrogateescape').read() \
        .splitlines(keepends=True)
    i = 0
    while i < len(lines):
        ln = lines[i]
        if ln.startswith('--- ') and i + 1 < len(lines) and \
                lines[i + 1].startswith('+++ '):
            header, hunks = [ln, lines[i + 1]], []
            files.append((header, hunks))
            hunk = None
            i += 2
            continue
        if ln.startswith('@@ ') and header is not None:
            hunk = [ln]
            hunks.append(hunk)
        elif hunk is not None and ln[:1] in (' ', '-', '+', '\\', '\n'):
            hunk.append(ln)
        else:
            hunk = None
        i += 1
    return files


def run_patch(text, d, *opts):
    p = subprocess.run(['patch', '-p1', '-s', '-f', '--no-backup-if-mismatch',
                        '-r', '-', '-d', d] + list(opts),
                       input=text.encode('utf-8', 'surrogateescape'),
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return p.returncode == 0


def main():
    args = [a for a in sys.argv[1:] if a != '--if-present']
    if_present = len(args) != len(sys.argv) - 1
    if len(args) != 2:
        sys.exit(__doc__.splitlines()[0])
    patch, d = args
    name = os.path.basename(patch)
    files = split(patch)
    if not files:
        sys.exit('compat-apply: %s: no diff in it' % patch)
    applied = 0
    for header, hunks in files:
        for n, hunk in enumerate(hunks, 1):
            text = ''.join(header + hunk)
            what = '%s hunk %d/%d' % (name, n, len(hunks))
            if run_patch(text, d, '-R', '-F0', '--dry-run'):
                print('  SKIP    %s: already in this tree' % what)
            elif run_patch(text, d, '-F0', '--dry-run'):
                if not run_patch(text, d, '-F0'):
                    sys.exit('compat-apply: %s: applies, but not for real'
                             % what)
                applied += 1
            elif run_patch(text, d, '-R', '--dry-run'):
                print('  SKIP    %s: already in this tree (in other '
                      'context)' % what)
            elif run_patch(text, d, '--dry-run'):
                if not run_patch(text, d):
                    sys.exit('compat-apply: %s: applies, but not for real'
                             % what)
                applied += 1
                print('  FUZZ    %s: applied with fuzz' % what)
            elif if_present:
                print('  SKIP    %s: this tree does not have the code it '
                      'fixes' % what)
            else:
                sys.stderr.write('compat-apply: %s does not apply, and is '
                                 'not in the tree either\n' % what)
                sys.exit(1)
    sys.exit(0 if applied else 3)


if __name__ == '__main__':
    main()
