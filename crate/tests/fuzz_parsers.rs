//! A quick, deterministic fuzz of the readers, run with every `cargo test`: damaged copies
//! of every record in every format (flipped, dropped, inserted bytes, cuts) and random
//! text must give a game or an error, never a panic. The coverage-guided fuzzer lives in
//! `crate/fuzz` (see ARCHITECTURE.md).

use morpion::formats::{self, Format};
use morpion::{library, Rng, Variant};

fn must_not_panic(text: &str) {
    for v in [None, Some(Variant::T5), Some(Variant::D4)] {
        let r = std::panic::catch_unwind(|| {
            let _ = formats::load(text, None, v);
        });
        assert!(r.is_ok(), "panicked on {text:?}");
    }
}

#[test]
fn damaged_records_never_panic() {
    let mut rng = Rng::new(2024);
    let alphabet = b"()[]{},:.-+|/\\ #\n0123456789ABCxyzMS1=&\"";
    for e in library::entries().iter().take(8) {
        let g = e.game();
        for f in Format::WRITABLE {
            let Ok(text) = formats::write(&g, f, "http://h/") else { continue };
            let bytes = text.as_bytes();
            for _ in 0..60 {
                let mut b = bytes.to_vec();
                for _ in 0..1 + rng.below(4) {
                    let i = rng.below(b.len().max(1));
                    match rng.below(4) {
                        0 if !b.is_empty() => b[i] = alphabet[rng.below(alphabet.len())],
                        1 if !b.is_empty() => {
                            b.remove(i);
                        }
                        2 => b.insert(i.min(b.len()), alphabet[rng.below(alphabet.len())]),
                        _ => b.truncate(i),
                    }
                }
                must_not_panic(&String::from_utf8_lossy(&b));
            }
        }
    }
}

#[test]
fn random_text_never_panics() {
    let mut rng = Rng::new(7);
    let pieces = [
        "(",
        ")",
        ",",
        "-",
        "|",
        "\\",
        "/",
        "#",
        "\n",
        "MS1:",
        "#g=",
        "1.5T.",
        "{",
        "}",
        "\"moves\":[",
        "\"Grid\"",
        "9999999999",
        "-3",
        "0",
        " ",
    ];
    for _ in 0..3000 {
        let n = rng.below(30);
        let text: String = (0..n).map(|_| pieces[rng.below(pieces.len())]).collect();
        must_not_panic(&text);
    }
}
