//! Declarations every layer repeats, written once: enums that a log stores as a one-byte code
//! and text names with a word (each variant's code and name on its own line, so the binary
//! codec, the JSON export, the importer and every `ALL` list read the same declaration and
//! cannot disagree), and errors that are nothing but their message.

/// Declares a `#[repr(u8)]` enum from `Variant = code => "name",` lines (its derives and docs
/// written as on any enum), with `ALL` in declaration order, `code`, `from_code`, `name` and
/// `from_name`.
#[macro_export]
macro_rules! coded_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $code:literal => $text:literal, )+
        }
    ) => {
        $(#[$meta])*
        #[repr(u8)]
        $vis enum $name {
            $( $(#[$vmeta])* $variant = $code, )+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: [$name; [$($code),+].len()] = [$($name::$variant),+];

            /// The code a log stores.
            pub const fn code(self) -> u8 {
                self as u8
            }

            /// The value stored as `code`; `None` for a code no variant has.
            pub const fn from_code(code: u8) -> Option<$name> {
                match code {
                    $( $code => Some($name::$variant), )+
                    _ => None,
                }
            }

            /// The name in JSON exports, headers and queries.
            pub const fn name(self) -> &'static str {
                match self {
                    $( $name::$variant => $text, )+
                }
            }

            /// The value named `name`, if any.
            pub fn from_name(name: &str) -> Option<$name> {
                $name::ALL.into_iter().find(|v| v.name() == name)
            }
        }
    };
}

/// Declares a tuple struct over a `String` as an error that is its message: `Display` writes
/// the message and `Error` is implemented.
#[macro_export]
macro_rules! message_error {
    ($(#[$meta:meta])* $vis:vis struct $name:ident($field:vis String);) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, Eq)]
        $vis struct $name($field String);

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl std::error::Error for $name {}
    };
}

#[cfg(test)]
mod tests {
    coded_enum! {
        /// A test enum whose codes skip one.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        enum Sample {
            /// First.
            One = 1 => "one",
            /// Third.
            Three = 3 => "three",
        }
    }

    #[test]
    fn codes_and_names_read_back_and_unknown_ones_are_none() {
        assert_eq!(Sample::ALL, [Sample::One, Sample::Three]);
        for v in Sample::ALL {
            assert_eq!(Sample::from_code(v.code()), Some(v));
            assert_eq!(Sample::from_name(v.name()), Some(v));
        }
        assert_eq!(Sample::Three.code(), 3);
        assert_eq!(Sample::from_code(2), None);
        assert_eq!(Sample::from_name("two"), None);
    }
}
