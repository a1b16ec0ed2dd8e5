//! Notices at the top of the page (a save that could not be restored, a bad link).

use crate::context::Notice;
use crate::i18n::Lang;
use yew::prelude::*;

pub struct NoticeBarProps {
    pub notices: Vec<Notice>,
    pub on_dismiss: Callback<Notice>,
}

/// The list of notices, each with a close button.
pub fn notice_bar(lang: Lang, props: &NoticeBarProps) -> Html {
    let s = lang.site();
    if props.notices.is_empty() {
        return Html::default();
    }
    html! {
        <div class="notices" role="status">
            { for props.notices.iter().map(|&n| {
                let (text, key) = match n {
                    Notice::RestoreFailed => (s.restore_failed, "restore_failed"),
                    Notice::BadLink => (s.bad_link, "bad_link"),
                    Notice::ExtraFailed => (s.extra_failed, "extra_failed"),
                };
                let onclick = props.on_dismiss.reform(move |_: MouseEvent| n);
                html! {
                    <div class="notice" data-testid="notice" data-notice={key}>
                        <span>{ text }</span>
                        <button type="button" class="btn-icon" data-testid="notice-close"
                            aria-label={s.close} {onclick}>{ "×" }</button>
                    </div>
                }
            }) }
        </div>
    }
}
