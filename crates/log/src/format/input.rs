//! The reader every `.kslog` is read through: it counts the byte offset (for errors),
//! checksums what it reads, and reads the header's strings, lists and source table with their
//! bounds checked. Apart from `format.rs`, which lays out the file around the header (magic,
//! flags, events, PVs, trailer, checksum), because this is how bytes become checked values,
//! whichever part of the file they come from.

use super::{MAX_LIST, MAX_STRING, NOT_A_KILLER, OLDEST_READABLE};
use crate::error::{LogError, LogErrorKind};
use crate::header::{LogHeader, Setting};
use crate::sources::{SourceRow, SourceTable, default_role};
use crate::{SOURCES, SourceColour, SourceRole};
use crc32fast::Hasher as Checksum;
use std::io::{self, Read};

/// A reader that counts its offset (for errors) and checksums what it reads.
pub(crate) struct Input<R: Read> {
    pub(crate) r: R,
    pub(crate) offset: u64,
    pub(crate) sum: Checksum,
}

impl<R: Read> Input<R> {
    /// Reads from `r`, which starts at byte `offset` of the file.
    pub(crate) fn at(r: R, offset: u64) -> Input<R> {
        Input {
            r,
            offset,
            sum: Checksum::new(),
        }
    }

    /// Fills `buf` completely or fails with `Truncated { what }` at the end of the file.
    pub(crate) fn fill(&mut self, buf: &mut [u8], what: &'static str) -> Result<(), LogError> {
        let mut done = 0;
        while done < buf.len() {
            match self.r.read(&mut buf[done..]) {
                Ok(0) => {
                    let kind = if self.offset + done as u64 == 0 {
                        LogErrorKind::Empty
                    } else {
                        LogErrorKind::Truncated { what }
                    };
                    return Err(LogError::at(self.offset + done as u64, kind));
                }
                Ok(n) => done += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(LogError::at(self.offset + done as u64, LogErrorKind::Io(e))),
            }
        }
        self.sum.update(buf);
        self.offset += buf.len() as u64;
        Ok(())
    }

    /// Reads into `buf` until it is full or the input ends; returns how many bytes it read.
    pub(crate) fn fill_some(&mut self, buf: &mut [u8]) -> Result<usize, LogError> {
        let mut done = 0;
        while done < buf.len() {
            match self.r.read(&mut buf[done..]) {
                Ok(0) => break,
                Ok(n) => done += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(LogError::at(self.offset + done as u64, LogErrorKind::Io(e))),
            }
        }
        self.sum.update(&buf[..done]);
        self.offset += done as u64;
        Ok(done)
    }

    pub(crate) fn array<const N: usize>(
        &mut self,
        what: &'static str,
    ) -> Result<[u8; N], LogError> {
        let mut a = [0u8; N];
        self.fill(&mut a, what)?;
        Ok(a)
    }

    pub(super) fn u16(&mut self, what: &'static str) -> Result<u16, LogError> {
        self.array(what).map(u16::from_le_bytes)
    }

    pub(crate) fn u32(&mut self, what: &'static str) -> Result<u32, LogError> {
        self.array(what).map(u32::from_le_bytes)
    }

    pub(crate) fn u64(&mut self, what: &'static str) -> Result<u64, LogError> {
        self.array(what).map(u64::from_le_bytes)
    }

    fn string(&mut self, field: &'static str) -> Result<String, LogError> {
        let at = self.offset;
        let len = self.u32(field)?;
        if len > MAX_STRING {
            return Err(LogError::at(at, LogErrorKind::StringTooLong { field, len }));
        }
        let mut bytes = vec![0u8; len as usize];
        let start = self.offset;
        self.fill(&mut bytes, field)?;
        String::from_utf8(bytes).map_err(|_| LogError::at(start, LogErrorKind::NotUtf8 { field }))
    }

    fn list_len(&mut self, what: &'static str) -> Result<u16, LogError> {
        let at = self.offset;
        let len = self.u16(what)?;
        if len > MAX_LIST {
            return Err(LogError::at(
                at,
                LogErrorKind::ListTooLong { list: what, len },
            ));
        }
        Ok(len)
    }

    fn settings(&mut self, what: &'static str) -> Result<Vec<Setting>, LogError> {
        let len = self.list_len(what)?;
        (0..len)
            .map(|_| Ok((self.string(what)?, self.string(what)?)))
            .collect()
    }

    fn sources(&mut self, version: u16) -> Result<SourceTable, LogError> {
        let len = self.list_len("source table")?;
        let mut rows = Vec::with_capacity(usize::from(len));
        for _ in 0..len {
            let [code, slot] = self.array::<2>("source table")?;
            let role = match version {
                OLDEST_READABLE => None,
                _ => {
                    let at = self.offset;
                    let [role] = self.array::<1>("source table")?;
                    let role = SourceRole::from_code(role)
                        .ok_or(LogError::at(at, LogErrorKind::UnknownRole(role)))?;
                    Some(role)
                }
            };
            let row = SourceRow {
                code,
                killer_slot: (slot != NOT_A_KILLER).then_some(slot),
                label: self.string("source label")?,
                name: self.string("source name")?,
                colour: SourceColour::from_name(&self.string("source colour")?),
            };
            let role = role.unwrap_or_else(|| role_before_v3(&row));
            rows.push((row, role));
        }
        Ok(SourceTable::with_roles(rows))
    }

    pub(super) fn header(&mut self, version: u16) -> Result<LogHeader, LogError> {
        Ok(LogHeader {
            fen: self.string("FEN")?,
            engine: self.string("engine")?,
            filter: self.string("filter")?,
            ordering: self.settings("ordering settings")?,
            limits: self.settings("limits")?,
            sources: self.sources(version)?,
        })
    }
}

/// The role of a version-2 row, which stored none: this build's row with the same label and
/// name (a log killerscope wrote), else a killer when it has a killer slot.
fn role_before_v3(row: &SourceRow) -> SourceRole {
    SOURCES
        .iter()
        .find(|s| s.label == row.label && s.name == row.name)
        .map_or_else(|| default_role(row), |s| s.role)
}
