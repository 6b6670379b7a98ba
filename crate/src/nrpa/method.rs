//! The search methods offered by name: presets of the config's knobs, each measured
//! against the others at equal wall-clock time (BENCHMARKS.md, "A stronger search"). The
//! command line, the page and the MPI search all take a method by these names, so a
//! name means the same search everywhere.

use super::Config;
use std::fmt;
use std::str::FromStr;

/// A named search method.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Method {
    /// Rosin's NRPA as published: one playout per adapt, weights unbounded.
    Nrpa,
    /// Stabilized NRPA (Cazenave 2020) with bounded weights: level 1 draws 4 playouts from
    /// its policy between adapts, each to the best sequence so far (a sequence to learn
    /// from that 4 playouts had the chance to improve, and a quarter of the adapts), and
    /// every weight stays within ±6 (no move's probability collapses, so a policy can
    /// still leave what it has learnt). The default: it won at equal time, where either
    /// change alone was within the noise; ±6 then edged out the first bound, ±8, in 5T
    /// and 5D alike (BENCHMARKS.md). Not tighter at random: ±3 ruined Rosin's NRPA.
    #[default]
    Stabilized,
}

impl Method {
    /// Every method, the default first.
    pub const ALL: [Method; 2] = [Method::Stabilized, Method::Nrpa];

    /// The name programs and links use.
    pub fn name(self) -> &'static str {
        match self {
            Method::Nrpa => "nrpa",
            Method::Stabilized => "stabilized",
        }
    }

    /// One line for people choosing a method.
    pub fn about(self) -> &'static str {
        match self {
            Method::Nrpa => "Rosin's NRPA as published: learns after every playout (the method that found the records)",
            Method::Stabilized => {
                "stabilized NRPA: 4 playouts between adapts, weights within ±6; stronger at equal time (the default)"
            }
        }
    }

    /// Playouts per adapt at level 1.
    pub fn stabilize(self) -> u32 {
        match self {
            Method::Nrpa => 1,
            Method::Stabilized => 4,
        }
    }

    /// The weight clamp, if any.
    pub fn clamp(self) -> Option<f64> {
        match self {
            Method::Nrpa => None,
            Method::Stabilized => Some(6.0),
        }
    }

    /// The prior's strength.
    pub fn prior(self) -> f64 {
        match self {
            Method::Nrpa | Method::Stabilized => 0.0,
        }
    }

    /// Whether ties go to the problem's tie-break ([`Config::tie_break`]). No method's do:
    /// ties to the more compact game gained half a move in 5T at level 3's time (within
    /// noise over 384 seeds), lost 2.25 at 6 minutes (8 seeds, within noise) and lost 1.4
    /// in 5D (BENCHMARKS.md, "Ties to the more compact game").
    pub fn tie_break(self) -> bool {
        match self {
            Method::Nrpa | Method::Stabilized => false,
        }
    }

    /// The method whose knobs `config` has, if it has one's.
    pub fn of(config: &Config) -> Option<Method> {
        Method::ALL.into_iter().find(|m| {
            m.stabilize() == config.stabilize
                && m.clamp() == config.clamp
                && m.prior() == config.prior
                && m.tie_break() == config.tie_break
        })
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A method name that is not one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownMethod(pub String);

impl fmt::Display for UnknownMethod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Method::ALL.iter().map(|m| m.name()).collect();
        write!(f, "unknown search method '{}' (expected {})", self.0, names.join(" or "))
    }
}

impl std::error::Error for UnknownMethod {}

impl FromStr for Method {
    type Err = UnknownMethod;
    fn from_str(s: &str) -> Result<Method, UnknownMethod> {
        Method::ALL.into_iter().find(|m| m.name() == s).ok_or_else(|| UnknownMethod(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_knobs_identify_the_method() {
        for m in Method::ALL {
            assert_eq!(m.name().parse::<Method>(), Ok(m));
            assert_eq!(Method::of(&Config::default().with_method(m)), Some(m));
            assert!(!m.about().is_empty());
        }
        assert_eq!(Method::default(), Method::ALL[0]);
        assert_eq!(Method::of(&Config::default()), Some(Method::default()));
        let e = "beam".parse::<Method>().unwrap_err();
        assert_eq!(e.to_string(), "unknown search method 'beam' (expected stabilized or nrpa)");
        assert_eq!(Method::of(&Config { stabilize: 3, ..Config::default() }), None);
        assert_eq!(Method::of(&Config { tie_break: true, ..Config::default() }), None);
    }
}
