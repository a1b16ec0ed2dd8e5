//! A `class` attribute made of parts, as `yew::classes!` makes one but as plain text: Yew's
//! `Classes` keeps its parts in an ordered set, whose code every page carried (issue 25). The
//! parts are joined by single spaces; `None` and empty parts are left out.

/// A part of a `class` attribute ([`cls!`](crate::cls)).
pub trait ClassPart {
    /// Appends this part, after a space if `out` holds a part already.
    fn push_to(self, out: &mut String);
}

impl ClassPart for &str {
    fn push_to(self, out: &mut String) {
        if !self.is_empty() {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(self);
        }
    }
}

impl ClassPart for String {
    fn push_to(self, out: &mut String) {
        self.as_str().push_to(out);
    }
}

impl ClassPart for &String {
    fn push_to(self, out: &mut String) {
        self.as_str().push_to(out);
    }
}

impl<T: ClassPart> ClassPart for Option<T> {
    fn push_to(self, out: &mut String) {
        if let Some(part) = self {
            part.push_to(out);
        }
    }
}

/// The `class` attribute of `parts` (each a `&str`, a `String`, or an `Option` of one).
#[macro_export]
macro_rules! cls {
    ($($part:expr),* $(,)?) => {{
        #[allow(unused_mut)]
        let mut out = ::std::string::String::new();
        $( $crate::class::ClassPart::push_to($part, &mut out); )*
        out
    }};
}

#[cfg(test)]
mod tests {
    #[test]
    fn parts_are_joined_by_one_space_and_empty_ones_left_out() {
        let on = true;
        let s = String::from("at-top");
        assert_eq!(
            cls!("a", on.then_some("b"), (!on).then_some("c"), "", s),
            "a b at-top"
        );
        assert_eq!(cls!(None::<&str>, "x"), "x");
        assert_eq!(cls!(), "");
    }
}
