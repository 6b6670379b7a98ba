//! A file's bytes as text, read as the page's `fileText` (www/js/files.js) reads them:
//! UTF-8; UTF-16 (what Windows PowerShell's `>` and Notepad's "Unicode" save), with a byte
//! order mark or without; else, where no byte is a control character, Windows-1252 (a name
//! in Latin-1 in a comment), with a note that says where the first such character is. Bytes
//! that are neither, with a NUL or another control character than a text file's own (tab,
//! line ends, form feed, DOS's end of file), are no text (a picture, an archive, random
//! bytes): no text format holds them, and Latin-1 would make a game file's error of them.

use morpion::formats;

/// `bytes`, read from `name`, as text, and a note when it was not UTF-8 or UTF-16.
pub(crate) fn decode(bytes: Vec<u8>, name: &str) -> Result<(String, Option<String>), String> {
    // UTF-16 would pass for UTF-8 text of NULs (ASCII without a byte order mark), or for
    // no text
    if let Some(little) = utf16(&bytes) {
        let units: Vec<u16> = bytes
            .chunks_exact(2)
            .map(|p| if little { u16::from_le_bytes([p[0], p[1]]) } else { u16::from_be_bytes([p[0], p[1]]) })
            .collect();
        let text = String::from_utf16(&units)
            .map_err(|_| format!("{name}: UTF-16 text with a broken character: save the file as UTF-8"))?;
        return Ok((text.strip_prefix('\u{feff}').map(str::to_string).unwrap_or(text), None));
    }
    match String::from_utf8(bytes) {
        Ok(text) => Ok((text, None)),
        Err(e) => {
            let good = e.utf8_error().valid_up_to();
            let bytes = e.into_bytes();
            if bytes.iter().any(|&b| binary(b)) {
                return Err(format!("{name}: not a text file (not UTF-8)"));
            }
            // a byte order mark before it is no column an editor shows
            let before = String::from_utf8_lossy(&bytes[..good]);
            let (line, column) = formats::line_and_column(before.trim_start_matches('\u{feff}'));
            let note = format!(
                "note: {name}: line {line}, column {column}: not UTF-8 text; read as Latin-1 (Windows-1252)"
            );
            // a UTF-8 byte order mark before it (an editor's) is no text of the file
            let text = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(&bytes);
            Ok((text.iter().map(|&b| windows_1252(b)).collect(), Some(note)))
        }
    }
}

/// A byte no Latin-1 text file holds: a control character other than tab, line feed,
/// form feed, carriage return and DOS's end of file (0x1A), or DEL.
fn binary(b: u8) -> bool {
    (b < 0x20 && !matches!(b, b'\t' | b'\n' | 0x0c | b'\r' | 0x1a)) || b == 0x7f
}

/// Whether `bytes` are UTF-16 text, and if so whether little-endian: a byte order mark, or
/// a NUL in every other byte of the first ones (ASCII characters without a mark).
fn utf16(bytes: &[u8]) -> Option<bool> {
    if bytes.starts_with(&[0xff, 0xfe]) {
        return Some(true);
    }
    if bytes.starts_with(&[0xfe, 0xff]) {
        return Some(false);
    }
    let head = &bytes[..bytes.len().min(64) & !1];
    let nul_every_other = |first: usize| head.iter().skip(first).step_by(2).all(|&b| b == 0);
    if head.len() < 4 || head.iter().all(|&b| b == 0) {
        return None;
    }
    if nul_every_other(1) {
        Some(true)
    } else if nul_every_other(0) {
        Some(false)
    } else {
        None
    }
}

/// The character of a Windows-1252 byte, as a browser's `TextDecoder` gives it: Latin-1,
/// except for 0x80-0x9F, where Windows put the euro sign, curly quotes and dashes (the five
/// bytes it left out stand for themselves, as C1 controls).
fn windows_1252(b: u8) -> char {
    const HIGH: [char; 32] = [
        '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž', '\u{8f}',
        '\u{90}', '\u{2018}', '\u{2019}', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9d}', 'ž',
        'Ÿ',
    ];
    match b {
        0x80..=0x9f => HIGH[usize::from(b - 0x80)],
        _ => char::from(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin_1_is_read_with_a_note_where_it_begins() {
        let (text, note) = decode(b"x,y,dir,pos\n3,5,V,1 # caf\xe9 \x80\x96\n".to_vec(), "f").unwrap();
        assert_eq!(text, "x,y,dir,pos\n3,5,V,1 # café €–\n");
        assert_eq!(
            note.unwrap(),
            "note: f: line 2, column 14: not UTF-8 text; read as Latin-1 (Windows-1252)"
        );
        assert_eq!(decode("café".as_bytes().to_vec(), "f").unwrap(), ("café".to_string(), None));
        assert!(decode(b"\x89PNG\r\n\x1a\n\0\0".to_vec(), "f").unwrap_err().contains("not a text file"));
        // bytes that are no UTF-8, with no NUL but other control characters: random bytes
        assert!(decode(b"\xa7\x13\xfe\x05(28,28)".to_vec(), "f").unwrap_err().contains("not a text file"));
        assert!(decode(b"\xe9\x7f".to_vec(), "f").is_err());
        // a text file's own control characters stay text: tab, line ends, form feed, DOS's end
        let (text, _) = decode(b"# caf\xe9\t\r\n\x0c(28,28)\n\x1a".to_vec(), "f").unwrap();
        assert_eq!(text, "# café\t\r\n\u{c}(28,28)\n\u{1a}");
        // Windows-1252's own characters, and Latin-1's above them
        let said: String =
            [0x41, 0x80, 0x81, 0x8c, 0x9f, 0xa0, 0xe9, 0xff].map(windows_1252).into_iter().collect();
        assert_eq!(said, "A€\u{81}ŒŸ\u{a0}éÿ");
        // a UTF-8 byte order mark before Latin-1 is no character of the text
        let (text, note) = decode(b"\xef\xbb\xbfx,y\n# caf\xe9\n".to_vec(), "f").unwrap();
        assert_eq!(text, "x,y\n# café\n");
        assert!(note.unwrap().contains("line 2, column 6"));
    }

    #[test]
    fn utf16_is_told_from_utf8() {
        let le: Vec<u8> = "(28,28)\n".encode_utf16().flat_map(u16::to_le_bytes).collect();
        let be: Vec<u8> = "(28,28)\n".encode_utf16().flat_map(u16::to_be_bytes).collect();
        assert_eq!((utf16(&le), utf16(&be)), (Some(true), Some(false)));
        assert_eq!((utf16(&[0xff, 0xfe, b'(', 0]), utf16(&[0xfe, 0xff])), (Some(true), Some(false)));
        for not in [&b"(28,28)\n(27,27) / 0\n"[..], b"", &[0, 0, 0, 0], b"ab", "é(28,28)".as_bytes()] {
            assert_eq!(utf16(not), None, "{not:?}");
        }
    }
}
