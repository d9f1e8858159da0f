#!/usr/bin/env bash
# `npm run test:cluster`: production servers side by side on one PostgreSQL behind a round-robin proxy, and the
# faults (tests/cluster, decision 0053). Needs TEST_DATABASE_URL (a fresh schema is made per file and dropped).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  echo "npm run test:cluster needs PostgreSQL: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run test:cluster" >&2
  exit 1
fi
exec npx vitest run --config vitest.cluster.config.ts "$@"
