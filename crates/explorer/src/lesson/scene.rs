//! A lesson's scene: what the explorer shows at a step — position, search, selected node,
//! timeline event, open view. A step sets some of these; the scene at a step is what the steps
//! up to it set, each later one winning, and a load or a search clearing what depended on the
//! one before. Going back to a step therefore restores exactly what it showed.

use crate::charts::ChartKind;
use killerscope_chess::Position;
use killerscope_engine::SearchConfig;
use killerscope_trace::NodeId;

/// A search a step runs, with what it produced.
#[derive(Clone, Debug)]
pub struct SearchPlan {
    /// Ordering, selective switches and hash, as the explorer will search.
    pub config: SearchConfig,
    /// Depth searched.
    pub depth: u8,
    /// Nodes the search visited.
    pub nodes: u64,
}

/// A view a step opens in place of the lower panels, for that step only.
#[derive(Clone, Debug, PartialEq)]
pub enum View {
    /// The charts view on this chart.
    Chart(ChartKind),
    /// The compare view on these configurations (with the node counts the check measured).
    Compare(Vec<(String, u64)>),
}

/// What the explorer shows at a step; as a step's own `sets`, what that step changes.
#[derive(Clone, Debug, Default)]
pub struct Scene {
    /// The position loaded (a scene's: the last; none: the explorer's own position).
    pub position: Option<Position>,
    /// The search run (a scene's: the last since that position was loaded).
    pub search: Option<SearchPlan>,
    /// The node selected (a scene's: the last since that search).
    pub select: Option<NodeId>,
    /// The timeline event moved to (a scene's: the last since that search).
    pub timeline: Option<usize>,
    /// The view opened, for the step's time only.
    pub view: Option<View>,
}

impl Scene {
    /// This scene after a step that sets `step`'s parts: a load starts afresh, a search clears
    /// the selection and the timeline, and the view is the step's own (a view lasts one step).
    pub fn follow(&mut self, step: &Scene) {
        if let Some(pos) = &step.position {
            *self = Scene {
                position: Some(pos.clone()),
                ..Scene::default()
            };
        }
        if let Some(plan) = &step.search {
            self.search = Some(plan.clone());
            self.select = None;
            self.timeline = None;
        }
        if step.select.is_some() {
            self.select = step.select;
        }
        if step.timeline.is_some() {
            self.timeline = step.timeline;
        }
        self.view = step.view.clone();
    }
}
