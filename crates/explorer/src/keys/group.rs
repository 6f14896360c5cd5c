//! The sections of the help overlay: every row of the key table names the one it is listed
//! under, so the overlay groups keys the way a reader looks for them. A view's list
//! (`Mode::List`) is listed under `Group::List`, headed by the view's own title (`View::LIST`).

use crate::views::ViewId;

/// Which part of the help overlay a row is listed under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// Moving around the search tree.
    Tree,
    /// Stepping through the search in time.
    Timeline,
    /// Choosing what to search and how.
    Search,
    /// Everything else, including the keys of every mode.
    General,
    /// Inside the help overlay.
    HelpView,
    /// Typing a FEN.
    FenEntry,
    /// Typing a node query.
    QueryEntry,
    /// In the position picker.
    Picker,
    /// In the compare picker.
    ComparePicker,
    /// In the compare view.
    CompareView,
    /// In the charts view.
    ChartsView,
    /// While a lesson is open.
    Lesson,
    /// In the lesson picker.
    LessonPicker,
    /// In the diff view.
    DiffView,
    /// Writing a bookmark's note.
    NoteEntry,
    /// In a view's list (`Mode::List`).
    List(ViewId),
}

impl Group {
    /// Heading shown in the help overlay.
    pub fn title(self) -> &'static str {
        match self {
            Group::Tree => "Tree",
            Group::Timeline => "Timeline",
            Group::Search => "Search",
            Group::General => "General",
            Group::HelpView => "In this help",
            Group::FenEntry => "Typing a FEN (f)",
            Group::QueryEntry => "Query line (/)",
            Group::Picker => "Position picker (o)",
            Group::ComparePicker => "Compare picker (c)",
            Group::CompareView => "Compare view",
            Group::ChartsView => "Charts view (v)",
            Group::Lesson => "While a lesson is open",
            Group::LessonPicker => "Lesson picker (L)",
            Group::DiffView => "Diff view (tui --diff A B; D)",
            Group::NoteEntry => "Bookmark note (b)",
            Group::List(id) => id.list_title().unwrap_or_default(),
        }
    }

    /// The normal view's groups, in the order the help overlay shows them.
    pub const MAIN: [Group; 4] = [Group::Tree, Group::Timeline, Group::Search, Group::General];

    /// The overlays' groups, in the order the help overlay shows them: the views' lists (each
    /// view that has one, in registry order) come after the bookmark note and before the
    /// position picker.
    pub fn overlays() -> Vec<Group> {
        let lists = ViewId::ALL.iter().filter(|id| id.list_title().is_some());
        [
            Group::Lesson,
            Group::LessonPicker,
            Group::HelpView,
            Group::FenEntry,
            Group::QueryEntry,
            Group::NoteEntry,
        ]
        .into_iter()
        .chain(lists.map(|&id| Group::List(id)))
        .chain([
            Group::Picker,
            Group::ComparePicker,
            Group::CompareView,
            Group::ChartsView,
            Group::DiffView,
        ])
        .collect()
    }
}
