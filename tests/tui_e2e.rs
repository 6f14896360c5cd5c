//! End to end: the real binary in a real terminal (tmux), under NO_COLOR. Start the explorer
//! (monochrome, markers intact), navigate the tree, load a bad FEN (inline error, position
//! kept), load a good one (new search), quit — exit status 0 and the terminal back in cooked
//! mode on the normal screen.
//! Skipped, with a notice, where tmux is not installed (`.ci/run` installs it).

use std::path::PathBuf;
use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

struct Tmux {
    session: String,
}

impl Tmux {
    fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux").args(args).output().expect("tmux runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn keys(&self, keys: &[&str]) {
        for key in keys {
            self.run(&["send-keys", "-t", &self.session, key]);
            sleep(Duration::from_millis(120));
        }
    }

    fn text(&self, text: &str) {
        self.run(&["send-keys", "-t", &self.session, "-l", text]);
        sleep(Duration::from_millis(120));
    }

    fn screen(&self) -> String {
        self.run(&["capture-pane", "-t", &self.session, "-p"])
    }

    /// Waits until two captures 300 ms apart are the same (the explorer has stopped moving),
    /// up to `secs`; returns the last screen.
    fn settled(&self, secs: u64) -> String {
        let start = Instant::now();
        let mut last = self.screen();
        loop {
            sleep(Duration::from_millis(300));
            let now = self.screen();
            if now == last || start.elapsed() > Duration::from_secs(secs) {
                return now;
            }
            last = now;
        }
    }

    /// Waits until the screen satisfies `check`, up to `secs`; returns the last screen.
    fn wait_for(&self, what: &str, secs: u64, check: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if check(&screen) {
                return screen;
            }
            assert!(
                start.elapsed() < Duration::from_secs(secs),
                "timed out waiting for {what}; screen:\n{screen}"
            );
            sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["kill-session", "-t", &self.session])
            .output();
    }
}

fn tmux_available() -> bool {
    Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn drive_the_explorer_in_tmux() {
    if !tmux_available() {
        println!("NOTICE: tmux not found; skipping the end-to-end explorer test");
        return;
    }
    let dir = std::env::temp_dir().join(format!("killerscope-e2e-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let status_file: PathBuf = dir.join("status");
    let stty_file: PathBuf = dir.join("stty");
    let bin = env!("CARGO_BIN_EXE_killerscope");
    let script = format!(
        "NO_COLOR=1 '{bin}' tui --depth 5; echo $? > '{}'; stty -a > '{}'; echo SHELL-BACK",
        status_file.display(),
        stty_file.display()
    );
    let tmux = Tmux {
        session: format!("ks-e2e-{}", std::process::id()),
    };
    tmux.run(&[
        "new-session",
        "-d",
        "-s",
        &tmux.session,
        "-x",
        "160",
        "-y",
        "48",
        "sh",
        "-c",
        &format!("{script}; sleep 30"),
    ]);

    tmux.wait_for("the first search to finish", 60, |s| {
        s.contains("Search tree") && s.contains("search done")
    });
    // The panels follow the indexing of the search's last events: read them once it is done.
    let screen = tmux.settled(10);
    assert!(screen.contains("Killers"), "{screen}");
    let styled = tmux.run(&["capture-pane", "-e", "-t", &tmux.session, "-p"]);
    assert!(
        !styled.contains("[38;") && !styled.contains("[48;"),
        "NO_COLOR: no foreground or background colours on screen"
    );
    assert!(styled.contains('✂'), "markers stay in monochrome");
    assert!(screen.contains("depth 5"), "{screen}");
    let killers: Vec<&str> = screen
        .lines()
        .filter_map(|l| l.get(..l.char_indices().nth(44).map_or(l.len(), |(i, _)| i)))
        .skip_while(|l| !l.contains("Killers"))
        .take_while(|l| !l.starts_with('└'))
        .collect();
    assert!(
        killers.iter().any(|l| {
            let row = l.trim_start_matches('│').trim_start();
            row.starts_with("1 ") && row.contains("Bc6")
        }),
        "Bc6 is a killer at ply 1, written in SAN:\n{}",
        killers.join("\n")
    );
    let coordinates = |l: &&str| {
        l.split_whitespace().any(|w| {
            let w: Vec<char> = w.chars().take(4).collect();
            w.len() == 4
                && ('a'..='h').contains(&w[0])
                && ('1'..='8').contains(&w[1])
                && ('a'..='h').contains(&w[2])
                && ('1'..='8').contains(&w[3])
        })
    };
    assert!(
        !killers.iter().any(coordinates),
        "every killer in SAN:\n{}",
        killers.join("\n")
    );

    tmux.keys(&["G", "Enter", "j"]);
    let screen = tmux.wait_for("a ply-1 node selected", 10, |s| s.contains("node at ply 1"));
    assert!(screen.contains("…"), "Black's replies are listed: {screen}");

    let title = |s: &str| {
        s.lines()
            .next()
            .and_then(|l| l.split("Search tree").nth(1))
            .and_then(|rest| rest.split('─').next())
            .map(str::to_string)
            .unwrap_or_default()
    };
    let before = title(&screen);
    assert!(before.contains("nodes"), "{screen}");
    tmux.keys(&["f"]);
    tmux.text("6k1/3q1ppp/p7p/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1");
    tmux.keys(&["Enter"]);
    let screen = tmux.wait_for("the inline FEN error", 10, |s| s.contains("✗ FEN"));
    assert!(screen.contains("rank 6"), "{screen}");
    assert_eq!(
        title(&screen),
        before,
        "the searched position is kept: {screen}"
    );

    tmux.keys(&["C-u"]);
    tmux.text("k7/8/8/8/8/8/1r6/K7 w - - 0 1");
    tmux.keys(&["Enter"]);
    let screen = tmux.wait_for("the new search", 30, |s| s.contains("best Kxb2"));
    assert!(screen.contains("White to move"), "{screen}");

    tmux.keys(&["q"]);
    tmux.wait_for("the shell to come back", 10, |s| s.contains("SHELL-BACK"));
    let status = std::fs::read_to_string(&status_file).expect("exit status written");
    assert_eq!(status.trim(), "0", "exit status");
    let stty = std::fs::read_to_string(&stty_file).expect("stty output written");
    assert!(
        stty.contains(" icanon") && stty.contains(" echo "),
        "terminal back in cooked mode: {stty}"
    );
    let screen = tmux.screen();
    assert!(
        !screen.contains("Search tree"),
        "alternate screen left: {screen}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
