//! Opening the files a user names on the command line, in the UCI `Trace File` option or in
//! the explorer, so that no name can hang the program or make it read forever.
//!
//! Inputs (`.kslog` logs, EPD files) must be regular files: opening a FIFO waits until some
//! other process opens it for writing — forever, if none does — and a device such as
//! `/dev/zero` never ends. Outputs (`.kslog` logs) must be regular files or not exist yet, with
//! one exception: a character device that is not a terminal (`/dev/null` to discard a
//! recording). A FIFO is refused because opening it waits for a reader, a block device because
//! it would be overwritten, and a terminal because a log is binary.
//!
//! Inputs are opened with a shared advisory lock: a recording writes over an old log in place
//! only if it can lock it exclusively (`trace/target.rs`), so a log this program is reading is
//! never rewritten under it.
//!
//! A leaf module, like [`killerscope_text`]: it depends on nothing in the crate, so `trace` and the
//! CLI can share it.

use std::fs::{File, FileType, Metadata};
use std::io::{self, IsTerminal, Read};
use std::path::Path;

/// What kind of file `t` is, for a message saying why it was refused (`None`: a kind this
/// platform has no name for).
fn kind_name(t: FileType) -> Option<&'static str> {
    if t.is_dir() {
        return Some("a directory");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return Some("a FIFO (named pipe)");
        }
        if t.is_char_device() {
            return Some("a character device");
        }
        if t.is_block_device() {
            return Some("a block device");
        }
        if t.is_socket() {
            return Some("a socket");
        }
    }
    None
}

/// The error for a file of the wrong kind, saying what it is and why that matters.
fn refused(meta: &Metadata, why: &str) -> io::Error {
    let message = match kind_name(meta.file_type()) {
        Some(kind) => format!("is {kind}, not a regular file ({why})"),
        None => format!("is not a regular file ({why})"),
    };
    io::Error::new(io::ErrorKind::InvalidInput, message)
}

/// Opens `path` for reading if it is a regular file. The kind is checked before opening, so a
/// FIFO is refused instead of waiting for a writer; and again on the open file, in case the
/// name was replaced in between.
pub fn open_input(path: &Path) -> io::Result<File> {
    let why = "killerscope reads from regular files only";
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        return Err(refused(&meta, why));
    }
    let file = File::open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(refused(&meta, why));
    }
    lock_shared(&file);
    Ok(file)
}

/// Takes a shared advisory lock on an input just opened, without waiting; it lasts while the
/// file or a map of it is open. A recording overwrites an old log in place only if it can lock
/// it exclusively (`try_lock_exclusive`), so a log this program is reading is never rewritten
/// under it: it is replaced by a new file instead. Best effort: where the file system has no
/// such locks, or a recording holds the exclusive one, the input is read without a lock.
#[cfg(unix)]
fn lock_shared(file: &File) {
    let _ = rustix::fs::flock(file, rustix::fs::FlockOperation::NonBlockingLockShared);
}

#[cfg(not(unix))]
fn lock_shared(_: &File) {}

/// Locks `file` exclusively, without waiting, if no one holds a lock on it (see
/// `lock_shared`); the lock lasts while the file is open. `false` where locks are not
/// supported.
#[cfg(unix)]
pub fn try_lock_exclusive(file: &File) -> bool {
    rustix::fs::flock(file, rustix::fs::FlockOperation::NonBlockingLockExclusive).is_ok()
}

/// Creates (or truncates) `path` for writing a log: a regular file, a new name, or a character
/// device that is not a terminal (`/dev/null`); anything else is refused before it is opened.
pub fn create_output(path: &Path) -> io::Result<File> {
    let why = "a log is written to a regular file";
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => File::create(path),
        Ok(meta) if is_char_device(&meta) => {
            let file = File::create(path)?;
            if file.is_terminal() {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "is a terminal: a log is binary; name a file",
                ));
            }
            Ok(file)
        }
        Ok(meta) => Err(refused(&meta, why)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => File::create(path),
        Err(e) => Err(e),
    }
}

#[cfg(unix)]
fn is_char_device(meta: &Metadata) -> bool {
    use std::os::unix::fs::FileTypeExt;
    meta.file_type().is_char_device()
}

#[cfg(not(unix))]
fn is_char_device(_: &Metadata) -> bool {
    false
}

/// Reads a text file of at most `max_bytes` bytes. A larger file is refused by its size
/// before reading, and a file that grows past the bound while being read (or claims size 0,
/// as `/proc` files do) is cut off there and refused, so memory stays bounded. Errors say
/// what is wrong without the path, which the caller adds; bad UTF-8 is located by line and
/// byte.
pub fn read_text(path: &Path, max_bytes: u64) -> Result<String, String> {
    let file = open_input(path).map_err(|e| format!("cannot read: {e}"))?;
    let too_big = || {
        format!(
            "larger than {} MiB, the most this reads for such a file",
            max_bytes >> 20
        )
    };
    let size = file.metadata().map_or(0, |m| m.len());
    if size > max_bytes {
        return Err(too_big());
    }
    let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
    file.take(max_bytes + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read: byte {}: {e}", bytes.len()))?;
    if bytes.len() as u64 > max_bytes {
        return Err(too_big());
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let line = 1 + e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count();
        format!("not UTF-8 text: line {line}, byte {at}")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("ks-files-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        dir
    }

    #[test]
    fn regular_files_read_and_other_kinds_are_named() {
        let dir = scratch("kinds");
        let file = dir.join("a.txt");
        std::fs::write(&file, "one\ntwo\n").expect("write");
        assert_eq!(read_text(&file, 100).as_deref(), Ok("one\ntwo\n"));
        let err = open_input(&dir).expect_err("a directory");
        assert!(err.to_string().contains("is a directory"), "{err}");
        #[cfg(unix)]
        {
            let err = open_input(Path::new("/dev/zero")).expect_err("a device");
            assert!(err.to_string().contains("character device"), "{err}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn size_and_encoding_errors_say_where() {
        let dir = scratch("bounds");
        let file = dir.join("big.txt");
        std::fs::write(&file, "x".repeat(2 << 20)).expect("write");
        let err = read_text(&file, 1 << 20).expect_err("too big");
        assert!(err.contains("larger than 1 MiB"), "{err}");
        std::fs::write(&file, b"ok\nok\nbad \xff here\n").expect("write");
        let err = read_text(&file, 1 << 20).expect_err("not UTF-8");
        assert_eq!(err, "not UTF-8 text: line 3, byte 10");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn outputs_are_created_and_directories_refused() {
        let dir = scratch("out");
        let file = dir.join("new.kslog");
        create_output(&file).expect("a new name is created");
        create_output(&file).expect("an existing regular file is replaced");
        assert!(create_output(&dir).is_err());
        #[cfg(unix)]
        create_output(Path::new("/dev/null")).expect("/dev/null discards");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
