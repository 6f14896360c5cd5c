//! The fields of one event line, gathered by name and read with the types the schema gives
//! them. A wrong type, a number out of range or a missing required field is a `Bad`: the
//! column of the value (or of the line's start, for a missing field) and a sentence naming
//! the field, what it must be and what the line holds instead. The keys themselves (`Key`)
//! are in `fields/key.rs`.

mod key;

pub use key::Key;

use super::scan::{Entry, Val};
use super::score::{Scale, mate_score, read_cp};
use key::KEYS;
use std::cell::Cell;

/// A problem with a field: the 0-based column to point at and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bad {
    /// 0-based byte column in the line.
    pub col: usize,
    /// What is wrong, naming the field.
    pub what: String,
}

/// The moves of a list field, each with its column (`None` for a null element).
pub type MoveItems<'s> = Vec<(usize, Option<&'s str>)>;

/// Shorthand for a field problem.
pub fn bad<T>(col: usize, what: impl Into<String>) -> Result<T, Bad> {
    Err(Bad {
        col,
        what: what.into(),
    })
}

/// The known fields of one line, by key, each with the column of its value.
#[derive(Debug)]
pub struct Fields<'a> {
    vals: [Option<(usize, Val<'a>)>; KEYS],
    /// Which keys are present (`Key::bit`).
    pub present: u32,
    /// Keys the schema does not have.
    pub unknown: u32,
    /// The first of them and the column of its key.
    pub first_unknown: Option<(String, usize)>,
    /// The column of each known key present (its name, not its value).
    key_cols: [usize; KEYS],
    /// The scale the engine's integer scores are on (its header's `"mate"` and `"infinity"`).
    pub scale: Scale,
    /// The column of the first score cut to fit killerscope's range, and how many were.
    pub cut: Cell<(Option<usize>, u32)>,
}

impl Default for Fields<'_> {
    fn default() -> Self {
        Fields {
            vals: std::array::from_fn(|_| None),
            present: 0,
            unknown: 0,
            first_unknown: None,
            key_cols: [0; KEYS],
            scale: Scale::default(),
            cut: Cell::new((None, 0)),
        }
    }
}

impl<'a> Fields<'a> {
    /// Records one entry of the line, whose key starts at column `key_col` and value at
    /// `col`; a key given twice is refused (which one would count?).
    pub fn add(&mut self, name: &str, key_col: usize, col: usize, val: Val<'a>) -> Result<(), Bad> {
        let Some(key) = Key::from_name(name) else {
            self.unknown += 1;
            if self.first_unknown.is_none() {
                self.first_unknown = Some((name.to_string(), key_col));
            }
            return Ok(());
        };
        if self.present & key.bit() != 0 {
            return bad(col, format!("field \"{name}\" appears twice"));
        }
        self.present |= key.bit();
        self.key_cols[key as usize] = key_col;
        self.vals[key as usize] = Some((col, val));
        Ok(())
    }

    /// The raw value of `key`, if present.
    pub fn get(&self, key: Key) -> Option<&(usize, Val<'a>)> {
        self.vals[key as usize].as_ref()
    }

    /// The column of `key` itself (its name; 0 when absent).
    pub fn key_col(&self, key: Key) -> usize {
        self.key_cols[key as usize]
    }

    /// The column of `key`'s value (0 when absent: the line's start).
    pub fn col(&self, key: Key) -> usize {
        self.get(key).map_or(0, |&(col, _)| col)
    }

    fn wrong<T>(&self, key: Key, expected: &str) -> Result<T, Bad> {
        let (col, val) = self
            .get(key)
            .map_or((0, "nothing"), |(c, v)| (*c, v.describe()));
        bad(
            col,
            format!("field \"{}\" must be {expected}, found {val}", key.name()),
        )
    }

    /// Fails with "missing required field" when `key` is absent.
    pub fn need<T>(&self, key: Key, value: Option<T>) -> Result<T, Bad> {
        match value {
            Some(v) => Ok(v),
            None => bad(0, format!("missing required field \"{}\"", key.name())),
        }
    }

    /// An integer in `min..=max`, if present.
    pub fn int(&self, key: Key, min: i64, max: i64) -> Result<Option<i64>, Bad> {
        match self.get(key) {
            None => Ok(None),
            Some(&(_, Val::Int(n))) if (min..=max).contains(&n) => Ok(Some(n)),
            Some(&(col, Val::Int(n))) => bad(
                col,
                format!(
                    "field \"{}\" is {n}, out of range {min}..={max}",
                    key.name()
                ),
            ),
            Some(&(col, Val::Big)) => bad(
                col,
                format!(
                    "field \"{}\" is too large, out of range {min}..={max}",
                    key.name()
                ),
            ),
            Some(_) => self.wrong(key, "an integer"),
        }
    }

    /// A boolean, if present.
    pub fn boolean(&self, key: Key) -> Result<Option<bool>, Bad> {
        match self.get(key) {
            None => Ok(None),
            Some(&(_, Val::Bool(b))) => Ok(Some(b)),
            Some(_) => self.wrong(key, "true or false"),
        }
    }

    /// A string, if present.
    pub fn string(&self, key: Key) -> Result<Option<&str>, Bad> {
        match self.get(key) {
            None => Ok(None),
            Some((_, Val::Str(s))) => Ok(Some(s)),
            Some(_) => self.wrong(key, "a string"),
        }
    }

    /// A string from `names` (its index), if present.
    pub fn choice(&self, key: Key, names: &[&str]) -> Result<Option<usize>, Bad> {
        let Some(text) = self.string(key)? else {
            return Ok(None);
        };
        match names.iter().position(|n| *n == text) {
            Some(k) => Ok(Some(k)),
            None => bad(
                self.col(key),
                format!(
                    "field \"{}\" is \"{}\"; it must be one of: {}",
                    key.name(),
                    killerscope_text::quote(text),
                    names.join(", ")
                ),
            ),
        }
    }

    /// One of `all` by its `name` (an enum's value by its JSON name), if present.
    pub fn named<T: Copy, const N: usize>(
        &self,
        key: Key,
        all: [T; N],
        name: fn(T) -> &'static str,
    ) -> Result<Option<T>, Bad> {
        Ok(self.choice(key, &all.map(name))?.map(|k| all[k]))
    }

    /// A move: `Some(None)` for `null` or `"0000"` (no move), `Some(Some(text))` for UCI text.
    pub fn mv(&self, key: Key) -> Result<Option<Option<&str>>, Bad> {
        match self.get(key) {
            None => Ok(None),
            Some((_, Val::Null)) => Ok(Some(None)),
            Some((_, Val::Str(s))) if s == "0000" => Ok(Some(None)),
            Some((_, Val::Str(s))) => Ok(Some(Some(s))),
            Some(_) => self.wrong(key, "a move in UCI (\"e2e4\") or null"),
        }
    }

    /// A score at a node `ply` plies from the root: an integer (centipawns) or
    /// `{"mate": n}`, if present.
    pub fn score(&self, key: Key, ply: u32) -> Result<Option<i32>, Bad> {
        let expected = "an integer (centipawns) or {\"mate\": n}";
        match self.get(key) {
            None => Ok(None),
            Some(&(col, Val::Int(cp))) => {
                let (score, cut) = read_cp(cp, self.scale);
                if cut {
                    let (first, n) = self.cut.get();
                    self.cut.set((first.or(Some(col)), n + 1));
                }
                Ok(Some(score))
            }
            Some(&(col, Val::Big)) => bad(
                col,
                format!("field \"{}\" is too large for a score", key.name()),
            ),
            Some((col, Val::Obj(entries))) => match entries.as_slice() {
                [(name, _, Val::Int(n))] if name == "mate" => {
                    let moves = i32::try_from(*n).ok();
                    match moves.and_then(|m| mate_score(m, ply)) {
                        Some(score) => Ok(Some(score)),
                        None => bad(
                            *col,
                            format!(
                                "field \"{}\": mate {n} at ply {ply} lies beyond the 1000 plies \
                                 from the root a mate score can hold",
                                key.name()
                            ),
                        ),
                    }
                }
                _ => self.wrong(key, expected),
            },
            Some(_) => self.wrong(key, expected),
        }
    }

    /// A list of moves or nulls (killer slots, a PV), each with its column, if present.
    pub fn move_list(&self, key: Key) -> Result<Option<MoveItems<'_>>, Bad> {
        let expected = "an array of UCI moves (null for an empty slot)";
        let Some((_, val)) = self.get(key) else {
            return Ok(None);
        };
        let Val::List(items) = val else {
            return self.wrong(key, expected);
        };
        let mut out = Vec::with_capacity(items.len());
        for (col, item) in items {
            match item {
                Val::Null => out.push((*col, None)),
                Val::Str(s) if s == "0000" => out.push((*col, None)),
                Val::Str(s) => out.push((*col, Some(s.as_ref()))),
                other => {
                    return bad(
                        *col,
                        format!(
                            "field \"{}\" must be {expected}; an element is {}",
                            key.name(),
                            other.describe()
                        ),
                    );
                }
            }
        }
        Ok(Some(out))
    }

    /// The entries of an object value (e.g. `answers`), if present.
    pub fn object(&self, key: Key) -> Result<Option<&[Entry<'a>]>, Bad> {
        match self.get(key) {
            None => Ok(None),
            Some((_, Val::Obj(entries))) => Ok(Some(entries)),
            Some(_) => self.wrong(key, "an object"),
        }
    }
}
