//! Shared SVG definitions (the card-back pattern), drawn once, invisible, at the top of the
//! page. It must not be `display: none`, or browsers drop its patterns.

use yew::prelude::*;

/// The id of the card-back fill pattern.
pub const BACK_PATTERN: &str = "card-back-pattern";

/// The hidden `<svg>` holding the shared definitions (a plain function: no state).
pub fn svg_defs() -> Html {
    html! {
        <svg class="svg-defs" width="0" height="0" aria-hidden="true" focusable="false">
            <defs>
                <pattern id={BACK_PATTERN} width="12" height="12" patternUnits="userSpaceOnUse"
                    patternTransform="rotate(45)">
                    <rect width="12" height="12" fill="#8e1f2f" />
                    <rect width="6" height="6" fill="#a82a3b" />
                    <rect x="6" y="6" width="6" height="6" fill="#a82a3b" />
                    <circle cx="6" cy="6" r="1.4" fill="#e8c56a" />
                </pattern>
            </defs>
        </svg>
    }
}
