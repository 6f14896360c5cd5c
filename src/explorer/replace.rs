//! `r` over another engine's trace: killerscope's own search would replace the tree on screen,
//! so the first `r` asks (in the status line) and a second `r` accepts; any other action keeps
//! the trace. Afterwards the tree's title says whose search it shows (`shown_engine`).

use super::action::Effect;
use super::app::Explorer;

impl Explorer {
    /// The engine whose finished search is on screen, when it is not killerscope (an imported
    /// trace); an unnamed writer is "another engine".
    pub fn foreign_engine(&self) -> Option<String> {
        let engine = self.session.header().engine.trim();
        let foreign = !engine.starts_with("killerscope") && !self.is_live();
        foreign.then(|| match engine {
            "" => "another engine".to_string(),
            name => crate::text::printable(name).into_owned(),
        })
    }

    /// Whose search the tree shows, for its title: another engine's (by name), or
    /// killerscope's own once it replaced one; `None` for killerscope's own otherwise.
    pub fn shown_engine(&self) -> Option<String> {
        match self.foreign_engine() {
            Some(engine) => Some(format!("{engine}'s search")),
            None => self
                .setup
                .replaced
                .as_ref()
                .map(|_| "killerscope's own search".to_string()),
        }
    }

    /// `r`: search again, asking first when the tree shows another engine's trace (no lesson
    /// is running: a lesson's planned re-run is its own search).
    pub(super) fn rerun(&mut self) -> Vec<Effect> {
        let foreign = self.foreign_engine().filter(|_| self.lesson.is_none());
        if let Some(engine) = &foreign
            && !self.setup.replace_asked
        {
            self.setup.replace_asked = true;
            self.info(format!(
                "the tree shows {engine}'s search: r again replaces it with killerscope's own, any other key keeps it"
            ));
            return Vec::new();
        }
        self.setup.replace_asked = false;
        let request = self.begin_search();
        if let Some(was) = &foreign {
            self.info(format!("replaced {was}'s search with killerscope's own"));
        }
        self.setup.replaced = foreign;
        vec![Effect::Search(Box::new(request))]
    }

    /// Any action but `r` after the question: the trace stays.
    pub(super) fn keep_trace(&mut self) {
        if std::mem::take(&mut self.setup.replace_asked) {
            self.info("kept the trace on screen");
        }
    }
}
