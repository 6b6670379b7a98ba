# The project's two commands: `make serve` and `make test`. Each installs what it needs
# on a fresh machine (see ../shared/spec/toolchain.md) and skips what is already there.

SHELL := /bin/bash
CARGO ?= cargo
FUZZ_SECONDS ?= 30

.PHONY: serve build test rust-setup test-rust test-wasm lint fuzz fuzz-setup bench

## Build everything (native command line in target/release/morpion).
build:
	$(CARGO) build --release

## Build and serve the web app. Until the web app lands, this builds the command line.
serve: build
	@echo
	@echo "Built target/release/morpion (try: target/release/morpion --help)."
	@echo "The web app is not built yet: it arrives with the web issue (then: http://127.0.0.1:8080/)."

## Every test: Rust unit and integration tests, the wasm build of the core, lints.
test: rust-setup test-rust test-wasm lint

rust-setup:
	@command -v cargo >/dev/null || { echo "cargo not found: install Rust with rustup"; exit 1; }
	@rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
	@rustup component list --installed | grep -q '^clippy' || rustup component add clippy

test-rust:
	$(CARGO) test --workspace --locked

## The core must compile for the browser.
test-wasm:
	$(CARGO) build --locked -p morpion --target wasm32-unknown-unknown

lint:
	$(CARGO) clippy --workspace --all-targets --locked -- -D warnings

## Coverage-guided fuzzing of the readers (nightly + cargo-fuzz, installed if missing).
fuzz-setup:
	@rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
	@command -v cargo-fuzz >/dev/null || $(CARGO) install cargo-fuzz --locked

fuzz: fuzz-setup
	cd crate && $(CARGO) +nightly fuzz run read_any -- -max_total_time=$(FUZZ_SECONDS) $(FUZZ_ARGS)

## Random playouts a second (see BENCHMARKS.md).
bench: build
	target/release/morpion bench --variant 5D
	target/release/morpion bench --variant 5T
