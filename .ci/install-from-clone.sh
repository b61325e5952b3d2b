#!/usr/bin/env bash
# CI: the README's commands, exactly as written, on a clean clone of this repository: "Try it
# in one command", then the install from a clone into an empty folder that is on PATH, and
# the commands the README shows next (Install, Connect a client, Development's make help).
# Every command below after "cd intervals-mcp" is one the README shows.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The build cache stays where it is (HOME moves below, so that nothing reads this machine's
# client configurations).
export GOCACHE="$(go env GOCACHE)" GOMODCACHE="$(go env GOMODCACHE)" GOPATH="$work/gopath"
export HOME="$work/home" GOBIN="$work/bin"
mkdir -p "$HOME" "$GOBIN"
export PATH="$GOBIN:$PATH"
step() { printf '\n+ %s\n' "$*"; }

cd "$work"
step git clone "$repo" intervals-mcp
git clone -q "$repo" intervals-mcp
cd intervals-mcp

step go run ./cmd/intervals-mcp call get_athlete_context "'{}'" --demo
go run ./cmd/intervals-mcp call get_athlete_context '{}' --demo | head -5

step make install
make install 2>&1 | tee "$work/install.log"
grep -q "installed $GOBIN/intervals-mcp" "$work/install.log" || { echo "make install did not say where it installed"; exit 1; }
if grep -q "not on your PATH" "$work/install.log"; then echo "make install warned although $GOBIN is on PATH"; exit 1; fi
[ "$(command -v intervals-mcp)" = "$GOBIN/intervals-mcp" ] || { echo "intervals-mcp is not the one in $GOBIN"; exit 1; }

step intervals-mcp version
intervals-mcp version
step intervals-mcp call get_athlete_context "'{}'" --demo
intervals-mcp call get_athlete_context '{}' --demo | head -5
step intervals-mcp install
intervals-mcp install
step intervals-mcp install claude-desktop --demo --dry-run
intervals-mcp install claude-desktop --demo --dry-run
step intervals-mcp install claude-desktop --demo
intervals-mcp install claude-desktop --demo
step intervals-mcp install claude-code --demo
intervals-mcp install claude-code --demo
grep -q '"intervals-icu-demo"' "$HOME/.claude.json" || { echo "install claude-code --demo wrote no entry"; exit 1; }
step intervals-mcp doctor --demo
intervals-mcp doctor --demo | tail -3
step intervals-mcp -h
intervals-mcp -h | head -12
step make help
make help | grep -q '^  test ' || { echo "make help does not list make test"; exit 1; }

# The other path of the README: go install ./cmd/intervals-mcp (into the same GOBIN).
step go install ./cmd/intervals-mcp
rm "$GOBIN/intervals-mcp"
go install ./cmd/intervals-mcp
intervals-mcp version

# make install warns when its folder is not on PATH.
step PATH without GOBIN: make install warns
PATH="${PATH#"$GOBIN:"}" make install 2>&1 | tee "$work/install2.log"
grep -q "is not on your PATH" "$work/install2.log" || { echo "make install did not warn about PATH"; exit 1; }
# go run, make build and make install share the build cache: in an empty cache, after
# make install, neither go run nor make build compiles a package but the command's own (main,
# a second time: go run leaves out DWARF) before it links.
step "empty build cache: make install, then go run and make build compile only main"
export GOCACHE="$work/gocache"
make install >/dev/null
for cmd in "go run ./cmd/intervals-mcp version" "make build"; do
  GOFLAGS=-x $cmd >"$work/shared.log" 2>&1 || { cat "$work/shared.log"; exit 1; }
  others="$(grep -E '/compile( |$)' "$work/shared.log" | grep -v -- ' -p main ' || true)"
  [ -z "$others" ] || { echo "$cmd compiled packages again after make install: the builds do not share the cache"; echo "$others" | cut -c1-200 | head -5; exit 1; }
  echo "$cmd: no package compiled again"
done

echo
echo "install from a clone: ok"
