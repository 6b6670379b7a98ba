//! `--memory`: sizes as people write them (512M, 1.5G), and a limit that fits the machine,
//! for the commands whose tables grow with the work (`two-player solve` and `match
//! --check`, `count`).

/// The memory a command takes when `--memory` is not given: 4 GiB, or half the machine's
/// memory on a smaller machine (a limit it cannot hold is only found out when the system
/// runs out).
const DEFAULT_MEMORY: u64 = 4 << 30;

/// A size in bytes: a number with an optional K, M, G or T (powers of 1024, with or without
/// "B" or "iB" after them); with a unit it may have a fraction (1.5G), rounded down to
/// whole bytes.
pub fn parse_size(s: &str) -> Result<u64, String> {
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
            (t[..i].trim(), shift)
        }
        _ => (t, 0),
    };
    let expected = || format!("'{s}': expected a size such as 512M, 1.5G or 4G");
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let digit = |d: &str| d.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() && fraction.is_empty() || !digit(whole) || !digit(fraction) {
        return Err(expected());
    }
    if !fraction.is_empty() && shift == 0 {
        return Err(format!("'{s}': a number of bytes is whole (for a fraction, give a unit: 1.5G)"));
    }
    let too_large = || format!("'{s}' is too large");
    let n: u64 = if whole.is_empty() { 0 } else { whole.parse().map_err(|_| too_large())? };
    let bytes = n.checked_mul(1 << shift).ok_or_else(too_large)?;
    // the fraction's share of the unit, rounded down: at most 2^40 x 10^19 / 10^19, in u128
    let digits = fraction.len().min(19);
    let part = if digits == 0 { 0 } else { fraction[..digits].parse::<u128>().map_err(|_| expected())? };
    let part = (part << shift) / 10u128.pow(digits as u32);
    bytes.checked_add(part as u64).ok_or_else(too_large)
}

/// A size for people: in the largest of K, M, G or T that holds it whole, else in G with a
/// fraction.
pub fn show_size(bytes: u64) -> String {
    for (unit, shift) in [('T', 40), ('G', 30), ('M', 20), ('K', 10)] {
        if bytes >= 1 << shift && bytes % (1 << shift) == 0 {
            return format!("{}{unit}", bytes >> shift);
        }
    }
    if bytes >= 1 << 30 {
        about(bytes)
    } else {
        // as it is typed: a number of bytes
        bytes.to_string()
    }
}

/// A machine's memory for people: "23.5G", "512M".
fn about(bytes: u64) -> String {
    if bytes >= 1 << 30 {
        format!("{:.1}G", bytes as f64 / (1u64 << 30) as f64)
    } else {
        format!("{}M", bytes >> 20)
    }
}

/// The table's memory limit: `--memory` if given, refused when it is more than the machine
/// has (`machine`, if known), which no solve could reach without being killed; else
/// [`DEFAULT_MEMORY`], at most half the machine.
pub fn memory_limit(given: Option<u64>, machine: Option<u64>) -> Result<u64, String> {
    match (given, machine) {
        (Some(m), Some(total)) if m > total => Err(format!(
            "--memory {}: this machine has {} of memory in all; give less, such as --memory {}",
            show_size(m),
            about(total),
            show_size(if total >= 2 << 30 { (total / 2) >> 30 << 30 } else { (total / 2) >> 20 << 20 })
        )),
        (Some(m), _) => Ok(m),
        (None, Some(total)) => Ok(DEFAULT_MEMORY.min(total / 2)),
        (None, None) => Ok(DEFAULT_MEMORY),
    }
}

/// The memory this program may have, in bytes, where the system says: on Linux,
/// /proc/meminfo's MemTotal, or a container's limit (cgroup v2's memory.max) when that is
/// less (MemTotal there is the host's).
pub fn machine_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find_map(|l| l.strip_prefix("MemTotal:"))?;
    let kib: u64 = line.trim().strip_suffix("kB")?.trim().parse().ok()?;
    let total = kib.checked_mul(1024)?;
    // "max" (no limit) or a number of bytes
    let limit =
        std::fs::read_to_string("/sys/fs/cgroup/memory.max").ok().and_then(|s| s.trim().parse::<u64>().ok());
    Some(limit.map_or(total, |l| l.min(total)))
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(parse_size("1.5G"), Ok(3 << 29));
        assert_eq!(parse_size("1.5 GiB"), Ok(3 << 29));
        assert_eq!(parse_size(".5K"), Ok(512));
        assert_eq!(parse_size("0.1K"), Ok(102));
        assert_eq!(parse_size("2.K"), Ok(2048));
        assert_eq!(parse_size("1.99999999999999999999999T"), Ok((2 << 40) - 1));
        assert!(parse_size("1.5").unwrap_err().contains("a number of bytes is whole"));
        for bad in [".G", "1..5G", "1.-5G", "1,5G", "+1G", " ", "1.5.G"] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
        assert!(parse_size("16777215.99T").is_ok());
        assert!(parse_size("16777216T").unwrap_err().contains("too large"));
    }

    #[test]
    fn shown_sizes() {
        assert_eq!(show_size(4 << 30), "4G");
        assert_eq!(show_size(99999 << 40), "99999T");
        assert_eq!(show_size(1536 << 20), "1536M");
        assert_eq!(show_size((23 << 30) + 12345), "23.0G");
        assert_eq!(show_size(1000), "1000");
    }

    #[test]
    fn the_limit_fits_the_machine() {
        let machine = Some(24 << 30);
        assert_eq!(memory_limit(None, machine), Ok(4 << 30));
        assert_eq!(memory_limit(None, Some(2 << 30)), Ok(1 << 30));
        assert_eq!(memory_limit(None, None), Ok(4 << 30));
        assert_eq!(memory_limit(Some(20 << 30), machine), Ok(20 << 30));
        assert_eq!(memory_limit(Some(99999 << 40), None), Ok(99999 << 40));
        let e = memory_limit(Some(99999 << 40), machine).unwrap_err();
        assert_eq!(
            e,
            "--memory 99999T: this machine has 24.0G of memory in all; give less, such as --memory 12G"
        );
        let e = memory_limit(Some(32 << 30), Some((23 << 30) + (1 << 29) + 7)).unwrap_err();
        assert_eq!(
            e,
            "--memory 32G: this machine has 23.5G of memory in all; give less, such as --memory 11G"
        );
        let e = memory_limit(Some(4 << 30), Some(1000 << 20)).unwrap_err();
        assert_eq!(
            e,
            "--memory 4G: this machine has 1000M of memory in all; give less, such as --memory 500M"
        );
    }
}
