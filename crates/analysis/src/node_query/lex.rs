//! Splitting a query into tokens, each with the column it starts at, so an error can point at
//! the character that is wrong.

use super::QueryError;

/// A comparison operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Op {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl Op {
    pub(super) fn text(self) -> &'static str {
        match self {
            Op::Eq => "=",
            Op::Ne => "!=",
            Op::Lt => "<",
            Op::Le => "<=",
            Op::Gt => ">",
            Op::Ge => ">=",
        }
    }
}

/// What a token is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Tok {
    /// A name or a value as written: `cut.rank`, `CUT`, `-50`, `Nf3`, `463b96181691fc9c`.
    Word(String),
    /// A value in quotes (a FEN, or SAN with `=`).
    Quoted(String),
    Op(Op),
    LParen,
    RParen,
    And,
    Or,
    Not,
    End,
}

/// A token and the 1-based column (in characters) it starts at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Token {
    pub tok: Tok,
    pub col: usize,
}

/// Whether `c` may be part of a word: letters, digits and the punctuation of moves, scores,
/// field names and FEN-free values (`O-O`, `Nxe5+`, `-50`, `cut.rank`, `#12`, `e8=Q` needs
/// quotes).
fn word_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | '.' | '-' | '+' | '#' | '/' | '…')
}

/// The tokens of `text`, ending with `Tok::End`.
pub(super) fn tokens(text: &str) -> Result<Vec<Token>, QueryError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let col = i + 1;
        let two = chars.get(i + 1).copied();
        let (tok, len) = match (c, two) {
            (c, _) if c.is_whitespace() => {
                i += 1;
                continue;
            }
            ('(', _) => (Tok::LParen, 1),
            (')', _) => (Tok::RParen, 1),
            ('=', Some('=')) => (Tok::Op(Op::Eq), 2),
            ('=', _) => (Tok::Op(Op::Eq), 1),
            ('!', Some('=')) => (Tok::Op(Op::Ne), 2),
            ('!', _) => (Tok::Not, 1),
            ('<', Some('=')) => (Tok::Op(Op::Le), 2),
            ('<', Some('>')) => (Tok::Op(Op::Ne), 2),
            ('<', _) => (Tok::Op(Op::Lt), 1),
            ('>', Some('=')) => (Tok::Op(Op::Ge), 2),
            ('>', _) => (Tok::Op(Op::Gt), 1),
            ('&', Some('&')) => (Tok::And, 2),
            ('|', Some('|')) => (Tok::Or, 2),
            ('"' | '\'', _) => {
                let end = chars[i + 1..]
                    .iter()
                    .position(|&q| q == c)
                    .ok_or_else(|| QueryError::at(col, "this quote is never closed"))?;
                let inner: String = chars[i + 1..i + 1 + end].iter().collect();
                (Tok::Quoted(inner), end + 2)
            }
            (c, _) if word_char(c) => {
                let len = chars[i..].iter().take_while(|&&c| word_char(c)).count();
                let word: String = chars[i..i + len].iter().collect();
                let tok = match word.to_ascii_lowercase().as_str() {
                    "and" => Tok::And,
                    "or" => Tok::Or,
                    "not" => Tok::Not,
                    _ => Tok::Word(word),
                };
                (tok, len)
            }
            (c, _) => {
                return Err(QueryError::at(
                    col,
                    format!(
                        "unexpected character \"{}\"",
                        killerscope_text::quote(&c.to_string())
                    ),
                ));
            }
        };
        out.push(Token { tok, col });
        i += len;
    }
    out.push(Token {
        tok: Tok::End,
        col: chars.len() + 1,
    });
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<Tok> {
        tokens(text)
            .expect("lexes")
            .into_iter()
            .map(|t| t.tok)
            .collect()
    }

    #[test]
    fn words_operators_and_keywords_with_their_columns() {
        let toks = tokens("type=CUT and (cut.rank >= 2 || !tt_cut)").expect("lexes");
        let cols: Vec<usize> = toks.iter().map(|t| t.col).collect();
        assert_eq!(cols, [1, 5, 6, 10, 14, 15, 24, 27, 29, 32, 33, 39, 40]);
        assert_eq!(toks[1].tok, Tok::Op(Op::Eq));
        assert_eq!(toks[6].tok, Tok::Op(Op::Ge));
        assert_eq!(toks[8].tok, Tok::Or);
        assert_eq!(toks[9].tok, Tok::Not);
    }

    #[test]
    fn moves_scores_and_quoted_values_are_words() {
        assert_eq!(
            kinds("score>-50 move=O-O-O 'e8=Q'"),
            [
                Tok::Word("score".into()),
                Tok::Op(Op::Gt),
                Tok::Word("-50".into()),
                Tok::Word("move".into()),
                Tok::Op(Op::Eq),
                Tok::Word("O-O-O".into()),
                Tok::Quoted("e8=Q".into()),
                Tok::End,
            ]
        );
    }

    #[test]
    fn errors_name_the_column() {
        let e = tokens("depth > 2 and 'open").expect_err("unclosed");
        assert_eq!(e.column, 15);
        let e = tokens("depth ~ 2").expect_err("bad character");
        assert_eq!(e.column, 7);
    }
}
