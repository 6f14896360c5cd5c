//! Where `Recorder::stream_to_file` writes a log: over the old log of the same name, in place,
//! when nothing else can see the old bytes; otherwise into a new file under that name.
//!
//! Users run the same command again and again, so the name usually holds the previous log, of
//! about the same size, its pages still in the page cache. Writing over it reuses those pages
//! and the disk space behind them: a copy into each page and nothing else. A new file costs a
//! fresh page and a block reservation per 4 KiB, and freeing the old file's pages on top; on
//! ext4 that is about three times the CPU time of the overwrite (43 against 14 ms of system
//! time for a 98 MB log, the size of a Kiwipete depth-7 recording, whose writer thread's CPU
//! time halved, 54 to 27 ms). On a device that needs stable pages during write-back, a page
//! being written back is waited for before it is written over; ext4 on most disks does not.
//!
//! In place is only for a regular file with no other name (another hard link keeps the old
//! log) that no reader of this program holds open: readers take a shared lock on what they
//! open (`files::open_input`), and the old file is overwritten only if it can be locked
//! exclusively, so an explorer showing the old log is never rewritten under its map. The old
//! file's permissions stay, as when a shell redirects into it.
//!
//! Truncating in place (`O_TRUNC`) would cost more than a new file: its pages dropped at
//! open, waiting for any write-back under way, and on ext4 a flush when closed
//! (`auto_da_alloc`). The overwrite never truncates at open; the log is cut to its own length
//! when it ends, if the old file was longer.

use std::fs::File;
use std::io;
use std::path::Path;

/// What a log written to a path does to the file that was there.
#[derive(Debug)]
pub(super) enum Replaced {
    /// Nothing was there, or it is written through: a new name, a device, a symlink's target.
    Nothing,
    /// The old file, unlinked and still open, for the writer thread to close: closing the
    /// last handle frees its pages, on that thread, while the search runs.
    Unlinked(File),
    /// The old file is overwritten in place; it was this many bytes long.
    InPlace(u64),
}

/// Opens `path` for a log: the old file to be overwritten in place if nothing else can see
/// it, else a new file (see the module documentation). A FIFO, a terminal or another kind of
/// file a log cannot go to is refused, see [`crate::files::create_output`].
pub(super) fn open(path: &Path) -> io::Result<(File, Replaced)> {
    if let Some((file, len)) = reusable(path) {
        return Ok((file, Replaced::InPlace(len)));
    }
    let old = unlink_regular(path);
    let file = crate::files::create_output(path)?;
    Ok((file, old.map_or(Replaced::Nothing, Replaced::Unlinked)))
}

/// The regular file at `path` (not a symlink), opened for writing without truncating it and
/// locked exclusively, with its length, if it has no other name and no reader holds it.
#[cfg(unix)]
fn reusable(path: &Path) -> Option<(File, u64)> {
    use std::os::unix::fs::MetadataExt;
    let named = std::fs::symlink_metadata(path).ok()?;
    if !named.is_file() || named.nlink() != 1 {
        return None;
    }
    let file = std::fs::OpenOptions::new().write(true).open(path).ok()?;
    let open = file.metadata().ok()?;
    // The name may have been given to another file (or a symlink) between the two looks.
    if (open.dev(), open.ino()) != (named.dev(), named.ino()) || open.nlink() != 1 {
        return None;
    }
    crate::files::try_lock_exclusive(&file).then_some((file, open.len()))
}

#[cfg(not(unix))]
fn reusable(_: &Path) -> Option<(File, u64)> {
    None
}

/// Removes the regular file (not a symlink) at `path`, if there is one, so the log is written
/// to a new file under its name; returns the old file, open, for the writer thread to close.
/// Where the name cannot be removed (a directory we may not write), the file is truncated in
/// place by `create_output`. The new file has the default permissions.
fn unlink_regular(path: &Path) -> Option<File> {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.is_file() => {
            let old = File::open(path).ok();
            std::fs::remove_file(path).ok().and(old)
        }
        _ => None,
    }
}
