//! A Texel record's ply byte checked against where the record is nested: one below its parent,
//! the parent's own for a search of the same position (Texel's "no move"), 1 for a move of the
//! root. Texel keeps the ply in one byte, as a `.kslog` does: past 255 it wraps (a node at ply
//! 300 says 44), and the nesting says the rest, so a line of any depth reads whole; a byte that
//! is not the nesting's is an error, since the line and the positions below would otherwise
//! disagree with the file.

/// The byte a ply is kept in: the ply modulo 256.
pub(super) fn ply_byte(ply: u32) -> u8 {
    (ply & 0xff) as u8
}

/// The ply of a node whose parent is at ply `parent` (`None`: a move of the root) and which is
/// a search of the parent's position (`same`), checked against its record's `byte`.
pub(super) fn nested_ply(parent: Option<u32>, same: bool, byte: u8) -> Result<u32, String> {
    let nested = match parent {
        Some(parent) if same => parent,
        Some(parent) => parent + 1,
        None => 1,
    };
    if byte == ply_byte(nested) {
        return Ok(nested);
    }
    let byte_note = if nested > 255 {
        format!(
            " (ply {nested} is {} in Texel's one-byte field)",
            ply_byte(nested)
        )
    } else {
        String::new()
    };
    let rule = match parent {
        Some(_) if same => "a search of the same position keeps its parent's ply",
        Some(_) => "a child is one ply below its parent",
        None => "a move of the root is at ply 1",
    };
    Err(format!(
        "node start says ply {byte}, but it is nested at ply {nested}{byte_note}: {rule}"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_byte_is_the_nestings_modulo_256() {
        assert_eq!(nested_ply(None, false, 1), Ok(1));
        assert_eq!(nested_ply(Some(4), false, 5), Ok(5));
        assert_eq!(nested_ply(Some(4), true, 4), Ok(4));
        assert_eq!(nested_ply(Some(299), false, 44), Ok(300));
        let err = nested_ply(Some(299), false, 255).expect_err("wrong byte");
        assert!(err.contains("ply 300 is 44"), "{err}");
        assert!(nested_ply(Some(4), true, 5).is_err());
    }
}
