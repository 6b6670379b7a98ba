# The project's two commands: `make serve` and `make test`. Each installs what it needs
# on a fresh machine (see ../shared/spec/toolchain.md) and skips what is already there.

SHELL := /bin/bash
CARGO ?= cargo
FUZZ_SECONDS ?= 30
# Must be exactly the wasm-bindgen version in Cargo.lock (and Trunk.toml).
WASM_BINDGEN_VERSION := 0.2.130
# npm's binaryen (wasm-opt 132) first: Debian's wasm-opt is too old.
WEB_PATH := $(CURDIR)/node_modules/.bin:$(HOME)/.cargo/bin:$(PATH)

.PHONY: mpi mpi-setup test-mpi serve build test rust-setup nightly-setup test-rust test-wasm lint fuzz fuzz-setup bench \
	web web-setup bindgen-setup npm-setup browser-setup test-web pkg

## Build everything (native command line in target/release/morpion).
build:
	$(CARGO) build --release

## Build the web app (release) and serve it at http://127.0.0.1:8080/ with the
## cross-origin isolation headers. The first run installs Trunk (compiled: 15-25 minutes).
serve: web
	@echo
	@echo "Morpion Solitaire: open http://127.0.0.1:8080/  (Ctrl+C stops the server)"
	@echo
	PATH="$(WEB_PATH)" trunk serve --release --no-autoreload

## The web app in dist/ (any static server sending COOP/COEP headers can serve it).
web: web-setup
	PATH="$(WEB_PATH)" trunk build --release

## Trunk, wasm-bindgen-cli, the wasm32 target, nightly with rust-src (the threaded search
## build: scripts/build-threaded.sh) and npm's binaryen, each only when missing.
web-setup: rust-setup nightly-setup npm-setup bindgen-setup
	@PATH="$(WEB_PATH)" command -v trunk >/dev/null || $(CARGO) +nightly install trunk --locked

bindgen-setup:
	@PATH="$(WEB_PATH)" wasm-bindgen --version 2>/dev/null | grep -qx 'wasm-bindgen $(WASM_BINDGEN_VERSION)' \
		|| $(CARGO) install wasm-bindgen-cli --version $(WASM_BINDGEN_VERSION) --force

## pkg/: wasm-bindgen's bindings of the core (debug build), for their TypeScript types:
## the page's scripts are type-checked against them.
pkg: rust-setup bindgen-setup
	$(CARGO) build --locked -p morpion --target wasm32-unknown-unknown
	PATH="$(WEB_PATH)" wasm-bindgen --target web --out-dir pkg target/wasm32-unknown-unknown/debug/morpion.wasm

## Nightly with rust-src (the threaded build's -Z build-std) and clippy (its lint); also
## Trunk's and cargo-fuzz's toolchain.
nightly-setup:
	@rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
	@rustup +nightly component list --installed | grep -q '^rust-src' || rustup +nightly component add rust-src
	@rustup +nightly component list --installed | grep -q '^clippy' || rustup +nightly component add clippy

npm-setup:
	@command -v npm >/dev/null || { echo "npm not found: install Node.js 20.19 or later"; exit 1; }
	@test node_modules/.package-lock.json -nt package-lock.json || npm ci --no-audit --no-fund

## Debian's chromium for the browser tests (never a browser downloaded by a test tool).
browser-setup:
	@command -v chromium >/dev/null || { \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; }

## Every test: Rust unit and integration tests, the wasm build of the core, lints, the
## web app's build and its tests in headless chromium.
test: rust-setup test-rust test-wasm test-mpi lint test-web

rust-setup:
	@command -v cargo >/dev/null || { echo "cargo not found: install Rust with rustup"; exit 1; }
	@rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
	@rustup component list --installed | grep -q '^clippy' || rustup component add clippy
	@rustup component list --installed | grep -q '^rustfmt' || rustup component add rustfmt

test-rust:
	$(CARGO) test --workspace --locked

## MPI (morpion-mpi): Debian's OpenMPI, and libclang for the binding's bindgen, when missing.
mpi-setup:
	@dpkg -s openmpi-bin libopenmpi-dev libclang-dev >/dev/null 2>&1 || { \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq openmpi-bin libopenmpi-dev libclang-dev >/dev/null; }

## target/release/morpion-mpi: the search and the campaign on MPI ranks (see README).
mpi: rust-setup mpi-setup
	$(CARGO) build --release --locked -p morpion-cli --features mpi --bin morpion-mpi

## morpion-mpi on three ranks of this machine (mpirun --oversubscribe), and the unit tests
## of its modules.
test-mpi: mpi
	$(CARGO) test --locked -p morpion-cli --features mpi --lib --test mpi

## The core must compile for the browser.
test-wasm:
	$(CARGO) build --locked -p morpion --target wasm32-unknown-unknown

## Rust: clippy (native, wasm32, the threaded build) and formatting. The page's scripts:
## TypeScript's check of their JSDoc types against pkg/'s, and ESLint.
lint: rust-setup nightly-setup npm-setup pkg mpi-setup
	$(CARGO) clippy --workspace --all-targets --locked -- -D warnings
	$(CARGO) clippy -p morpion-cli --features mpi --all-targets --locked -- -D warnings
	$(CARGO) clippy --locked -p morpion --target wasm32-unknown-unknown -- -D warnings
	bash scripts/build-threaded.sh lint
	$(CARGO) fmt --all --check
	npm run lint

## The page's unit tests (node) and end-to-end tests in headless chromium against dist/.
test-web: web browser-setup
	$(CARGO) build --locked -p morpion-cli
	npm test

## Coverage-guided fuzzing of the readers (nightly + cargo-fuzz, installed if missing).
fuzz-setup: nightly-setup
	@command -v cargo-fuzz >/dev/null || $(CARGO) install cargo-fuzz --locked

fuzz: fuzz-setup
	cd crate && $(CARGO) +nightly fuzz run read_any -- -max_total_time=$(FUZZ_SECONDS) $(FUZZ_ARGS)

## Random playouts a second (see BENCHMARKS.md).
bench: build
	target/release/morpion bench --variant 5D
	target/release/morpion bench --variant 5T
