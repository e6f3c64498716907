#!/usr/bin/env bash
# Regenerates the rule directory (docs/rules/, one page per rule and an index) from the rules'
# own descriptions, and copies the index's runtime-rule table into README.md between its
# <!-- rules-table --> markers. RuleDirectoryTests fails until this has run after a rule changed.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product trace-analyze >/dev/null
.build/debug/trace-analyze rules --markdown docs/rules

# The index links `id.md`; from the README the pages are under docs/rules/.
table=$(sed -n '/^## Runtime rules/,/^## Static rules/p' docs/rules/README.md | grep '^| \[`' \
    | sed 's#](\([a-z_]*\.md\))#](docs/rules/\1)#')
grep -q '^<!-- rules-table -->$' README.md && grep -q '^<!-- /rules-table -->$' README.md \
    || { echo "rule-docs: README.md lacks the <!-- rules-table --> and <!-- /rules-table --> markers" >&2; exit 1; }
TABLE="$table" awk '
    /^<!-- rules-table -->$/ { print; print "| rule | default | flags |"; print "|---|---|---|"; print ENVIRON["TABLE"]; print ""; skip = 1; next }
    /^<!-- \/rules-table -->$/ { skip = 0 }
    !skip { print }
' README.md > README.md.partial
mv README.md.partial README.md
echo "updated the rules table in README.md"
