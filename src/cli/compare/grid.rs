//! The lab's searches: every position under every configuration column (and, for
//! `--techniques`, under every technique row), each a task on the `--jobs` pool with a
//! searcher of its own, cleared before each search, so a cost never depends on which search
//! ran before it on the same thread. The costs come back in row, position, column order.

use super::lab::{self, Column, Cost, Named};
use crate::cli::jobs::Progress;
use killerscope_engine::{SearchConfig, Searcher, SelectiveConfig};
use rayon::prelude::*;

/// How every search of a grid runs.
#[derive(Clone, Copy)]
pub struct Grid {
    /// Depth of every search.
    pub depth: u8,
    /// Transposition table size, MiB.
    pub hash_mib: usize,
    /// Whether to count nodes per ply (the one-position picture of `--svg`).
    pub per_ply: bool,
}

/// One search of the grid: a row (selective switches over the columns' own, when given), a
/// position and a column.
struct Cell {
    row: usize,
    position: usize,
    column: usize,
}

/// Searches every position under every column, once per row of `rows` (`None`: the columns'
/// own selective switches), on the current rayon pool: `costs[row][position][column]`.
pub fn measure(
    rows: &[Option<SelectiveConfig>],
    columns: &[Column],
    positions: &[Named],
    grid: Grid,
    progress: &Progress,
) -> Vec<Vec<Vec<Cost>>> {
    let cells: Vec<Cell> = (0..rows.len())
        .flat_map(|row| {
            (0..positions.len()).flat_map(move |position| {
                (0..columns.len()).map(move |column| Cell {
                    row,
                    position,
                    column,
                })
            })
        })
        .collect();
    let costs: Vec<Cost> = cells
        .par_iter()
        .with_max_len(1)
        .map_init(
            || lab_searcher(grid.hash_mib),
            |searcher, cell| {
                let named = &positions[cell.position];
                let column = &columns[cell.column];
                let config = SearchConfig {
                    ordering: column.ordering,
                    selective: rows[cell.row].unwrap_or(column.selective),
                    hash_mib: grid.hash_mib,
                    ..SearchConfig::default()
                };
                let label = format!("{} · {}", named.name, column.label);
                progress.around(label, || {
                    lab::measure(searcher, &named.pos, config, grid.depth, grid.per_ply)
                })
            },
        )
        .collect();
    let mut costs = costs.into_iter();
    rows.iter()
        .map(|_| {
            (0..positions.len())
                .map(|_| costs.by_ref().take(columns.len()).collect())
                .collect()
        })
        .collect()
}

/// A searcher for the lab: reconfigured and cleared before each search it runs.
fn lab_searcher(hash_mib: usize) -> Searcher {
    Searcher::new(SearchConfig {
        hash_mib,
        ..SearchConfig::default()
    })
}
