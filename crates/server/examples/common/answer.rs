//! What the load and floods examples read of a game's answer: its id and
//! the view's action number, outcome, legal moves and whether it can undo
//! (the rest is skipped unparsed).

use serde::Deserialize;

#[derive(Deserialize)]
pub struct Answer {
    #[serde(default)]
    pub id: String,
    pub view: View,
}

#[derive(Deserialize)]
pub struct View {
    pub action_number: u64,
    pub outcome: String,
    pub table: Table,
    #[serde(default)]
    pub can_undo: bool,
}

#[derive(Deserialize)]
pub struct Table {
    pub moves: Vec<LegalMove>,
}

#[derive(Deserialize)]
pub struct LegalMove {
    pub notation: String,
}
