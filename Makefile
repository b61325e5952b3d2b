# Every target here is relied on by users, scripts and CI (.ci/run): keep the names.
# `make help` lists them, each with the "## target: what it does" line above its rule.
SHELL := /bin/bash
GO ?= go
SPEC_URL ?= https://intervals.icu/api/v1/docs
SPEC_SRC ?=
SPEC := openapi/intervals-icu.json
BIN := bin/intervals-mcp
# staticcheck, pinned in tools.go (go.mod has its version). ST1005 is off: our error strings are
# sentences shown to the model and the user ("Intervals.icu answered 503 ..."), not fragments.
STATICCHECK := $(GO) run honnef.co/go/tools/cmd/staticcheck -checks inherit,-ST1005
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
# The commit and its own date (not the build's: the same commit builds the same binary).
COMMIT ?= $(shell git rev-parse HEAD 2>/dev/null)
DATE ?= $(shell git log -1 --format=%cI 2>/dev/null)
LDFLAGS := -s -w -X github.com/intervals-mcp/intervals-mcp/gen/intervals.Version=$(VERSION) -X main.commit=$(COMMIT) -X main.date=$(DATE)
# Local builds (build, install, run) add only -ldflags to go's own defaults, which changes
# the final link alone: they share the compiled packages with `go run ./cmd/intervals-mcp`
# and `go test` (.ci/install-from-clone.sh checks it). Keep -trimpath and CGO_ENABLED out of
# them: either gives every package another cache key. Release builds (mcpb here, dist
# through goreleaser) are static and -trimpath: RELEASE.
BUILDFLAGS := -ldflags "$(LDFLAGS)"
RELEASE := CGO_ENABLED=0
RELEASEFLAGS := -trimpath $(BUILDFLAGS)
# Where go install puts the binary: GOBIN, else the first GOPATH entry's bin.
GOBIN_DIR := $(or $(shell $(GO) env GOBIN),$(firstword $(subst :, ,$(shell $(GO) env GOPATH)))/bin)
# goreleaser is run with go run module@version, not pinned in tools.go: pinned, its whole
# module graph would enter go.mod and go.sum. v2.15.x is the last line that builds with Go 1.26.
GORELEASER := $(GO) run github.com/goreleaser/goreleaser/v2@v2.15.1
MCPB_CLI := npx --yes @anthropic-ai/mcpb@2.1.2
MCPB_BIN := dist/mcpb-bin

.PHONY: all help spec generate build install run dist mcpb mcpb-check image test check bench docs e2e-node fuzz lint vet tidy fmt clean

all: build

## help: list the targets, each with what it does
help:
	@awk '/^## [a-z-]+: / { sub(/^## /, ""); t = $$0; sub(/: .*/, "", t); sub(/^[^:]*: /, ""); printf "  %-11s %s\n", t, $$0 }' $(firstword $(MAKEFILE_LIST))

## spec: fetch the Intervals.icu OpenAPI description into openapi/ (SPEC_SRC=path copies a file instead)
spec:
	@if [ -n "$(SPEC_SRC)" ]; then \
		cp "$(SPEC_SRC)" $(SPEC).tmp && echo "spec: copied $(SPEC_SRC)"; \
	else \
		curl -fsSL --retry 3 -A "intervals-mcp (make spec)" -o $(SPEC).tmp "$(SPEC_URL)" && echo "spec: downloaded $(SPEC_URL)"; \
	fi
	@$(GO) run ./openapi/prep -check -in $(SPEC).tmp || { rm -f $(SPEC).tmp; exit 1; }
	@mv $(SPEC).tmp $(SPEC)
	@sha256sum $(SPEC)

## generate: regenerate the client, the fake's server interface and the operations table (needs make spec)
generate:
	@test -f $(SPEC) || { echo "$(SPEC) is missing: run 'make spec' (or make spec SPEC_SRC=path)"; exit 1; }
	$(GO) generate ./...

## build: the binary, bin/intervals-mcp, version stamped
build:
	$(GO) build $(BUILDFLAGS) -o $(BIN) ./cmd/intervals-mcp

## install: the same binary into GOBIN (or $(go env GOPATH)/bin), warning when that is not on PATH
install:
	$(GO) install $(BUILDFLAGS) ./cmd/intervals-mcp
	@echo "installed $(GOBIN_DIR)/intervals-mcp ($(VERSION))"
	@case ":$$PATH:" in *":$(GOBIN_DIR):"*) ;; *) \
		echo "warning: $(GOBIN_DIR) is not on your PATH: add it (export PATH=\"\$$PATH:$(GOBIN_DIR)\") or run $(GOBIN_DIR)/intervals-mcp" >&2;; esac

## run: go run with the version stamped: make run ARGS="call get_athlete_context {} --demo"
run:
	$(GO) run $(BUILDFLAGS) ./cmd/intervals-mcp $(ARGS)

## dist: the release archives (linux, darwin, windows; amd64, arm64) and checksums in dist/release, published nowhere
# goreleaser check, then a snapshot; then the linux/amd64 binary is started.
dist:
	$(GORELEASER) check --config internal/release/goreleaser.yaml
	VERSION=$(VERSION) $(GORELEASER) release --snapshot --clean --config internal/release/goreleaser.yaml
	@ls dist/release/*.tar.gz dist/release/*.zip dist/release/checksums.txt
	dist/release/intervals-mcp_linux_amd64_v1/intervals-mcp version

## mcpb: the Claude Desktop bundle dist/intervals-mcp.mcpb and the MCP registry's dist/server.json
# The bundle: manifest.json from internal/release/manifest.json.tmpl, LICENSE, a universal
# darwin binary, linux and windows amd64; server.json names the bundle's SHA-256.
mcpb:
	@mkdir -p $(MCPB_BIN)
	@for p in darwin/amd64 darwin/arm64 linux/amd64 windows/amd64; do \
		os=$${p%/*}; arch=$${p#*/}; ext=; [ $$os = windows ] && ext=.exe; \
		echo "build $$os/$$arch"; \
		$(RELEASE) GOOS=$$os GOARCH=$$arch $(GO) build $(RELEASEFLAGS) -o $(MCPB_BIN)/intervals-mcp-$$os-$$arch$$ext ./cmd/intervals-mcp || exit 1; \
	done
	$(GO) run ./internal/release/mcpb -version $(VERSION) -bin $(MCPB_BIN) -out dist -license LICENSE

## mcpb-check: make mcpb, then the bundle checked by the official CLI (npm @anthropic-ai/mcpb)
mcpb-check: mcpb
	$(MCPB_CLI) validate dist/mcpb/manifest.json
	$(MCPB_CLI) info dist/intervals-mcp.mcpb

IMAGE_PLATFORMS ?= linux/amd64 linux/arm64
IMAGE ?= dist/intervals-mcp-image.tar
## image: the container image, dist/intervals-mcp-image.tar (an OCI archive of linux/amd64 and arm64), built without Docker
# The release binaries, then internal/release/image puts each alone on an empty base
# (docker load, podman load or skopeo read the archive).
image:
	@mkdir -p bin/image
	@set -e; bins=; for p in $(IMAGE_PLATFORMS); do arch=$${p#linux/}; \
		echo "build $$p"; \
		$(RELEASE) GOOS=linux GOARCH=$$arch $(GO) build $(RELEASEFLAGS) -o bin/image/intervals-mcp-linux-$$arch ./cmd/intervals-mcp; \
		bins="$$bins -bin $$p=bin/image/intervals-mcp-linux-$$arch"; \
	done; \
	$(GO) run ./internal/release/image -version $(VERSION) -revision "$(COMMIT)" -date "$(DATE)" $$bins -out $(IMAGE)

## test: go test ./... (tests needing Node.js, Chromium or PostgreSQL skip without them)
test:
	$(GO) test ./...

## docs: rewrite what the catalog generates: schemas.json, golden answers, README.md's toolsets, internal/tools/README.md
# The schemas the server serves (internal/tools/schemas.json, reflected from the input types)
# and the golden answers (internal/tools/testdata/<tool>/<case>.golden) first: the pages are
# written from those schemas.
docs:
	$(GO) test -count=1 -run '^TestSchemaSnapshots$$' ./internal/tools/ -update # schemas.json first: the server embeds it
	$(GO) test -count=1 ./internal/tools/ -update
	$(GO) test -count=1 -run '^TestDocs(ToolsetTable|ToolReference)$$' ./cmd/intervals-mcp/ -update

## e2e-node: the official TypeScript MCP client (npm) against the binary over stdio, HTTP and SSE
e2e-node:
	INTERVALS_E2E_REQUIRED=1 $(GO) test -count=1 -v -run '^TestTypeScriptClient$$' ./internal/e2e/

## check: what CI runs: generate and docs then diff, tidy, vet, staticcheck, gofmt, tests with -race, fuzz
# The TypeScript-client test is required here: it needs Node.js and npm.
check: generate docs
	@git diff --exit-code || { echo "generated files differ from the committed ones: run 'make generate docs' and commit"; exit 1; }
	@test -z "$$(git status --porcelain --untracked-files=all -- gen internal openapi cmd)" || { git status --porcelain -- gen internal openapi cmd; echo "generation left untracked files: commit them"; exit 1; }
	$(GO) mod tidy -diff
	$(GO) vet ./...
	$(STATICCHECK) ./...
	@bad=$$(gofmt -l $$(git ls-files '*.go')); test -z "$$bad" || { echo "gofmt needed: $$bad"; exit 1; }
	INTERVALS_E2E_REQUIRED=1 $(GO) test -race -timeout 30m ./...
	$(MAKE) fuzz

# A count of inputs, not a duration: with a duration, Go's fuzzing coordinator can fail the
# target as the time runs out, having found nothing ("context deadline exceeded", no failing
# input: go.dev/issue/75804, fixed in Go 1.27). 20000 inputs are about 10 s here.
FUZZTIME ?= 20000x
## fuzz: fuzz each tool's argument decoding and the schema check, FUZZTIME inputs each (go test runs their seeds)
fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzToolArguments$$' -fuzztime $(FUZZTIME) ./internal/tools/
	$(GO) test -run '^$$' -fuzz '^FuzzCheck$$' -fuzztime $(FUZZTIME) ./internal/schema/infer/

## bench: the budgets and figures of internal/bench/README.md on a release build, then the Go benchmarks
# The release build ($(BIN)-release: static, -trimpath, stripped) is the binary users get.
bench:
	$(RELEASE) $(GO) build $(RELEASEFLAGS) -o $(BIN)-release ./cmd/intervals-mcp
	$(GO) run ./internal/bench/run -bin $(BIN)-release
	$(GO) test -run '^$$' -bench . -benchmem ./...

## lint: go vet and staticcheck (pinned in tools.go)
lint: vet
	$(STATICCHECK) ./...

## vet: go vet ./...
vet:
	$(GO) vet ./...

## tidy: go mod tidy
tidy:
	$(GO) mod tidy

## fmt: gofmt every Go file but the generated ones
fmt:
	gofmt -w $$(git ls-files '*.go' | grep -v '\.gen\.go$$')

## clean: remove bin, dist and openapi/build
clean:
	rm -rf bin dist openapi/build
