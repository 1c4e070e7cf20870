#!/bin/sh
# Fights one fixed battle natively (`realm skirmish`) and in the wasm build, and compares the two
# records byte for byte (SPEC §0.1). Needs node and the wasm32-unknown-unknown target.
# Usage (from the workspace root): sh engine/tests/wasm/same_record.sh
set -eu
target="${CARGO_TARGET_DIR:-target}"
work="$(mktemp -d)"
cargo build -q -p engine --release --bin realm --features schema
cargo rustc -q -p engine --lib --release --target wasm32-unknown-unknown \
  --features fixed-battle --crate-type cdylib
"$target/release/realm" demo > "$work/demo.json"
"$target/release/realm" skirmish "$work/demo.json" --attacker 1 --defender 9 --system v2 \
  --seed 2024 > "$work/native.json"
node "$(dirname "$0")/same_record.mjs" \
  "$target/wasm32-unknown-unknown/release/engine.wasm" "$work/native.json"
