//! What a table screen works out first from the table's state: who is drawn at the
//! bottom, where every other seat is drawn around it ([`Pos`]), everybody's name, and
//! whether the bottom person may act now ([`Seen`]).

use crate::adapters::UiGame;
use crate::config::{Player, SeatKind};
use crate::i18n::{fill, Lang};
use crate::state::TableState;
use engine::Seat;
use yew::AttrValue;

/// A participant's display name: the typed label, else "You", "Player n" or "Bot n"
/// (n = the seat chosen at setup, from 1).
pub fn player_name(lang: Lang, player: &Player, index: usize) -> String {
    let s = lang.s();
    let n = lang.num(index + 1);
    match player.kind {
        _ if !player.name.is_empty() && player.kind.is_human() => player.name.clone(),
        SeatKind::You => s.you.to_string(),
        SeatKind::Person => fill(s.player_n, &[("n", &n)]),
        SeatKind::Bot => fill(s.bot_n, &[("n", &n)]),
    }
}

/// Where a seat is drawn, relative to the player at the bottom. Play passes from seat i
/// to i+1, drawn on the bottom player's right (counter-clockwise) in Hokm, Shelem, Pasur
/// and Bidel, and on the left (clockwise) in Haft Khabis and Crazy Eights (C-2).
///
/// Up to four players sit at the bottom, right, top and left. Five to eight (the shedding
/// games) sit around a wider ring: one or two seats up each side column (`Right`, then
/// `RightUpper` above it; `LeftUpper`, then `Left` below it) and two or three along the
/// top (`TopRight`, `Top`, `TopLeft`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pos {
    Bottom,
    Right,
    RightUpper,
    TopRight,
    Top,
    TopLeft,
    LeftUpper,
    Left,
}

impl Pos {
    /// The places of a table of `n` seats, counter-clockwise from the bottom seat: the
    /// right side, up the right, the top from right to left, down the left.
    pub fn ring(n: u8) -> &'static [Pos] {
        use Pos::*;
        match n {
            ..=2 => &[Bottom, Top],
            3 => &[Bottom, Right, Left],
            4 => &[Bottom, Right, Top, Left],
            5 => &[Bottom, Right, TopRight, TopLeft, Left],
            6 => &[Bottom, Right, TopRight, Top, TopLeft, Left],
            7 => &[
                Bottom, Right, RightUpper, TopRight, TopLeft, LeftUpper, Left,
            ],
            _ => &[
                Bottom, Right, RightUpper, TopRight, Top, TopLeft, LeftUpper, Left,
            ],
        }
    }

    /// The most seats a table draws.
    pub const MAX_SEATS: u8 = 8;

    /// Where `seat` is drawn when `bottom` is at the bottom of a table of `n`: the seat
    /// after the bottom one in turn order on its right, or with `clockwise` on its left
    /// (C-2).
    pub fn of(seat: Seat, bottom: Seat, n: u8, clockwise: bool) -> Pos {
        let n = n.clamp(2, Self::MAX_SEATS);
        let k = (seat.0 % n + n - bottom.0 % n) % n;
        let k = if clockwise { (n - k) % n } else { k };
        Pos::ring(n)[k as usize]
    }

    pub fn name(self) -> &'static str {
        match self {
            Pos::Bottom => "bottom",
            Pos::Right => "right",
            Pos::RightUpper => "right-upper",
            Pos::TopRight => "top-right",
            Pos::Top => "top",
            Pos::TopLeft => "top-left",
            Pos::LeftUpper => "left-upper",
            Pos::Left => "left",
        }
    }
}

/// What every table page works out first: who is at the bottom, everybody's name, and
/// whether the bottom person may act now.
pub struct Seen {
    /// The seat drawn at the bottom (the person the screen is for).
    pub bottom: Seat,
    /// The number of seats.
    pub n: u8,
    /// The next seat in turn order is drawn on the bottom seat's left (C-2).
    pub clockwise: bool,
    /// Display names by participant (the setup's seats).
    pub by_player: Vec<String>,
    /// Display names by engine seat.
    pub names: Vec<AttrValue>,
    /// The pass-and-play cover is up for this participant.
    pub cover: Option<usize>,
    /// The bottom seat's cards are drawn face down: under the cover, and in pass-and-play
    /// as soon as that person's move is made (the others may be watching the screen).
    pub hidden: bool,
    /// The bottom seat may act now (and nothing covers it).
    pub my_turn: bool,
    /// A trick is held or a bot is about to act.
    pub busy: bool,
    /// Someone watching an online room: the bottom seat is another person's (its hand face
    /// down, its turn named as any other's).
    pub watch: bool,
}

impl Seen {
    pub fn of<G: UiGame>(st: &TableState<G>, lang: Lang) -> Seen {
        let n = st.players();
        let bottom = st.seat;
        let by_player: Vec<String> = st
            .config
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| player_name(lang, p, i))
            .collect();
        let names = (0..n)
            .map(|s| {
                let p = st.player_at(Seat(s));
                AttrValue::from(by_player.get(p).cloned().unwrap_or_default())
            })
            .collect();
        let cover = st.cover_for();
        let acting = st.acting().contains(bottom) && !st.watch;
        let my_turn = cover.is_none() && acting;
        // Online, each person has a device of their own: nothing to hide (a watcher has no
        // hand: the bottom seat's cards show face down).
        let hidden = st.watch
            || st.own.is_none() && (cover.is_some() || (st.config.humans() >= 2 && !acting));
        Seen {
            bottom,
            n,
            clockwise: G::CLOCKWISE,
            by_player,
            names,
            cover,
            hidden,
            my_turn,
            busy: st.held.is_some() || st.bot_to_act().is_some(),
            watch: st.watch,
        }
    }

    /// Where `seat` is drawn.
    pub fn pos(&self, seat: Seat) -> Pos {
        Pos::of(seat, self.bottom, self.n, self.clockwise)
    }

    /// The name of `seat`.
    pub fn name(&self, seat: Seat) -> AttrValue {
        self.names.get(seat.idx()).cloned().unwrap_or_default()
    }

    /// The names of `seats`, in a list ("A، B").
    pub fn names_of(&self, seats: impl IntoIterator<Item = Seat>) -> String {
        let names: Vec<AttrValue> = seats.into_iter().map(|s| self.name(s)).collect();
        names.join("، ")
    }

    /// The names of the two sides of a partnership game: "A and C" / "B and D" with four
    /// players (seats 0+2 against 1+3), the player's own name with two.
    pub fn teams(&self, lang: Lang) -> [AttrValue; 2] {
        std::array::from_fn(|side| {
            let side = Seat(side as u8);
            if self.n == 4 {
                let partner = Seat(side.0 + 2);
                fill(
                    lang.s().team_of,
                    &[("a", &self.name(side)), ("b", &self.name(partner))],
                )
                .into()
            } else {
                self.name(side)
            }
        })
    }

    /// "It is {name}'s turn to …" or "Your turn to …", for the seat `turn`.
    pub fn turn_text(&self, turn: Seat, mine: &str, theirs: &str) -> String {
        if turn == self.bottom && self.cover.is_none() && !self.watch {
            mine.to_string()
        } else {
            fill(theirs, &[("name", &self.name(turn))])
        }
    }
}
