//! `r` over another engine's trace: killerscope's own search would replace the tree on screen,
//! so the first `r` asks (in the status line) and a second `r` accepts; any other action keeps
//! the trace. Afterwards the tree's title says whose search it shows.

use super::session::Session;

/// Whether a trace on screen may be replaced by killerscope's own search, and whose it was.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Replacement {
    /// `r` over another engine's trace asked whether to replace it.
    asked: bool,
    /// The engine whose trace killerscope's own search replaced, for the tree's title.
    replaced: Option<String>,
}

/// What `r` does now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rerun {
    /// Ask first: the question for the status line.
    Ask(String),
    /// Search, replacing this engine's trace if it names one.
    Search(Option<String>),
}

impl Replacement {
    /// `r` with `session` on screen (inside a lesson, whose planned re-run is its own search,
    /// `in_lesson` never asks).
    pub fn rerun(&mut self, session: &Session, in_lesson: bool) -> Rerun {
        let foreign = foreign_engine(session).filter(|_| !in_lesson);
        if let Some(engine) = &foreign
            && !self.asked
        {
            self.asked = true;
            return Rerun::Ask(format!(
                "the tree shows {engine}'s search: r again replaces it with killerscope's own, any other key keeps it"
            ));
        }
        self.asked = false;
        Rerun::Search(foreign)
    }

    /// The search `r` started replaced `engine`'s trace (if it names one); what to say.
    pub fn replaced(&mut self, engine: Option<String>) -> Option<String> {
        let said = engine
            .as_ref()
            .map(|was| format!("replaced {was}'s search with killerscope's own"));
        self.replaced = engine;
        said
    }

    /// Any action but `r` after the question: the trace stays; what to say, if it asked.
    pub fn keep_trace(&mut self) -> Option<String> {
        std::mem::take(&mut self.asked).then(|| "kept the trace on screen".to_string())
    }

    /// A new search: until `replaced` says otherwise it replaced no trace.
    pub fn forget(&mut self) {
        self.replaced = None;
    }

    /// Whose search the tree shows, for its title: another engine's (by name), or
    /// killerscope's own once it replaced one; `None` for killerscope's own otherwise.
    pub fn shown_engine(&self, session: &Session) -> Option<String> {
        match foreign_engine(session) {
            Some(engine) => Some(format!("{engine}'s search")),
            None => self
                .replaced
                .as_ref()
                .map(|_| "killerscope's own search".to_string()),
        }
    }
}

/// The engine whose finished search is on screen, when it is not killerscope (an imported
/// trace); an unnamed writer is "another engine".
pub fn foreign_engine(session: &Session) -> Option<String> {
    let engine = session.header().engine.trim();
    let foreign = !engine.starts_with("killerscope") && !session.run().is_live();
    foreign.then(|| match engine {
        "" => "another engine".to_string(),
        name => killerscope_text::printable(name).into_owned(),
    })
}
