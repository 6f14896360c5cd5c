//! The `killerscope` binary: everything lives in the library's `cli` module.

fn main() -> std::process::ExitCode {
    killerscope::cli::run()
}
