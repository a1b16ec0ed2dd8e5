//! Parts of the screens.
//!
//! # Selectors for tests
//!
//! Stable hooks for the browser tests (tests/e2e). Every card and action is a real
//! `<button>` with an `aria-label` in the current language, so `getByRole('button', { name })`
//! works too.
//!
//! Everywhere
//! - `[data-testid=lang-toggle]`: switches Persian ⇄ English (remembered in local storage
//!   `cards.lang`); `<html lang dir>` follows (`fa`/`rtl`, `en`/`ltr`).
//! - `[data-testid=notice]` (one per notice, `data-notice=restore_failed|bad_link`),
//!   `[data-testid=notice-close]`.
//! - `[data-testid=home-link]`: back to the home page (setup and table).
//!
//! Home (`#/`)
//! - `[data-testid=game-hokm]`, `game-shelem`, `game-pasur`, `game-bidel`,
//!   `game-haft-khabis`, `game-crazy-eights` (all enabled).
//! - `[data-testid=continue]` with `data-game=<slug>`: resume that game's saved table (one
//!   per game in progress).
//! - `[data-testid=stats-<slug>]` inside a game's card, once a match of it was played on
//!   this device: `data-played`, `data-won`, `data-streak`, `data-best-streak`,
//!   `data-best-hand` (empty before a hand of yours ended).
//!
//! Setup (`#/<game>/setup?…`, every game)
//! - `[data-testid=setup]` with `data-game`.
//! - `[data-testid=opt-players]`: `<select>` of the player counts the game allows.
//! - `[data-testid=seat-kind-0]` … : `<select>` with values `you`, `person`, `bot`;
//!   `[data-testid=seat-name-N]`: name input (people only).
//! - one control per room setting, `opt-` + the link key with `-` for `_`: switches are
//!   checkboxes, choices `<select>`s. Hokm: `opt-target` (3/5/7), `opt-redeal`,
//!   `opt-second-ace`, `opt-last-trick`, `opt-sars`, `opt-nars`, `opt-ace-nars`. Shelem:
//!   `opt-target`, `opt-min-bid`, `opt-jokers`, `opt-sars`, `opt-nars`, `opt-ace-nars`.
//!   Bidel: `opt-target`, `opt-forty`, `opt-trump-mode`, `opt-last-trick`. Pasur:
//!   `opt-target` (62/100/150), `opt-classic-deal`, `opt-jack-takes-all`,
//!   `opt-forced-capture`, `opt-jack-sur`, `opt-no-sur-on-last-card`. Crazy
//!   Eights: `opt-target` (100/200/500), `opt-wild-rank` (0 = 8, 1 = J, 2 = A, 3 = 7),
//!   `opt-eight-power` (0 wild, 1 own suit, 2 no suit, 3 suit on match), `opt-eight-cards`,
//!   `opt-draw-only-when-unable`, `opt-play-drawn`, `opt-queen-skips`, `opt-ace-reverses`,
//!   `opt-two-draws`, `opt-last-card`, `opt-reshuffle`, `opt-equal-cards`,
//!   `opt-queen-of-spades-five`, `opt-jack-skips-four-reverses`, `opt-countdown`,
//!   `opt-countdown-preset` (choices with names show them; the value is the number). Haft
//!   Khabis: `opt-end` (0 cap, 1 cap ends, 2 hands, 3 elimination, 4 finishing order),
//!   `opt-cap` (50 … 1000), `opt-hands` (1 … 20), `opt-two` (0 penalty card, 1 give a card,
//!   2 no effect), `opt-seven-stacking` (0 add, 1 double), `opt-keep-drawn`,
//!   `opt-ace-answer`, `opt-no-finish-on-eight`, `opt-forgo-eight`, `opt-shrapnel`,
//!   `opt-timeout-penalty`.
//! - `[data-testid=rules-link]`: the game's rule page; `[data-testid=start]`: start
//!   (navigates to `#/<game>?seed=…&seats=…&…`).
//!
//! Rules (`#/<game>/rules?back=…`)
//! - `[data-testid=rules]`, `rules-section`, items with `data-rule=HK-4`, `rules-back`.
//!
//! Every table (`#/<game>?seed=…`)
//! - `[data-testid=table]`: the page; `data-game=<slug>`, `data-phase` (per game, below),
//!   `data-turn=<seat>` (empty when nobody acts; the first seat when several choose at
//!   once), `data-bottom=<seat>` (the seat drawn at the bottom), `data-busy=true` while a
//!   completed trick is shown or a bot is about to act.
//! - After a hand, `[data-testid=replay-open]` on every result panel opens the hand replay
//!   (`[data-testid=replay]`; its selectors are listed in [`replay`]).
//! - `[data-testid=settings-button]` opens `[data-testid=settings-panel]`: the room's
//!   settings read-only, a row `[data-testid=setting-opt-…]` (`data-value`, 0/1 for
//!   switches) per setting, and `[data-testid=rules-link]` to the rule page.
//! - `[data-testid=scores-button]` opens `[data-testid=scores-panel]` (closed by
//!   `scores-close`): `[data-testid=scores-empty]` before a hand ended, else the chart
//!   `[data-testid=scores-chart]` (`data-hands`; per side `g.series[data-side]` with
//!   `data-totals` = the totals from the start, comma-separated, yours with class `mine`;
//!   `[data-testid=chart-target]` with `data-value` where the game has a target) and
//!   `[data-testid=scores-table]`: rows `scores-row-N` (hand N, from 1) with a `td` per side
//!   (`data-side`, `data-points`, `data-total`), then `scores-totals` (`td[data-value]`).
//! - At the end of a match the result panel holds `[data-testid=match-summary]`: the same
//!   chart, the table inside `[data-testid=scores-details]` (folded), and
//!   `[data-testid=match-stats]` (as the home page's `stats-<slug>`, this match counted).
//!
//! Bidel table
//! - `data-phase=choosing_trump|passing|playing|hand_over|match_over`.
//! - `[data-testid=pass-panel]` (`data-direction=right|left|across`), `pass-count`
//!   (`data-value`), `pass-confirm` (enabled at three cards); chosen cards have class
//!   `selected` (`aria-pressed`); received cards class `received` until your first card,
//!   with `[data-testid=received-note]`; `pass-waiting` while others choose.
//! - `[data-testid=pass-direction]`, `hearts-broken` (`data-value`), `hand-points-N`,
//!   `total-N`, `points-N` (on the seat plates), `target`, `trump` (trump mode).
//! - `[data-testid=hand-result]` (`data-moon=<seat>` or empty), `result-row-N`
//!   (`data-taken`, `data-points`, `data-total`), `moon`, `match-result`, `next-hand`,
//!   `new-match`; `trump-picker` with `button[data-trump=C|D|H|S|none]`.
//!
//! Crazy Eights table (`#/crazy-eights?…`, 2–8 players; two decks from six)
//! - `data-phase=naming_suit|playing|hand_over|match_over`.
//! - `[data-testid=stock]`: the draw pile, a button enabled when drawing is legal
//!   (`data-count`); `discard-top` (`data-card`, e.g. `8S`); `current-suit`
//!   (`data-suit=C|D|H|S`, class `named` after a wild card); `direction`
//!   (`data-value=clockwise|counterclockwise`); `pending` (`data-value`: cards to draw,
//!   only while a penalty is pending).
//! - Hand cards (both shedding games): `button[data-card][data-copy]`, `data-copy` 0, or 1
//!   for the second of two identical cards (two decks); class `playable` when they may be
//!   played now, alone or (CE-11) with others of their rank. A hand above 18 cards has
//!   class `many` (overlapping rows on a phone).
//! - Equal cards together (setting `equal_cards`, CE-11): a click on a card that may go with
//!   others of its rank chooses it (`aria-pressed=true`) instead of playing it; clicks on
//!   cards of that rank add them (a `.card-badge` shows each one's place; the last chosen
//!   ends on top) or take them back; `[data-testid=play-chosen]` (`data-count`, `data-top`,
//!   disabled while the set cannot be played) plays them, `play-cancel` drops the choice.
//!   A card without partners is played at once, as without the setting.
//! - A wild card that names
//!   a suit opens `[data-testid=suit-picker]` with `suit-C|D|H|S` and `suit-cancel` (the
//!   dealer's naming of a starting wild card uses the same picker; `data-card` the card that
//!   names it, `data-count` the cards played with it).
//! - `[data-testid=last-card]` (`aria-pressed`): the "Last card!" declaration, shown when a
//!   play may leave one card; it goes with the next card played (D-6, `"last":true`).
//!   `[data-testid=draw]`, `pass`: shown when legal. `declared-N` on the plates of seats
//!   that declared. `[data-testid=last-card-penalty]` (`data-seat`, `data-value`: cards
//!   drawn) announces a forgotten declaration for a round of turns (both shedding games).
//! - `[data-testid=wild-rank-N]` (`data-value`: `8`, `J`, … each player's wild rank; in
//!   Countdown, CE-12, the rank of their score), `total-N` (`data-value`), `target`.
//! - `[data-testid=hand-result]` (`data-winner=<seat>` or empty, `data-blocked`),
//!   `result-row-N` (`data-cards`: cards left, `data-points`, `data-total`),
//!   `match-result` (`data-winner`: the winning seats, space-separated), `next-hand`,
//!   `new-match`; in each row `.result-cards [data-card]`, `.result-points`, `.result-total`.
//! - Five to eight players sit at `seat-right`, `seat-right-upper`, `seat-top-right`,
//!   `seat-top`, `seat-top-left`, `seat-left-upper`, `seat-left` (counter-clockwise from
//!   the bottom; see `Pos::ring`).
//!
//! Haft Khabis table (`#/haft-khabis?…`, 2–7 players; two decks from six): the Crazy Eights table's
//! `stock`, `discard-top`, `current-suit`, `direction`, `pending` (the 7 penalty),
//! `suit-picker`/`suit-C|D|H|S` (after a jack), `last-card`, `draw`, `pass`, `total-N`,
//! `declared-N`, `hand-result`, `result-row-N` (also `data-eliminated`), `next-hand`, plus:
//! - `data-phase=naming_player|playing|hand_over|match_over`.
//! - `[data-testid=target-picker]` with `target-N`: the player named with a 2 (or by the
//!   dealer for a 2 turned up, HX-16); then `give-picker` with `give-<card>` when the 2
//!   gives a card (setting). `suit-cancel` closes a choice.
//! - `[data-testid=end-mode]` (the HX-13 end in words), `eliminated-N`, `multiplier`,
//!   `last-card-penalty` (HX-9), `result-end-mode`.
//!
//! Hokm table
//! - `data-phase=choosing_trump|playing|hand_over|match_over`.
//! - `[data-testid=hand]`: the bottom player's hand; `button[data-card=QH]` per card (rank
//!   `2`…`10`,`J`,`Q`,`K`,`A` + suit `C`/`D`/`H`/`S`); playable cards have class `playable`,
//!   the others `aria-disabled=true` (a click on them shows the error; Playwright treats
//!   `aria-disabled` as disabled, so click those with `{ force: true }`).
//! - `[data-testid=seat-right]`, `seat-top`, `seat-left`, `seat-bottom`: seats, with
//!   `data-seat`, `data-count` (cards held), class `is-turn` on the one to act,
//!   `[data-testid=hakem-crown]` inside the hakem's.
//! - `[data-testid=trick]`: cards in the middle, `[data-card]` per card with `data-seat`.
//! - `[data-testid=trump-picker]` with `button[data-trump=C|D|H|S|sars|nars|ace_nars]`
//!   (also `data-testid=trump-H` etc.) and `[data-testid=redeal]` when legal.
//! - `[data-testid=trump]`: trump badge (`data-trump`, empty before it is named).
//! - `[data-testid=score]`: match score; `[data-testid=score-0]`/`score-1` (sides 0 = seats
//!   0 and 2, 1 = seats 1 and 3), `[data-testid=tricks-0]`/`tricks-1`, `[data-testid=target]`.
//! - `[data-testid=status]`: whose turn it is, in words (`aria-live`).
//! - `[data-testid=error]`: the message of an illegal click (`data-code` = HokmError::code()).
//! - `[data-testid=hakem-draw]`: the HK-2 draw panel; `[data-testid=draw-ok]` closes it.
//! - `[data-testid=last-trick]`: review the last trick (setting HK-11).
//! - `[data-testid=hand-result]`: hand result (`data-winner` side, `data-points`), a row
//!   `result-row-N` per side with `result-tricks-N` and `result-score-N` (`data-value`),
//!   `[data-testid=next-hand]`; `[data-testid=match-result]`, `[data-testid=new-match]`.
//! - `[data-testid=cover]`: pass-and-play cover; `[data-testid=reveal]`: "I am …".
//! - `[data-testid=share]` opens `[data-testid=share-url]` (the link, an `<input>`) and
//!   `[data-testid=share-copy]`.
//!
//! Shelem table (`#/shelem?seed=…`): the frame's selectors above (`table`, `hand`, `seat-*`,
//! `trick`, `trump`, `status`, `error`, `cover`, `share`) and
//! - `[data-testid=table]` `data-phase=bidding|discarding|choosing_trump|playing|hand_over|match_over`.
//! - `[data-testid=auction]`: the auction panel (always shown while bidding);
//!   `[data-testid=high-bid]` (`data-value`: the high bid, empty before the first);
//!   on your turn `[data-testid=bid-105]` etc. (`button[data-bid]`, every legal bid from the
//!   lowest up in fives) and `[data-testid=bid-pass]`; `[data-testid=redealt]` when everybody
//!   passed and the cards were dealt again.
//! - `[data-testid=seat-bid]` inside a seat's plate: `data-bid` = its last bid or `pass`
//!   during the auction; afterwards only on the hakem's plate, its winning bid.
//! - `[data-testid=discard-panel]` (the hakem only): `[data-testid=discard-count]`
//!   (`data-value` chosen), `[data-testid=discard-confirm]` (enabled with exactly as many as
//!   the widow held), `[data-testid=discard-clear]`; hand cards toggle (`aria-pressed`), the
//!   widow's cards have class `received`. Others see `[data-testid=waiting]`.
//! - `[data-testid=trump-picker]` with `[data-testid=trump-H]`, `trump-sars` … (no redeal).
//! - `[data-testid=joker-suit]`: a joker clicked to lead in a no-trump mode asks the suit:
//!   `[data-testid=joker-suit-C|D|H|S]`, `[data-testid=joker-cancel]`.
//! - `[data-testid=my-discards]`: the hakem's own discards during play.
//! - `[data-testid=score]`: `points-0`/`points-1` (points taken this hand, in tricks during
//!   play, the discards included once the hand is scored), `tricks-0`/`tricks-1`,
//!   `score-0`/`score-1` (match score), each with `data-value`; `[data-testid=target]`;
//!   `[data-testid=contract]` once the auction is won (`data-bid`, `data-hakem` seat).
//! - `[data-testid=hand-result]`: `data-made`, `data-shelem`, `data-bid`, `data-hakem`,
//!   `data-winner` (the side that won the hand), `data-in-play`, `data-taken-0/1` (points
//!   taken, discards included), `data-points-0/1` (points scored this hand); inside
//!   `[data-testid=hand-outcome]`, `result-taken-N`, `result-points-N`, `result-score-N`
//!   (`data-value`), `[data-testid=result-discards]` (`[data-card]` each),
//!   `[data-testid=next-hand]`, or at the end `[data-testid=match-result]` and `new-match`.
//!
//! Pasur table (`#/pasur?seed=…&seats=yb` or `ybbb`): the frame's selectors (`table`, `hand`,
//! `seat-*`, `status`, `error`, `cover`, `share`, `settings-button`) and
//! - `[data-testid=table]` `data-phase=playing|hand_over|match_over`.
//! - `[data-testid=pasur-table-cards]` (`data-count`): the face-up table cards, one
//!   `[data-card]` each, in Pasur order (A … 10, J, Q, K). While a card of yours is picked
//!   or hovered, the cards it would take have class `take`, the cards of its other sets
//!   class `maybe`, the rest `dim`. When several sets are to be chosen on your turn they
//!   are `<button>`s (`aria-pressed=true` on the chosen set; a tap picks a set holding that
//!   card, again the next such set); otherwise `span[role=img]`.
//! - `[data-testid=stock]` (`data-value`: cards left), `[data-testid=last-play]`
//!   (`data-seat`, `data-card`, `data-took` = `"4D 7S"` or empty, `data-sur`),
//!   `[data-testid=sur-flash]` (a sur, shown big for a moment), `[data-testid=deal-note]`
//!   (PA-2: a table jack replaced, deals thrown in), `[data-testid=dealer]` on the dealer's
//!   plate.
//! - Your hand (`[data-testid=hand]`): the first tap on a card picks it (`aria-pressed=true`,
//!   class `selected`); a second tap plays it once its outcome is settled. Then
//!   `[data-testid=capture-panel]` (`data-card`, `data-options` = number of outcomes,
//!   `data-settled`): with several, `[data-testid=capture-option-N]` buttons
//!   (`data-take`, empty for laying down; `aria-pressed`); `[data-testid=play-confirm]`
//!   (enabled once settled), `[data-testid=play-cancel]`. Before a pick,
//!   `[data-testid=capture-hint]`. Off your turn a picked card only shows what it would take.
//! - The keyboard: a focused hand card marks what it would take, like hovering; Enter or
//!   Space picks it. Picked by a key with several sets, the focus moves to
//!   `capture-option-0`; arrows move along the hand, the table cards to choose from and the
//!   sets; Escape puts the picked card back (the focus returns to it); after a play by key
//!   the focus comes back to the hand on your next turn.
//! - The top bar: `[data-testid=side-0]`/`side-1` (side 0 = seats 0 and 2) with `data-pile`,
//!   `data-clubs`, `data-surs`, `data-jacks`, `data-aces`, `data-ten-diamonds`,
//!   `data-two-clubs` (`true`/`false`), `data-points` (this round so far, PA-10, clubs once
//!   seven), `data-total` (the match); inside, `points-N` and `total-N` (`data-value`).
//!   `[data-testid=target]`, `round`, `deal` (`data-value`).
//! - `[data-testid=score-sheet]`: `data-round`, `data-total-0/1` (the round's points),
//!   `data-match-0/1` (match totals after it), `data-last-to` (the side given the last
//!   table cards, PA-6), `data-last-cards`; per line `[data-testid=sheet-<line>-<side>]`
//!   with `data-value` (points) and `data-count`, lines `cards` (count only), `clubs`,
//!   `ten-diamonds`, `two-clubs`, `jacks`, `aces`, `surs`, `round` (the total) and `match`;
//!   `[data-testid=last-cards]`, `tie-note`, `next-hand` (labelled "Next round": Pasur
//!   plays rounds), or at the end `match-result` (`data-winner` side; the winner's
//!   `sheet-match-N` has class `won`) and `new-match`.

/// A 24×24 line icon (`class="icon"`, hidden from screen readers) drawn by the static SVG
/// `$inner`: the markup is one string the browser parses, not elements the page's code builds
/// one by one (issue 25: every built element costs code in every page).
#[macro_export]
macro_rules! icon {
    ($inner:literal) => {
        ::yew::Html::from_html_unchecked(::yew::AttrValue::Static(concat!(
            r#"<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">"#,
            $inner,
            "</svg>"
        )))
    };
}

pub mod actions;
pub mod analysis;
pub mod auction;
pub mod bidel_board;
pub mod card;
pub mod cover;
pub mod discard;
pub mod draw;
pub mod hand;
pub mod hint;
pub mod joker_lead;
pub mod lang_toggle;
pub mod net;
pub mod notice;
pub mod one_tab;
pub mod pasur_board;
pub mod reactions;
pub mod replay;
pub mod result;
pub mod room_parts;
pub mod scoreboard;
pub mod seat;
pub mod settings;
pub mod share;
pub mod shedding_result;
pub mod sheet;
pub mod shelem_board;
pub mod shelem_result;
pub mod sprite;
pub mod stock;
pub mod team;
pub mod topbar;
pub mod trick;
pub mod trump_picker;
