//! Evaluating a compiled query on one node.

use super::fields::cut_source;
use super::lex::Op;
use super::{Expr, Test};
use crate::node_killers::NodeKillers;
use killerscope_trace::{WalkPath, WalkedNode};

/// A node as a query sees it: the walk's node, where it sits, and its killers.
pub(super) struct Seen<'a, 'p> {
    pub node: &'a WalkedNode,
    pub path: &'a WalkPath<'p>,
    pub killers: &'a NodeKillers,
}

impl Expr {
    /// Whether the query holds at a node; `and` and `or` stop at the first term that decides.
    pub(super) fn eval(&self, at: &Seen<'_, '_>) -> bool {
        match self {
            Expr::And(terms) => terms.iter().all(|t| t.eval(at)),
            Expr::Or(terms) => terms.iter().any(|t| t.eval(at)),
            Expr::Not(inner) => !inner.eval(at),
            Expr::Test(test) => test.eval(at),
        }
    }

    /// Whether some test needs the node's position.
    pub(super) fn needs_positions(&self) -> bool {
        match self {
            Expr::And(terms) | Expr::Or(terms) => terms.iter().any(Expr::needs_positions),
            Expr::Not(inner) => inner.needs_positions(),
            Expr::Test(Test::Key(..)) => true,
            Expr::Test(Test::Move(_, _, m)) => m.needs_position(),
            Expr::Test(_) => false,
        }
    }
}

impl Test {
    fn eval(&self, at: &Seen<'_, '_>) -> bool {
        let Seen {
            node,
            path,
            killers,
        } = *at;
        match self {
            Test::Int(field, op, value) => field
                .get(node, killers)
                .is_some_and(|v| compare(v, *op, *value)),
            Test::Bool(field) => field.get(node, killers),
            Test::BoolIs(field, eq, value) => (field.get(node, killers) == *value) == *eq,
            Test::Type(eq, t) => node.node_type().is_some_and(|nt| (nt == *t) == *eq),
            Test::Move(field, eq, wanted) => {
                let Some(mv) = field.get(node) else {
                    return false;
                };
                let parent;
                let from = match field {
                    _ if !wanted.needs_position() => None,
                    super::MoveField::Move => {
                        parent = path.parent_position();
                        parent.as_ref()
                    }
                    super::MoveField::CutMove => path.position(),
                };
                wanted.matches(mv, from) == *eq
            }
            Test::Source(eq, source) => cut_source(node).is_some_and(|s| (s == *source) == *eq),
            Test::Key(eq, key) => path.position().is_some_and(|p| (p.key() == *key) == *eq),
            Test::Line(line) => path.steps().starts_with(line),
        }
    }
}

fn compare(value: i64, op: Op, against: i64) -> bool {
    match op {
        Op::Eq => value == against,
        Op::Ne => value != against,
        Op::Lt => value < against,
        Op::Le => value <= against,
        Op::Gt => value > against,
        Op::Ge => value >= against,
    }
}
