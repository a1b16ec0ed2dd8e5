//! The Bidel table.

use super::{frame, use_table, Frame, Seen};
use crate::app::use_lang;
use crate::config::TableConfig;
use engine::games::bidel::{Bidel, BidelSettings};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct BidelTableProps {
    pub config: TableConfig<BidelSettings>,
}

/// The Bidel table screen.
#[function_component(BidelTable)]
pub fn bidel_table(props: &BidelTableProps) -> Html {
    let lang = use_lang();
    let state = use_table::<Bidel>(props.config.clone());
    let seen = Seen::of(&state, lang);
    frame(
        &state,
        &seen,
        lang,
        Frame {
            phase: "",
            turn: state.to_act(),
            scoreboard: Html::default(),
            seats: Html::default(),
            center: Html::default(),
            has_panel: false,
            bottom_seat: Html::default(),
            status: String::new(),
            bar_extra: Html::default(),
            hand: Html::default(),
            result: Html::default(),
        },
    )
}
