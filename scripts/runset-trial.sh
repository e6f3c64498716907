#!/usr/bin/env bash
# The noisy run-set trial of `diff BASE... -- HEAD...` (docs/ci.md, repeated runs): TRIALS pairs of
# run sets (default 1,000) of the oracle's generated apps, 7 runs a side with ±5% loop length and
# stray re-renders, through the real pipeline; prints the false regressions (must be 0) and the
# share of real 20% regressions caught (must be ≥ 95%). Not timed; takes a while in a debug build.
#
# Usage: scripts/runset-trial.sh [TRIALS]
set -euo pipefail
cd "$(dirname "$0")/.."
RUNSET_TRIALS="${1:-1000}" swift test --filter 'RunSetTrialTests/noisyRunSets' 2>&1 | grep -E 'run-set trial|passed|failed|error'
