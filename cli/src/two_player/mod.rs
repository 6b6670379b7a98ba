//! `morpion two-player`: the two-player game (the player who draws the last line wins):
//! `solve` says who wins with perfect play, `match` plays the computer's strengths against
//! each other.

mod matches;
mod solve;

use crate::Quit;
use std::io::Write;

/// The commands of `morpion two-player`.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Who wins with perfect play from the start (or from --from's position): `first` is
    /// the player to move there, `second` the other one.
    ///
    /// Every solved position is kept in a table keyed up to the 8 symmetries of the cross;
    /// the table's memory limit, or Ctrl+C, stops the solve cleanly without an answer.
    Solve(solve::SolveArgs),
    /// Plays two of the computer's strengths against each other, each starting half the
    /// games, and says who won how often.
    Match(matches::MatchArgs),
}

/// Runs a `two-player` command.
pub fn command(command: Command, o: &mut impl Write) -> Result<(), Quit> {
    match command {
        Command::Solve(args) => solve::solve(args, o),
        Command::Match(args) => matches::play(args, o),
    }
}

/// A size in bytes: a whole number with an optional K, M, G or T (powers of 1024, with or
/// without "B" or "iB" after them).
fn parse_size(s: &str) -> Result<u64, String> {
    let lower = s.trim().to_ascii_lowercase();
    let t = lower.strip_suffix("ib").or_else(|| lower.strip_suffix('b')).unwrap_or(&lower);
    let (digits, shift) = match t.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => {
            let shift = match c.to_ascii_uppercase() {
                'K' => 10,
                'M' => 20,
                'G' => 30,
                'T' => 40,
                _ => return Err(format!("'{s}': expected a size such as 512M or 4G (K, M, G or T)")),
            };
            (&t[..i], shift)
        }
        _ => (t, 0),
    };
    let n: u64 = digits.trim().parse().map_err(|_| format!("'{s}': expected a size such as 512M or 4G"))?;
    n.checked_mul(1 << shift).ok_or_else(|| format!("'{s}' is too large"))
}

#[cfg(test)]
mod tests {
    use super::parse_size;

    #[test]
    fn sizes() {
        assert_eq!(parse_size("4G"), Ok(4 << 30));
        assert_eq!(parse_size("512M"), Ok(512 << 20));
        assert_eq!(parse_size("512MiB"), Ok(512 << 20));
        assert_eq!(parse_size("2gb"), Ok(2 << 30));
        assert_eq!(parse_size("1000"), Ok(1000));
        assert!(parse_size("4X").is_err());
        assert!(parse_size("G").is_err());
        assert!(parse_size("-1G").is_err());
        assert!(parse_size("99999999999T").is_err());
    }
}
