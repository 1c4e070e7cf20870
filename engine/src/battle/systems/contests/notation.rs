//! The two notations a Book of Contests sheet is typed in (SYSTEMS.md §4.2–4.3): damage such as
//! `2d6+SL` or `1d10-1` ([`DamageExpr`]), and a modifier's value, `10`, `-5`, `+3SL` or `SL+3`
//! ([`ModValue`]). Both parsers are total: any string either parses or is refused with a
//! [`NotationError`] naming the column and what was expected there; neither ever panics.
//!
//! Grammar (case-insensitive, spaces allowed between tokens, at most [`MAX_LEN`] characters):
//! ```text
//! damage := sign? term (('+' | '-') term)*        at most MAX_TERMS terms
//! term   := count? 'd' sides | number | 'SL'      count 1..=MAX_DICE (default 1), sides 2..=MAX_SIDES
//! value  := sign? number 'SL'? | 'SL' sign? number
//! ```

use serde::{Deserialize, Serialize};
use std::fmt;

/// The longest notation accepted, in characters.
pub const MAX_LEN: usize = 100;
/// The most terms a damage expression may have.
pub const MAX_TERMS: usize = 16;
/// The most dice in one `NdM` term.
pub const MAX_DICE: u32 = 100;
/// The most faces a die may have.
pub const MAX_SIDES: u32 = 1000;
/// The largest whole number in either notation.
pub const MAX_NUMBER: u32 = 10_000;

/// What is wrong with a piece of notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationErrorKind {
    /// Nothing but spaces.
    Empty,
    /// Longer than [`MAX_LEN`] characters.
    TooLong {
        /// Its length in characters.
        len: usize,
    },
    /// A character that cannot stand here.
    Unexpected {
        /// The character found.
        found: char,
        /// What could have stood here.
        expected: &'static str,
    },
    /// The text stops where something was still needed.
    UnexpectedEnd {
        /// What was needed.
        expected: &'static str,
    },
    /// `0dM`: a term must throw at least one die.
    NoDice,
    /// More than [`MAX_DICE`] dice in one term.
    TooManyDice,
    /// A die of fewer than 2 faces.
    TooFewSides,
    /// A die of more than [`MAX_SIDES`] faces.
    TooManySides,
    /// A number above [`MAX_NUMBER`].
    NumberTooLarge,
    /// More than [`MAX_TERMS`] terms.
    TooManyTerms,
}

/// A refused piece of notation: what is wrong, and the 1-based column (in characters) where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// 1-based character column of the offending token (one past the end for a missing one).
    pub column: usize,
    /// What is wrong there.
    pub kind: NotationErrorKind,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use NotationErrorKind as K;
        write!(f, "column {}: ", self.column)?;
        match &self.kind {
            K::Empty => write!(f, "empty; write a term such as 4, 1d6 or 2d6+SL"),
            K::TooLong { len } => write!(f, "{len} characters; at most {MAX_LEN}"),
            K::Unexpected { found, expected } => write!(f, "expected {expected}, found {found:?}"),
            K::UnexpectedEnd { expected } => write!(f, "expected {expected}, found the end"),
            K::NoDice => write!(f, "a term must throw at least one die"),
            K::TooManyDice => write!(f, "at most {MAX_DICE} dice in one term"),
            K::TooFewSides => write!(f, "a die needs at least 2 sides"),
            K::TooManySides => write!(f, "a die may have at most {MAX_SIDES} sides"),
            K::NumberTooLarge => write!(f, "numbers go up to {MAX_NUMBER}"),
            K::TooManyTerms => write!(f, "at most {MAX_TERMS} terms"),
        }
    }
}

impl std::error::Error for NotationError {}

/// One term of a damage expression, without its sign.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TermKind {
    /// `count`d`sides`.
    Dice {
        /// How many dice, 1..=[`MAX_DICE`].
        count: u32,
        /// Faces of each, 2..=[`MAX_SIDES`].
        sides: u32,
    },
    /// A whole number, 0..=[`MAX_NUMBER`].
    Flat(u32),
    /// The roll's success level.
    Sl,
}

/// A signed term.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Term {
    /// Subtracted rather than added.
    pub negative: bool,
    /// What it is.
    pub kind: TermKind,
}

/// A damage expression: a `+`/`-` list of `NdM`, whole numbers and `SL`. It can only be built by
/// parsing, so every value is well-formed; it travels in JSON as its text (`"1d6+SL"`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct DamageExpr {
    terms: Vec<Term>,
}

impl Default for DamageExpr {
    /// `4`, the default damage of a new action.
    fn default() -> Self {
        DamageExpr {
            terms: vec![Term {
                negative: false,
                kind: TermKind::Flat(4),
            }],
        }
    }
}

/// A cursor over the characters of a notation, counting columns.
struct Cursor {
    chars: Vec<char>,
    at: usize,
}

impl Cursor {
    fn new(text: &str) -> Result<Cursor, NotationError> {
        let chars: Vec<char> = text.chars().collect();
        if chars.len() > MAX_LEN {
            return Err(NotationError {
                column: MAX_LEN + 1,
                kind: NotationErrorKind::TooLong { len: chars.len() },
            });
        }
        let mut c = Cursor { chars, at: 0 };
        c.skip_spaces();
        if c.peek().is_none() {
            return Err(c.error(NotationErrorKind::Empty));
        }
        Ok(c)
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.at += 1;
        }
    }

    fn error(&self, kind: NotationErrorKind) -> NotationError {
        NotationError {
            column: self.at + 1,
            kind,
        }
    }

    /// The error for the current character (or the end) when `expected` was wanted.
    fn unexpected(&self, expected: &'static str) -> NotationError {
        match self.peek() {
            Some(found) => self.error(NotationErrorKind::Unexpected { found, expected }),
            None => self.error(NotationErrorKind::UnexpectedEnd { expected }),
        }
    }

    /// An optional `+` or `-`: `Some(true)` for minus.
    fn sign(&mut self) -> Option<bool> {
        let s = match self.peek()? {
            '+' => false,
            '-' => true,
            _ => return None,
        };
        self.at += 1;
        Some(s)
    }

    /// A run of digits as a number up to [`MAX_NUMBER`].
    fn number(&mut self, expected: &'static str) -> Result<u32, NotationError> {
        let start = self.at;
        let mut value: u64 = 0;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            value = (value * 10 + u64::from(d)).min(u64::from(MAX_NUMBER) + 1);
            self.at += 1;
        }
        if self.at == start {
            return Err(self.unexpected(expected));
        }
        if value > u64::from(MAX_NUMBER) {
            return Err(NotationError {
                column: start + 1,
                kind: NotationErrorKind::NumberTooLarge,
            });
        }
        Ok(value as u32)
    }

    /// `SL`, any case, with the cursor on the `S`.
    fn sl(&mut self) -> Result<(), NotationError> {
        self.at += 1;
        match self.peek() {
            Some('l' | 'L') => {
                self.at += 1;
                Ok(())
            }
            _ => Err(self.unexpected("'L' (of SL)")),
        }
    }
}

const TERM: &str = "a term (NdM, a whole number or SL)";
const OPERATOR: &str = "'+' or '-'";

impl DamageExpr {
    /// Parses damage notation such as `4`, `1d10`, `2d6+SL`, `Sl+0` or `d8 - 1`.
    pub fn parse(text: &str) -> Result<DamageExpr, NotationError> {
        let mut c = Cursor::new(text)?;
        let mut terms = Vec::new();
        loop {
            let term_start = c.at;
            let negative = match (terms.is_empty(), c.sign()) {
                (_, Some(minus)) => minus,
                (true, None) => false,
                (false, None) => return Err(c.unexpected(OPERATOR)),
            };
            if terms.len() == MAX_TERMS {
                return Err(NotationError {
                    column: term_start + 1,
                    kind: NotationErrorKind::TooManyTerms,
                });
            }
            c.skip_spaces();
            let kind = term(&mut c)?;
            terms.push(Term { negative, kind });
            c.skip_spaces();
            if c.peek().is_none() {
                return Ok(DamageExpr { terms });
            }
        }
    }

    /// Its terms, in order.
    pub fn terms(&self) -> &[Term] {
        &self.terms
    }

    /// Whether it has an `SL` term (only then does a hit's SL add to its damage).
    pub fn has_sl(&self) -> bool {
        self.terms.iter().any(|t| t.kind == TermKind::Sl)
    }

    /// How many dice it throws, in term order.
    pub fn dice(&self) -> impl Iterator<Item = u32> + '_ {
        self.terms.iter().flat_map(|t| match t.kind {
            TermKind::Dice { count, sides } => vec![sides; count as usize],
            _ => Vec::new(),
        })
    }

    /// Its value for these faces (one per die, in term order; missing faces count as 0) and this
    /// SL: `(dice, whole numbers, SL)`, each signed as its terms are.
    pub fn value(&self, faces: &[u32], sl: i32) -> (i64, i64, i64) {
        let (mut dice, mut flat, mut sls) = (0i64, 0i64, 0i64);
        let mut face = faces.iter();
        for t in &self.terms {
            let sign = if t.negative { -1 } else { 1 };
            match t.kind {
                TermKind::Dice { count, .. } => {
                    let sum: i64 = face
                        .by_ref()
                        .take(count as usize)
                        .map(|&f| i64::from(f))
                        .sum();
                    dice += sign * sum;
                }
                TermKind::Flat(n) => flat += sign * i64::from(n),
                TermKind::Sl => sls += sign * i64::from(sl),
            }
        }
        (dice, flat, sls)
    }
}

/// One unsigned term, with the cursor on its first character.
fn term(c: &mut Cursor) -> Result<TermKind, NotationError> {
    let start = c.at;
    match c.peek() {
        Some('s' | 'S') => {
            c.sl()?;
            Ok(TermKind::Sl)
        }
        Some('d' | 'D') => dice(c, 1, start),
        Some(ch) if ch.is_ascii_digit() => {
            let n = c.number(TERM)?;
            match c.peek() {
                Some('d' | 'D') => dice(c, n, start),
                _ => Ok(TermKind::Flat(n)),
            }
        }
        _ => Err(c.unexpected(TERM)),
    }
}

/// The `dM` of a dice term of `count` dice starting at `start`, with the cursor on the `d`.
fn dice(c: &mut Cursor, count: u32, start: usize) -> Result<TermKind, NotationError> {
    let at_count = |kind| NotationError {
        column: start + 1,
        kind,
    };
    if count == 0 {
        return Err(at_count(NotationErrorKind::NoDice));
    }
    if count > MAX_DICE {
        return Err(at_count(NotationErrorKind::TooManyDice));
    }
    c.at += 1;
    let sides_at = c.at;
    let sides = c.number("the number of sides after 'd'")?;
    let at_sides = |kind| NotationError {
        column: sides_at + 1,
        kind,
    };
    if sides < 2 {
        return Err(at_sides(NotationErrorKind::TooFewSides));
    }
    if sides > MAX_SIDES {
        return Err(at_sides(NotationErrorKind::TooManySides));
    }
    Ok(TermKind::Dice { count, sides })
}

impl fmt::Display for DamageExpr {
    /// The canonical text: no spaces, `SL` in capitals, `NdM` with its count (`1d6`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, t) in self.terms.iter().enumerate() {
            match (k, t.negative) {
                (_, true) => f.write_str("-")?,
                (0, false) => {}
                (_, false) => f.write_str("+")?,
            }
            match t.kind {
                TermKind::Dice { count, sides } => write!(f, "{count}d{sides}")?,
                TermKind::Flat(n) => write!(f, "{n}")?,
                TermKind::Sl => f.write_str("SL")?,
            }
        }
        Ok(())
    }
}

impl std::str::FromStr for DamageExpr {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        DamageExpr::parse(s)
    }
}

impl TryFrom<String> for DamageExpr {
    type Error = NotationError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        DamageExpr::parse(&s)
    }
}

impl From<DamageExpr> for String {
    fn from(e: DamageExpr) -> String {
        e.to_string()
    }
}

/// A modifier's value: a number added to the characteristic before its tens are taken, or a
/// number of success levels added to the roll's SL. Travels in JSON as its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum ModValue {
    /// `"10"`, `"-5"`: added to the characteristic (or to Armor).
    Numeric(i32),
    /// `"+3SL"`, `"SL+3"`, `"-3SL"`: added to the SL.
    Sl(i32),
}

impl Default for ModValue {
    /// `SL+3`, the default of a new modifier (004, SYSTEMS §5).
    fn default() -> Self {
        ModValue::Sl(3)
    }
}

const VALUE: &str = "a number, or SL with a number (10, -5, +3SL, SL+3)";

impl ModValue {
    /// Parses `10`, `-5`, `+3SL`, `3 SL`, `SL+3`, `sl-2`.
    pub fn parse(text: &str) -> Result<ModValue, NotationError> {
        let mut c = Cursor::new(text)?;
        let value = match c.peek() {
            Some('s' | 'S') => {
                c.sl()?;
                c.skip_spaces();
                let minus = c.sign().unwrap_or(false);
                c.skip_spaces();
                let n = signed(c.number(VALUE)?, minus);
                ModValue::Sl(n)
            }
            _ => {
                let minus = c.sign().unwrap_or(false);
                c.skip_spaces();
                let n = signed(c.number(VALUE)?, minus);
                c.skip_spaces();
                match c.peek() {
                    Some('s' | 'S') => {
                        c.sl()?;
                        ModValue::Sl(n)
                    }
                    _ => ModValue::Numeric(n),
                }
            }
        };
        c.skip_spaces();
        match c.peek() {
            None => Ok(value),
            Some(_) => Err(c.unexpected("the end")),
        }
    }
}

fn signed(n: u32, minus: bool) -> i32 {
    if minus {
        -(n as i32)
    } else {
        n as i32
    }
}

impl fmt::Display for ModValue {
    /// `10`, `-5`, `SL+3`, `SL-3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ModValue::Numeric(n) => write!(f, "{n}"),
            ModValue::Sl(n) => write!(f, "SL{n:+}"),
        }
    }
}

impl TryFrom<String> for ModValue {
    type Error = NotationError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        ModValue::parse(&s)
    }
}

impl From<ModValue> for String {
    fn from(v: ModValue) -> String {
        v.to_string()
    }
}

/// Both notations travel as their text, so the schema says "a string of at most [`MAX_LEN`]
/// characters"; what the text may hold is the grammar above, checked by the parser.
#[cfg(feature = "schema")]
fn notation_schema(description: &str) -> schemars::schema::Schema {
    use schemars::schema::{InstanceType, Metadata, SchemaObject, StringValidation};
    SchemaObject {
        instance_type: Some(InstanceType::String.into()),
        string: Some(Box::new(StringValidation {
            max_length: Some(MAX_LEN as u32),
            min_length: Some(1),
            pattern: None,
        })),
        metadata: Some(Box::new(Metadata {
            description: Some(description.into()),
            ..Default::default()
        })),
        ..Default::default()
    }
    .into()
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for DamageExpr {
    fn schema_name() -> String {
        "DamageExpr".into()
    }

    fn json_schema(_: &mut schemars::gen::SchemaGenerator) -> schemars::schema::Schema {
        notation_schema("Damage notation such as `2d6+SL` or `1d10-1` (SYSTEMS.md §4.2).")
    }
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for ModValue {
    fn schema_name() -> String {
        "ModValue".into()
    }

    fn json_schema(_: &mut schemars::gen::SchemaGenerator) -> schemars::schema::Schema {
        notation_schema("A modifier's value: `10`, `-5`, `+3SL` or `SL+3` (SYSTEMS.md §4.3).")
    }
}
