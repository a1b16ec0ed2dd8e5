//! What an online table adds to the frame of the table (`crate::pages::table::RoomParts`,
//! offered by `crate::start_online`): on the felt, the connection's badge and the reactions'
//! bubbles; beside the status, the turn timer and the reactions' button. Both read the room
//! from its context ([`RoomInfo`]).

use crate::components::net::{net_badge, turn_clock, RoomInfo};
use crate::components::reactions::{react_button, reaction_bubbles};
use crate::context::use_lang;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct RoomFeltProps {
    /// Each seat's place on the table (`bottom`, `top`, `left`, …), by seat.
    pub places: Vec<&'static str>,
}

/// What an online table adds to its felt: the connection's badge in a corner and the
/// reactions' bubbles at their seats' places (nothing offline).
#[function_component(RoomFelt)]
pub fn room_felt(props: &RoomFeltProps) -> Html {
    let lang = use_lang();
    let Some(room) = use_context::<RoomInfo>() else {
        return Html::default();
    };
    html! {
        <>
            <div class="felt-net">{ net_badge(lang, &room.net) }</div>
            { reaction_bubbles(lang, &room.reactions, &props.places) }
        </>
    }
}

/// What an online table adds beside its status: the turn timer, redrawn four times a second
/// while it runs, and the reactions' button with its menu (nothing offline).
#[function_component(RoomBar)]
pub fn room_bar() -> Html {
    let lang = use_lang();
    let room = use_context::<RoomInfo>();
    let menu = use_state_eq(|| false);
    let redraw = use_force_update();
    let clock = room
        .as_ref()
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
    html! {
        <>
            { for clock.map(|c| turn_clock(lang, &c)) }
            { react_button(lang, &room.reactions, &menu) }
        </>
    }
}
