//! What the player knows: the stock places seen so far ([`Knowledge`],
//! kept from the views and the actions taken, never from the position), and
//! from it and the view the cards still unknown ([`unknown_cards`]).

use patience_core::card::{Card, Suit};
use patience_core::deal::ordered_deck;
use patience_core::game::{Action, Entry, Game, GameError};
use patience_core::moves::Move;
use patience_core::rules::Rules;
use patience_core::view::{PositionView, Silent};

/// What the player has seen of the stock (see the [module docs](super)). Rebuild it
/// with [`Knowledge::from_log`], or keep it up to date with
/// [`Knowledge::observe`] after each action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Knowledge {
    draw: u8,
    /// The talon as places of the original talon, waste first, then stock
    /// (next card to draw first).
    talon: Vec<u16>,
    waste_len: usize,
    /// The card at each original talon place, once seen on the waste.
    seen: Vec<Option<Card>>,
    /// `(talon, waste_len)` before each move still on the table.
    history: Vec<(Vec<u16>, usize)>,
    /// A view did not fit: from then on the stock counts as unknown.
    confused: bool,
}

impl Knowledge {
    /// What a player knows on first seeing `view`: the waste, and nothing of
    /// the stock's order.
    pub fn new(rules: &Rules, view: &PositionView) -> Knowledge {
        let places = view.waste.len() + view.stock;
        let mut knowledge = Knowledge {
            draw: rules.draw.max(1),
            talon: (0..places as u16).collect(),
            waste_len: view.waste.len(),
            seen: vec![None; places],
            history: Vec::new(),
            confused: false,
        };
        knowledge.reconcile(view);
        knowledge
    }

    /// Replays a game's log from the deal and records what the player saw
    /// after each action. Only views are handed to the knowledge, never the
    /// position; on a refused entry says which (from 1) and why.
    pub fn from_log(rules: &'static Rules, deal: u64, log: &[Entry]) -> Result<Knowledge, (usize, GameError)> {
        let mut game = Game::new(rules, deal);
        let mut knowledge = Knowledge::new(rules, &PositionView::of(game.position(), &Silent));
        for (i, entry) in log.iter().enumerate() {
            game.apply(*entry).map_err(|e| (i + 1, e))?;
            knowledge.observe(entry.action, &PositionView::of(game.position(), &Silent));
        }
        Ok(knowledge)
    }

    /// [`Knowledge::from_log`] of a game in progress.
    pub fn of_game(game: &Game) -> Knowledge {
        Knowledge::from_log(game.rules(), game.deal(), game.log()).expect("a game's own log replays")
    }

    /// Takes in an action the game accepted and the view after it.
    pub fn observe(&mut self, action: Action, after: &PositionView) {
        match action {
            Action::Play(mv) => {
                self.history.push((self.talon.clone(), self.waste_len));
                match mv {
                    Move::Draw => {
                        let stock = self.talon.len() - self.waste_len;
                        self.waste_len += (self.draw as usize).min(stock);
                    }
                    Move::Redeal => self.waste_len = 0,
                    Move::Transfer { .. } => {}
                }
            }
            Action::Undo => {
                if let Some((talon, waste_len)) = self.history.pop() {
                    self.talon = talon;
                    self.waste_len = waste_len;
                }
            }
            Action::Restart => {
                if !self.history.is_empty() {
                    let (talon, waste_len) = self.history.swap_remove(0);
                    self.history.clear();
                    self.talon = talon;
                    self.waste_len = waste_len;
                }
            }
            Action::Quit | Action::SafeAutoMoves(_) | Action::ShowLine => {}
        }
        self.reconcile(after);
    }

    /// Fits the talon to the view: waste cards played off the top leave
    /// the talon, and every waste card shown is recorded at its place.
    fn reconcile(&mut self, view: &PositionView) {
        let w = view.waste.len();
        if w < self.waste_len {
            self.talon.drain(w..self.waste_len);
            self.waste_len = w;
        }
        if w != self.waste_len || self.talon.len() - self.waste_len != view.stock {
            self.confused = true;
            return;
        }
        for (i, &card) in view.waste.iter().enumerate() {
            let place = &mut self.seen[self.talon[i] as usize];
            if place.is_some_and(|c| c != card) {
                self.confused = true;
            }
            *place = Some(card);
        }
    }

    /// The stock as the player knows it, next card to draw first: `None`
    /// where the card has not been seen.
    pub fn stock(&self, view: &PositionView) -> Vec<Option<Card>> {
        if self.confused || self.talon.len() - self.waste_len != view.stock {
            return vec![None; view.stock];
        }
        self.talon[self.waste_len..].iter().map(|&p| self.seen[p as usize]).collect()
    }
}

/// The cards a player cannot see and does not know the place of: the
/// deck(s) minus every visible card and every known stock card, in deck
/// order. `None` if the view and knowledge hold more of a card than the
/// deck has.
pub fn unknown_cards(rules: &Rules, view: &PositionView, stock: &[Option<Card>]) -> Option<Vec<Card>> {
    let mut counts = [0i32; 256];
    for card in ordered_deck(rules) {
        counts[card.to_u8() as usize] += 1;
    }
    let mut take = |card: Card| {
        counts[card.to_u8() as usize] -= 1;
    };
    for col in &view.columns {
        col.face_up.iter().copied().for_each(&mut take);
    }
    view.waste.iter().copied().for_each(&mut take);
    view.reserve.iter().copied().for_each(&mut take);
    stock.iter().flatten().copied().for_each(&mut take);
    for (slot, f) in view.foundations.iter().enumerate() {
        if f.count == 0 {
            continue;
        }
        let base = view.base.unwrap_or(1);
        let suit = Suit::from_index(slot as u8);
        for k in 0..f.count as u8 {
            take(Card::new(suit, (base - 1 + k) % rules.ranks + 1));
        }
    }
    if counts.iter().any(|&n| n < 0) {
        return None;
    }
    let mut pool = Vec::new();
    for card in ordered_deck(rules) {
        let left = &mut counts[card.to_u8() as usize];
        if *left > 0 {
            *left -= 1;
            pool.push(card);
        }
    }
    Some(pool)
}
