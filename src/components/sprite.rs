//! Shared SVG definitions (the card-back pattern), drawn once, invisible, at the top of the
//! page. It must not be `display: none`, or browsers drop its patterns.

use yew::prelude::*;

/// The id of the card-back fill pattern.
pub const BACK_PATTERN: &str = "card-back-pattern";

/// The hidden `<svg>` holding the shared definitions (markup text: it never changes).
pub fn svg_defs() -> Html {
    Html::from_html_unchecked(
        concat!(
            r#"<svg class="svg-defs" width="0" height="0" aria-hidden="true" focusable="false"><defs>"#,
            r#"<pattern id="card-back-pattern" width="12" height="12" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">"#,
            r##"<rect width="12" height="12" fill="#8e1f2f"/><rect width="6" height="6" fill="#a82a3b"/>"##,
            r##"<rect x="6" y="6" width="6" height="6" fill="#a82a3b"/><circle cx="6" cy="6" r="1.4" fill="#e8c56a"/>"##,
            "</pattern></defs></svg>"
        )
        .into(),
    )
}

#[cfg(test)]
mod tests {
    /// The pattern's id in the markup is [`super::BACK_PATTERN`], which the cards' backs fill with.
    #[test]
    fn the_markup_names_the_back_pattern() {
        let yew::virtual_dom::VNode::VRaw(raw) = super::svg_defs() else {
            panic!("not markup");
        };
        assert!(raw
            .html
            .contains(&format!(r#"id="{}""#, super::BACK_PATTERN)));
    }
}
