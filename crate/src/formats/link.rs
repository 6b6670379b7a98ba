//! Game links: a URL whose fragment carries the whole game.
//!
//! `BASE#g=1.5T.178.<moves>.<check>[&m=120]`
//! - `1`: the encoding's version. `5T`: the variant. `178`: the number of moves.
//! - `<moves>`: base64url of a bit stream: for each move, its index among the legal moves
//!   of the position before it, in canonical order (see `Move::sort_key`), written with
//!   ceil(log2(number of legal moves)) bits. Rosin's 178-move record is a 135-character
//!   link with the default base.
//! - `<check>`: 30 bits of a hash of the variant and moves (5 characters). A damaged link
//!   (a changed or lost character) fails to decode, or fails the check: never a silently
//!   different game.
//! - A game from another start than the cross is a version 2 link,
//!   `2.5T.<start>.<n>.<moves>.<check>`, where `<start>` is the start's code
//!   ([`Start::code`], as drawn: the moves are in its frame) and the check covers the
//!   start too. Games from the cross keep writing version 1, so their links never change.
//! - `p=2` (optional): a two-player game (the page colours each player's lines and says
//!   whose turn it is). Like `m=`, it is not part of the check: changing it changes how
//!   the game is shown, never its moves.
//! - `m=N` (optional): the move to show (the web app's replay position).
//! - Another part (`&P=2`, an edit) is ignored with a note; `g=`, `m=` or `p=` given twice
//!   with two values is damage.
//!
//! Everything is in the fragment, so the page can be served by any static host, and the
//! characters (letters, digits, `-_.=&#`) survive chat apps and e-mail.

use super::error::{ReadError, ReadErrorKind};
use super::link_damage::LinkDamage;
use super::{base64, Format};
use crate::position::Position;
use crate::record::{Game, Record};
use crate::rng::mix64;
use crate::starts::Start;
use crate::variant::{Move, Variant};

/// The address `morpion convert --to link` uses unless told otherwise.
pub const DEFAULT_BASE: &str = "http://127.0.0.1:8080/";

const VERSION: &str = "1";
/// The version of links whose game starts from a start of its own.
const VERSION_START: &str = "2";
const CHECK_CHARS: usize = 5;
/// Links longer than this many moves are refused before decoding.
const MAX_MOVES: usize = 20_000;

fn err(damage: LinkDamage) -> ReadError {
    ReadError::new(Format::Link, None, ReadErrorKind::Link(damage))
}

pub(super) fn looks_like_link(t: &str) -> bool {
    let t = t.trim();
    t.starts_with("http://")
        || t.starts_with("https://")
        || t.contains("#g=")
        || t.starts_with("g=")
        || game_value_shape(t)
}

/// `1.5T.` at the start: a bare link value.
fn game_value_shape(t: &str) -> bool {
    let mut parts = t.splitn(3, '.');
    matches!((parts.next(), parts.next(), parts.next()), (Some(v), Some(var), Some(_))
        if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) && var.parse::<Variant>().is_ok())
}

fn ceil_log2(n: usize) -> u32 {
    if n <= 1 {
        0
    } else {
        usize::BITS - (n - 1).leading_zeros()
    }
}

/// The check of a game: its variant, its start unless it is the cross (`None`), its moves.
fn check(variant: Variant, start: Option<&Start>, moves: &[Move]) -> u64 {
    let mut h = mix64(variant.line_len() as u64 * 2 + (variant.rule() as u64));
    if let Some(s) = start {
        let (w, ht) = s.extent();
        h = mix64(h ^ 0x5354_4152_5400_0000 ^ (w as u64) << 8 ^ ht as u64);
        for p in s.dots() {
            h = mix64(h ^ ((p.x as u32 as u64) << 32 | p.y as u32 as u64));
        }
    }
    for m in moves {
        let v = ((m.dot.x as u32 as u64) << 32 | m.dot.y as u32 as u64)
            ^ ((m.dir.index() as u64) << 60 | (m.pos as u64) << 56);
        h = mix64(h ^ v);
    }
    h & ((1 << (6 * CHECK_CHARS)) - 1)
}

/// The link value (what follows `g=`) of a game.
pub fn encode_value(game: &Game) -> String {
    let variant = game.variant();
    let mut p = game.position().fresh();
    let mut bits = BitWriter::default();
    for &m in game.moves() {
        let legal = p.legal_moves();
        let idx = legal.iter().position(|&l| l == m).expect("a game's moves are legal");
        bits.write(idx as u64, ceil_log2(legal.len()));
        p.play(m);
    }
    let start = game.custom_start();
    let c = check(variant, start, game.moves());
    let check: String = (0..CHECK_CHARS).rev().map(|i| base64::char_of((c >> (6 * i)) as u8)).collect();
    match start {
        None => format!("{VERSION}.{variant}.{}.{}.{check}", game.score(), bits.finish()),
        Some(s) => {
            format!("{VERSION_START}.{variant}.{}.{}.{}.{check}", s.code(), game.score(), bits.finish())
        }
    }
}

/// What a link says besides its moves: how the game is shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LinkView {
    /// The move to show (`m=N`); all of them when `None`.
    pub shown: Option<usize>,
    /// A two-player game (`p=2`).
    pub two_player: bool,
    /// Read only (`write` ignores it): the link's `m=` was not a move of its game (0 to its
    /// length), so `shown` is `None`. The moves and their check are sound: the game opens at
    /// its end, and a note says so ([`super::Note::ShownIgnored`]), rather than refusing it.
    pub bad_shown: bool,
    /// Read only: parts after the game this program does not know (`&P=2`, an edit; a later
    /// version's), ignored with a note ([`super::Note::LinkPartsIgnored`]). The game is
    /// whole (its check), and only how it is shown could differ.
    pub unknown_parts: usize,
}

/// A full link: `base` (anything after a `#` in it is dropped), the game, and how to show it.
pub fn write(game: &Game, base: &str, view: LinkView) -> String {
    let base = base.split('#').next().unwrap_or("");
    let mut s = format!("{base}#g={}", encode_value(game));
    if view.two_player {
        s.push_str("&p=2");
    }
    if let Some(m) = view.shown {
        s.push_str(&format!("&m={m}"));
    }
    s
}

/// The parts of a link: its game value and the `m=` and `p=` values, if any, and how many
/// others it has.
struct Parts<'a> {
    game: &'a str,
    shown: Option<&'a str>,
    players: Option<&'a str>,
    unknown: usize,
}

/// The parts of a link, URL or bare value.
fn split<'a>(text: &'a str) -> Result<Parts<'a>, ReadError> {
    let t = text.trim();
    if game_value_shape(t) {
        return Ok(Parts { game: t, shown: None, players: None, unknown: 0 });
    }
    // the fragment that holds the game (a `#` before it, in a heading or prose, is not it)
    let params = match t.find("#g=").or_else(|| t.find('#')) {
        Some(i) => &t[i + 1..],
        None => match t.find('?') {
            Some(i) => &t[i + 1..],
            None => t,
        },
    };
    let mut game = None;
    let mut shown = None;
    let mut players = None;
    let mut unknown = 0;
    // a part given twice over, differently, leaves which one was meant unknown
    let once = |kept: &mut Option<&'a str>, v: &'a str, name: char| match kept {
        Some(k) if *k != v => Err(err(LinkDamage::Repeated(name))),
        _ => {
            *kept = Some(v);
            Ok(())
        }
    };
    for kv in params.split('&').filter(|kv| !kv.is_empty()) {
        if let Some(v) = kv.strip_prefix("g=") {
            once(&mut game, v, 'g')?;
        } else if let Some(v) = kv.strip_prefix("m=") {
            once(&mut shown, v, 'm')?;
        } else if let Some(v) = kv.strip_prefix("p=") {
            once(&mut players, v, 'p')?;
        } else {
            unknown += 1;
        }
    }
    match game {
        Some(game) => Ok(Parts { game, shown, players, unknown }),
        None => Err(err(LinkDamage::NoGame)),
    }
}

/// Decodes a link (or a bare value): the game, and how to show it.
pub fn decode(text: &str) -> Result<(Record, LinkView), ReadError> {
    let (p, view) = decode_position(text)?;
    let mut record = Record::new(Some(p.variant()), p.moves().to_vec());
    record.start = (!p.start().is_cross(p.variant())).then(|| p.start().clone());
    Ok((record, view))
}

/// The position a link shows: its game at the move `m=` says (after every move without
/// it), on its start.
pub fn shown_position(text: &str) -> Result<Position, ReadError> {
    let (p, view) = decode_position(text)?;
    Ok(match view.shown {
        Some(k) => p.prefix(k),
        None => p,
    })
}

/// Characters a link's fragment holds (`g=1.5T.178.<moves>.<check>&p=2&m=40`): base64url,
/// the dots between its parts, and the `&` and `=` of its marks.
fn fragment_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | '=' | '&')
}

/// The link in `text` as people paste it, as `(characters before it, the link)`: from its
/// `#g=` to a space or a character that closes it in prose or markup (`)`, `"`, `>`, a
/// comma...), less the full stop of a sentence, so that a link in a sentence, in quotes,
/// in brackets or in Markdown, or under a line of prose, reads as itself. When a line
/// break cut it and the lines after it are link characters alone (a mail program wrapped
/// it; each less its indent and a mail's `>` marks), the joined link comes first: a wrap
/// just before `&p=2` must not leave the mark out. What is kept is still checked whole,
/// so nothing else can pass for the game. A text with no `#g=` is given as it is.
fn candidates(text: &str) -> Vec<(usize, String)> {
    let t = text.trim();
    let at = t.find("#g=").or_else(|| t.starts_with("g=").then_some(0));
    let Some(at) = at else { return vec![(0, t.to_string())] };
    let before = t[..at].chars().count();
    let rest = &t[at..];
    let closes = |c: char| c.is_whitespace() || "\"'<>()[]{},;!?".contains(c);
    let link = |s: &str| s[..s.find(closes).unwrap_or(s.len())].trim_end_matches(['.', '&']).to_string();
    let plain = link(rest);
    let cut = rest.find(closes).unwrap_or(rest.len());
    let mut out = vec![(before, plain)];
    if rest[cut..].trim_start_matches([' ', '\t']).starts_with(['\n', '\r']) {
        let mut joined = rest[..cut].to_string();
        let next = rest[cut..].lines().skip(1).map(|l| l.trim().trim_start_matches('>').trim_start());
        let more: Vec<&str> = next.take_while(|l| !l.is_empty() && l.chars().all(fragment_char)).collect();
        if !more.is_empty() {
            joined.extend(more);
            out.insert(0, (before, link(&joined)));
        }
    }
    out
}

/// Decodes a link: the position after all its moves, and how to show it. The first of
/// [`candidates`] that decodes, else the first's damage, placed in the text as given.
fn decode_position(text: &str) -> Result<(Position, LinkView), ReadError> {
    let mut first = None;
    for (before, link) in candidates(text) {
        match decode_one(&link) {
            Ok(found) => return Ok(found),
            Err(mut e) => {
                if let Some(super::At::Char(c)) = e.at {
                    e.at = Some(super::At::Char(c + before));
                }
                first.get_or_insert(e);
            }
        }
    }
    Err(first.expect("one candidate at least"))
}

fn decode_one(text: &str) -> Result<(Position, LinkView), ReadError> {
    let Parts { game: value, shown, players, unknown } = split(text)?;
    let mut fields: Vec<&str> = value.split('.').collect();
    let parts = match fields[0] {
        VERSION => 5,
        VERSION_START => 6,
        _ if fields.len() < 5 => return Err(err(LinkDamage::Parts { found: fields.len(), expected: 5 })),
        v => return Err(err(LinkDamage::Version(v.to_string()))),
    };
    if fields.len() != parts {
        // a whole game of the other version: its first number was changed, not the link cut
        // (tried only on the other version's count of parts, which it then takes as its own)
        let other = match (parts, fields.len()) {
            (5, 6) => Some(VERSION_START),
            (6, 5) => Some(VERSION),
            _ => None,
        };
        let rest = value.split_once('.').map_or("", |(_, rest)| rest);
        let other = other.filter(|other| decode_position(&format!("{other}.{rest}")).is_ok());
        return Err(err(match other {
            Some(other) => {
                LinkDamage::VersionParts { said: fields[0].to_string(), parts: fields.len(), other }
            }
            None => LinkDamage::Parts { found: fields.len(), expected: parts },
        }));
    }
    let variant: Variant = fields[1].parse().map_err(|_| err(LinkDamage::Variant(fields[1].to_string())))?;
    // version 2: the start, then the same fields as version 1
    let start = match parts {
        6 => Some(Start::from_code(fields.remove(2)).map_err(|e| err(LinkDamage::Start(e)))?),
        _ => None,
    };
    let n: usize = fields[2]
        .parse()
        .ok()
        .filter(|&n| n <= MAX_MOVES)
        .ok_or_else(|| err(LinkDamage::MoveCount(fields[2].to_string())))?;
    // where the moves start in the text, for a message that points at a bad character
    let moves_at = text[..fields[3].as_ptr() as usize - text.as_ptr() as usize].chars().count();
    let bits = BitReader::new(fields[3], moves_at)?;
    let got: Option<u64> = if fields[4].len() == CHECK_CHARS {
        fields[4].bytes().try_fold(0u64, |acc, ch| base64::value(ch).map(|v| acc << 6 | v as u64))
    } else {
        None
    };
    let p = match replay(variant, start.as_ref(), n, bits.clone(), got) {
        Ok(p) => p,
        Err(damage) => {
            // the moves and the check of another variant's game: its name was changed, which
            // the check does not cover on its own (a move "not legal" would blame the moves)
            let game = Variant::ALL
                .into_iter()
                .filter(|&v| v != variant)
                .find(|&v| replay(v, start.as_ref(), n, bits.clone(), got).is_ok());
            return Err(err(match game {
                Some(game) => LinkDamage::VariantChanged { said: variant, game },
                None => damage,
            }));
        }
    };
    let shown_at = shown.map(|s| s.parse::<usize>().ok().filter(|&m| m <= n));
    let bad_shown = matches!(shown_at, Some(None));
    let two_player = match players {
        None | Some("1") => false,
        Some("2") => true,
        Some(other) => return Err(err(LinkDamage::Players(other.to_string()))),
    };
    Ok((p, LinkView { shown: shown_at.flatten(), two_player, bad_shown, unknown_parts: unknown }))
}

/// The game of `n` moves that `bits` write in `variant` from `start` (the cross without
/// one), if its check is `check`.
fn replay(
    variant: Variant,
    start: Option<&Start>,
    n: usize,
    mut bits: BitReader,
    check_read: Option<u64>,
) -> Result<Position, LinkDamage> {
    let mut p = Position::on(variant, start.cloned().unwrap_or_else(|| Start::cross(variant)));
    for k in 0..n {
        let legal = p.legal_moves();
        if legal.is_empty() {
            return Err(LinkDamage::GameOver { after: k, claimed: n });
        }
        let idx = bits.read(ceil_log2(legal.len())).ok_or(LinkDamage::CutShort { at: k + 1, of: n })?;
        let m = *legal.get(idx as usize).ok_or(LinkDamage::NotLegal { at: k + 1 })?;
        p.try_play(m).map_err(|reason| LinkDamage::Unplayable { at: k + 1, reason })?;
    }
    if !bits.is_exhausted() {
        return Err(LinkDamage::Leftover);
    }
    if check_read != Some(check(variant, start, p.moves())) {
        return Err(LinkDamage::Check);
    }
    Ok(p)
}

#[derive(Default)]
struct BitWriter {
    out: String,
    acc: u64,
    bits: u32,
}

impl BitWriter {
    fn write(&mut self, v: u64, n: u32) {
        for i in (0..n).rev() {
            self.acc = self.acc << 1 | (v >> i) & 1;
            self.bits += 1;
            if self.bits == 6 {
                self.out.push(base64::char_of(self.acc as u8));
                self.acc = 0;
                self.bits = 0;
            }
        }
    }

    fn finish(mut self) -> String {
        if self.bits > 0 {
            self.out.push(base64::char_of((self.acc << (6 - self.bits)) as u8));
        }
        self.out
    }
}

#[derive(Clone)]
struct BitReader {
    values: Vec<u8>,
    at: usize,
}

impl BitReader {
    /// The moves' characters; `before`: how many characters of the link precede them.
    fn new(text: &str, before: usize) -> Result<BitReader, ReadError> {
        // counted in characters, as an editor shows them (a pasted "é" is one)
        let values = text
            .chars()
            .enumerate()
            .map(|(i, c)| {
                u8::try_from(c).ok().and_then(base64::value).ok_or_else(|| {
                    ReadError::new(
                        Format::Link,
                        Some(super::At::Char(before + i + 1)),
                        ReadErrorKind::Link(LinkDamage::Character(c)),
                    )
                })
            })
            .collect::<Result<Vec<u8>, _>>()?;
        Ok(BitReader { values, at: 0 })
    }

    fn read(&mut self, n: u32) -> Option<u64> {
        let mut v = 0;
        for _ in 0..n {
            let c = *self.values.get(self.at / 6)?;
            v = v << 1 | ((c >> (5 - self.at % 6)) & 1) as u64;
            self.at += 1;
        }
        Some(v)
    }

    /// Only zero padding (less than one character) is left.
    fn is_exhausted(&self) -> bool {
        let total = self.values.len() * 6;
        total - self.at < 6 && (self.at..total).all(|b| (self.values[b / 6] >> (5 - b % 6)) & 1 == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Point;
    use crate::rng::Rng;

    fn random_game(v: Variant, seed: u64) -> Game {
        let mut p = Position::new(v);
        p.random_playout(&mut Rng::new(seed));
        Game::new(p, Default::default())
    }

    #[test]
    fn round_trip_and_every_single_character_change_is_caught() {
        let g = random_game(Variant::T5, 3);
        let link = write(&g, DEFAULT_BASE, LinkView { shown: Some(7), ..LinkView::default() });
        let (r, view) = decode(&link).unwrap();
        assert_eq!(r.moves, g.moves());
        assert_eq!(view, LinkView { shown: Some(7), ..LinkView::default() });
        let value = encode_value(&g);
        let start = link.find(&value).unwrap();
        let mut caught = 0;
        for i in start..start + value.len() {
            for c in ['A', 'z', '0', '_'] {
                let mut bad = link.clone().into_bytes();
                if bad[i] == c as u8 {
                    continue;
                }
                bad[i] = c as u8;
                let bad = String::from_utf8(bad).unwrap();
                match decode(&bad) {
                    Ok((r, _)) => panic!("changed link decoded to a game of {} moves: {bad}", r.moves.len()),
                    Err(e) => {
                        assert!(matches!(e.kind, ReadErrorKind::Link(_)), "{e}");
                        assert!(e.to_string().contains("link"), "{e}");
                        caught += 1;
                    }
                }
            }
        }
        assert!(caught > 100);
        // cut anywhere: refused
        for cut in start + 4..link.len() - 5 {
            assert!(decode(&link[..cut]).is_err(), "cut at {cut}");
        }
    }

    /// A random game from a start of the cross's dots with one moved out, drawn rotated.
    fn game_from_another_start(seed: u64) -> Game {
        let v = Variant::T5;
        let mut dots = v.start_dots();
        dots[0] = Point::new(-1, 4);
        let start = Start::new(dots).unwrap().image(crate::Symmetry::from_index(3).unwrap());
        assert!(start.symmetries().count() < 8);
        let mut p = Position::on(v, start);
        p.random_playout(&mut Rng::new(seed));
        assert!(p.score() > 10);
        Game::new(p, Default::default())
    }

    #[test]
    fn a_game_from_another_start_round_trips_and_damage_is_caught() {
        let g = game_from_another_start(5);
        let link = write(&g, DEFAULT_BASE, LinkView::default());
        assert!(link.contains("#g=2.5T."), "{link}");
        let (r, _) = decode(&link).unwrap();
        assert_eq!(r.start.as_ref(), g.custom_start());
        let back = r.replay(Variant::T5).unwrap();
        assert_eq!(back.moves(), g.moves());
        assert_eq!(back.position().start(), g.position().start());
        let value = encode_value(&g);
        let at = link.find(&value).unwrap();
        for i in at..at + value.len() {
            for c in ['A', 'z', '0', '_', '.'] {
                let mut bad = link.clone().into_bytes();
                if bad[i] == c as u8 {
                    continue;
                }
                bad[i] = c as u8;
                let bad = String::from_utf8(bad).unwrap();
                assert!(decode(&bad).is_err(), "{bad}");
            }
        }
        // the same moves on another start fail the check
        let other = Start::new(g.position().start().dots().iter().skip(1).copied()).unwrap();
        let swapped = link.replacen(&g.position().start().code(), &other.code(), 1);
        assert!(decode(&swapped).is_err());
    }

    /// A version 2 link whose start is the cross is the same game as the version 1 link.
    #[test]
    fn a_version_2_link_from_the_cross_is_the_cross_game() {
        let g = random_game(Variant::D5, 8);
        let v1 = encode_value(&g);
        let fields: Vec<&str> = v1.split('.').collect();
        let start = Start::cross(Variant::D5);
        let c = check(Variant::D5, Some(&start), g.moves());
        let check: String = (0..CHECK_CHARS).rev().map(|i| base64::char_of((c >> (6 * i)) as u8)).collect();
        let v2 = format!("2.5D.{}.{}.{}.{check}", start.code(), fields[2], fields[3]);
        let (a, _) = decode(&v1).unwrap();
        let (b, _) = decode(&v2).unwrap();
        assert_eq!(a.moves, b.moves);
        assert_eq!(b.replay(Variant::D5).unwrap().custom_start(), None);
    }

    fn damage(text: &str) -> LinkDamage {
        match decode(text).unwrap_err().kind {
            ReadErrorKind::Link(d) => d,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_link_reads_as_it_stands_in_a_sentence_in_quotes_in_markup_or_wrapped() {
        let game = crate::library::find("5t-178-rosin").unwrap().game();
        for view in
            [LinkView::default(), LinkView { shown: Some(40), two_player: true, ..LinkView::default() }]
        {
            let link = write(&game, DEFAULT_BASE, view);
            let (moves, check) = link.rsplit_once('.').unwrap();
            for text in [
                format!("{link}."),
                format!("{link},"),
                format!("({link})"),
                format!("\"{link}\""),
                format!("<{link}>"),
                format!("Look at this game: {link}. Nice, isn't it?"),
                format!("[the record]({link})"),
                format!("{}\n{}", &link[..70], &link[70..]),
                format!("> {}\r\n> {}", &link[..90], &link[90..]),
            ] {
                let (record, shown) = decode(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
                assert_eq!((record.moves.len(), shown), (178, view), "{text}");
            }
            // what is left is still checked: a wrapped link whose next line is prose is not it
            let prose = format!("{moves}.{check}\nthanks");
            assert_eq!(decode(&prose).unwrap().0.moves.len(), 178);
            assert!(decode(&format!("{moves}.x{}", &check[1..])).is_err());
            // under a heading or a line of prose, a `#` before it, a wrap followed by more
            for text in [
                format!("# My game\n\n[the record]({link})"),
                format!("Rosin 2011 (#1): {link}"),
                format!("Here is my game:\n{link}\n"),
                format!("{}\n{}\n\nThanks, Bob\n", &link[..70], &link[70..]),
            ] {
                let (record, shown) = decode(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
                assert_eq!((record.moves.len(), shown), (178, view), "{text}");
            }
        }
    }

    #[test]
    fn a_wrap_before_a_mark_keeps_the_mark() {
        let game = crate::library::find("5t-178-rosin").unwrap().game();
        let link = write(&game, DEFAULT_BASE, LinkView::default());
        let (_, view) = decode(&format!("{link}&\np=2&m=4\n0")).unwrap();
        assert_eq!((view.two_player, view.shown), (true, Some(40)));
        // a damaged link, then a good one on its own line: the damage is the first's
        let bad = link.replacen(".178.", ".177.", 1);
        let e = decode(&format!("{bad}\n{link}")).unwrap_err();
        assert!(!e.to_string().contains("parts"), "{e}");
    }

    #[test]
    fn bad_links_say_why() {
        assert_eq!(damage("http://127.0.0.1:8080/"), LinkDamage::NoGame);
        assert_eq!(damage("#g=3.5T.0..AAAAA"), LinkDamage::Version("3".into()));
        assert_eq!(damage("#g=2.5T.0..AAAAA"), LinkDamage::Parts { found: 5, expected: 6 });
        assert!(matches!(damage("#g=2.5T.JJ*.0..AAAAA"), LinkDamage::Start(_)));
        assert_eq!(damage("#g=1.9T.0..AAAAA"), LinkDamage::Variant("9T".into()));
        assert_eq!(damage("#g=1.5T.x..AAAAA"), LinkDamage::MoveCount("x".into()));
        assert_eq!(
            damage("#g=1.5T.99999999999999999999..AAAAA"),
            LinkDamage::MoveCount("99999999999999999999".into())
        );
        assert_eq!(damage("#g=1.5T.0..AAAAA.x"), LinkDamage::Parts { found: 6, expected: 5 });
        // a whole link of the other version, its number changed: said so, not "cut short"
        let game = crate::library::find("4d-35-hyyroporanen").unwrap().game();
        let link = write(&game, "", LinkView::default());
        let changed = link.replace("#g=1.", "#g=2.");
        assert_eq!(damage(&changed), LinkDamage::VersionParts { said: "2".into(), parts: 5, other: "1" });
        assert!(decode(&changed)
            .unwrap_err()
            .to_string()
            .contains("are a version-1 link's (was the number after g= changed?)"));
        // its variant changed (the check does not cover the name alone): said so, not a move
        let changed = link.replace(".4D.", ".4T.");
        assert_eq!(damage(&changed), LinkDamage::VariantChanged { said: Variant::T4, game: Variant::D4 });
        assert!(decode(&changed)
            .unwrap_err()
            .to_string()
            .contains("it says 4T, but its moves and check are a 4D game's"));
        // a character that is no base64: named (a line break as \n), and placed in characters
        let at = link.find(".4D.35.").unwrap() + ".4D.35.".len() + 2;
        let e = decode(&format!("{}éx*{}", &link[..at], &link[at..])).unwrap_err();
        assert!(e.to_string().contains("its moves cannot hold \"é\""), "{e}");
        assert_eq!(
            (e.at, e.kind),
            (Some(super::super::At::Char(at + 1)), ReadErrorKind::Link(LinkDamage::Character('é')))
        );
        // a line break where a link was wrapped: its lines are joined; a character lost
        // at the wrap is the joined link's damage, not the line break's
        assert!(decode(&format!("{}\n{}", &link[..at], &link[at..])).is_ok());
        let e = decode(&format!("{}\n{}", &link[..at], &link[at + 1..])).unwrap_err();
        assert!(!e.to_string().contains("\\n"), "{e}");
        assert_eq!(damage("#g=1.5T.3..AAAAA"), LinkDamage::CutShort { at: 1, of: 3 });
        assert_eq!(damage("#g=1.5T.0.A.AAAAA"), LinkDamage::Leftover);
        assert!(decode("#g=1.5T.0..AAAAA").unwrap_err().to_string().starts_with("damaged link: "));
        // the place of a bad character counts from the start of the link
        let e = decode("#g=1.5T.1.*.AAAAA").unwrap_err();
        assert_eq!(
            (e.at, e.kind),
            (Some(super::super::At::Char(11)), ReadErrorKind::Link(LinkDamage::Character('*')))
        );
        let e = decode("http://h/#g=1.5T.2.A*.AAAAA").unwrap_err();
        assert_eq!(e.at, Some(super::super::At::Char(21)));
        let empty = Game::new(Position::new(Variant::D5), Default::default());
        let l = write(&empty, "https://example.org/app/#old", LinkView::default());
        assert!(l.starts_with("https://example.org/app/#g=1.5D.0.."));
        assert_eq!(decode(&l).unwrap().0.moves.len(), 0);
        assert_eq!(damage(&format!("{l}&p=3")), LinkDamage::Players("3".into()));
        assert!(decode(&format!("{l}&p=two")).unwrap_err().to_string().contains("\"p=two\""));
        // a part given twice with two values is damage; the same value twice is not
        assert_eq!(damage(&format!("{l}&p=2&p=1")), LinkDamage::Repeated('p'));
        assert_eq!(damage(&format!("{l}&m=0&m=1")), LinkDamage::Repeated('m'));
        assert_eq!(damage(&format!("{l}&g=1.5T.0..AAAAA")), LinkDamage::Repeated('g'));
        assert!(decode(&format!("{l}&p=2&p=2")).unwrap().1.two_player);
        // a part it does not know (an edit, `P=2`; a later version's) is counted, for a note
        let (_, view) = decode(&format!("{l}&P=2&x=1&")).unwrap();
        assert_eq!((view.two_player, view.unknown_parts), (false, 2));
        assert_eq!(decode(&l).unwrap().1.unknown_parts, 0);
    }

    #[test]
    fn a_two_player_link_says_so_and_an_old_link_is_a_solitaire_game() {
        let g = random_game(Variant::D5, 8);
        let view = LinkView { shown: Some(3), two_player: true, ..LinkView::default() };
        let link = write(&g, DEFAULT_BASE, view);
        assert!(link.ends_with("&p=2&m=3"), "{link}");
        let (r, back) = decode(&link).unwrap();
        assert_eq!((r.moves.as_slice(), back), (g.moves(), view));
        let old = write(&g, DEFAULT_BASE, LinkView::default());
        assert!(!old.contains("&p="));
        assert_eq!(decode(&old).unwrap().1, LinkView::default());
        // the mark is not part of the game: the same moves, whichever way it is shown
        assert_eq!(decode(&old).unwrap().0.moves, r.moves);
        assert_eq!(decode(&format!("{old}&p=1")).unwrap().1, LinkView::default());
        // a shown move that is not one of the game's is ignored, and said, not refused
        let n = g.moves().len();
        for m in [&(n + 1).to_string(), "x", "", "-1"] {
            let (r, back) = decode(&format!("{old}&m={m}")).unwrap();
            assert_eq!((r.moves.as_slice(), back.shown, back.bad_shown), (g.moves(), None, true), "m={m}");
        }
        assert_eq!(decode(&format!("{old}&m={n}")).unwrap().1.shown, Some(n));
    }
}
