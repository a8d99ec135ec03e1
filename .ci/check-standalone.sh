#!/usr/bin/env bash
# check-standalone.sh [DIR]: fails when the project reaches outside its own clone.
#
# The project must stand on its own: a user clones it into an empty folder, with nothing beside
# it. CI clones it next to a reference folder ../shared, so a test, benchmark or README example
# that quietly reads ../shared passes in CI and fails for every user. This check makes that a
# CI failure instead. It looks in src/, bin/, bench/, test/ and README.md under DIR (default:
# the repository this script belongs to) for either spelling of the path:
#   '../shared'                        (in a string, a comment or the README's examples)
#   '..', 'shared'                     (path.join / resolve with separate segments)
# and prints each hit as file:line. Exit status: 0 clean, 1 a reference found, 2 nothing to
# check (none of those paths exists under DIR, which means DIR is wrong, not that it is clean).
# Probe: test/ci/standalone.test.ts runs it on temp folders with and without an offender.
set -euo pipefail

dir=${1:-"$(cd "$(dirname "$0")/.." && pwd)"}
cd "$dir"

targets=()
for path in src bin bench test README.md; do
  if [ -e "$path" ]; then targets+=("$path"); fi
done
if [ "${#targets[@]}" -eq 0 ]; then
  echo "check-standalone: none of src/ bin/ bench/ test/ README.md under $dir: nothing to check" >&2
  exit 2
fi

pattern="\\.\\./shared|['\"]\\.\\.['\"][[:space:]]*,[[:space:]]*['\"]shared"
if hits=$(grep -rnIE --exclude-dir=node_modules "$pattern" "${targets[@]}"); then
  echo "check-standalone: these refer to ../shared, a folder beside the clone that users do not have:" >&2
  echo "$hits" >&2
  echo "Copy the data into the repository (test/data/, examples/, bench/data/) and point there." >&2
  exit 1
fi
echo "check-standalone: no reference to ../shared in ${targets[*]}"
