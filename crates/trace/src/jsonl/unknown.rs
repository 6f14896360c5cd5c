//! Keys and event kinds a trace uses that the schema does not have. They are skipped (newer
//! writers add keys and kinds), but never silently: the first one is named with its line and
//! column and a guess at the name meant (`unknown key "souce" in move_tried (did you mean
//! "source"?)`), the rest are counted, and `--strict` refuses them — a typo'd `"cutof"` would
//! otherwise lose a cutoff without a word.

use super::fields::{Fields, Key};
use killerscope_log::EventKind;

/// The name in `candidates` within two edits of `name` (the closest, by Levenshtein distance
/// in characters), if any.
pub fn did_you_mean<'c>(name: &str, candidates: impl Iterator<Item = &'c str>) -> Option<&'c str> {
    candidates
        .map(|c| (strsim::levenshtein(name, c), c))
        .filter(|&(d, c)| d <= 2 && d < c.len())
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

fn guess(name: &str, candidates: impl Iterator<Item = &'static str>) -> String {
    did_you_mean(name, candidates)
        .map(|c| format!(" (did you mean \"{c}\"?)"))
        .unwrap_or_default()
}

/// The line a writer adds when it learns only at the end that its recording stopped early
/// (`{"type":"truncated"}`): a mark on the whole trace, not an event.
pub const TRUNCATED_LINE: &str = "truncated";

/// Whether `kind` is a kind of line of the schema: an event kind, or the truncation mark.
pub fn known_kind(kind: &str) -> bool {
    EventKind::from_name(kind).is_some() || kind == TRUNCATED_LINE
}

/// What to say of the unknown event kind `kind`.
pub fn unknown_kind(kind: &str) -> String {
    format!(
        "unknown event kind \"{}\"{}",
        killerscope_text::quote(kind),
        guess(
            kind,
            EventKind::ALL
                .iter()
                .map(|k| k.name())
                .chain([TRUNCATED_LINE])
        )
    )
}

/// The first key of a line of `kind` that the schema does not have or the kind does not use
/// (`used`: a mask of `Key::bit`s), with its column: what to say, and where.
pub fn first_unknown_key(fields: &Fields, kind: &str, used: u32) -> Option<(String, usize)> {
    let unused = fields.present & !used;
    let named = fields.first_unknown.as_ref().map(|(n, c)| (n.as_str(), *c));
    let first = Key::ALL
        .iter()
        .filter(|k| unused & k.bit() != 0)
        .map(|&k| (k.name(), fields.key_col(k)))
        .chain(named)
        .min_by_key(|&(_, col)| col)?;
    let kind_keys = Key::ALL
        .iter()
        .filter(|k| used & k.bit() != 0)
        .map(|k| k.name());
    let message = format!(
        "unknown key \"{}\" in {kind}{}",
        killerscope_text::quote(first.0),
        guess(first.0, kind_keys)
    );
    Some((message, first.1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_names_are_guessed_and_far_ones_not() {
        let keys = ["source", "score", "move", "index"];
        assert_eq!(did_you_mean("souce", keys.into_iter()), Some("source"));
        assert_eq!(did_you_mean("scroe", keys.into_iter()), Some("score"));
        assert_eq!(did_you_mean("comment", keys.into_iter()), None);
        assert_eq!(
            unknown_kind("cutof"),
            "unknown event kind \"cutof\" (did you mean \"cutoff\"?)"
        );
        assert_eq!(unknown_kind("eval"), "unknown event kind \"eval\"");
        assert!(known_kind("illegal") && !known_kind("cutof"));
    }
}
