//! The tests of fitting a trace's events to the log's rules.

use super::*;
use crate::entry::enter_event as enter;
use crate::{Bound, MoveSource};
use killerscope_chess::parse_uci;

fn tried(mv: Move) -> Event {
    Event::MoveTried {
        mv,
        index: 0,
        source: MoveSource::QUIET,
    }
}

const EXIT: Event = Event::NodeExit {
    score: 0,
    bound: Bound::Exact,
};

fn start_move(text: &str) -> Move {
    parse_uci(&Position::startpos(), text).expect("legal at the start")
}

#[test]
fn a_fitting_line_passes_and_a_move_from_another_position_is_named() {
    let e4 = start_move("e2e4");
    let mut fit = MoveFit::new(Position::startpos());
    let line = [enter(0, Move::NULL), tried(e4), enter(1, e4), EXIT, EXIT];
    assert_eq!(fit.feed(&line), Ok(()));
    // After 1.e4 it is Black's move: e2e4 again is not legal there.
    let mut fit = MoveFit::new(Position::startpos());
    let bad = [enter(0, Move::NULL), enter(1, e4), tried(e4)];
    let misfit = fit.feed(&bad).expect_err("e2e4 twice");
    assert_eq!(misfit.index, 2);
    assert!(
        misfit.what.starts_with("e2e4 is not a legal move in "),
        "{}",
        misfit.what
    );
}

#[test]
fn a_log_that_starts_below_the_root_is_not_checked_until_it_comes_back() {
    let e4 = start_move("e2e4");
    let mut fit = MoveFit::new(Position::startpos());
    let events = [
        enter(3, Move::NULL),
        tried(e4),
        enter(4, e4),
        tried(e4),
        EXIT,
        EXIT,
    ];
    assert_eq!(fit.feed(&events), Ok(()));
    let misfit = fit.feed(&[enter(0, Move::NULL), enter(1, e4), enter(2, e4)]);
    assert_eq!(misfit.map_err(|m| m.index), Err(8));
}

#[test]
fn a_pseudo_legal_engines_announced_illegal_try_is_accepted_and_no_other() {
    let pinned = Position::from_fen("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1").expect("test FEN");
    let sq = |s: &str| killerscope_chess::Square::parse(s).expect("a square");
    let nc3 = Move::new(sq("e2"), sq("c3"), killerscope_chess::MoveFlag::Quiet);
    let takes_king = Move::new(sq("e8"), sq("e1"), killerscope_chess::MoveFlag::Capture);
    let mut fit = MoveFit::new(pinned.clone());
    let misfit = fit
        .feed(&[enter(0, Move::NULL), tried(nc3)])
        .expect_err("pinned");
    assert!(
        misfit.what.contains("e2c3 is not a legal move"),
        "{}",
        misfit.what
    );
    // Announced, it is played; the rook then takes the king, below which nothing is known.
    let mut fit = MoveFit::new(pinned);
    let line = [
        enter(0, Move::NULL),
        Event::Illegal { mv: nc3 },
        tried(nc3),
        enter(1, nc3),
        tried(takes_king),
        enter(2, takes_king),
        EXIT,
        EXIT,
    ];
    assert_eq!(fit.feed(&line), Ok(()));
    // Its node searched, the announcement is spent: the try named again is refused.
    let misfit = fit.feed(&[tried(nc3)]).expect_err("spent");
    assert!(misfit.what.contains("not a legal move"), "{}", misfit.what);
}

#[test]
fn a_null_move_is_announced_illegal_only_in_check() {
    let mut fit = MoveFit::new(Position::startpos());
    let misfit = fit.feed(&[enter(0, Move::NULL), Event::Illegal { mv: Move::NULL }]);
    assert!(
        misfit
            .expect_err("not in check")
            .what
            .contains("not in check")
    );
    let check = Position::from_fen("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1").expect("test FEN");
    let mut fit = MoveFit::new(check.clone());
    let pass = [
        enter(0, Move::NULL),
        Event::Illegal { mv: Move::NULL },
        enter(1, Move::NULL),
    ];
    assert_eq!(fit.feed(&pass), Ok(()));
    // Unannounced, a pass in check is refused.
    let mut fit = MoveFit::new(check);
    let misfit = fit.feed(&[enter(0, Move::NULL), enter(1, Move::NULL)]);
    assert!(misfit.expect_err("unannounced").what.contains("in check"));
}

#[test]
fn a_child_is_one_ply_deeper_or_searches_its_parents_position_again() {
    let e4 = start_move("e2e4");
    let mut fit = MoveFit::new(Position::startpos());
    let same = [enter(0, Move::NULL), enter(0, Move::NULL), tried(e4), EXIT];
    assert_eq!(fit.feed(&same), Ok(()));
    let misfit = fit.feed(&[enter(2, e4)]).expect_err("two plies down");
    assert!(misfit.what.contains("one ply deeper"), "{}", misfit.what);
}

#[test]
fn pvs_play_from_the_root() {
    let (e4, d4) = (start_move("e2e4"), start_move("d2d4"));
    let root = Position::startpos();
    assert_eq!(check_pvs(&root, &[vec![e4], vec![d4]]), Ok(()));
    let err = check_pvs(&root, &[vec![e4], vec![e4, e4]]).expect_err("e4 twice");
    assert!(
        err.contains("iteration event 2") && err.contains("move 2"),
        "{err}"
    );
}
