//! Helpers shared by the command line's tests.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Command, Output};

pub fn morpion(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_morpion")).args(args).output().expect("runs")
}

/// The record collection kept in the repository (a copy of shared/records).
pub fn records() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../crate/tests/data/records")
}

pub fn record(name: &str) -> String {
    records().join(name).to_string_lossy().into_owned()
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

pub fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("morpion-cli-{}-{name}", std::process::id()))
}

pub fn last_json(o: &Output) -> serde_json::Value {
    serde_json::from_str(stdout(o).lines().last().unwrap()).unwrap()
}
