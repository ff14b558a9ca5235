//! Game records as text, as a player may read them: the whole record, or
//! while the game's duel is open, the record without its deal number.

use patience_core::record::Record;
use patience_core::Game;
use patience_words::{say, Lang};

/// A game's record as text. While its duel is open the `Deal` header is
/// left out (a comment in `lang` says why), so the record lists the
/// player's own actions without giving the deal away; it can be replayed
/// once the duel has closed and the full record is served.
pub fn text(game: &Game, deal_hidden: bool, lang: Lang) -> String {
    let mut record = Record::of(game);
    if !deal_hidden {
        return record.to_text();
    }
    record.headers.retain(|(key, _)| key != "Deal");
    format!("{}\n{}", say!("record-deal-hidden").in_lang(lang), record.to_text())
}
