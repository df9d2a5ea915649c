#!/usr/bin/env bash
# Runs the test suite (or the test files named) with the clock moved ahead, a year by default, to find tests that
# rot with the calendar (issue 51): `bash scripts/test-future-clock.sh [days] [vitest arguments...]`.
# libfaketime moves the clock of Node, of the embedded PostgreSQL it starts (the child inherits LD_PRELOAD) and of
# Chromium alike; the machine's PostgreSQL would keep the real clock, so DATABASE_URL is left out here.
set -euo pipefail
cd "$(dirname "$0")/.."
days=${1:-365}
[ $# -gt 0 ] && shift
if ! command -v faketime >/dev/null 2>&1; then
  echo "test-future-clock: needs libfaketime (apt-get install -y faketime)" >&2
  exit 2
fi
[ -f build/server/index.js ] || npx react-router build
echo "test-future-clock: the clock is moved ${days} days ahead: $(faketime -f "+${days}d" date -u +%FT%TZ)"
exec env -u DATABASE_URL faketime -f "+${days}d" npx vitest run "$@"
