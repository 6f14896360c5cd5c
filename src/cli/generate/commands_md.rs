//! docs/commands.md, written from the clap definition: the hand-written part (the grammar, how
//! to install the man page and completions) from `commands_intro.md`, then a summary table
//! and, per command, its usage and a table of its options; the old spellings each command
//! still accepts are listed under it, so they stay documented without crowding `--help`.

use clap::{Arg, ArgAction, Command};
use killerscope_analysis::table::{Align, Markdown};
use std::io::{self, Write};

/// The hand-written first part of docs/commands.md.
const INTRO: &str = include_str!("commands_intro.md");

/// Writes the whole file.
pub fn write(mut command: Command, out: &mut impl Write) -> io::Result<()> {
    command.build();
    out.write_all(INTRO.as_bytes())?;
    writeln!(out, "\n## Every command\n")?;
    let mut summary = Markdown::new([("command", Align::Left), ("what it does", Align::Left)]);
    for sub in visible(&command) {
        summary.row([format!("[`{}`](#{})", name(sub), anchor(sub)), about(sub)]);
        for inner in visible(sub) {
            summary.row([
                format!("[`{}`](#{})", name(inner), anchor(inner)),
                about(inner),
            ]);
        }
    }
    summary.write(out)?;
    section(&command, out)?;
    for sub in visible(&command) {
        section(sub, out)?;
        for inner in visible(sub) {
            section(inner, out)?;
        }
    }
    Ok(())
}

/// The subcommands shown in help (not the generated `help`).
fn visible(command: &Command) -> impl Iterator<Item = &Command> {
    command
        .get_subcommands()
        .filter(|c| !c.is_hide_set() && c.get_name() != "help")
}

/// `killerscope log stats`.
fn name(command: &Command) -> String {
    command
        .get_bin_name()
        .unwrap_or(command.get_name())
        .to_string()
}

/// The heading's anchor as GitHub writes it: lower case, spaces as dashes.
fn anchor(command: &Command) -> String {
    name(command).to_lowercase().replace(' ', "-")
}

/// The one-line summary.
fn about(command: &Command) -> String {
    command
        .get_about()
        .map(|a| a.to_string())
        .unwrap_or_default()
}

/// One command's section: heading, long description, usage, options, old spellings.
fn section(command: &Command, out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "\n### {}\n", name(command))?;
    let text = command
        .get_long_about()
        .or(command.get_about())
        .map(|a| a.to_string())
        .unwrap_or_default();
    writeln!(out, "{}\n", text.trim_end())?;
    let usage = command.clone().render_usage().to_string();
    let usage = usage.trim_start_matches("Usage: ");
    writeln!(out, "```text\n{usage}\n```\n")?;
    let shown: Vec<&Arg> = command
        .get_arguments()
        .filter(|a| !a.is_hide_set() && !matches!(a.get_id().as_str(), "help" | "version"))
        .collect();
    if !shown.is_empty() {
        let mut table = Markdown::new([
            ("argument", Align::Left),
            ("what", Align::Left),
            ("default", Align::Left),
        ]);
        for arg in shown {
            let flag = matches!(arg.get_action(), ArgAction::SetTrue | ArgAction::SetFalse);
            let defaults: Vec<String> = arg
                .get_default_values()
                .iter()
                .filter(|_| !flag)
                .map(|v| format!("`{}`", v.to_string_lossy()))
                .collect();
            table.row([
                format!("`{}`", spelling(arg)),
                what(arg),
                defaults.join(" "),
            ]);
        }
        table.write(out)?;
    }
    let old = old_spellings(command);
    if !old.is_empty() {
        writeln!(out, "\nOld spellings, still accepted: {}.", old.join("; "))?;
    }
    Ok(())
}

/// How an argument is written: `-d, --depth <PLIES>`, `--library`, `<FILE>`.
fn spelling(arg: &Arg) -> String {
    let values: Vec<String> = arg
        .get_value_names()
        .map(|names| names.iter().map(|n| format!("<{n}>")).collect())
        .unwrap_or_else(|| vec![format!("<{}>", arg.get_id().as_str().to_uppercase())]);
    let takes_value = !matches!(
        arg.get_action(),
        ArgAction::SetTrue | ArgAction::SetFalse | ArgAction::Count
    );
    let optional_value = arg.get_num_args().is_some_and(|n| n.min_values() == 0);
    let value = match (takes_value, optional_value) {
        (false, _) => String::new(),
        (true, false) => values.join(" "),
        (true, true) => format!("[{}]", values.join(" ")),
    };
    if arg.is_positional() {
        let many = matches!(arg.get_action(), ArgAction::Append);
        return if many { format!("{value}...") } else { value };
    }
    let mut names = Vec::new();
    if let Some(short) = arg.get_short() {
        names.push(format!("-{short}"));
    }
    if let Some(long) = arg.get_long() {
        names.push(format!("--{long}"));
    }
    let names = names.join(", ");
    if value.is_empty() {
        names
    } else {
        format!("{names} {value}")
    }
}

/// What an argument does: its help, its values when they are a fixed set, and whether it may
/// be repeated.
fn what(arg: &Arg) -> String {
    let mut text = arg
        .get_help()
        .map(|h| h.to_string())
        .unwrap_or_default()
        .replace('\n', " ");
    let mut sentence = |more: String| {
        if !text.is_empty() && !text.ends_with(['.', '?', '!']) {
            text.push('.');
        }
        text.push(' ');
        text.push_str(&more);
    };
    let values: Vec<String> = arg
        .get_possible_values()
        .iter()
        .filter(|v| !v.is_hide_set())
        .map(|v| format!("`{}`", v.get_name()))
        .collect();
    if !values.is_empty() && !matches!(arg.get_action(), ArgAction::SetTrue) {
        sentence(format!("Values: {}.", values.join(", ")));
    }
    if matches!(arg.get_action(), ArgAction::Append) && !arg.is_positional() {
        sentence("Repeatable.".to_string());
    }
    text.trim_start().to_string()
}

/// The spellings a command still accepts but no longer shows: hidden options (their help says
/// what replaced them) and the hidden aliases of shown ones.
fn old_spellings(command: &Command) -> Vec<String> {
    let mut old = Vec::new();
    for arg in command.get_arguments() {
        let Some(long) = arg.get_long() else {
            continue;
        };
        if arg.is_hide_set() {
            let help = arg.get_help().map(|h| h.to_string()).unwrap_or_default();
            let help = help.trim_end_matches('.');
            let help = help.strip_prefix("The old spelling of ").unwrap_or(help);
            old.push(format!("`--{long}` ({help})"));
            continue;
        }
        for alias in arg.get_all_aliases().into_iter().flatten() {
            old.push(format!("`--{alias}` (`--{long}`)"));
        }
    }
    old
}
