//! What the user reads on standard error: messages made safe and plain for a terminal.

use std::borrow::Cow;
use std::io::Write;

/// A line for the user on standard error. A closed terminal (after a hangup) makes the
/// write fail: that must not stop a search, so the error is dropped (eprintln! panics).
pub(crate) fn warn(line: &str) {
    let _ = writeln!(std::io::stderr(), "{}", for_terminal(line));
}

/// A message as a terminal shows it: plain (without the system's error codes) and safe
/// (see [`escaped`]).
pub(crate) fn for_terminal(msg: &str) -> Cow<'_, str> {
    match without_os_codes(msg) {
        Cow::Borrowed(m) => escaped(m),
        Cow::Owned(m) => escaped(&m).into_owned().into(),
    }
}

/// The message without the " (os error 2)" that Rust adds to the system's words: the
/// words say what went wrong, the number tells the user nothing more.
fn without_os_codes(msg: &str) -> Cow<'_, str> {
    const MARK: &str = " (os error ";
    if !msg.contains(MARK) {
        return msg.into();
    }
    let mut out = String::with_capacity(msg.len());
    let mut rest = msg;
    while let Some(i) = rest.find(MARK) {
        let after = &rest[i + MARK.len()..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        let code = digits > 0 && after[digits..].starts_with(')');
        out.push_str(&rest[..if code { i } else { i + MARK.len() }]);
        if !code {
            rest = after;
            continue;
        }
        rest = &after[digits + 1..];
    }
    out.push_str(rest);
    out.into()
}

/// The control characters a file's text may bring into a message (a value quoted from a
/// damaged file) escaped (`\u{1b}`, `\u{0}`), so none clears the screen or colours what
/// follows, and so are the invisible ones that reorder or hide text (bidi overrides, zero
/// widths). Line ends and tabs stay: messages have them.
fn escaped(msg: &str) -> Cow<'_, str> {
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
    fn the_system_s_codes_are_left_out_and_nothing_else() {
        let m = "a.txt: No such file or directory (os error 2)";
        assert_eq!(for_terminal(m), "a.txt: No such file or directory");
        let m = "x: Permission denied (os error 13); y: Is a directory (os error 21)!";
        assert_eq!(for_terminal(m), "x: Permission denied; y: Is a directory!");
        // not a code: kept as it is
        for m in ["the author (os error fan)", "a (os error 12", "ends with (os error "] {
            assert_eq!(for_terminal(m), m);
        }
        assert_eq!(for_terminal("\u{1b}[2J (os error 5)"), "\\u{1b}[2J");
    }
}
