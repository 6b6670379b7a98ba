//! e^x for the policy, written out so that it gives the same bits on every platform that
//! rounds each double operation to a double (x86-64's SSE2, aarch64, wasm: every target
//! this program is built for; x87 arithmetic, which rounds to 64 bits, is refused below).
//!
//! `f64::exp` is the C library's natively (glibc) and the `libm` crate's in wasm: they
//! round differently in the last bit of about one result in ten (measured on 10^8 inputs
//! in [-10, 10]). A policy's weights are products of such results, so a native search and
//! the page's could drift apart from one seed, however rarely that changes a move drawn.
//! This one is a table and a polynomial in plain IEEE arithmetic (no fused multiply-add,
//! which Rust never introduces by itself): the same operations, hence the same bits,
//! natively and in wasm, and no slower than either library (adapt calls it once per code
//! it touches: BENCHMARKS.md, "One exp everywhere").
//!
//! The method (Tang's): x = (64 n + j) ln2/64 + r with |r| <= ln2/128, so
//! e^x = 2^n * 2^(j/64) * e^r, the middle factor from a table, e^r by its Taylor series
//! to r^5 (the next term is below 4e-17 of the result). Accuracy: within 2 ulp of e^x
//! (checked against `f64::exp` in the tests); not correctly rounded, which NRPA does not
//! need.

// x87 keeps intermediate results to 64 bits: `ROUND`'s trick would not round, and the bits
// would differ. The 32-bit x86 targets without SSE2 are the only ones that use it.
#[cfg(all(target_arch = "x86", not(target_feature = "sse2")))]
compile_error!("nrpa/exp.rs needs double arithmetic rounded to doubles (SSE2), not x87");

/// 64 / ln 2.
const INV_LN2_64: f64 = f64::from_bits(0x4057_1547_652b_82fe);
/// ln 2 / 64 in two parts: the first with 36 significant bits, so `k * LN2_64_HI` is exact
/// for every |k| < 2^17 (|x| < 1400), the second the rest.
const LN2_64_HI: f64 = f64::from_bits(0x3f86_2e42_fefa_0000);
const LN2_64_LO: f64 = f64::from_bits(0x3d1c_f79a_bc9e_3b3a);
/// Adding then subtracting 1.5 * 2^52 rounds a number below 2^51 to an integer (to even, in
/// the default rounding mode that every platform Rust targets uses).
const ROUND: f64 = 6_755_399_441_055_744.0;

/// 2^(j/64), j = 0..63, each the double nearest the exact value (computed to 60 digits).
const TWO_TO_J_64: [f64; 64] = [
    f64::from_bits(0x3ff0000000000000),
    f64::from_bits(0x3ff02c9a3e778061),
    f64::from_bits(0x3ff059b0d3158574),
    f64::from_bits(0x3ff0874518759bc8),
    f64::from_bits(0x3ff0b5586cf9890f),
    f64::from_bits(0x3ff0e3ec32d3d1a2),
    f64::from_bits(0x3ff11301d0125b51),
    f64::from_bits(0x3ff1429aaea92de0),
    f64::from_bits(0x3ff172b83c7d517b),
    f64::from_bits(0x3ff1a35beb6fcb75),
    f64::from_bits(0x3ff1d4873168b9aa),
    f64::from_bits(0x3ff2063b88628cd6),
    f64::from_bits(0x3ff2387a6e756238),
    f64::from_bits(0x3ff26b4565e27cdd),
    f64::from_bits(0x3ff29e9df51fdee1),
    f64::from_bits(0x3ff2d285a6e4030b),
    f64::from_bits(0x3ff306fe0a31b715),
    f64::from_bits(0x3ff33c08b26416ff),
    f64::from_bits(0x3ff371a7373aa9cb),
    f64::from_bits(0x3ff3a7db34e59ff7),
    f64::from_bits(0x3ff3dea64c123422),
    f64::from_bits(0x3ff4160a21f72e2a),
    f64::from_bits(0x3ff44e086061892d),
    f64::from_bits(0x3ff486a2b5c13cd0),
    f64::from_bits(0x3ff4bfdad5362a27),
    f64::from_bits(0x3ff4f9b2769d2ca7),
    f64::from_bits(0x3ff5342b569d4f82),
    f64::from_bits(0x3ff56f4736b527da),
    f64::from_bits(0x3ff5ab07dd485429),
    f64::from_bits(0x3ff5e76f15ad2148),
    f64::from_bits(0x3ff6247eb03a5585),
    f64::from_bits(0x3ff6623882552225),
    f64::from_bits(0x3ff6a09e667f3bcd),
    f64::from_bits(0x3ff6dfb23c651a2f),
    f64::from_bits(0x3ff71f75e8ec5f74),
    f64::from_bits(0x3ff75feb564267c9),
    f64::from_bits(0x3ff7a11473eb0187),
    f64::from_bits(0x3ff7e2f336cf4e62),
    f64::from_bits(0x3ff82589994cce13),
    f64::from_bits(0x3ff868d99b4492ed),
    f64::from_bits(0x3ff8ace5422aa0db),
    f64::from_bits(0x3ff8f1ae99157736),
    f64::from_bits(0x3ff93737b0cdc5e5),
    f64::from_bits(0x3ff97d829fde4e50),
    f64::from_bits(0x3ff9c49182a3f090),
    f64::from_bits(0x3ffa0c667b5de565),
    f64::from_bits(0x3ffa5503b23e255d),
    f64::from_bits(0x3ffa9e6b5579fdbf),
    f64::from_bits(0x3ffae89f995ad3ad),
    f64::from_bits(0x3ffb33a2b84f15fb),
    f64::from_bits(0x3ffb7f76f2fb5e47),
    f64::from_bits(0x3ffbcc1e904bc1d2),
    f64::from_bits(0x3ffc199bdd85529c),
    f64::from_bits(0x3ffc67f12e57d14b),
    f64::from_bits(0x3ffcb720dcef9069),
    f64::from_bits(0x3ffd072d4a07897c),
    f64::from_bits(0x3ffd5818dcfba487),
    f64::from_bits(0x3ffda9e603db3285),
    f64::from_bits(0x3ffdfc97337b9b5f),
    f64::from_bits(0x3ffe502ee78b3ff6),
    f64::from_bits(0x3ffea4afa2a490da),
    f64::from_bits(0x3ffefa1bee615a27),
    f64::from_bits(0x3fff50765b6e4540),
    f64::from_bits(0x3fffa7c1819e90d8),
];

/// 2^n as a double, for n in -1022..=1023.
#[inline(always)]
fn two_to(n: i64) -> f64 {
    debug_assert!((-1022..=1023).contains(&n));
    f64::from_bits(((n + 1023) as u64) << 52)
}

/// e^x: within 2 ulp, the same bits on every platform; NaN for NaN, 0 below -745.2 (where
/// e^x rounds to 0), infinity above 709.79 (where it overflows).
#[inline]
pub(crate) fn exp(x: f64) -> f64 {
    // one test for what adapt meets: for |x| < 707 (not NaN) the result is 2^n times the
    // reduced one with n within -1020..=1019, a normal double, in one scaling
    if x.abs() < 707.0 {
        let (y, n) = reduced(x);
        y * two_to(n)
    } else {
        exp_far(x)
    }
}

/// e^x for |x| >= 707 or NaN: the results near overflow or below the normal range. Inlined,
/// not a call: around a call the loop of `adapt` would store and reload its live values.
#[inline(always)]
fn exp_far(x: f64) -> f64 {
    if !(x > -745.2 && x < 709.79) {
        return if x.is_nan() {
            x
        } else if x > 0.0 {
            f64::INFINITY
        } else {
            0.0
        };
    }
    let (y, n) = reduced(x);
    if (-1021..=1022).contains(&n) {
        y * two_to(n)
    } else {
        // in two steps, each 2^m representable (n is within -1076..=1024)
        let half = n / 2;
        y * two_to(half) * two_to(n - half)
    }
}

/// (y, n) with e^x = y * 2^n, y within [0.99, 2), for -745.2 < x < 709.79.
#[inline(always)]
fn reduced(x: f64) -> (f64, i64) {
    // k = round(x * 64 / ln 2), exactly an integer, -68,806 <= k <= 65,537
    let shifted = x * INV_LN2_64 + ROUND;
    let kf = shifted - ROUND;
    let r = (x - kf * LN2_64_HI) - kf * LN2_64_LO;
    // e^r - 1 for |r| <= ln2/128 (+ a rounding), Horner
    let p = r + r * r * (0.5 + r * (1.0 / 6.0 + r * (1.0 / 24.0 + r * (1.0 / 120.0))));
    // k read from `shifted`'s bits, where it is ROUND's plus k (ROUND's ulp is 1 and |k| is
    // far below 2^51): no float-to-integer conversion, whose saturation `as` would check
    let k = shifted.to_bits() as i64 - ROUND.to_bits() as i64;
    debug_assert_eq!(k, kf as i64);
    let t = TWO_TO_J_64[(k & 63) as usize];
    // k = 64 n + j with j = k & 63 (the shift floors negative k)
    (t + t * p, k >> 6)
}

#[cfg(test)]
mod tests {
    use super::{exp, exp_far, reduced, INV_LN2_64, LN2_64_HI, LN2_64_LO, ROUND, TWO_TO_J_64};
    use crate::rng::Rng;

    /// Units in the last place between two positive doubles.
    fn ulps(a: f64, b: f64) -> u64 {
        a.to_bits().abs_diff(b.to_bits())
    }

    #[test]
    fn matches_the_library_within_two_ulp() {
        // a fixed pseudo-random spread over the whole range, denser near 0 where adapt's
        // changes are, and over both ends: the subnormal results and the two-step scaling
        let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
        for i in 0..1_000_000 {
            let v = rng.unit(); // in [0, 1)
            let u = v - 0.5;
            let x = match i % 5 {
                0 => u * 20.0,
                1 => u * 1500.0,
                2 => -745.3 + v * 37.0,
                3 => 700.0 + v * 10.0,
                _ => u * 1e-3,
            };
            let (got, want) = (exp(x), x.exp());
            // below the normal range the library's and ours may round differently
            if want < f64::MIN_POSITIVE {
                assert!((got - want).abs() <= 2.0 * f64::from_bits(1), "exp({x:e}) = {got:e}, not {want:e}");
                continue;
            }
            let d = ulps(got, want);
            assert!(d <= 2, "exp({x:e}) = {got:e}, not {want:e} ({d} ulp)");
        }
    }

    #[test]
    fn exact_and_edge_values() {
        assert_eq!(exp(0.0), 1.0);
        assert_eq!(exp(-0.0), 1.0);
        assert!(ulps(exp(1.0), std::f64::consts::E) <= 1);
        assert!(exp(f64::NAN).is_nan());
        assert_eq!(exp(f64::INFINITY), f64::INFINITY);
        assert_eq!(exp(f64::NEG_INFINITY), 0.0);
        assert_eq!(exp(710.0), f64::INFINITY);
        assert_eq!(exp(-746.0), 0.0);
        // the largest finite results, and the smallest normal and subnormal ones
        assert!(exp(709.78).is_finite() && exp(709.78) > 1.7e308);
        assert!(exp(-708.0) > f64::MIN_POSITIVE);
        assert!(exp(-740.0) > 0.0 && exp(-740.0) < f64::MIN_POSITIVE);
        // no gross error anywhere from one end of the range to the other (exp is not
        // monotone between some neighbouring doubles at the table's steps: NRPA does not
        // need it to be)
        let mut last = 0.0;
        let mut x = -745.0;
        while x < 709.0 {
            let y = exp(x);
            assert!(y >= last, "exp({x}) = {y:e} < {last:e}");
            last = y;
            x += 0.0171;
        }
    }

    /// The short path (one test, one scaling) gives the general path's bits wherever it is
    /// taken, up to its ends.
    #[test]
    fn the_short_path_is_the_general_one() {
        let mut rng = Rng::new(17);
        for i in 0..200_000 {
            let x = match i % 3 {
                0 => (rng.unit() - 0.5) * 1414.0,
                1 => 707.0 - rng.unit() * 2.0,
                _ => -707.0 + rng.unit() * 2.0,
            };
            assert_eq!(exp(x).to_bits(), exp_far(x).to_bits(), "exp({x:e})");
        }
        for x in [706.999_999_999_999_9, -706.999_999_999_999_9, 0.0, 1e-300] {
            assert_eq!(exp(x).to_bits(), exp_far(x).to_bits(), "exp({x:e})");
        }
    }

    /// `reduced` as it was written before k was read from the bits: by a conversion.
    fn reduced_by_conversion(x: f64) -> (f64, i64) {
        let kf = (x * INV_LN2_64 + ROUND) - ROUND;
        let r = (x - kf * LN2_64_HI) - kf * LN2_64_LO;
        let p = r + r * r * (0.5 + r * (1.0 / 6.0 + r * (1.0 / 24.0 + r * (1.0 / 120.0))));
        let k = kf as i64;
        let t = TWO_TO_J_64[(k & 63) as usize];
        (t + t * p, k >> 6)
    }

    /// k read from the bits is the converted k, over the whole range (negative k too): the
    /// same reduced value and exponent, in release builds as well, where the debug
    /// assertion is gone.
    #[test]
    fn k_from_the_bits_is_the_converted_k() {
        let mut rng = Rng::new(29);
        for i in 0..200_000 {
            let x = match i % 3 {
                0 => -745.19 + rng.unit() * (745.19 + 709.78),
                1 => (rng.unit() - 0.5) * 8.0,
                _ => (rng.unit() - 0.5) * 1e-6,
            };
            let (got, want) = (reduced(x), reduced_by_conversion(x));
            assert_eq!((got.0.to_bits(), got.1), (want.0.to_bits(), want.1), "x = {x:e}");
        }
        for x in [-745.19, 709.78, -0.0, 0.0, -1e-300] {
            assert_eq!(reduced(x).1, reduced_by_conversion(x).1, "x = {x:e}");
        }
    }

    /// The bits themselves, for inputs adapt meets: a change to the function that moves
    /// them changes every search's games (seeds would stop giving the games they gave).
    #[test]
    fn the_same_bits_everywhere() {
        let got: Vec<u64> = [-37.25, -1.5, -0.013, 0.3, 1.0, 7.9].iter().map(|&x| exp(x).to_bits()).collect();
        assert_eq!(got, GOLDEN);
    }

    // e^0.3 is 1 ulp below the correctly rounded value; the others are correctly rounded
    const GOLDEN: [u64; 6] = [
        0x3c93_278b_cd70_e981,
        0x3fcc_8f87_724b_5c1d,
        0x3fef_9631_77ca_00af,
        0x3ff5_9905_8c8c_1a95,
        0x4005_bf0a_8b14_5769,
        0x40a5_1290_8d54_aff9,
    ];
}
