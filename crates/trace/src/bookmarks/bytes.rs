//! A sidecar's bytes as lines, whatever state the file is in: read from a regular file only and
//! up to a size limit (a FIFO would hang the explorer, `/dev/zero` never ends), split at `\n`
//! without asking the whole file to be UTF-8, a byte-order mark dropped, and a file written in
//! UTF-16 (a Windows editor's "Unicode") decoded, so one bad byte costs one line, never the file.

use std::io::Read;
use std::path::Path;

/// The largest sidecar read: 4 MiB, tens of thousands of bookmarks. A bigger file is refused
/// whole (and never written over), not read in part.
pub const MAX_SIDECAR_BYTES: u64 = 4 << 20;

/// The UTF-8 byte-order mark, which some editors put at the start of a file.
const BOM: &[u8] = b"\xef\xbb\xbf";

/// Reads the sidecar at `path`: `None` when there is none yet; an error when it is not a
/// regular file, is bigger than [`MAX_SIDECAR_BYTES`] or cannot be read. Never blocks on a
/// FIFO, never reads a device.
pub fn load(path: &Path) -> Result<Option<Vec<u8>>, String> {
    let file = match killerscope_log::files::open_input(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e.to_string()),
    };
    let mut bytes = Vec::new();
    file.take(MAX_SIDECAR_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_SIDECAR_BYTES {
        return Err(format!(
            "it holds more than {} MiB, more than a bookmarks file may (not read, and left as it is)",
            MAX_SIDECAR_BYTES >> 20
        ));
    }
    Ok(Some(bytes))
}

/// The encoding a file was read in, when it was not UTF-8.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decoded {
    /// UTF-16, little-endian.
    Utf16Le,
    /// UTF-16, big-endian.
    Utf16Be,
}

/// `bytes` as UTF-8: as they are, or decoded from UTF-16 when they start with its byte-order
/// mark or look like it (a NUL byte in every other place); `None` says which.
pub fn as_utf8(bytes: &[u8]) -> (std::borrow::Cow<'_, [u8]>, Option<Decoded>) {
    let kind = match bytes {
        [0xff, 0xfe, ..] => Some(Decoded::Utf16Le),
        [0xfe, 0xff, ..] => Some(Decoded::Utf16Be),
        _ => looks_utf16(bytes),
    };
    let Some(kind) = kind.filter(|_| bytes.len().is_multiple_of(2)) else {
        return (bytes.into(), None);
    };
    let units = bytes.chunks_exact(2).map(|p| match kind {
        Decoded::Utf16Le => u16::from_le_bytes([p[0], p[1]]),
        Decoded::Utf16Be => u16::from_be_bytes([p[0], p[1]]),
    });
    match char::decode_utf16(units).collect::<Result<String, _>>() {
        Ok(text) => {
            let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
            (text.as_bytes().to_vec().into(), Some(kind))
        }
        // Not UTF-16 after all: read line by line as it is, each bad line kept.
        Err(_) => (bytes.into(), None),
    }
}

/// UTF-16 without a byte-order mark: most even (big-endian) or odd (little-endian) bytes NUL.
fn looks_utf16(bytes: &[u8]) -> Option<Decoded> {
    if bytes.len() < 4 {
        return None;
    }
    let zeros = |odd: usize| {
        bytes
            .iter()
            .skip(odd)
            .step_by(2)
            .filter(|&&b| b == 0)
            .count()
    };
    let half = bytes.len() / 2;
    match (zeros(0), zeros(1)) {
        (_, odd) if odd * 10 >= half * 9 => Some(Decoded::Utf16Le),
        (even, _) if even * 10 >= half * 9 => Some(Decoded::Utf16Be),
        _ => None,
    }
}

/// The lines of `bytes`, each without its `\n` (nor a `\r` before it) and without a leading
/// byte-order mark; no empty last line for a file that ends with a newline.
pub fn lines(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    let bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    bytes
        .split(|&b| b == b'\n')
        .filter(move |_| !bytes.is_empty())
        .map(|line| {
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            line.strip_prefix(BOM).unwrap_or(line)
        })
}

/// Why `line` is not UTF-8: the first bad byte and its column (1-based).
pub fn not_utf8(line: &[u8], e: std::str::Utf8Error) -> String {
    let at = e.valid_up_to();
    format!(
        "not UTF-8 (byte 0x{:02x} at column {})",
        line.get(at).copied().unwrap_or(0),
        at + 1
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_split_at_newlines_and_lose_a_bom_and_carriage_returns() {
        let all: Vec<&[u8]> = lines(b"\xef\xbb\xbfa\r\nb\n\nc").collect();
        assert_eq!(all, [&b"a"[..], b"b", b"", b"c"]);
        assert_eq!(lines(b"").count(), 0);
        assert_eq!(lines(b"x\n").count(), 1);
    }

    #[test]
    fn utf16_is_decoded_with_or_without_its_mark() {
        let le: Vec<u8> = "\u{feff}12\tx\n"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        assert_eq!(
            as_utf8(&le),
            (b"12\tx\n"[..].into(), Some(Decoded::Utf16Le))
        );
        let be: Vec<u8> = "12\tx\n"
            .encode_utf16()
            .flat_map(u16::to_be_bytes)
            .collect();
        assert_eq!(as_utf8(&be).1, Some(Decoded::Utf16Be));
        assert_eq!(as_utf8(b"12\tx\n").1, None);
        // An odd length or a lone surrogate is not UTF-16: the bytes stay as they are.
        assert_eq!(as_utf8(b"\xff\xfe\x00").1, None);
        assert_eq!(as_utf8(b"\xff\xfe\x00\xd8").1, None);
    }
}
