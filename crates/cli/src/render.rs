//! Drawing a table for people: columns side by side with face-down cards as
//! `##`, then the stock, waste, reserve and foundations, with card symbols
//! and red suits in red when colour is on.
//!
//! A [`Table`] made with [`Table::from_view`] holds only what the player
//! view holds, so play can never print a hidden card. [`Table::revealed`]
//! shows everything and is for `patience deal`, which shows a deal whole.

use std::fmt::Write as _;
use std::io::IsTerminal;

use owo_colors::OwoColorize;
use patience_core::rules::{FoundationBase, Passes};
use patience_core::view::PositionView;
use patience_core::{Card, Position, Rules};
use patience_words::{say, Lang, Say};

/// How the output is written: in colour or not, and in which language.
#[derive(Copy, Clone, Debug)]
pub struct Style {
    pub color: bool,
    pub lang: Lang,
}

impl Style {
    /// Colour only when stdout is a terminal, `--no-color` was not given and
    /// `NO_COLOR` is unset or empty.
    pub fn detect(no_color: bool, lang: Lang) -> Style {
        let env_off = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Style { color: !no_color && !env_off && std::io::stdout().is_terminal(), lang }
    }

    /// `said` in the output's language.
    pub fn say(self, said: Say) -> String {
        said.in_lang(self.lang)
    }

    pub fn red(self, text: &str) -> String {
        if self.color {
            text.red().to_string()
        } else {
            text.to_string()
        }
    }

    pub fn bold(self, text: &str) -> String {
        if self.color {
            text.bold().to_string()
        } else {
            text.to_string()
        }
    }

    pub fn dim(self, text: &str) -> String {
        if self.color {
            text.dimmed().to_string()
        } else {
            text.to_string()
        }
    }

    /// A card as `7♥` or `10♠` (in German `B♥` for the Jack), red suits
    /// in red.
    pub fn card(self, card: Card) -> String {
        self.card_text(card, &self.card_name(card))
    }

    /// A card's text, uncoloured.
    fn card_name(self, card: Card) -> String {
        self.say(patience_words::card(card))
    }

    /// `text` (which shows `card`) in the card's colour.
    fn card_text(self, card: Card, text: &str) -> String {
        if card.is_red() {
            self.red(text)
        } else {
            text.to_string()
        }
    }
}

/// One card position in a column.
#[derive(Copy, Clone, Debug)]
enum Cell {
    /// Face down, identity unknown: the player's view.
    Hidden,
    /// Face down but shown, for `deal`.
    Down(Card),
    Up(Card),
}

#[derive(Clone, Debug)]
enum Stock {
    /// The player's view: how many cards, not which.
    Count(usize),
    /// Every stock card, next to be drawn first.
    Cards(Vec<Card>),
}

/// Everything on a table that is to be drawn.
#[derive(Clone, Debug)]
pub struct Table {
    rules: &'static Rules,
    columns: Vec<Vec<Cell>>,
    /// Top card of each foundation slot.
    foundations: Vec<Option<Card>>,
    stock: Stock,
    waste: Vec<Card>,
    reserve: Vec<Card>,
    base: Option<u8>,
    pass: u16,
}

/// Width of a card cell, `(10♥)` being the widest.
const CELL: usize = 5;
/// Waste cards shown, the playable one last.
const WASTE_SHOWN: usize = 3;
/// Stock cards per line when the stock is shown.
const STOCK_PER_LINE: usize = 13;

impl Table {
    /// The table as the player sees it: face-down cards and the stock order
    /// are not in the view, so they cannot be drawn.
    pub fn from_view(rules: &'static Rules, view: &PositionView) -> Table {
        Table {
            rules,
            columns: view
                .columns
                .iter()
                .map(|c| {
                    std::iter::repeat_n(Cell::Hidden, c.face_down)
                        .chain(c.face_up.iter().map(|&x| Cell::Up(x)))
                        .collect()
                })
                .collect(),
            foundations: view.foundations.iter().map(|f| f.top).collect(),
            stock: Stock::Count(view.stock),
            waste: view.waste.clone(),
            reserve: view.reserve.clone(),
            base: view.base,
            pass: view.pass,
        }
    }

    /// The whole table, face-down cards and stock order included.
    pub fn revealed(pos: &Position) -> Table {
        Table {
            rules: pos.rules(),
            columns: (0..pos.column_count())
                .map(|c| {
                    let down = pos.face_down(c);
                    pos.column(c)
                        .iter()
                        .enumerate()
                        .map(|(i, &card)| if i < down { Cell::Down(card) } else { Cell::Up(card) })
                        .collect()
                })
                .collect(),
            foundations: (0..pos.foundation_slots()).map(|s| pos.foundation_top(s)).collect(),
            stock: Stock::Cards(pos.stock().to_vec()),
            waste: pos.waste().to_vec(),
            reserve: pos.reserve().to_vec(),
            base: pos.base_rank(),
            pass: pos.pass(),
        }
    }

    /// The table as lines of text, ending in a newline.
    pub fn draw(&self, style: Style) -> String {
        let mut out = String::new();
        let rules = self.rules;

        if rules.stock_cards() > 0 {
            let passes = match rules.passes {
                Passes::Limited(n) => style.say(say!("cli-pass", pass = self.pass, passes = n)),
                Passes::Unlimited => style.say(say!("cli-pass-unlimited", pass = self.pass)),
            };
            let (stock, waste) = (style.say(say!("cli-stock")), style.say(say!("cli-waste")));
            match &self.stock {
                Stock::Count(n) => {
                    let _ = writeln!(out, "{stock} {n}   {waste} {}   {passes}", self.waste_text(style));
                }
                Stock::Cards(cards) => {
                    let _ = writeln!(out, "{waste} {}   {passes}", self.waste_text(style));
                    out.push_str(&style.say(say!("cli-stock-next-first", count = cards.len())));
                    for (i, &card) in cards.iter().enumerate() {
                        if i > 0 && i % STOCK_PER_LINE == 0 {
                            out.push_str("\n ");
                        }
                        let _ = write!(out, " {}", style.card(card));
                    }
                    out.push('\n');
                }
            }
        }
        if rules.reserve > 0 || !self.reserve.is_empty() {
            let _ = write!(out, "{} {}:", style.say(say!("cli-reserve")), self.reserve.len());
            let n = self.reserve.len();
            for (i, &card) in self.reserve.iter().enumerate() {
                let name = style.card_name(card);
                let text = if i + 1 == n { format!("[{name}]") } else { name };
                let _ = write!(out, " {}", style.card_text(card, &text));
            }
            out.push('\n');
        }

        out.push_str(&style.say(say!("cli-foundations")));
        for (slot, top) in self.foundations.iter().enumerate() {
            let text = match top {
                Some(card) => style.card(*card),
                None => style.dim("--"),
            };
            let _ = write!(out, "  f{} {text}", slot + 1);
        }
        match (rules.foundation_base, self.base) {
            (FoundationBase::Ace, _) => {}
            (_, Some(base)) => {
                let base = style.say(say!("card", rank = base, suit = ""));
                let built = if rules.foundation_wrap {
                    say!("cli-built-up-from-wrapping", base = base)
                } else {
                    say!("cli-built-up-from", base = base)
                };
                let _ = write!(out, "   {}", style.say(built));
            }
            (_, None) => {
                let _ = write!(out, "   {}", style.say(say!("cli-first-card-sets-base")));
            }
        }
        out.push_str("\n\n");

        for col in 0..self.columns.len() {
            let _ = write!(out, " {:<CELL$}", format!("t{}", col + 1));
        }
        trim_end(&mut out);
        out.push('\n');
        let rows = self.columns.iter().map(Vec::len).max().unwrap_or(0).max(1);
        for row in 0..rows {
            for column in &self.columns {
                let (text, width) = match (column.get(row), row) {
                    (Some(&cell), _) => cell_text(cell, style),
                    (None, 0) => (style.dim("--"), 2),
                    (None, _) => (String::new(), 0),
                };
                let _ = write!(out, " {text}{:pad$}", "", pad = CELL.saturating_sub(width));
            }
            trim_end(&mut out);
            out.push('\n');
        }
        out
    }

    /// The waste's count and top cards, the playable one in brackets.
    fn waste_text(&self, style: Style) -> String {
        let n = self.waste.len();
        if n == 0 {
            return "0".into();
        }
        let mut text = format!("{n}:");
        if n > WASTE_SHOWN {
            text.push_str(" …");
        }
        for (i, &card) in self.waste.iter().enumerate().skip(n.saturating_sub(WASTE_SHOWN)) {
            let name = style.card_name(card);
            let shown = if i + 1 == n { format!("[{name}]") } else { name };
            let _ = write!(text, " {}", style.card_text(card, &shown));
        }
        text
    }
}

/// A cell's text and its width on screen.
fn cell_text(cell: Cell, style: Style) -> (String, usize) {
    match cell {
        Cell::Hidden => (style.dim("##"), 2),
        Cell::Down(card) => {
            let text = format!("({})", style.card_name(card));
            let width = text.chars().count();
            (style.dim(&style.card_text(card, &text)), width)
        }
        Cell::Up(card) => {
            let text = style.card_name(card);
            let width = text.chars().count();
            (style.card_text(card, &text), width)
        }
    }
}

fn trim_end(out: &mut String) {
    let keep = out.trim_end_matches(' ').len();
    out.truncate(keep);
}
