//! Shared helpers for the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

/// `shared/records`, which sits beside the repository (as in CI).
pub fn shared_records() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/records");
    assert!(
        dir.is_dir(),
        "shared/records not found at {} (it must sit beside the repository)",
        dir.display()
    );
    dir
}

pub struct IndexEntry {
    pub file: String,
    pub variant: String,
    pub moves: usize,
    pub normalized: Option<String>,
}

/// The entries of `shared/records/index.json`.
pub fn index() -> Vec<IndexEntry> {
    let text = std::fs::read_to_string(shared_records().join("index.json")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v.as_array()
        .unwrap()
        .iter()
        .map(|e| IndexEntry {
            file: e["file"].as_str().unwrap().to_string(),
            variant: e["variant"].as_str().unwrap().to_string(),
            moves: e["moves"].as_u64().unwrap() as usize,
            normalized: e["normalized"].as_str().map(str::to_string),
        })
        .collect()
}
