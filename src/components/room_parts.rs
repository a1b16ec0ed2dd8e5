//! What an online table adds to the frame of the table (`crate::pages::table::RoomParts`,
//! offered by `crate::start_online`): on the felt, the connection's badge and the reactions'
//! bubbles; beside the status, the turn timer and the reactions' button. One component draws
//! either, reading the room from its context ([`RoomInfo`]).

use crate::components::net::{net_badge, turn_clock, RoomInfo};
use crate::components::reactions::{react_button, reaction_bubbles, watchers_badge};
use crate::context::use_lang;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct RoomPartProps {
    /// The felt's part: each seat's place on the table (`bottom`, `top`, `left`, …), by
    /// seat. `None`: the part beside the status.
    pub places: Option<Vec<&'static str>>,
}

/// What an online table adds (nothing offline). On its felt: the connection's badge in a
/// corner and the reactions' bubbles at their seats' places. Beside its status: the turn
/// timer, redrawn four times a second while it runs, and the reactions' button with its menu.
/// One component type for both places (each type costs a page its lifecycle code).
#[function_component(RoomPart)]
pub fn room_part(props: &RoomPartProps) -> Html {
    let lang = use_lang();
    let room = use_context::<RoomInfo>();
    let menu = use_state_eq(|| false);
    let redraw = use_force_update();
    let clock = room
        .as_ref()
        .filter(|_| props.places.is_none())
        .and_then(|r| r.clock.clone())
        .filter(|c| !c.seats.is_empty());
    use_effect_with(clock.is_some(), move |&running| {
        let timer = running
            .then(|| gloo::timers::callback::Interval::new(250, move || redraw.force_update()));
        move || drop(timer)
    });
    let Some(room) = room else {
        return Html::default();
    };
    match &props.places {
        Some(places) => html! {
            <>
                <div class="felt-net">{ net_badge(lang, &room.net) }{ watchers_badge(lang, room.watchers) }</div>
                { reaction_bubbles(lang, &room.reactions, places) }
            </>
        },
        None => html! {
            <>
                { for clock.map(|c| turn_clock(lang, &c)) }
                { react_button(lang, &room.reactions, &menu) }
            </>
        },
    }
}
