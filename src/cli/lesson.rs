//! `killerscope lesson`: the bundled lessons, and opening one — bundled or a teacher's own
//! file — in the explorer, or only checking it against the engine (`--check`). Either way the
//! lesson is played through first: the searches run, every node, event and answer it names is
//! found and every node count compared. A lesson that does not hold is refused naming the
//! step, before any terminal is touched; `--check` prints what each step resolved to.

use super::CliError;
use clap::Args;
use killerscope_chess::Position;
use killerscope_explorer::LessonSource;
use killerscope_explorer::library;
use killerscope_explorer::{Effect, Explorer, Prefs, Settings};
use killerscope_explorer::{lesson, lesson::BUNDLED, lesson::Lesson, lesson::View, lesson::Wait};
use killerscope_text::{printable, quote};
use killerscope_tui::Theme;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

/// Longest lesson file read; real ones are a few kilobytes.
const MAX_LESSON_BYTES: u64 = 1 << 20;

/// Arguments of `killerscope lesson`.
#[derive(Args, Debug)]
pub struct LessonArgs {
    /// A bundled lesson, by the name the list shows: opened in the explorer.
    #[arg(conflicts_with = "file")]
    name: Option<String>,
    /// A lesson file of your own (TOML, the format of assets/lessons/): opened in the explorer.
    #[arg(long)]
    file: Option<PathBuf>,
    /// Only play the lesson through against the engine and print what every step resolves
    /// to, without opening the explorer.
    #[arg(long)]
    check: bool,
    /// Write the learner's results to this CSV file (question, kind, prompt, answer, right
    /// answer, right/wrong/unanswered, tries, tries allowed, seconds — as `exercise --results`): when the
    /// last question is answered, and when the lesson is closed or the explorer quits.
    #[arg(long, value_name = "FILE", conflicts_with = "check")]
    results: Option<PathBuf>,
    /// Projector mode: high-contrast colours and the biggest board that fits (`P` switches).
    #[arg(long, conflicts_with = "check")]
    projector: bool,
    /// Letters instead of Unicode chess pieces.
    #[arg(long, conflicts_with = "check")]
    ascii: bool,
    /// Monochrome screen (also when the NO_COLOR environment variable is set).
    #[arg(long, conflicts_with = "check")]
    no_color: bool,
}

/// Runs the command.
pub fn run(args: &LessonArgs) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    let (name, text) = match (&args.name, &args.file) {
        (Some(name), _) => {
            let text = lesson::bundled(name).ok_or_else(|| {
                let names: Vec<&str> = BUNDLED.iter().map(|(n, _)| *n).collect();
                CliError::new(format!(
                    "no bundled lesson is called {} (lessons: {})",
                    quote(name),
                    names.join(", ")
                ))
            })?;
            (name.clone(), text.to_string())
        }
        (None, Some(path)) => {
            let text = killerscope_log::files::read_text(path, MAX_LESSON_BYTES).map_err(|e| {
                CliError::new(format!("lesson file {}: {e}", killerscope_text::path(path)))
            })?;
            (path.display().to_string(), text)
        }
        (None, None) if args.check => {
            return Err(CliError::new("--check needs a lesson name or --file"));
        }
        (None, None) => return list(&mut out),
    };
    if args.check {
        let checked = lesson::load(&text)?;
        print_checked(&mut out, &checked)?;
        out.flush()?;
        return Ok(());
    }
    if std::io::stdout().is_terminal() {
        return explore_checking(args, name, text);
    }
    // No terminal to keep alive: a lesson that does not hold is refused before anything else.
    lesson::load(&text)?;
    explore_checking(args, name, text)
}

/// Opens the explorer at once and checks the lesson on the runtime's thread, so the screen
/// draws and `q` works while the lesson's searches run; a lesson that does not hold ends the
/// explorer with its reason as the command's error.
fn explore_checking(args: &LessonArgs, name: String, text: String) -> Result<(), CliError> {
    let note = format!(
        "checking the lesson {} against the engine… (q quits)",
        quote(&name)
    );
    let source = LessonSource {
        name,
        text,
        leave_if_refused: true,
        results: args.results.clone(),
    };
    explore(args, vec![Effect::OpenLesson(source)], &note)
}

/// Opens the explorer on the library's first position, starting with `effects` (opening the
/// lesson) and saying `note`.
fn explore(args: &LessonArgs, effects: Vec<Effect>, note: &str) -> Result<(), CliError> {
    let library = library::embedded();
    let root = library
        .first()
        .and_then(|e| Position::from_fen(&e.fen).ok())
        .unwrap_or_else(Position::startpos);
    let prefs = Prefs {
        ascii: args.ascii,
        projector: args.projector,
        ..Prefs::default()
    };
    let mut app = Explorer::new(root, Settings::default(), library).with_prefs(prefs);
    if !note.is_empty() {
        app.info(note);
    }
    super::tui::explore(super::tui::Prepared {
        app,
        effects,
        mono: Theme::wants_mono(args.no_color),
    })
}

fn list(out: &mut impl Write) -> Result<(), CliError> {
    for listed in lesson::catalogue() {
        writeln!(
            out,
            "{}  ({} steps)  {}",
            listed.name, listed.steps, listed.title
        )?;
        writeln!(out, "    {}", listed.summary)?;
    }
    Ok(())
}

fn print_checked(out: &mut impl Write, lesson: &Lesson) -> Result<(), CliError> {
    writeln!(
        out,
        "{} — {} steps, every field checked against the search",
        printable(&lesson.title),
        lesson.steps.len()
    )?;
    for (k, step) in lesson.steps.iter().enumerate() {
        let mut done: Vec<String> = Vec::new();
        if let Some(pos) = &step.sets.position {
            done.push(format!("loads {}", pos.to_fen()));
        }
        if let Some(plan) = &step.sets.search {
            done.push(format!(
                "searches to depth {} ({}{}): {} nodes",
                plan.depth,
                plan.config.ordering,
                if plan.config.selective.any() {
                    format!("; {}", plan.config.selective)
                } else {
                    String::new()
                },
                plan.nodes
            ));
        }
        if let Some(id) = step.sets.select {
            done.push(format!("selects node {id}"));
        }
        if let Some(i) = step.sets.timeline {
            // Numbered from 1, as the status line numbers events.
            done.push(format!("moves the timeline to event {}", i + 1));
        }
        if let Some(View::Chart(chart)) = &step.sets.view {
            done.push(format!("opens the {} chart", chart.title()));
        }
        if let Some(View::Compare(columns)) = &step.sets.view {
            let cells: Vec<String> = columns
                .iter()
                .map(|(c, n)| {
                    let label = if c.trim().is_empty() { "default" } else { c };
                    format!("{label}: {n}")
                })
                .collect();
            done.push(format!("compares {}", cells.join(", ")));
        }
        match step.wait {
            Some(Wait::Key(c)) => done.push(format!("waits for the key {c}")),
            Some(Wait::Select(id)) => done.push(format!("waits for node {id} to be selected")),
            None => {}
        }
        if let Some(q) = &step.question {
            done.push(format!(
                "asks \"{}\" — answer {} (choice {} of {})",
                printable(&q.prompt),
                q.answer_san,
                q.answer + 1,
                q.choices.len()
            ));
        }
        if done.is_empty() {
            done.push("text only".into());
        }
        writeln!(out, "{:>3}. {}", k + 1, done.join("; "))?;
    }
    Ok(())
}
