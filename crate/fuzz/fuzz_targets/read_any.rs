//! Any bytes, read as a game in any format and variant: an error is fine, a panic is not.
//! Run: `cd crate && cargo +nightly fuzz run read_any -- -max_total_time=60`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use morpion::formats;
use morpion::Variant;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for v in [None, Some(Variant::T5), Some(Variant::D5), Some(Variant::T4)] {
        if let Ok(loaded) = formats::load(text, None, v) {
            // what was read writes out and reads back the same
            for f in formats::Format::WRITABLE {
                if let Ok(out) = formats::write(&loaded.game, f, "http://h/") {
                    let back = formats::load(&out, Some(f), Some(loaded.game.variant())).expect("own output reads back");
                    assert_eq!(back.game.moves(), loaded.game.moves());
                }
            }
        }
    }
});
