//! Clap's errors about the command line, made safe to print: clap quotes a bad argument whole
//! and raw (`invalid value '<100 KB>' for '--depth'`), escape sequences included. The quoted
//! argument is cut and escaped by [`killerscope_text::quote`]; when the command line holds anything
//! long or unprintable, the message is printed as plain text, line by line made printable and
//! cut, instead of by clap in colour (clap's colour codes cannot be told apart from the user's).

use clap::error::{ContextKind, ContextValue, Error};
use killerscope_text::{QUOTE_CHARS, printable, quote};
use std::ffi::OsString;
use std::process::ExitCode;

/// Longest line of a clap error message printed whole; clap's own lines are far shorter.
const MAX_LINE: usize = 300;

/// The argument texts clap quotes in its error messages.
const QUOTED: [ContextKind; 3] = [
    ContextKind::InvalidValue,
    ContextKind::InvalidArg,
    ContextKind::InvalidSubcommand,
];

/// Prints `e` and gives the exit status: help and version go to stdout as clap prints them,
/// and so does an error when every argument in `args` is short and printable; otherwise the
/// error goes to stderr through [`safe_message`].
pub fn report(e: Error, args: &[OsString]) -> ExitCode {
    if !e.use_stderr() {
        e.exit();
    }
    let risky = args.iter().any(|arg| {
        let arg = arg.to_string_lossy();
        arg.chars().count() > QUOTE_CHARS || printable(&arg) != arg
    });
    if !risky {
        e.exit();
    }
    eprint!("{}", safe_message(e));
    ExitCode::from(2)
}

/// `killerscope help --help` (or `-h`), which clap refuses ("unrecognized subcommand
/// '--help'"): the command line to parse instead — `help X` for `help X --help` — or, for
/// `help --help` itself, the help of the `help` subcommand to print. `None` for any other
/// command line.
pub fn help_with_help(args: &[OsString]) -> Option<Result<Vec<OsString>, String>> {
    let is_help = |a: &OsString| a == "--help" || a == "-h";
    if args.get(1).is_none_or(|a| a != "help") || !args[2..].iter().any(is_help) {
        return None;
    }
    let rest: Vec<OsString> = args.iter().filter(|a| !is_help(a)).cloned().collect();
    if rest.len() > 2 {
        return Some(Ok(rest));
    }
    let mut cli = <crate::cli::Cli as clap::CommandFactory>::command();
    cli.build();
    let help = cli.find_subcommand_mut("help")?;
    Some(Err(help.render_long_help().to_string()))
}

/// The error as plain text, with the argument it is about cut and escaped, and every line made
/// printable and at most [`MAX_LINE`] characters (clap's tips quote the argument too).
pub fn safe_message(mut e: Error) -> String {
    for kind in QUOTED {
        if let Some(ContextValue::String(text)) = e.get(kind) {
            let shown = quote(text);
            e.insert(kind, ContextValue::String(shown));
        }
    }
    let plain = e.render().to_string();
    let lines: Vec<String> = plain
        .split('\n')
        .map(|line| {
            let line = printable(line);
            match line.char_indices().nth(MAX_LINE) {
                Some((cut, _)) => format!("{}…", &line[..cut]),
                None => line.into_owned(),
            }
        })
        .collect();
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::Cli;
    use clap::Parser;

    fn message(args: &[&str]) -> String {
        safe_message(Cli::try_parse_from(args).expect_err("refused"))
    }

    #[test]
    fn a_long_or_escaping_argument_is_quoted_short_and_escaped() {
        let junk = format!("\u{1b}[2J\u{7}{}", "a".repeat(100_000));
        for args in [
            vec!["killerscope", "search", "--depth", junk.as_str()],
            vec!["killerscope", "search", junk.as_str()],
            vec!["killerscope", junk.as_str()],
            vec!["killerscope", "log", "stats", "f", junk.as_str()],
        ] {
            let message = message(&args);
            assert!(message.starts_with("error:"), "{message}");
            assert!(
                !message.chars().any(|c| c.is_control() && c != '\n'),
                "{message:?}"
            );
            assert!(message.contains("\\u{1b}[2J\\u{7}aaa"), "{message}");
            assert!(message.len() < 2_000, "{} bytes", message.len());
        }
    }

    #[test]
    fn help_takes_help_too() {
        let args = |words: &[&str]| words.iter().map(OsString::from).collect::<Vec<_>>();
        let Some(Err(help)) = help_with_help(&args(&["killerscope", "help", "--help"])) else {
            panic!("help --help is the help of help");
        };
        assert!(help.contains("Usage: killerscope help"), "{help}");
        let Some(Ok(rest)) = help_with_help(&args(&["killerscope", "help", "-h", "log"])) else {
            panic!("help -h log is help log");
        };
        assert_eq!(rest, args(&["killerscope", "help", "log"]));
        assert!(help_with_help(&args(&["killerscope", "log", "--help"])).is_none());
        assert!(help_with_help(&args(&["killerscope"])).is_none());
    }

    #[test]
    fn the_message_still_says_what_is_wrong() {
        let message = message(&["killerscope", "search", "--depth", "x"]);
        assert!(
            message.starts_with("error: invalid value 'x' for '--depth <PLIES>'"),
            "{message}"
        );
    }
}
