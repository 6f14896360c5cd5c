//! The compare view (`c`): a checklist of ordering configurations (`picker`), their searches of
//! the position side by side on a thread (`worker`), and the pictures of them (`state`): the
//! numbers, nodes per ply, the icicles — and the ordering ladder's page, which the ladder view
//! fills.

mod picker;
mod state;
mod worker;

pub use picker::{ConfigPicker, MIN_CHOSEN, Preset};
pub use state::{ComparePage, Compared, Comparison, RECORD_BUDGET};

use killerscope_chess::Position;
use killerscope_engine::{OrderingConfig, SelectiveConfig};

use crate::action::{Action, Effect};
use crate::keys::KeyCode::{BackTab, Char, Enter, Esc, Left, Right, Tab};
use crate::keys::{Binding, Context, Group, Rows, list};
use crate::mode::Mode;
use crate::setup::SearchSetup;

use super::{Cx, Hooks, Job, JobEvent, Stops, View};

/// What a comparison searches: the position, depth and selective switches shared by every
/// configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompareRequest {
    /// The position.
    pub root: Position,
    /// The depth.
    pub depth: u8,
    /// The configurations, in column order.
    pub configs: Vec<OrderingConfig>,
    /// Selective switches, the same for every column.
    pub selective: SelectiveConfig,
}

impl CompareRequest {
    /// A comparison of `configs` on the position, depth and selective switches of the next
    /// search.
    pub fn of(setup: &SearchSetup, configs: Vec<OrderingConfig>) -> CompareRequest {
        CompareRequest {
            root: setup.root.clone(),
            depth: setup.next.depth,
            configs,
            selective: setup.next.selective,
        }
    }

    /// Its position, depth and selective switches become the next search's (a comparison
    /// chosen in the picker or asked for by a lesson step).
    pub fn adopt(&self, setup: &mut SearchSetup) {
        setup.root = self.root.clone();
        setup.next.depth = self.depth;
        setup.next.selective = self.selective;
    }
}

/// What the compare view's keys (and lesson steps, and the ladder) ask.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompareAction {
    /// Open the compare picker: choose the configurations to search the position with.
    OpenPicker,
    /// Check or uncheck the highlighted configuration in the picker.
    Toggle,
    /// Search the checked configurations side by side (at least two).
    Run,
    /// Show the next picture.
    Next,
    /// Show the previous picture.
    Prev,
    /// Icicles: pair the first configuration with the previous (-1) or next (+1) one.
    Pair(isize),
    /// Icicles: colour by node type or by cutoff source.
    Colours,
    /// Show the compare view (a lesson step).
    Show,
    /// Run this comparison, its columns named by the labels (a lesson step): the position,
    /// depth and selective switches become the next search's.
    Start(Vec<String>, Box<CompareRequest>),
    /// Show this page (the ladder's, when it climbs).
    Page(ComparePage),
}

impl View for Comparison {
    type Action = CompareAction;
    /// Every configuration's search (`None`: stopped before the end).
    type Notice = Option<Vec<Compared>>;

    #[rustfmt::skip]
    fn keys() -> Vec<Binding> {
        use CompareAction as C;
        let mut normal = Rows::new(Context::Normal, Group::Search);
        normal.row(&[Char('c')], "c", C::OpenPicker.into(), "compare ordering configurations");
        let picker = list(Context::ComparePicker, Group::ComparePicker, "previous / next configuration", [
            (&[Char(' '), Char('x')],      "Space x", C::Toggle.into(), "check / uncheck it"),
            (&[Enter],                     "Enter",   C::Run.into(),    "compare the checked ones (at least two)"),
            (&[Esc, Char('c'), Char('q')], "Esc c q", Action::Leave,    "cancel"),
        ]);
        let view = Rows::with(Context::Compare, Group::CompareView, [
            (&[Esc, Char('c'), Char('q')], "Esc c q", Action::Leave,       "close (stops a comparison or ladder still running)"),
            (&[Tab, Char('v')],            "Tab v",   C::Next.into(),      "next picture: numbers, nodes per ply, icicles"),
            (&[BackTab, Char('V')],        "S-Tab V", C::Prev.into(),      "previous picture"),
            (&[Left, Char('h')],           "← → h l", C::Pair(-1).into(),  "icicles: the configuration under the first one"),
            (&[Right, Char('l')],          "",        C::Pair(1).into(),   ""),
            (&[Char('m')],                 "m",       C::Colours.into(),   "icicles: colour by node type / by cutoff source"),
        ]);
        [normal.done(), picker, view.done()].concat()
    }

    fn update(&mut self, action: CompareAction, cx: &mut Cx) -> Vec<Effect> {
        match action {
            CompareAction::OpenPicker => {
                let current = cx.setup.ordering(cx.session.header());
                *cx.mode = Mode::ComparePicker(ConfigPicker::new(current));
            }
            CompareAction::Toggle => {
                if let Mode::ComparePicker(picker) = cx.mode {
                    picker.toggle();
                }
            }
            CompareAction::Run => return self.run_chosen(cx),
            CompareAction::Next => self.page = self.page.cycle(1),
            CompareAction::Prev => self.page = self.page.cycle(-1),
            CompareAction::Colours => self.colouring = self.colouring.other(),
            CompareAction::Pair(step) => {
                if let Some(why) = self.pair_with(step) {
                    cx.info(why);
                }
            }
            CompareAction::Show => *cx.mode = Mode::Compare,
            CompareAction::Start(labels, request) => return self.begin(labels, *request, cx),
            CompareAction::Page(page) => self.page = page,
        }
        Vec::new()
    }

    fn job(&mut self, event: JobEvent<Self::Notice>, _: &mut Cx) -> Vec<Effect> {
        match event {
            JobEvent::Done(Some(rows)) => self.finish(rows),
            JobEvent::Done(None) | JobEvent::Stopped | JobEvent::Lost => self.running = false,
            JobEvent::Progress(..) => {}
        }
        Vec::new()
    }
}

impl Hooks for Comparison {
    fn moving(&self) -> bool {
        self.running
    }

    fn busy(&self) -> bool {
        self.running
    }

    /// Leaving the compare view stops a comparison still running.
    fn left(&mut self, mode: &Mode) -> Vec<Effect> {
        if *mode == Mode::Compare && self.running {
            self.running = false;
            vec![Effect::Stop]
        } else {
            Vec::new()
        }
    }
}

impl Comparison {
    /// Enter in the picker: the checked configurations are compared, or the picker says why
    /// not.
    fn run_chosen(&mut self, cx: &mut Cx) -> Vec<Effect> {
        let Mode::ComparePicker(picker) = cx.mode else {
            return Vec::new();
        };
        match picker.choice() {
            Ok(chosen) => {
                *cx.mode = Mode::Compare;
                let configs = chosen.iter().map(|p| p.ordering).collect();
                let request = CompareRequest::of(cx.setup, configs);
                let labels = chosen.into_iter().map(|p| p.name).collect();
                self.begin(labels, request, cx)
            }
            Err(why) => {
                picker.error = Some(why);
                Vec::new()
            }
        }
    }

    /// A comparison, chosen or asked for by a lesson step: its position, depth and selective
    /// switches become the next search's, and it runs.
    fn begin(&mut self, labels: Vec<String>, request: CompareRequest, cx: &mut Cx) -> Vec<Effect> {
        request.adopt(cx.setup);
        self.start(labels);
        let stops = Stops {
            on_stop_key: true,
            on_new_search: false,
        };
        vec![Effect::Job(Job::new::<Comparison, _>(
            request,
            stops,
            worker::run,
        ))]
    }
}
