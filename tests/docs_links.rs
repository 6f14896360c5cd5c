//! Every relative link in README.md and docs/*.md leads somewhere: the file exists, and a
//! `#fragment` into a markdown file names one of its headings (as GitHub makes heading
//! anchors: lower case, punctuation dropped, spaces to hyphens).

use crate::docs_support;

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

/// GitHub's anchor for a heading's text.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '-' || *c == '_' || *c == ' ')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a markdown file's headings (outside fenced blocks).
fn anchors(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            out.push(anchor(line.trim_start_matches('#')));
        }
    }
    out
}

/// The targets of the inline links `[text](target)` of a markdown text, outside fenced blocks.
fn links(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut rest = line;
        while let Some(k) = rest.find("](") {
            let after = &rest[k + 2..];
            let end = after.find(')').unwrap_or(after.len());
            out.push(after[..end].to_string());
            rest = &after[end..];
        }
    }
    out
}

/// `path` with `.` and `..` steps folded, without touching the file system.
fn normal(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

#[test]
fn every_relative_link_in_the_docs_leads_somewhere() {
    let files = docs_support::markdown_files();
    let mut headings: HashMap<PathBuf, Vec<String>> = HashMap::new();
    for file in &files {
        let text = fs::read_to_string(file).expect("read a markdown file");
        headings.insert(normal(file), anchors(&text));
    }
    let mut broken = Vec::new();
    let mut count = 0;
    for file in &files {
        let text = fs::read_to_string(file).expect("read a markdown file");
        for link in links(&text) {
            if link.contains("://") || link.starts_with("mailto:") {
                continue;
            }
            count += 1;
            let (path, fragment) = link.split_once('#').unwrap_or((&link, ""));
            let target = if path.is_empty() {
                normal(file)
            } else {
                normal(&file.parent().expect("a file's directory").join(path))
            };
            if !target.exists() {
                broken.push(format!(
                    "{}: {link}: no such file",
                    docs_support::shown(file)
                ));
                continue;
            }
            if !fragment.is_empty()
                && target.extension().is_some_and(|x| x == "md")
                && headings
                    .get(&target)
                    .is_some_and(|h| !h.iter().any(|a| a == fragment))
            {
                broken.push(format!(
                    "{}: {link}: no heading with that anchor",
                    docs_support::shown(file)
                ));
            }
        }
    }
    assert!(
        count > 50,
        "only {count} links found: is the reader broken?"
    );
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn anchors_are_made_as_github_makes_them() {
    assert_eq!(
        anchor(" The diff view (`tui --diff A B`, or `D`)"),
        "the-diff-view-tui---diff-a-b-or-d"
    );
    assert_eq!(anchor("Charts (`v`)"), "charts-v");
    assert_eq!(
        links("see [a](b.md#c) and [d](https://e)"),
        vec!["b.md#c", "https://e"]
    );
}
