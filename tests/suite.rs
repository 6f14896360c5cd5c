//! Every integration test of the binary, as one test crate: each file of `tests/` is a module
//! of it, and the support modules they share (`binary`, `tui_support`, …) are declared once
//! here. One crate rather than one per file because each test crate is compiled and linked on
//! its own against the whole workspace: 123 of them spent most of `cargo test`'s time linking
//! and compiling the same generic code again. `trace_format_proptest` and `trace_stream_memory`
//! stay crates of their own: they install a counting global allocator, which must see no other
//! test's allocations.
//!
//! Run one file's tests with `cargo test --test suite FILE::` (its module path), one test by
//! its name, as before.

// The support modules, shared.
mod binary;
#[path = "../crates/chess/tests/common/mod.rs"]
mod chess_common;
mod docs_support;
mod doctor_support;
mod import_support;
// The example engine, whose `main` the tests do not call: they run its parts.
mod other_engine;
mod plot_support;
mod texel_support;
#[allow(dead_code)]
#[path = "../crates/log/examples/tiny_engine/main.rs"]
mod tiny_engine;
mod trace_common;
mod trace_stream_support;
mod tui_support;
mod uci_support;

// The tests, a module per file.
mod bench_cli;
mod c_writer;
mod chess_unreachable;
mod cli;
mod cli_csv;
mod cli_grammar;
mod cli_hardening;
mod cli_jobs;
mod compare_lab;
mod compare_ladder;
mod compare_memory;
mod diff_cli;
mod diff_compact;
mod docs_captures;
mod docs_examples;
mod docs_links;
mod doctor_audit;
mod doctor_clean;
mod doctor_cli;
mod doctor_figures;
mod doctor_seeded;
mod exercise_cli;
mod exercise_grading;
mod hardening_bookmarks;
mod hardening_deep;
mod hardening_deep_tui;
mod hardening_echo;
mod hardening_stats;
mod hardening_uci_trace;
mod hardening_why;
mod lesson_graded;
mod lesson_hardening;
mod lesson_quiz;
mod lesson_results;
mod lesson_wording;
mod lessons;
mod log_audit;
mod log_export_formats;
mod log_report_cli;
mod plot_cli;
mod plot_hall;
mod plot_svg;
mod search_cli;
mod search_followup;
mod search_log_cli;
mod search_order;
mod texel_log;
mod trace_cli;
mod trace_codec_kinds;
mod trace_export;
mod trace_export_escapes;
mod trace_export_windows;
mod trace_fit_cli;
mod trace_format;
mod trace_illegal;
mod trace_import;
mod trace_import_cli;
mod trace_import_corners;
mod trace_import_defaults;
mod trace_import_fuzz;
mod trace_import_roundtrip;
mod trace_mapped;
mod trace_mapped_proptest;
mod trace_node_query;
mod trace_node_walk;
mod trace_other_engine;
mod trace_provenance;
mod trace_record_cap;
mod trace_recorder;
mod trace_replay;
mod trace_replay_tables;
mod trace_roles;
mod trace_schema_doc;
mod trace_scores;
mod trace_search;
mod trace_sniff_cli;
mod trace_stream;
mod trace_stream_in_place;
mod trace_stream_proptest;
mod trace_stream_reserve;
mod trace_tree;
mod trace_typos;
mod tui_audit;
mod tui_best_reply;
mod tui_bookmarks;
mod tui_charts;
mod tui_charts_scale;
mod tui_cli;
mod tui_compare;
mod tui_countermoves;
mod tui_diff;
mod tui_doctor;
mod tui_e2e;
mod tui_explain_scroll;
mod tui_fen;
mod tui_follow;
mod tui_foreign_log;
mod tui_illegal;
mod tui_killer_roles;
mod tui_killers;
mod tui_ladder;
mod tui_lesson_screens;
mod tui_lessons;
mod tui_mapped;
mod tui_pages;
mod tui_ply_table;
mod tui_query;
mod tui_scale;
mod tui_selective;
mod tui_setup;
mod tui_snapshots;
mod tui_uci;
mod tui_update;
mod tui_why;
mod tui_windows;
mod uci_go_proptest;
mod uci_parse_proptest;
mod uci_protocol;
mod uci_session;
mod uci_trace;
mod workspace;
mod writer_engine;
mod writer_unfinished;
