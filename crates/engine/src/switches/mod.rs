//! One declaration per switch. Each ordering or selective-search switch is a row of a table
//! (`ORDERING_SWITCHES`, `SELECTIVE_SWITCHES`): its key and aliases, the values it takes, how
//! to read and write it, the move sources it lets the picker produce, the UCI options that set
//! it and the phrase a class reads for it. Parsing (`--ordering`, `--search`, `compare
//! --config`, EPD opcodes, lessons), printing (`Display`, log headers), `OrderingConfig::uses`,
//! the UCI option list and the names of configurations (`config::name`) all loop over these
//! rows, so a new switch is one new row.

mod board;

pub use board::Switchboard;
pub(crate) use board::{named_switch, on_off_switch, switchboard};

use killerscope_log::MoveSource;
use killerscope_text::message_error;
use killerscope_text::quote;

message_error! {
    /// Why a switch string was refused; the message names the offending key and value.
    pub struct ConfigError(pub(crate) String);
}

/// The values a switch accepts, which its error message and its UCI option describe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Values {
    /// `on` or `off` (also `true`/`false`, `yes`/`no`, `1`/`0`).
    OnOff,
    /// A whole number from 0 to the maximum.
    UpTo(u8),
    /// One of these names, as the error message and a UCI combo list them.
    OneOf(&'static [&'static str]),
    /// Free text of the form the description gives (`normal, worst, random:SEED or oracle`).
    Described(&'static str),
}

impl Values {
    /// What the switch wants, for `must be …`: `on or off`, `0..=4`, `after, between or before`.
    pub fn expected(&self) -> String {
        match self {
            Values::OnOff => "on or off".to_string(),
            Values::UpTo(max) => format!("0..={max}"),
            Values::OneOf(names) => match names.split_last() {
                Some((last, [])) => (*last).to_string(),
                Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
                None => String::new(),
            },
            Values::Described(text) => (*text).to_string(),
        }
    }
}

/// When `settings()` (and so `Display` and the log header) includes a switch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// Always: the switches every log header has printed since it existed.
    Always,
    /// Only when it differs from the default, so adding it left every earlier header as it was.
    WhenChanged,
    /// Never: a shorthand that sets other switches (`all=on`).
    Never,
}

/// How a UCI check option maps onto its switch's value. Two options may share one switch:
/// `History` and `Relative History` both set `history`, each flipping only its own part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Check {
    /// The values that show the box ticked.
    pub on: &'static [&'static str],
    /// The value `true` sets when the box is not ticked already.
    pub set_on: &'static str,
    /// The value `false` sets when the box is ticked.
    pub set_off: &'static str,
}

/// A plain on/off switch as a check box.
pub const CHECK: Check = Check {
    on: &["on"],
    set_on: "on",
    set_off: "off",
};

/// The UCI type of an option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UciKind {
    /// `type check`, mapped onto the switch's values as described.
    Check(Check),
    /// `type spin` over the switch's `Values::UpTo` range.
    Spin,
    /// `type combo` over the switch's `Values::OneOf` names.
    Combo,
    /// `type string`, passed through as the switch's value.
    Text,
}

/// A UCI option that sets a switch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UciOption {
    /// The option's name as GUIs show it.
    pub name: &'static str,
    /// Its type.
    pub kind: UciKind,
    /// Where `uci` lists it among the ordering options: the order GUIs have always shown, which
    /// is not the order of the settings in a log header.
    pub listed: u8,
}

/// One switch of a configuration `C`: everything every layer needs to know about it.
pub struct Switch<C: 'static> {
    /// The key in settings strings and log headers: `killers`, `nmp`.
    pub key: &'static str,
    /// Other spellings accepted on input (`mvv-lva`, `nullmove`).
    pub aliases: &'static [&'static str],
    /// What it accepts.
    pub values: Values,
    /// When it is printed.
    pub shown: Shown,
    /// Its value in `c`, as printed and read back.
    pub get: fn(&C) -> String,
    /// Sets it in `c` from a (lowercase) value; `false` if the value is not one it accepts.
    pub set: fn(&mut C, &str) -> bool,
    /// The move sources only this switch lets the picker produce (killers, history, TT).
    pub sources: &'static [MoveSource],
    /// Whether `c` produces `source`, one of `sources`.
    pub produces: fn(&C, MoveSource) -> bool,
    /// The UCI options that set it (none for switches GUIs never had).
    pub uci: &'static [UciOption],
    /// What a configuration that sets it to a value other than the default is called where a
    /// class reads it (`config::name`): `(value, phrase)`, or a value pattern ending in `*`
    /// whose rest fills the phrase's `*` (`("random:*", "random order *")`).
    pub phrases: &'static [(&'static str, &'static str)],
}

impl<C> Switch<C> {
    /// A switch shown always, without aliases, sources, UCI options or phrases.
    pub const fn new(
        key: &'static str,
        values: Values,
        get: fn(&C) -> String,
        set: fn(&mut C, &str) -> bool,
    ) -> Switch<C> {
        Switch {
            key,
            aliases: &[],
            values,
            shown: Shown::Always,
            get,
            set,
            sources: &[],
            produces: |_, _| true,
            uci: &[],
            phrases: &[],
        }
    }

    /// The same switch, also accepting `aliases`.
    pub const fn aliases(self, aliases: &'static [&'static str]) -> Switch<C> {
        Switch { aliases, ..self }
    }

    /// The same switch, printed as `shown` says.
    pub const fn shown(self, shown: Shown) -> Switch<C> {
        Switch { shown, ..self }
    }

    /// The same switch, set by these UCI options.
    pub const fn uci(self, uci: &'static [UciOption]) -> Switch<C> {
        Switch { uci, ..self }
    }

    /// The same switch, deciding whether `sources` can be produced.
    pub const fn places(
        self,
        sources: &'static [MoveSource],
        produces: fn(&C, MoveSource) -> bool,
    ) -> Switch<C> {
        Switch {
            sources,
            produces,
            ..self
        }
    }

    /// The same switch, called by these phrases (see `phrases`).
    pub const fn phrases(self, phrases: &'static [(&'static str, &'static str)]) -> Switch<C> {
        Switch { phrases, ..self }
    }

    /// The phrase for the switch set to `value`, if its row has one.
    pub fn phrase(&self, value: &str) -> Option<String> {
        self.phrases
            .iter()
            .find_map(|&(pattern, phrase)| match pattern.strip_suffix('*') {
                Some(prefix) => value
                    .strip_prefix(prefix)
                    .map(|rest| phrase.replace('*', rest)),
                None => (pattern == value).then(|| phrase.to_string()),
            })
    }

    /// Whether `key` (any case) names this switch.
    pub fn answers_to(&self, key: &str) -> bool {
        self.key.eq_ignore_ascii_case(key)
            || self.aliases.iter().any(|a| a.eq_ignore_ascii_case(key))
    }
}

/// `on` or `off`, as switches print a flag.
pub fn on_off_name(on: bool) -> String {
    if on { "on" } else { "off" }.to_string()
}

/// The flag an on/off word names (`on`, `true`, `yes`, `1` and their opposites).
pub fn on_off_word(value: &str) -> Option<bool> {
    match value.to_ascii_lowercase().as_str() {
        "on" | "true" | "yes" | "1" => Some(true),
        "off" | "false" | "no" | "0" => Some(false),
        _ => None,
    }
}

/// Sets `flag` from an on/off word; `false` if `value` is none.
pub fn set_flag(flag: &mut bool, value: &str) -> bool {
    on_off_word(value).map(|on| *flag = on).is_some()
}

/// A switch value that is one of a few named variants (`placement=between`): each enum lists
/// its variants and their names once, and its `name()` indexes `NAMES`.
pub trait Named: Copy + 'static {
    /// Every variant, in declaration order.
    const ALL: &'static [Self];
    /// The name of each variant, in the same order, as settings print it.
    const NAMES: &'static [&'static str];

    /// The variant named `name` (lowercase).
    fn from_name(name: &str) -> Option<Self> {
        let index = Self::NAMES.iter().position(|&n| n == name)?;
        Self::ALL.get(index).copied()
    }
}

/// Sets `slot` to the variant `value` names; `false` if it names none.
pub fn set_named<T: Named>(slot: &mut T, value: &str) -> bool {
    T::from_name(value).map(|v| *slot = v).is_some()
}

/// Splits `key=value` pairs separated by commas (blank pairs skipped, spaces trimmed): the
/// syntax every switchboard (`--ordering`, `--search`) shares; `what` names it in errors.
pub(crate) fn split_settings<'a>(
    s: &'a str,
    what: &str,
) -> Result<Vec<(&'a str, &'a str)>, ConfigError> {
    let mut pairs = Vec::new();
    for pair in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let Some((key, value)) = pair.split_once('=') else {
            return Err(ConfigError(format!(
                "{what} config: \"{}\" is not key=value",
                quote(pair)
            )));
        };
        pairs.push((key.trim(), value.trim()));
    }
    Ok(pairs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expected_values_read_as_a_sentence() {
        assert_eq!(Values::OnOff.expected(), "on or off");
        assert_eq!(Values::UpTo(4).expected(), "0..=4");
        let one_of = Values::OneOf(&["after", "between", "before"]);
        assert_eq!(one_of.expected(), "after, between or before");
        assert_eq!(Values::OneOf(&["ply"]).expected(), "ply");
    }

    #[test]
    fn on_off_words() {
        for word in ["on", "TRUE", "yes", "1"] {
            assert_eq!(on_off_word(word), Some(true), "{word}");
        }
        for word in ["off", "False", "no", "0"] {
            assert_eq!(on_off_word(word), Some(false), "{word}");
        }
        assert_eq!(on_off_word("maybe"), None);
    }
}
