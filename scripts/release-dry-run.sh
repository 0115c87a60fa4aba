#!/usr/bin/env bash
# Shows exactly what `pnpm release:version` then `pnpm release:publish` would publish, publishing
# nothing and changing nothing here: in a copy of the public packages (built first) it applies the
# pending changesets as `changeset version` would, packs each package as `changeset publish`
# would, and prints each tarball's name, version, whether that version is already on the registry,
# its repository and publish settings, its files and the changelog entry it gets.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
export TURBO_TELEMETRY_DISABLED=1
# The copy shares this checkout's node_modules: pnpm must not install into it from the copy.
export pnpm_config_verify_deps_before_run=false
# The public packages: every workspace package not marked private (changeset publish publishes
# each whose version npm does not have yet).
mapfile -t PACKAGES < <(git ls-files -- '*/package.json' | grep -v node_modules | while read -r manifest; do
  node -e "process.exit(require('./$manifest').private ? 1 : 0)" && dirname "$manifest"
done)

if [ "${RELEASE_DRY_RUN_BUILT:-}" != 1 ]; then
  pnpm exec turbo run bundle build --output-logs=errors-only >&2
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The public packages whole; of the other workspace packages their manifests, which pnpm reads
# to write the versions of `workspace:` dependencies.
tar -c --exclude=node_modules --exclude=.turbo package.json pnpm-workspace.yaml tsconfig.base.json .changeset \
  "${PACKAGES[@]}" \
  $(git ls-files -- '*/package.json' | grep -v node_modules) | tar -x -C "$work"
ln -s "$root/node_modules" "$work/node_modules"

echo "== Release plan: the pending changesets, applied as \`pnpm release:version\` applies them"
find .changeset -name '*.md' ! -name README.md | sort | sed 's/^/   /'
(cd "$work" && "$root/node_modules/.bin/changeset" version >/dev/null)
# `pnpm release:publish` builds after the versions are bumped, and the description's info.version
# is @hostapi/spec's version (read by the bundle): bundle the copy's description again.
ln -s "$root/spec/node_modules" "$work/spec/node_modules"
(cd "$work/spec" && pnpm run --silent bundle >/dev/null)

mkdir "$work/tarballs"
for dir in "${PACKAGES[@]}"; do
  (cd "$work/$dir" && pnpm pack --pack-destination "$work/tarballs" >/dev/null)
done

for dir in "${PACKAGES[@]}"; do
  # The manifest as published: from the tarball (pnpm pack writes the versions of workspace: ranges).
  stem=$(node -p "require('$work/$dir/package.json').name.replace(/^@/, '').replace('/', '-')")
  tarball=$(ls "$work"/tarballs/"$stem"-*.tgz)
  manifest=$(tar -xOzf "$tarball" package/package.json)
  field() {
    node -e "const m = JSON.parse(process.argv[1]); const v = $1;
      console.log(typeof v === 'string' ? v : JSON.stringify(v))" "$manifest"
  }
  name=$(field m.name)
  version=$(field m.version)
  before=$(node -p "require('$root/$dir/package.json').version")
  # Only a version the registry does not have yet is published (changeset publish skips the others).
  if published=$(npm view "$name@$version" version 2>/dev/null) && [ -n "$published" ]; then
    registry="ALREADY ON THE REGISTRY: would be skipped"
  elif npm view "$name" name >/dev/null 2>&1; then
    registry="new version (earlier ones on the registry)"
  elif npm ping >/dev/null 2>&1; then
    registry="first release: $name is not on the registry yet"
  else
    registry="registry not reachable: not checked"
  fi
  echo
  echo "== $name@$version ($before before the release; $registry)"
  echo "   tarball: $(basename "$tarball"), $(wc -c <"$tarball") bytes"
  echo "   repository: $(field m.repository)"
  echo "   publishConfig: $(field m.publishConfig)"
  echo "   dependencies: $(field 'm.dependencies ?? {}')"
  if tar -tzf "$tarball" package/dist/openapi.json >/dev/null 2>&1; then
    info_version='JSON.parse(require("fs").readFileSync(0, "utf8")).info.version'
    echo "   description: info.version $(tar -xOzf "$tarball" package/dist/openapi.json | node -p "$info_version")"
  fi
  echo "   files:"
  tar -tzf "$tarball" | sort | sed 's/^/     /'
  echo "   CHANGELOG.md:"
  sed 's/^/     /' "$work/$dir/CHANGELOG.md"
done
