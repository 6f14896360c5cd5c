//! From tokens to a checked expression: every name is a known column, every value fits its
//! column (a number, a node type, a move legal where it is played, a source the log's header
//! names), so a query that parses cannot fail on a node.
//!
//! ```text
//! query := or
//! or    := and ("or" and)*
//! and   := unary ("and" unary)*
//! unary := "not" unary | "(" or ")" | "line" MOVE+ | FIELD [OP VALUE]
//! ```

use super::QueryError;
use super::fields::{Column, FIELDS, IntField, MoveField, lookup};
use super::lex::{Op, Tok, Token};
use super::moves::{MoveMatch, parse_line};
use super::{Expr, Test};
use killerscope_chess::Position;
use killerscope_log::LogHeader;
use killerscope_log::MoveSource;
use killerscope_text::quote;
use killerscope_trace::NodeType;

/// How deep parentheses and `not`s may nest: far beyond any query a person writes, and a
/// bound on the recursion that parses and evaluates them.
const MAX_NESTING: usize = 64;

pub(super) struct Parser<'a> {
    tokens: &'a [Token],
    at: usize,
    nesting: usize,
    header: &'a LogHeader,
    root: Option<&'a Position>,
}

impl<'a> Parser<'a> {
    pub(super) fn new(
        tokens: &'a [Token],
        header: &'a LogHeader,
        root: Option<&'a Position>,
    ) -> Parser<'a> {
        Parser {
            tokens,
            at: 0,
            nesting: 0,
            header,
            root,
        }
    }

    fn peek(&self) -> &'a Token {
        &self.tokens[self.at.min(self.tokens.len() - 1)]
    }

    fn next(&mut self) -> &'a Token {
        let t = self.peek();
        self.at += 1;
        t
    }

    /// The whole query.
    pub(super) fn query(&mut self) -> Result<Expr, QueryError> {
        if self.peek().tok == Tok::End {
            return Err(QueryError::at(1, "the query is empty"));
        }
        let expr = self.or()?;
        let t = self.peek();
        match &t.tok {
            Tok::End => Ok(expr),
            Tok::RParen => Err(QueryError::at(t.col, "this ) closes nothing")),
            _ => Err(QueryError::at(
                t.col,
                "expected `and`, `or` or the end of the query here",
            )),
        }
    }

    fn or(&mut self) -> Result<Expr, QueryError> {
        self.joined(Tok::Or, Self::and, Expr::Or)
    }

    fn and(&mut self) -> Result<Expr, QueryError> {
        self.joined(Tok::And, Self::unary, Expr::And)
    }

    /// Terms read by `term` and joined by `op`: one term alone, several as `join` of them.
    fn joined(
        &mut self,
        op: Tok,
        term: fn(&mut Self) -> Result<Expr, QueryError>,
        join: fn(Vec<Expr>) -> Expr,
    ) -> Result<Expr, QueryError> {
        let mut terms = vec![term(self)?];
        while self.peek().tok == op {
            self.next();
            terms.push(term(self)?);
        }
        Ok(if terms.len() == 1 {
            terms.remove(0)
        } else {
            join(terms)
        })
    }

    fn nest(&mut self, col: usize) -> Result<(), QueryError> {
        self.nesting += 1;
        if self.nesting > MAX_NESTING {
            return Err(QueryError::at(
                col,
                format!("more than {MAX_NESTING} nested parentheses or `not`s"),
            ));
        }
        Ok(())
    }

    fn unary(&mut self) -> Result<Expr, QueryError> {
        let t = self.next();
        match &t.tok {
            Tok::Not => {
                self.nest(t.col)?;
                let inner = self.unary()?;
                self.nesting -= 1;
                Ok(Expr::Not(Box::new(inner)))
            }
            Tok::LParen => {
                self.nest(t.col)?;
                let inner = self.or()?;
                self.nesting -= 1;
                let close = self.next();
                match close.tok {
                    Tok::RParen => Ok(inner),
                    _ => Err(QueryError::at(
                        close.col,
                        format!("expected ) to close the ( at column {}", t.col),
                    )),
                }
            }
            Tok::Word(name) if name.eq_ignore_ascii_case("line") => self.line(t.col),
            Tok::Word(name) => self.test(name, t.col),
            Tok::End => Err(QueryError::at(t.col, "the query ends where a test is due")),
            _ => Err(QueryError::at(
                t.col,
                "expected a field (type, depth, cut.rank, tt_cut, …), `not`, `(` or `line`",
            )),
        }
    }

    /// `line MOVE+`: the moves, read from the root position.
    fn line(&mut self, col: usize) -> Result<Expr, QueryError> {
        let mut words = Vec::new();
        while let Tok::Word(w) | Tok::Quoted(w) = &self.peek().tok {
            words.push((w.as_str(), self.peek().col));
            self.next();
        }
        if words.is_empty() {
            return Err(QueryError::at(
                self.peek().col,
                "`line` needs moves from the root, e.g. line e2e4 e7e5",
            ));
        }
        let Some(root) = self.root else {
            return Err(QueryError::at(
                col,
                "`line` needs the root position, and the log's header FEN does not read",
            ));
        };
        Ok(Expr::Test(Test::Line(parse_line(root, &words)?)))
    }

    /// `FIELD` alone (a true-or-false column) or `FIELD OP VALUE`.
    fn test(&mut self, name: &str, col: usize) -> Result<Expr, QueryError> {
        let Some(field) = lookup(name) else {
            let names: Vec<&str> = FIELDS.iter().map(|f| f.name).collect();
            return Err(QueryError::at(
                col,
                format!(
                    "unknown field \"{}\" (fields: {}, line)",
                    quote(name),
                    names.join(", ")
                ),
            ));
        };
        let op = match self.peek().tok {
            Tok::Op(op) => {
                self.next();
                Some(op)
            }
            _ => None,
        };
        let Some(op) = op else {
            return match field.column {
                Column::Bool(b) => Ok(Expr::Test(Test::Bool(b))),
                _ => Err(QueryError::at(
                    self.peek().col,
                    format!(
                        "`{}` needs a comparison, e.g. {}",
                        field.name,
                        example(field.column)
                    ),
                )),
            };
        };
        let value = self.next();
        let text = match &value.tok {
            Tok::Word(w) | Tok::Quoted(w) => w.as_str(),
            _ => {
                return Err(QueryError::at(
                    value.col,
                    format!("expected a value after `{} {}`", field.name, op.text()),
                ));
            }
        };
        let vcol = value.col;
        let equality = |what: &str| -> Result<bool, QueryError> {
            match op {
                Op::Eq => Ok(true),
                Op::Ne => Ok(false),
                _ => Err(QueryError::at(
                    col,
                    format!("`{}` is {what}: compare it with = or !=", field.name),
                )),
            }
        };
        let test = match field.column {
            Column::Int(f) => Test::Int(f, op, int_value(f, text, vcol)?),
            Column::Bool(b) => Test::BoolIs(b, equality("true or false")?, bool_value(text, vcol)?),
            Column::Type => Test::Type(equality("a node type")?, type_value(text, vcol)?),
            Column::Move(f) => Test::Move(f, equality("a move")?, self.move_value(f, text, vcol)?),
            Column::CutSource => {
                Test::Source(equality("a source")?, self.source_value(text, vcol)?)
            }
            Column::Key => Test::Key(equality("a key")?, key_value(text, vcol)?),
        };
        Ok(Expr::Test(test))
    }

    fn move_value(
        &self,
        field: MoveField,
        text: &str,
        col: usize,
    ) -> Result<MoveMatch, QueryError> {
        MoveMatch::parse(text).map_err(|why| {
            let what = match field {
                MoveField::Move => "move",
                MoveField::CutMove => "cut.move",
            };
            QueryError::at(col, format!("`{what}`: {why}"))
        })
    }

    /// A source named by its label in the log's own table (case-insensitive), or `#code`.
    fn source_value(&self, text: &str, col: usize) -> Result<MoveSource, QueryError> {
        let table = &self.header.sources;
        if let Some(row) = table
            .rows()
            .iter()
            .find(|r| r.label.eq_ignore_ascii_case(text))
        {
            return Ok(MoveSource::from_code(row.code));
        }
        if let Some(code) = text.strip_prefix('#').and_then(|c| c.parse::<u8>().ok()) {
            return Ok(MoveSource::from_code(code));
        }
        let labels: Vec<String> = table
            .rows()
            .iter()
            .map(|r| table.label(MoveSource::from_code(r.code)).into_owned())
            .collect();
        Err(QueryError::at(
            col,
            format!(
                "the log names no source \"{}\" (its sources: {}; or #code)",
                quote(text),
                if labels.is_empty() {
                    "none".to_string()
                } else {
                    labels.join(", ")
                }
            ),
        ))
    }
}

/// An example comparison for a column that is not true-or-false.
fn example(column: Column) -> &'static str {
    match column {
        Column::Int(IntField::CutRank) => "cut.rank>1",
        Column::Int(_) => "depth>=3",
        Column::Type => "type=CUT",
        Column::Move(_) => "cut.move=Nf3",
        Column::CutSource => "cut.source=K1",
        Column::Key => "key=463b96181691fc9c",
        Column::Bool(_) => "tt_cut",
    }
}

fn int_value(field: IntField, text: &str, col: usize) -> Result<i64, QueryError> {
    text.parse::<i64>().map_err(|_| {
        let hint = if field == IntField::Score {
            " (centipawns; mates are ±32000 minus their distance in plies, or use `mate`)"
        } else {
            ""
        };
        QueryError::at(
            col,
            format!("expected a whole number, not \"{}\"{hint}", quote(text)),
        )
    })
}

fn bool_value(text: &str, col: usize) -> Result<bool, QueryError> {
    match text.to_ascii_lowercase().as_str() {
        "true" | "yes" | "on" | "1" => Ok(true),
        "false" | "no" | "off" | "0" => Ok(false),
        _ => Err(QueryError::at(
            col,
            format!("expected true or false, not \"{}\"", quote(text)),
        )),
    }
}

fn type_value(text: &str, col: usize) -> Result<NodeType, QueryError> {
    let lower = text.to_ascii_lowercase();
    NodeType::ALL
        .into_iter()
        .find(|t| {
            t.label().eq_ignore_ascii_case(text)
                || (lower == "quiescence" && *t == NodeType::Quiescence)
        })
        .ok_or_else(|| {
            QueryError::at(
                col,
                format!("a node type is PV, CUT, ALL or Q, not \"{}\"", quote(text)),
            )
        })
}

/// A Zobrist key in hex (`463b96181691fc9c`, `0x…`), or a quoted FEN whose key it is.
fn key_value(text: &str, col: usize) -> Result<u64, QueryError> {
    if text.contains('/') {
        return Position::from_fen(text)
            .map(|p| p.key())
            .map_err(|e| QueryError::at(col, format!("`key`: {e}")));
    }
    let hex = text.trim_start_matches("0x").trim_start_matches("0X");
    u64::from_str_radix(hex, 16).map_err(|_| {
        QueryError::at(
            col,
            format!("`key` is a Zobrist key in hex (as `killerscope fen` prints it) or a quoted FEN, not \"{}\"", quote(text)),
        )
    })
}
