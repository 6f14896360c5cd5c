//! `killerscope --generate WHAT`: what is written from the command line's own definition, so it
//! cannot drift from it — a man page (`clap_mangen`), shell completion scripts
//! (`clap_complete`), and docs/commands.md, the reference of every command and option (a test
//! fails when the file differs from what this writes).

mod commands_md;

use clap::{CommandFactory, ValueEnum};
use clap_complete::Shell;
use std::io::{self, Write};

/// What `--generate` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Generate {
    /// A roff man page, killerscope.1.
    Man,
    /// A bash completion script.
    CompleteBash,
    /// A zsh completion script (_killerscope).
    CompleteZsh,
    /// A fish completion script.
    CompleteFish,
    /// A PowerShell completion script.
    CompletePowershell,
    /// docs/commands.md: the reference of every command and option.
    CommandsMd,
}

/// Writes `what` to `out`.
pub fn run(what: Generate, out: &mut impl Write) -> io::Result<()> {
    let mut command = super::Cli::command();
    let shell = match what {
        Generate::Man => return clap_mangen::Man::new(command).render(out),
        Generate::CommandsMd => return commands_md::write(command, out),
        Generate::CompleteBash => Shell::Bash,
        Generate::CompleteZsh => Shell::Zsh,
        Generate::CompleteFish => Shell::Fish,
        Generate::CompletePowershell => Shell::PowerShell,
    };
    clap_complete::generate(shell, &mut command, "killerscope", out);
    Ok(())
}
