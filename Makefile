# Every target here is relied on by users, scripts and CI (.ci/run): keep the names.
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
LDFLAGS := -s -w -X github.com/intervals-mcp/intervals-mcp/gen/intervals.Version=$(VERSION)
# Local builds (build, install, run) take go's own defaults and add only -ldflags, which
# changes the final link and nothing else: so `go run ./cmd/intervals-mcp`, `go test`,
# make build, make install and make run all share the compiled packages in the build cache,
# and after one of them the others only link. (-trimpath or another CGO_ENABLED than go's
# default would give every package another cache key.) Release builds (mcpb here, dist
# through goreleaser) are static and -trimpath: RELEASE.
BUILDFLAGS := -ldflags "$(LDFLAGS)"
RELEASE := CGO_ENABLED=0
RELEASEFLAGS := -trimpath $(BUILDFLAGS)
# Where go install puts the binary: GOBIN, else the first GOPATH entry's bin.
GOBIN_DIR := $(or $(shell $(GO) env GOBIN),$(firstword $(subst :, ,$(shell $(GO) env GOPATH)))/bin)
# goreleaser is run, not pinned in go.mod: pinning it (tools.go) adds ~350 modules to the
# module graph (go.sum 218 -> 987 lines) and breaks go mod tidy; v2.15.x is the last line
# that builds with Go 1.26. go run module@version keeps it out of our go.mod.
GORELEASER := $(GO) run github.com/goreleaser/goreleaser/v2@v2.15.1
MCPB_CLI := npx --yes @anthropic-ai/mcpb@2.1.2
MCPB_BIN := dist/mcpb-bin

.PHONY: all spec generate build install run dist mcpb mcpb-check test check bench docs e2e-node fuzz lint fmt vet tidy clean

all: build

## spec: fetch the Intervals.icu OpenAPI description (SPEC_SRC=path copies a local file instead)
spec:
	@if [ -n "$(SPEC_SRC)" ]; then \
		cp "$(SPEC_SRC)" $(SPEC).tmp && echo "spec: copied $(SPEC_SRC)"; \
	else \
		curl -fsSL --retry 3 -A "intervals-mcp (make spec)" -o $(SPEC).tmp "$(SPEC_URL)" && echo "spec: downloaded $(SPEC_URL)"; \
	fi
	@$(GO) run ./openapi/prep -check -in $(SPEC).tmp || { rm -f $(SPEC).tmp; exit 1; }
	@mv $(SPEC).tmp $(SPEC)
	@sha256sum $(SPEC)

## generate: regenerate everything generated (needs the spec: make spec)
generate:
	@test -f $(SPEC) || { echo "$(SPEC) is missing: run 'make spec' (or make spec SPEC_SRC=path)"; exit 1; }
	$(GO) generate ./...

## build: the binary, bin/intervals-mcp, version stamped
build:
	$(GO) build $(BUILDFLAGS) -o $(BIN) ./cmd/intervals-mcp

## install: the same binary into GOBIN (or $(go env GOPATH)/bin), saying where, and warning
## when that folder is not on PATH
install:
	$(GO) install $(BUILDFLAGS) ./cmd/intervals-mcp
	@echo "installed $(GOBIN_DIR)/intervals-mcp ($(VERSION))"
	@case ":$$PATH:" in *":$(GOBIN_DIR):"*) ;; *) \
		echo "warning: $(GOBIN_DIR) is not on your PATH: add it (export PATH=\"\$$PATH:$(GOBIN_DIR)\") or run $(GOBIN_DIR)/intervals-mcp" >&2;; esac

## run: go run with the version stamped: make run ARGS="call get_athlete_context {} --demo"
run:
	$(GO) run $(BUILDFLAGS) ./cmd/intervals-mcp $(ARGS)

## dist: the release archives for linux, darwin and windows on amd64 and arm64, and their
## checksums, in dist/release (goreleaser check, then a snapshot: nothing is published);
## then the linux/amd64 binary is started
dist:
	$(GORELEASER) check --config internal/release/goreleaser.yaml
	VERSION=$(VERSION) $(GORELEASER) release --snapshot --clean --config internal/release/goreleaser.yaml
	@ls dist/release/*.tar.gz dist/release/*.zip dist/release/checksums.txt
	dist/release/intervals-mcp_linux_amd64_v1/intervals-mcp version

## mcpb: the Claude Desktop bundle dist/intervals-mcp.mcpb (manifest.json from
## internal/release/manifest.json.tmpl, a universal darwin binary, linux and windows amd64)
## and the MCP registry's dist/server.json, with the bundle's SHA-256
mcpb:
	@mkdir -p $(MCPB_BIN)
	@for p in darwin/amd64 darwin/arm64 linux/amd64 windows/amd64; do \
		os=$${p%/*}; arch=$${p#*/}; ext=; [ $$os = windows ] && ext=.exe; \
		echo "build $$os/$$arch"; \
		$(RELEASE) GOOS=$$os GOARCH=$$arch $(GO) build $(RELEASEFLAGS) -o $(MCPB_BIN)/intervals-mcp-$$os-$$arch$$ext ./cmd/intervals-mcp || exit 1; \
	done
	$(GO) run ./internal/release/mcpb -version $(VERSION) -bin $(MCPB_BIN) -out dist

## mcpb-check: the bundle's manifest and file checked by the official CLI (npm @anthropic-ai/mcpb)
mcpb-check: mcpb
	$(MCPB_CLI) validate dist/mcpb/manifest.json
	$(MCPB_CLI) info dist/intervals-mcp.mcpb

## test: the test suite (the same as go test ./...)
test:
	$(GO) test ./...

## docs: rewrite what is generated from the tool manifest: the input schemas the server
## serves (internal/tools/schemas, reflected from the input types), the tools' golden answers
## (internal/tools/testdata/<tool>/<case>.golden) and README.md's tool table
docs:
	$(GO) test -count=1 ./internal/tools/ -update
	$(GO) test -count=1 -run '^TestReadmeToolTable$$' ./cmd/intervals-mcp/ -update

## e2e-node: the official TypeScript MCP client (npm) against the binary over stdio, HTTP and SSE
e2e-node:
	INTERVALS_E2E_REQUIRED=1 $(GO) test -count=1 -v -run '^TestTypeScriptClient$$' ./internal/e2e/

## check: what CI runs: regenerate and diff (code, schema snapshots, README table), tidy, vet,
## staticcheck, gofmt, tests with -race (the TypeScript-client test included: it needs node and npm)
check: generate docs
	@git diff --exit-code || { echo "generated files differ from the committed ones: run 'make generate docs' and commit"; exit 1; }
	@test -z "$$(git status --porcelain --untracked-files=all -- gen internal openapi cmd)" || { git status --porcelain -- gen internal openapi cmd; echo "generation left untracked files: commit them"; exit 1; }
	$(GO) mod tidy -diff
	$(GO) vet ./...
	$(STATICCHECK) ./...
	@bad=$$(gofmt -l $$(git ls-files '*.go')); test -z "$$bad" || { echo "gofmt needed: $$bad"; exit 1; }
	INTERVALS_E2E_REQUIRED=1 $(GO) test -race ./...
	$(MAKE) fuzz

## fuzz: each tool's argument decoding (seeded with the sample-call table) and the schema
## check, FUZZTIME each (go test ./... runs their seeds)
FUZZTIME ?= 10s
fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzToolArguments$$' -fuzztime $(FUZZTIME) ./internal/tools/
	$(GO) test -run '^$$' -fuzz '^FuzzCheck$$' -fuzztime $(FUZZTIME) ./internal/schema/infer/

## bench: the start-up goals (package inits, idle RSS, binary size, cold start against
## `version`), cold start, tools/list size (bytes, o200k tokens), answer sizes, idle RSS,
## calls/s over HTTP, measured on a release build (static, -trimpath, stripped: the binary
## users get, $(BIN)-release) and the demo athlete; then the Go benchmarks
bench:
	$(RELEASE) $(GO) build $(RELEASEFLAGS) -o $(BIN)-release ./cmd/intervals-mcp
	$(GO) run ./internal/bench/run -bin $(BIN)-release
	$(GO) test -run '^$$' -bench . -benchmem ./...

## lint: go vet and staticcheck (pinned in tools.go)
lint:
	$(GO) vet ./...
	$(STATICCHECK) ./...

fmt:
	gofmt -w $$(git ls-files '*.go' | grep -v '\.gen\.go$$')

clean:
	rm -rf bin dist openapi/build
