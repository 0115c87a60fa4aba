#!/usr/bin/env bash
# Shows what a release would publish, without publishing: the changeset plan, then a pack of
# every public package (built first) into a temporary folder, with its contents.
set -euo pipefail
cd "$(dirname "$0")/.."
export TURBO_TELEMETRY_DISABLED=1
pnpm exec turbo run bundle build --output-logs=errors-only
pnpm exec changeset status --verbose
out=$(mktemp -d)
for dir in spec packages/types packages/client; do
  (cd "$dir" && pnpm pack --pack-destination "$out" >/dev/null)
done
for tarball in "$out"/*.tgz; do
  echo "== $(basename "$tarball") ($(wc -c <"$tarball") bytes)"
  tar -tzf "$tarball" | sed 's/^/   /'
done
rm -rf "$out"
