#!/usr/bin/env bash
# `npm test`: lint, then the unit and server tests, then the browser journeys.
set -euo pipefail

cd "$(dirname "$0")/.."

stage() {
  printf '\n\033[1m==> %s\033[0m\n\n' "$1"
}

stage "Browser: make sure Chromium is installed"
bash scripts/ensure-chromium.sh

stage "Load balancer: make sure nginx is installed (the multi-process test)"
bash scripts/ensure-nginx.sh

stage "Lint: prettier, eslint, typecheck (npm run lint)"
npm run lint

stage "One production build for the unit and the browser runs"
mkdir -p node_modules/.cache
TEST_BUILD_DIR="$(mktemp -d "$PWD/node_modules/.cache/test-build-XXXXXX")"
export TEST_BUILD_DIR
trap 'rm -rf "$TEST_BUILD_DIR"' EXIT
NODE_ENV=production BUILD_DIR="$TEST_BUILD_DIR" npx react-router build
BUILD_DIR="$TEST_BUILD_DIR" npx tsx scripts/build-server.ts

stage "Unit and server tests (vitest --project unit)"
npx vitest run --project unit

stage "Browser journeys against a production build (vitest --project e2e)"
npx vitest run --project e2e

stage "All tests passed"
