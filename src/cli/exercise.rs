//! `killerscope exercise`: questions a class is graded on, drawn from a real search of one
//! position (`trace::exercise`). Printed as a worksheet with its answer key; asked one by one on
//! the terminal with `--results FILE` (a CSV a teacher collects; `exercise/quiz.rs`); or written with `-o FILE` as
//! a lesson file that `killerscope lesson --file` opens and checks. The same seed gives the
//! same exercise, byte for byte.

use super::CliError;
use super::grammar;
use clap::Args;
use killerscope_analysis::exercise::{Exercise, ExerciseSpec, Kind, generate};
use killerscope_chess::Position;
use killerscope_chess::epd;
use killerscope_engine::{Limits, OrderingConfig, SearchConfig};
use killerscope_log::{files::create_output, files::read_text};
use killerscope_text::printable;
use killerscope_trace::record_search;
use quiz::quiz;
use std::io::Write;
use std::path::{Path, PathBuf};

mod quiz;

/// Arguments of `killerscope exercise`.
#[derive(Args, Debug)]
pub struct ExerciseArgs {
    /// The position (default: the start position).
    #[arg(long, conflicts_with = "epd")]
    fen: Option<String>,
    /// An EPD file to take the position from, with --id.
    #[arg(long, requires = "id")]
    epd: Option<PathBuf>,
    /// The `id` of the position in the --epd file.
    #[arg(long, requires = "epd")]
    id: Option<String>,
    /// Search depth in plies of the search the questions are drawn from (its last iteration;
    /// at most 12: the whole search is kept in memory).
    #[arg(short = 'd', long, value_name = "PLIES", value_parser = grammar::depth(12))]
    depth: u8,
    /// Number of questions (fewer if the tree has fewer nodes to ask about).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=500))]
    count: u64,
    /// Seeds the draw: the same seed gives the whole class the same exercise.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The ordering switches of the search, e.g. "killers=3" (default: the default ordering;
    /// the search is full width).
    #[arg(long, value_name = "CONFIG", alias = "ordering", default_value = "")]
    config: String,
    /// Only these kinds, comma-separated: refutation, first-tried, child-window, node-type,
    /// tried-before-cutoff, cutoff-source (default: all; with -o, those a lesson can ask).
    #[arg(long, value_name = "LIST")]
    kinds: Option<String>,
    /// The alpha-beta basics instead of a draw: the window of every node of the last iteration
    /// in search order (best on a small tree: depth 2 or 3 of a position with few moves).
    #[arg(long, conflicts_with = "kinds")]
    walk: bool,
    /// Write the exercise as a lesson file (for `lesson --file`) instead of printing it.
    #[arg(
        short = 'o',
        long = "output",
        value_name = "FILE",
        conflicts_with = "results"
    )]
    output: Option<PathBuf>,
    /// Ask the questions one by one (answers by number on stdin; a miss gets one more try, as
    /// in a lesson, and a line that is no choice is asked again) and write the results as CSV:
    /// question, kind, prompt, answer, right answer, right/wrong/unanswered, tries, tries
    /// allowed, seconds.
    #[arg(long, value_name = "FILE")]
    results: Option<PathBuf>,
    #[command(flatten)]
    jobs: super::jobs::Jobs,
}

/// Runs the command.
pub fn run(args: &ExerciseArgs) -> Result<(), CliError> {
    let (pos, fen_source) = position(args)?;
    let ordering: OrderingConfig = args
        .config
        .parse()
        .map_err(|e| CliError::new(format!("--config: {e}")))?;
    let kinds = kinds(args)?;
    if args.walk && args.output.is_some() {
        return Err(CliError::new(
            "exercise: a lesson file cannot ask window questions yet: --walk prints or asks them",
        ));
    }
    let config = SearchConfig {
        ordering,
        ..SearchConfig::default()
    };
    let (log, report) = record_search(&pos, config, &Limits::depth(args.depth));
    let spec = ExerciseSpec {
        count: usize::try_from(args.count).unwrap_or(usize::MAX),
        seed: args.seed,
        kinds,
        walk: args.walk,
    };
    let exercise = args
        .jobs
        .run(|| generate(&log, &spec))?
        .map_err(|e| CliError::new(format!("exercise: {e}")))?;
    if exercise.questions.is_empty() {
        return Err(CliError::new(format!(
            "exercise: the depth-{} tree of {fen_source} has no node to ask about",
            args.depth
        )));
    }
    let about = About {
        fen_source: &fen_source,
        nodes: report.nodes,
        seed: args.seed,
    };
    if let Some(path) = &args.output {
        let text = lesson_file(&exercise, &about);
        return write_file(path, &text);
    }
    if let Some(path) = &args.results {
        return quiz(&exercise, path);
    }
    let mut out = std::io::stdout().lock();
    worksheet(&mut out, &exercise, &about)?;
    out.flush()?;
    Ok(())
}

/// The position `--fen` or `--epd --id` names, and how to name it.
fn position(args: &ExerciseArgs) -> Result<(Position, String), CliError> {
    if let (Some(file), Some(id)) = (&args.epd, &args.id) {
        let shown = printable(&file.display().to_string()).into_owned();
        let text = read_text(file, epd::MAX_FILE_BYTES)
            .map_err(|e| CliError::new(format!("--epd {shown}: {e}")))?;
        let records =
            epd::parse(&text).map_err(|e| CliError::new(format!("--epd {shown}: {e}")))?;
        let record = records
            .iter()
            .find(|r| r.id.as_deref() == Some(id.as_str()))
            .ok_or_else(|| {
                CliError::new(format!(
                    "--epd {shown}: no position has id \"{}\"",
                    printable(id)
                ))
            })?;
        let pos =
            super::fen::read_position(&record.fen, &format!("--epd {shown} line {}", record.line))
                .map_err(|e| CliError::new(format!("--epd {shown} line {}: {e}", record.line)))?;
        return Ok((pos, format!("\"{}\"", printable(id))));
    }
    let pos = match &args.fen {
        Some(fen) => super::fen::read_position(fen, "--fen")?,
        None => Position::startpos(),
    };
    let shown = pos.to_fen();
    Ok((pos, shown))
}

/// The kinds `--kinds` names; by default all of them, or — for a lesson file — those its
/// format can ask.
fn kinds(args: &ExerciseArgs) -> Result<Vec<Kind>, CliError> {
    let usable = |k: &Kind| args.output.is_none() || k.lesson_answer().is_some();
    let Some(list) = &args.kinds else {
        return Ok(Kind::DRAWN.into_iter().filter(usable).collect());
    };
    let mut kinds = Vec::new();
    for key in list.split(',').map(str::trim).filter(|k| !k.is_empty()) {
        let kind = Kind::DRAWN
            .into_iter()
            .find(|k| k.key() == key)
            .ok_or_else(|| {
                let known: Vec<&str> = Kind::DRAWN.iter().map(|k| k.key()).collect();
                CliError::new(format!(
                    "--kinds: unknown kind \"{}\" (known: {})",
                    killerscope_text::quote(key),
                    known.join(", ")
                ))
            })?;
        if !usable(&kind) {
            return Err(CliError::new(format!(
                "--kinds: a lesson file cannot ask {} questions yet (it can ask refutation and first-tried)",
                kind.key()
            )));
        }
        kinds.push(kind);
    }
    Ok(kinds)
}

/// What the header of every output says about the exercise.
struct About<'a> {
    fen_source: &'a str,
    nodes: u64,
    seed: u64,
}

fn ordering_text(exercise: &Exercise) -> String {
    let changes = exercise.ordering.changes();
    if changes == "default" {
        String::new()
    } else {
        changes
    }
}

/// The worksheet: the questions with numbered choices, then the answer key with the reasons.
fn worksheet(out: &mut impl Write, exercise: &Exercise, about: &About<'_>) -> Result<(), CliError> {
    writeln!(
        out,
        "Exercise: {}, depth {}, ordering {}, seed {} — {} questions about the last iteration \
         ({} nodes searched).\n",
        about.fen_source,
        exercise.depth,
        exercise.ordering.changes(),
        about.seed,
        exercise.questions.len(),
        about.nodes
    )?;
    for (k, q) in exercise.questions.iter().enumerate() {
        writeln!(out, "{}. [{}] {}", k + 1, q.kind.key(), q.prompt)?;
        writeln!(out, "   {}", numbered(&q.choices))?;
    }
    writeln!(out, "\nAnswers\n")?;
    for (k, q) in exercise.questions.iter().enumerate() {
        writeln!(
            out,
            "{}. {}) {} — {}",
            k + 1,
            q.answer + 1,
            q.choices[q.answer],
            q.explanation
        )?;
    }
    Ok(())
}

fn numbered(choices: &[String]) -> String {
    let items: Vec<String> = choices
        .iter()
        .enumerate()
        .map(|(k, c)| format!("{}) {c}", k + 1))
        .collect();
    items.join("   ")
}

/// A TOML basic string: quoted, with `"`, `\` and control characters escaped.
fn toml_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The exercise as a lesson file (docs/lessons.md): a step that loads and searches the
/// position with its node count pinned, then one step per question whose answer rule the
/// lesson reads from the search (never written in the file).
fn lesson_file(exercise: &Exercise, about: &About<'_>) -> String {
    let mut out = String::new();
    let title = format!(
        "Exercise: {} at depth {} (seed {})",
        about.fen_source, exercise.depth, about.seed
    );
    out.push_str(&format!("title = {}\n", toml_string(&title)));
    let summary = format!(
        "{} questions drawn from the last iteration of a real search, answered from its log.",
        exercise.questions.len()
    );
    out.push_str(&format!("summary = {}\n", toml_string(&summary)));
    out.push_str("\n[[step]]\n");
    let intro = "The search the questions are drawn from. Answer each one before you look at \
                 the tree: the answer and why come from the search itself.";
    out.push_str(&format!("text = {}\n", toml_string(intro)));
    out.push_str(&format!("fen = {}\n", toml_string(&exercise.fen)));
    out.push_str(&format!(
        "search = {{ depth = {}, ordering = {}, nodes = {} }}\n",
        exercise.depth,
        toml_string(&ordering_text(exercise)),
        about.nodes
    ));
    let total = exercise.questions.len();
    for (k, q) in exercise.questions.iter().enumerate() {
        let Some(rule) = q.kind.lesson_answer() else {
            continue;
        };
        out.push_str("\n[[step]]\n");
        let text = format!("Question {} of {total}.", k + 1);
        out.push_str(&format!("text = {}\n", toml_string(&text)));
        let node = format!(
            "{{ depth = {}, path = {} }}",
            exercise.depth,
            toml_string(&q.path_san)
        );
        out.push_str(&format!("select = {node}\n"));
        let choices: Vec<String> = q.choices.iter().map(|c| toml_string(c)).collect();
        out.push_str(&format!(
            "question = {{ prompt = {}, choices = [{}], answer = {{ {rule} = {node} }} }}\n",
            toml_string(&q.prompt),
            choices.join(", ")
        ));
    }
    out
}

fn write_file(path: &Path, text: &str) -> Result<(), CliError> {
    let shown = printable(&path.display().to_string()).into_owned();
    let mut file =
        create_output(path).map_err(|e| CliError::new(format!("cannot write {shown}: {e}")))?;
    file.write_all(text.as_bytes())
        .map_err(|e| CliError::new(format!("cannot write {shown}: {e}")))
}
