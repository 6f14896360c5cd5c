//! A bench kept on disk (`bench --log-dir DIR`): one `.kslog` per position and `bench.json`,
//! the manifest that names them, which `diff DIR_A DIR_B` reads back.

use crate::cli::CliError;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The manifest's file name in a bench directory.
const MANIFEST: &str = "bench.json";

/// What a bench directory holds.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct Manifest {
    pub depth: u8,
    pub config: String,
    pub positions: Vec<ManifestEntry>,
}

/// One searched position.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct ManifestEntry {
    pub name: String,
    pub fen: String,
    pub nodes: u64,
    pub time_ms: f64,
    /// The log's file name in the directory.
    pub log: Option<String>,
}

impl Manifest {
    pub(crate) fn write(&self, dir: &Path) -> Result<(), CliError> {
        let path = dir.join(MANIFEST);
        let text = serde_json::to_string_pretty(self)?;
        std::fs::write(&path, text + "\n")
            .map_err(|e| CliError::new(format!("{}: {e}", path.display())))
    }

    pub(crate) fn read(dir: &Path) -> Result<Manifest, CliError> {
        let path = dir.join(MANIFEST);
        let text = killerscope_log::files::read_text(&path, 64 << 20).map_err(|e| {
            CliError::new(format!(
                "diff: {} is not a bench directory ({}: {e}; bench --log-dir writes one)",
                dir.display(),
                MANIFEST
            ))
        })?;
        serde_json::from_str(&text).map_err(|e| CliError::new(format!("{}: {e}", path.display())))
    }
}
