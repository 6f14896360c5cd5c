//! The switchboard: a configuration made of switches (`OrderingConfig`, `SelectiveConfig`),
//! whose table drives parsing, printing, `uses` and the changes from the default — written
//! once here for every configuration — and the macro that gives each its inherent API,
//! `Display` and `FromStr`.

use super::{ConfigError, Shown, Switch, split_settings};
use killerscope_log::MoveSource;
use killerscope_text::quote;
use std::fmt;

/// A configuration made of switches: its table drives parsing, printing and `uses`.
pub trait Switchboard: Default + Sized + 'static {
    /// What the configuration is called in error messages: `ordering`, `search`.
    const WHAT: &'static str;

    /// Every switch, in the order settings print.
    fn switches() -> &'static [Switch<Self>];

    /// The switch `key` names (or an alias of it).
    fn switch(key: &str) -> Option<&'static Switch<Self>> {
        Self::switches().iter().find(|s| s.answers_to(key))
    }

    /// Every key the configuration accepts, in table order.
    fn known_keys() -> Vec<&'static str> {
        Self::switches().iter().map(|s| s.key).collect()
    }

    /// Whether `key` (any case, aliases included) is one of this configuration's switches.
    fn is_key(key: &str) -> bool {
        Self::switch(key).is_some()
    }

    /// The configuration as `(key, value)` settings in table order: the form `Display` prints
    /// and log headers store as data.
    fn settings(&self) -> Vec<(&'static str, String)> {
        let default = Self::default();
        Self::switches()
            .iter()
            .filter(|s| match s.shown {
                Shown::Always => true,
                Shown::WhenChanged => (s.get)(self) != (s.get)(&default),
                Shown::Never => false,
            })
            .map(|s| (s.key, (s.get)(self)))
            .collect()
    }

    /// Sets the switch `key` to `value`; the error names both.
    fn set(&mut self, key: &str, value: &str) -> Result<(), ConfigError> {
        let Some(switch) = Self::switch(key) else {
            return Err(ConfigError(format!(
                "{} config: unknown key `{}` (known: {})",
                Self::WHAT,
                quote(key),
                Self::known_keys().join(", ")
            )));
        };
        if (switch.set)(self, &value.to_ascii_lowercase()) {
            return Ok(());
        }
        Err(ConfigError(format!(
            "{} config: `{}` must be {}, not \"{}\"",
            Self::WHAT,
            quote(key),
            switch.values.expected(),
            quote(value)
        )))
    }

    /// Applies `(key, value)` settings, any subset in any order (later ones win), to the
    /// default configuration.
    fn from_settings<'a>(
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Self, ConfigError> {
        let mut config = Self::default();
        for (key, value) in pairs {
            config.set(key, value)?;
        }
        Ok(config)
    }

    /// Parses `key=value,key=value` (spaces trimmed, blank pairs skipped) onto the default.
    fn parse_settings(text: &str) -> Result<Self, ConfigError> {
        Self::from_settings(split_settings(text, Self::WHAT)?)
    }

    /// Only the settings that differ from the default (`countermove=on,history=relative`), or
    /// `default`: a short name for a column or a menu line that still reads back.
    fn changes(&self) -> String {
        let default = Self::default();
        let changed: Vec<String> = Self::switches()
            .iter()
            .filter(|s| s.shown != Shown::Never && (s.get)(self) != (s.get)(&default))
            .map(|s| format!("{}={}", s.key, (s.get)(self)))
            .collect();
        if changed.is_empty() {
            "default".into()
        } else {
            changed.join(",")
        }
    }

    /// Whether a search under this configuration can place a move by `source`: every switch
    /// that declares the source must allow it; sources no switch declares (captures, plain
    /// quiets) are always produced, codes this build does not know never.
    fn uses(&self, source: MoveSource) -> bool {
        let mut declared = Self::switches()
            .iter()
            .filter(|s| s.sources.contains(&source))
            .peekable();
        if declared.peek().is_none() {
            return source.info().is_some();
        }
        declared.all(|s| (s.produces)(self, source))
    }

    /// Writes the settings as `key=value,…`, the full form `Display` prints and `FromStr` reads.
    fn write_settings(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pairs: Vec<String> = self
            .settings()
            .iter()
            .map(|(key, value)| format!("{key}={value}"))
            .collect();
        f.write_str(&pairs.join(","))
    }
}

/// Makes `$config` a switchboard over `$table` and gives it what every caller uses without
/// importing `Switchboard`: `settings`, `from_settings`, `Display` (the full `key=value,…` form)
/// and `FromStr` (any subset of the keys, in any order, onto the default).
macro_rules! switchboard {
    ($config:ty, $what:literal, $table:expr) => {
        impl $crate::switches::Switchboard for $config {
            const WHAT: &'static str = $what;

            fn switches() -> &'static [$crate::switches::Switch<Self>] {
                $table
            }
        }

        impl $config {
            /// The configuration as `(key, value)` settings, in the order `Display` prints
            /// them: the form log headers store as data.
            pub fn settings(&self) -> Vec<(&'static str, String)> {
                $crate::switches::Switchboard::settings(self)
            }

            /// Applies `(key, value)` settings, any subset in any order, to the default.
            pub fn from_settings<'a>(
                pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
            ) -> Result<Self, $crate::switches::ConfigError> {
                <Self as $crate::switches::Switchboard>::from_settings(pairs)
            }
        }

        impl std::fmt::Display for $config {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                $crate::switches::Switchboard::write_settings(self, f)
            }
        }

        impl std::str::FromStr for $config {
            type Err = $crate::switches::ConfigError;

            fn from_str(s: &str) -> Result<Self, Self::Err> {
                <Self as $crate::switches::Switchboard>::parse_settings(s)
            }
        }
    };
}
pub(crate) use switchboard;

/// The on/off switch `$key` of `$config` over its `bool` field `$field`, named once: printed
/// as `on`/`off`, set from any on/off word.
macro_rules! on_off_switch {
    ($config:ty, $key:literal, $field:ident) => {
        $crate::switches::Switch::<$config>::new(
            $key,
            $crate::switches::Values::OnOff,
            |c| $crate::switches::on_off_name(c.$field),
            |c, v| $crate::switches::set_flag(&mut c.$field, v),
        )
    };
}
pub(crate) use on_off_switch;

/// The switch `$key` of `$config` over its field `$field` of the `Named` type `$named`, named
/// once: its values are the variants' names, printed and set through `Named`.
macro_rules! named_switch {
    ($config:ty, $key:literal, $field:ident, $named:ty) => {
        $crate::switches::Switch::<$config>::new(
            $key,
            $crate::switches::Values::OneOf(<$named as $crate::switches::Named>::NAMES),
            |c| c.$field.name().to_string(),
            |c, v| $crate::switches::set_named(&mut c.$field, v),
        )
    };
}
pub(crate) use named_switch;
