//! Every command example in README.md and docs/*.md runs. Each file's examples run in order,
//! through `sh`, in a scratch directory of their own that holds a copy of `assets/` and of
//! `docs/examples/` (the files the examples name), with the `killerscope` this build made
//! first on the `PATH`. Each must end with the status the docs imply (0, or 2 where the docs
//! quote an `error:`, or the `# exit N` written after it), and every line the docs quote of its
//! output must be among its output lines, in order (a `…` in a quoted line stands for text that
//! changes from run to run, such as a time). Examples marked `# interactive` open the
//! explorer on a terminal and are skipped; those marked `# slow` run with their `--depth` cut to
//! `SLOW_DEPTH` (their quoted output, if any, is not checked); skipped too is a pipeline into a tool this machine lacks
//! (`… | jq`); both are counted in the report.

use crate::docs_support;

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use docs_support::{Example, Mark, blocks, examples, markdown_files, root, shallow, shown};

/// How long one example may run before it counts as hung.
const LIMIT: Duration = Duration::from_secs(60);

/// A fresh directory for one file's examples, with the assets and example files copied in.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "killerscope-docs-{}-{}",
        std::process::id(),
        name.replace(['/', '.'], "-")
    ));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("scratch directory");
    copy_tree(&root().join("assets"), &dir.join("assets"));
    copy_tree(&root().join("docs/examples"), &dir);
    dir
}

fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("create a scratch subdirectory");
    for entry in fs::read_dir(from)
        .expect("read a directory to copy")
        .flatten()
    {
        let path = entry.path();
        let target = to.join(entry.file_name());
        if path.is_dir() {
            copy_tree(&path, &target);
        } else {
            fs::copy(&path, &target).expect("copy a file into the scratch directory");
        }
    }
}

/// The directory holding the binary under test, to put first on the `PATH`.
fn bin_dir() -> PathBuf {
    Path::new(env!("CARGO_BIN_EXE_killerscope"))
        .parent()
        .expect("the binary has a directory")
        .to_path_buf()
}

/// Runs `example` in `dir`; the exit status and stdout + stderr, or why it could not run.
fn run(example: &Example, dir: &Path) -> Result<(i32, String), String> {
    let path = format!(
        "{}:{}",
        bin_dir().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(if example.mark == Mark::Slow {
            shallow(&example.command)
        } else {
            example.command.clone()
        })
        .current_dir(dir)
        .env("PATH", path)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start sh: {e}"))?;
    let mut out = child.stdout.take().expect("piped stdout");
    let mut err = child.stderr.take().expect("piped stderr");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = out.read_to_string(&mut text);
        text
    });
    let err_reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = err.read_to_string(&mut text);
        text
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if start.elapsed() > LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("still running after {LIMIT:?}"));
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let stdout = reader.join().unwrap_or_default();
    let stderr = err_reader.join().unwrap_or_default();
    Ok((status.code().unwrap_or(-1), format!("{stdout}{stderr}")))
}

/// The programs a pipeline's later stages run (`… | jq …`) that are not on the `PATH`: an
/// example needing a tool this machine lacks is skipped, not failed.
fn missing_tools(command: &str) -> Vec<String> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    command
        .split('|')
        .skip(1)
        .filter_map(|stage| stage.split_whitespace().next())
        .filter(|tool| !std::env::split_paths(&path).any(|dir| dir.join(tool).is_file()))
        .map(String::from)
        .collect()
}

/// Whether output line `got` is the quoted line `want`, where a `…` in `want` stands for any
/// text (times and speeds, which change from run to run).
fn matches_line(want: &str, got: &str) -> bool {
    let parts: Vec<&str> = want.split('…').collect();
    let [first, middle @ .., last] = parts.as_slice() else {
        return want == got;
    };
    if parts.len() == 1 {
        return want == got;
    }
    if !got.starts_with(first) || got.len() < first.len() + last.len() || !got.ends_with(last) {
        return false;
    }
    let mut rest = &got[first.len()..got.len() - last.len()];
    for part in middle {
        match rest.find(part) {
            Some(k) => rest = &rest[k + part.len()..],
            None => return false,
        }
    }
    true
}

/// The quoted lines missing from `output`, in order (a quoted `…` line stands for lines left out).
fn missing_lines(expected: &[String], output: &str) -> Vec<String> {
    let got: Vec<&str> = output.lines().map(str::trim_end).collect();
    let mut at = 0;
    let mut missing = Vec::new();
    for want in expected.iter().map(|l| l.trim_end()) {
        if want.is_empty() || want == "…" || want == "..." {
            continue;
        }
        match got[at..].iter().position(|g| matches_line(want, g)) {
            Some(k) => at += k + 1,
            None => missing.push(want.to_string()),
        }
    }
    missing
}

#[test]
fn every_command_example_in_the_docs_runs() {
    let mut failures = Vec::new();
    let (mut ran, mut skipped) = (0, 0);
    for file in markdown_files() {
        let text = fs::read_to_string(&file).expect("read a markdown file");
        let all: Vec<Example> = blocks(&text).iter().flat_map(examples).collect();
        if all.is_empty() {
            continue;
        }
        let dir = scratch(&shown(&file));
        for example in &all {
            let at = format!("{}:{}", shown(&file), example.line);
            if example.mark == Mark::Interactive {
                skipped += 1;
                continue;
            }
            let tools = missing_tools(&example.command);
            if !tools.is_empty() {
                eprintln!("{at}: skipped, {tools:?} not on the PATH");
                skipped += 1;
                continue;
            }
            ran += 1;
            match run(example, &dir) {
                Err(why) => failures.push(format!("{at}: {}\n  {why}", example.command)),
                Ok((status, output)) => {
                    let missing = if example.mark == Mark::Slow {
                        Vec::new()
                    } else {
                        missing_lines(&example.expected_output, &output)
                    };
                    if status != example.status || !missing.is_empty() {
                        let tail: Vec<&str> = output.lines().take(12).collect();
                        failures.push(format!(
                            "{at}: {}\n  exit status {status}, the docs imply {}\n  quoted lines not in the output: {missing:?}\n  output begins:\n    {}",
                            example.command,
                            example.status,
                            tail.join("\n    ")
                        ));
                    }
                }
            }
        }
        let _ = fs::remove_dir_all(&dir);
    }
    eprintln!("docs examples: {ran} run, {skipped} skipped (interactive, or a tool not installed)");
    assert!(ran > 30, "only {ran} examples found: is the parser broken?");
    assert!(
        failures.is_empty(),
        "{} of {ran} examples failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
