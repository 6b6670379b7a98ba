//! Shared helpers for the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

/// The record collection the tests read: a copy of `shared/records` kept in the repository
/// (`crate/tests/data/records`), so that a clone with nothing beside it runs every test.
/// `collection_copy_matches_shared` (records.rs) checks the copy against the original when
/// `../shared` is there, as in CI.
pub fn records_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/records")
}

/// `shared/records` beside the repository, where it is (CI has it; a user's clone does not).
pub fn shared_records() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/records");
    dir.is_dir().then_some(dir)
}

pub struct IndexEntry {
    pub file: String,
    pub variant: String,
    pub moves: usize,
    pub normalized: Option<String>,
    /// Everything the index says of the file, for the library generator.
    pub raw: serde_json::Value,
}

/// The entries of the collection's `index.json`.
pub fn index() -> Vec<IndexEntry> {
    let text = std::fs::read_to_string(records_dir().join("index.json")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v.as_array()
        .unwrap()
        .iter()
        .map(|e| IndexEntry {
            file: e["file"].as_str().unwrap().to_string(),
            variant: e["variant"].as_str().unwrap().to_string(),
            moves: e["moves"].as_u64().unwrap() as usize,
            normalized: e["normalized"].as_str().map(str::to_string),
            raw: e.clone(),
        })
        .collect()
}
