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

/// A game's record as text, and a file name for it.
pub struct RecordText {
    pub text: String,
    pub file_name: String,
}

/// Game `game`'s record as [`text`] writes it, named after its rules and
/// deal ("duel" in place of a deal number kept secret).
pub fn of(game: &Game, deal_hidden: bool, lang: Lang) -> RecordText {
    let deal = if deal_hidden { "duel".to_string() } else { game.deal().to_string() };
    let file_name = format!("patience-{}-{deal}.txt", game.rules().id.replace('/', "-"));
    RecordText { text: text(game, deal_hidden, lang), file_name }
}
