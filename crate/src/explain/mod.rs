//! The engine's errors as a code and its values, so that a front end can say them in its
//! own language.
//!
//! `Display` says every error in English, for the command line and as the fallback. The
//! page speaks other languages too; it gets an error's [`Explained`] (a code such as
//! `link.cut-short` and named values) and looks the code up in its catalogue
//! (`www/js/lang/`). A value can itself be explained (the reason inside a damaged link),
//! so a sentence is put together in the page's language all the way down. Only the errors
//! a person can cause from the page are here: damaged links and files, illegal moves in
//! them, bad starts and boards, searches and bounds that cannot be done.

mod bounds;
mod formats;

use serde::Serialize;
use std::collections::BTreeMap;

/// An error as a code and the values its sentence names.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Explained {
    /// What is wrong, as a key of the page's catalogues (without their `engine.` prefix).
    pub code: &'static str,
    /// The values the sentence names (a count is `n`, which picks the plural).
    pub args: BTreeMap<&'static str, Arg>,
}

/// A value in an explained error.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Arg {
    /// A number, which the page writes in its language's way.
    Num(f64),
    /// Text as the user or the program wrote it (a link's part, a point, a variant's name).
    Text(String),
    /// A part of the sentence that is itself explained.
    Why(Box<Explained>),
}

impl Explained {
    /// The code alone.
    pub fn new(code: &'static str) -> Explained {
        Explained { code, args: BTreeMap::new() }
    }

    /// With the number `value` named `name`.
    pub fn num(mut self, name: &'static str, value: impl Into<f64>) -> Explained {
        self.args.insert(name, Arg::Num(value.into()));
        self
    }

    /// With the text `value` named `name`.
    pub fn text(mut self, name: &'static str, value: impl ToString) -> Explained {
        self.args.insert(name, Arg::Text(value.to_string()));
        self
    }

    /// With the explained `value` named `name`.
    pub fn why(mut self, name: &'static str, value: Explained) -> Explained {
        self.args.insert(name, Arg::Why(Box::new(value)));
        self
    }

    /// Every code in it, itself first, then its values' (depth first).
    pub fn codes(&self) -> Vec<&'static str> {
        let mut codes = vec![self.code];
        for arg in self.args.values() {
            if let Arg::Why(inner) = arg {
                codes.extend(inner.codes());
            }
        }
        codes
    }
}

/// An error that can say itself as an [`Explained`] as well as in English.
pub trait Explain: std::fmt::Display {
    /// The code and values of this error.
    fn explain(&self) -> Explained;
}

impl Explain for crate::BadVariant {
    fn explain(&self) -> Explained {
        Explained::new("variant.unknown").text("name", &self.0)
    }
}

impl Explain for crate::BadStart {
    fn explain(&self) -> Explained {
        use crate::BadStart::*;
        match self {
            Empty => Explained::new("start.empty"),
            TooLarge { width, height } => Explained::new("start.too-large")
                .num("width", *width as f64)
                .num("height", *height as f64)
                .num("max", crate::MAX_START_SIDE),
            Code { at, why } => {
                Explained::new("start.code").num("char", (*at + 1) as f64).why("why", start_code(*why))
            }
            Point { index, text } => Explained::new("start.point")
                .num("index", (*index + 1) as f64)
                .text("text", crate::formats::shown(text)),
            Twice { index, text } => Explained::new("start.twice")
                .num("index", (*index + 1) as f64)
                .text("text", crate::formats::shown(text)),
        }
    }
}

/// What is wrong with a start code, as a code.
fn start_code(why: crate::starts::CodeDamage) -> Explained {
    use crate::starts::CodeDamage::*;
    Explained::new(match why {
        Character => "start-code.character",
        TooShort => "start-code.short",
        Length => "start-code.length",
        DotBeyondBox => "start-code.beyond",
        NoDot => "start-code.no-dot",
        BoxTooLarge => "start-code.box",
    })
}

impl Explain for crate::nrpa::SearchError {
    fn explain(&self) -> Explained {
        use crate::nrpa::SearchError::*;
        match self {
            EndlessVariant(v) => Explained::new("search.endless").text("variant", v),
            EndlessStart(v) => Explained::new("search.endless-start").text("variant", v),
            GameOver { moves } => Explained::new("search.game-over").num("n", *moves as f64),
            BadLevel(l) => Explained::new("search.level").num("level", *l).num("max", crate::nrpa::MAX_LEVEL),
            // the rest are the command line's knobs: the page sets none of them
            BadIterations | BadTopIterations | BadAlpha(_) | BadStabilize(_) | BadClamp(_) | BadPrior(_) => {
                Explained::new("english").text("text", self)
            }
        }
    }
}

#[cfg(test)]
mod tests;
