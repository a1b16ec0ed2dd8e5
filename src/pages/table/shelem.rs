//! The Shelem table.

use super::{frame, use_table, Frame, Seen};
use crate::app::use_lang;
use crate::config::TableConfig;
use engine::games::shelem::{Shelem, ShelemSettings};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ShelemTableProps {
    pub config: TableConfig<ShelemSettings>,
}

/// The Shelem table screen.
#[function_component(ShelemTable)]
pub fn shelem_table(props: &ShelemTableProps) -> Html {
    let lang = use_lang();
    let state = use_table::<Shelem>(props.config.clone());
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
