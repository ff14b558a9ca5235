//! Game records as text, as a player may read them: the whole record, or
//! while the game's duel is open, the record without its deal number.

use patience_core::record::Record;
use patience_core::Game;

/// A game's record as text. While its duel is open the `Deal` header is
/// left out (a comment says why), so the record lists the player's own
/// actions without giving the deal away; it can be replayed once the duel
/// has closed and the full record is served.
pub fn text(game: &Game, deal_hidden: bool) -> String {
    let mut record = Record::of(game);
    if !deal_hidden {
        return record.to_text();
    }
    record.headers.retain(|(key, _)| key != "Deal");
    format!(
        "# A duel game: the deal number is left out until the duel closes; the full record is served then.\n{}",
        record.to_text()
    )
}
