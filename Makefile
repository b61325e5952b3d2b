# Every target here is relied on by users, scripts and CI (.ci/run): keep the names.
SHELL := /bin/bash
GO ?= go
SPEC_URL ?= https://intervals.icu/api/v1/docs
SPEC_SRC ?=
SPEC := openapi/intervals-icu.json
BIN := bin/intervals-mcp

.PHONY: all spec generate build test check bench fmt vet tidy clean

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

## build: the single static binary, bin/intervals-mcp
build:
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags "-s -w" -o $(BIN) ./cmd/intervals-mcp

## test: the test suite (the same as go test ./...)
test:
	$(GO) test ./...

## check: what CI runs: regenerate and diff, tidy, vet, gofmt, tests with -race
check: generate
	@git diff --exit-code || { echo "generated files differ from the committed ones: run 'make generate' and commit"; exit 1; }
	@test -z "$$(git status --porcelain --untracked-files=all -- gen internal openapi cmd)" || { git status --porcelain -- gen internal openapi cmd; echo "generation left untracked files: commit them"; exit 1; }
	$(GO) mod tidy -diff
	$(GO) vet ./...
	@bad=$$(gofmt -l $$(git ls-files '*.go')); test -z "$$bad" || { echo "gofmt needed: $$bad"; exit 1; }
	$(GO) test -race ./...

## bench: the Go benchmarks
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

fmt:
	gofmt -w $$(git ls-files '*.go' | grep -v '\.gen\.go$$')

clean:
	rm -rf bin openapi/build
