//! Reading the documentation as the docs tests need it: the markdown files a reader is sent to
//! (README.md and docs/*.md), their fenced blocks, the command examples in those blocks and
//! the text captures marked for regeneration.

#![allow(dead_code)]

pub mod svg;

use std::fs;
use std::path::{Path, PathBuf};

/// The repository's root: where README.md and docs/ are.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// README.md first, then every docs/*.md in name order: the order a reader meets them.
pub fn markdown_files() -> Vec<PathBuf> {
    let mut docs: Vec<PathBuf> = fs::read_dir(root().join("docs"))
        .expect("docs/ is readable")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    docs.sort();
    let mut files = vec![root().join("README.md")];
    files.extend(docs);
    files
}

/// The path of `file` relative to the repository, for messages.
pub fn shown(file: &Path) -> String {
    file.strip_prefix(root())
        .unwrap_or(file)
        .display()
        .to_string()
}

/// One fenced block: its info string (`sh`, `console`, `text`, or empty), the 1-based line of
/// its opening fence, and its lines.
#[derive(Debug, Clone)]
pub struct Block {
    pub info: String,
    pub line: usize,
    pub lines: Vec<String>,
}

/// Every fenced block of a markdown text, in order. A fence is a line starting with three
/// backticks; a block left open runs to the end of the text.
pub fn blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut open: Option<Block> = None;
    for (i, line) in text.lines().enumerate() {
        match open.take() {
            None => {
                if let Some(info) = line.strip_prefix("```") {
                    open = Some(Block {
                        info: info.trim().to_string(),
                        line: i + 1,
                        lines: Vec::new(),
                    });
                }
            }
            Some(mut block) => {
                if line.starts_with("```") {
                    out.push(block);
                } else {
                    block.lines.push(line.to_string());
                    open = Some(block);
                }
            }
        }
    }
    out.extend(open);
    out
}

/// What a command example expects, from the comment at its end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mark {
    /// Run it and check its exit status.
    Run,
    /// `# interactive…`: it opens the explorer on the terminal; not run.
    Interactive,
    /// `# slow…`: it takes many seconds; run with its `--depth` cut to `SLOW_DEPTH`.
    Slow,
}

/// The depth a `# slow` example runs at in the test.
pub const SLOW_DEPTH: u32 = 3;

/// `command` with every `--depth N` deeper than `SLOW_DEPTH` cut to it.
pub fn shallow(command: &str) -> String {
    let words: Vec<&str> = command.split(' ').collect();
    let mut out = Vec::with_capacity(words.len());
    for (i, word) in words.iter().enumerate() {
        let after_depth = i > 0 && words[i - 1] == "--depth";
        match word.parse::<u32>() {
            Ok(n) if after_depth && n > SLOW_DEPTH => out.push(SLOW_DEPTH.to_string()),
            _ => out.push((*word).to_string()),
        }
    }
    out.join(" ")
}

/// One command example: where it is, the command as the shell gets it, what the docs quote of
/// its output, and the exit status it must end with.
#[derive(Debug, Clone)]
pub struct Example {
    pub line: usize,
    pub command: String,
    pub mark: Mark,
    pub expected_output: Vec<String>,
    pub status: i32,
}

/// The command examples of one block. In a `sh`, `bash`, `shell` or untagged block, a line
/// starting with `killerscope ` is a command; in any block, a line starting with
/// `$ killerscope ` is a command and the lines after it up to the next `$ ` line are its quoted
/// output. A line ending in `\` continues on the next. A trailing `# interactive` comment marks
/// a command that opens the explorer, `# slow` one run shallower in the test, `# exit N` one
/// that must end with status N; otherwise a command must succeed, unless its quoted output
/// holds an `error:` line (then status 2).
pub fn examples(block: &Block) -> Vec<Example> {
    let bare_commands = matches!(block.info.as_str(), "" | "sh" | "bash" | "shell");
    let mut out: Vec<Example> = Vec::new();
    let mut in_output = false;
    let mut i = 0;
    while i < block.lines.len() {
        let line = &block.lines[i];
        let start = i;
        let dollar = line.strip_prefix("$ ");
        let is_command = match dollar {
            Some(rest) => rest.starts_with("killerscope ") || rest == "killerscope",
            None => {
                bare_commands && (line.starts_with("killerscope ") || line.trim() == "killerscope")
            }
        };
        if dollar.is_some() && !is_command {
            in_output = false;
        }
        if !is_command {
            if in_output && let Some(last) = out.last_mut() {
                last.expected_output.push(line.clone());
            }
            i += 1;
            continue;
        }
        let mut command = dollar.unwrap_or(line).to_string();
        while command.trim_end().ends_with('\\') && i + 1 < block.lines.len() {
            i += 1;
            let trimmed = command.trim_end();
            let head = trimmed[..trimmed.len() - 1].trim_end();
            command = format!("{head} {}", block.lines[i].trim());
        }
        let comment = trailing_comment(&command).unwrap_or_default();
        let mark = if comment.starts_with("interactive") {
            Mark::Interactive
        } else if comment.starts_with("slow") {
            Mark::Slow
        } else {
            Mark::Run
        };
        let status = comment
            .strip_prefix("exit ")
            .and_then(|n| n.split_whitespace().next())
            .and_then(|n| n.parse().ok());
        out.push(Example {
            line: block.line + 1 + start,
            command,
            mark,
            expected_output: Vec::new(),
            status: status.unwrap_or(-1),
        });
        in_output = dollar.is_some();
        i += 1;
    }
    for example in &mut out {
        if example.status == -1 {
            let error = example
                .expected_output
                .iter()
                .any(|l| l.starts_with("error:"));
            example.status = if error { 2 } else { 0 };
        }
    }
    out
}

/// The text after a ` # ` outside quotes, trimmed: a shell comment at the end of a command.
fn trailing_comment(command: &str) -> Option<String> {
    let (mut single, mut double) = (false, false);
    let bytes = command.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'\'' if !double => single = !single,
            b'"' if !single => double = !double,
            b'#' if !single && !double && i > 0 && bytes[i - 1] == b' ' => {
                return Some(command[i + 1..].trim().to_string());
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block(info: &str, text: &str) -> Block {
        Block {
            info: info.to_string(),
            line: 1,
            lines: text.lines().map(String::from).collect(),
        }
    }

    #[test]
    fn commands_outputs_and_marks_are_read() {
        let b = block(
            "sh",
            "killerscope search --depth 3 \\\n    --json   # the summary\nkillerscope tui   # interactive: the explorer\ncargo run\n",
        );
        let ex = examples(&b);
        assert_eq!(ex.len(), 2);
        assert_eq!(
            ex[0].command,
            "killerscope search --depth 3 --json   # the summary"
        );
        assert_eq!(ex[0].mark, Mark::Run);
        assert_eq!(ex[1].mark, Mark::Interactive);
        let b = block(
            "text",
            "$ killerscope fen x\nerror: FEN: found 1 fields\n$ killerscope doctor a.kslog   # exit 1\nsuspect\n",
        );
        let ex = examples(&b);
        assert_eq!(ex[0].status, 2);
        assert_eq!(ex[0].expected_output, vec!["error: FEN: found 1 fields"]);
        assert_eq!(ex[1].status, 1);
        assert!(examples(&block("text", "killerscope search --depth 9")).is_empty());
    }

    #[test]
    fn slow_examples_run_shallower() {
        assert_eq!(
            shallow("killerscope compare --library --depth 6 --config x   # slow"),
            "killerscope compare --library --depth 3 --config x   # slow"
        );
        assert_eq!(
            shallow("killerscope perft --depth 2"),
            "killerscope perft --depth 2"
        );
    }

    #[test]
    fn a_hash_inside_quotes_is_no_comment() {
        assert_eq!(trailing_comment("killerscope x 'a # b'"), None);
        assert_eq!(
            trailing_comment("killerscope x \"a\" # exit 1").as_deref(),
            Some("exit 1")
        );
    }
}
