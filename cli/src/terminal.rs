//! What the user reads on standard error: messages made plain and safe for a terminal.

use std::borrow::Cow;
use std::io::Write;

/// A line for the user on standard error. A closed terminal (after a hangup) makes the
/// write fail: that must not stop a search, so the error is dropped (eprintln! panics).
pub(crate) fn warn(line: &str) {
    let _ = writeln!(std::io::stderr(), "{}", for_terminal(line));
}

/// The system's words for an error (a file missing, a disk full), without the
/// " (os error 2)" Rust ends them with: the words say what went wrong, the number tells the
/// user nothing more. Only that ending goes: a file's name may hold anything.
pub(crate) fn system(e: &impl std::fmt::Display) -> String {
    let words = e.to_string();
    let code = words.strip_suffix(')').and_then(|w| w.rsplit_once(" (os error "));
    match code {
        Some((before, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => before.to_string(),
        _ => words,
    }
}

/// "WHAT: the system's words" for an error met on a file (or a name standing for one).
pub(crate) fn on(what: impl std::fmt::Display, e: &impl std::fmt::Display) -> String {
    format!("{what}: {}", system(e))
}

/// A message as a terminal can show it: the control characters a file's text may bring
/// into it (a value quoted from a damaged file) escaped (`\u{1b}`, `\u{0}`), so none clears
/// the screen or colours what follows, and so are the invisible ones that reorder or hide
/// text (bidi overrides, zero widths). Line ends and tabs stay: messages have them.
pub(crate) fn for_terminal(msg: &str) -> Cow<'_, str> {
    let hidden = |c: char| {
        (c.is_control() && c != '\n' && c != '\t')
            || matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{2069}' | '\u{feff}')
    };
    if !msg.contains(hidden) {
        return msg.into();
    }
    msg.chars()
        .map(|c| if hidden(c) { c.escape_default().to_string() } else { c.to_string() })
        .collect::<String>()
        .into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_system_s_code_is_left_out_and_nothing_else() {
        let e = std::io::Error::from_raw_os_error(2);
        assert!(e.to_string().ends_with(" (os error 2)"), "{e}");
        assert_eq!(system(&e), "No such file or directory");
        // only the ending the system's words have
        for m in ["d (os error 5)/nope", "a (os error 12", "ends with (os error )", "(os error x)"] {
            assert_eq!(system(&m), m);
        }
    }
}
