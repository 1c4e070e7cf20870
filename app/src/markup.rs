//! Display-only markup written as text, for the map bundle's size: the builder, its table
//! pieces (`table`), and the read-only views written with it (the further systems'
//! `chronicles`, the map's `faction_card`s). Views that mix in something the user clicks
//! (the battle report, portraits) are components that use it.
//!
//! A Leptos `view!` compiles every element tree to its own types, and each gets its own build,
//! rebuild, mount and unmount code: a read-only report of a few hundred elements costs tens of
//! kilobytes of wasm. Parts of the map page that only show things (portraits, battle reports)
//! are written here as one string instead and set with `inner_html`, which costs a few bytes per
//! element. Everything that reacts to the user (buttons, inputs, toggles) stays in `view!`.
//!
//! The builder is structural: [`Markup::el`] opens an element, lets its body write what is
//! inside, and closes it, so tags always balance and the nesting of the calls reads like the
//! nesting of the page:
//!
//! ```text
//! m.el("dl", &[class("march")], |m| {
//!     m.element("dt", &[], "Distance penalty").element("dd", &[], &penalty);
//! });
//! ```
//!
//! Every piece of text and every attribute value goes through [`escape`], so names typed by
//! users cannot become markup. Tag and attribute names are the caller's `&'static str`s, and
//! [`Markup::trusted`] takes only whole constant fragments (a fixed SVG shape).

pub mod chronicles;
pub mod faction_card;
pub mod photo_sheet;
pub mod phrases;
pub mod table;

use std::fmt::Write as _;

/// Markup being written: elements opened and closed in order, text and attribute values escaped.
#[derive(Debug, Default)]
pub struct Markup(String);

/// An attribute: its name and its value, left out when `None` (`("open", flag.then_some(""))`).
pub type Attr<'a> = (&'static str, Option<&'a str>);

/// `class="…"`, the attribute most elements carry.
pub fn class(names: &str) -> Attr<'_> {
    ("class", Some(names))
}

impl Markup {
    /// Empty markup.
    pub fn new() -> Markup {
        Markup::default()
    }

    /// `<tag attrs…>`, then what `body` writes, then `</tag>`.
    pub fn el(
        &mut self,
        tag: &'static str,
        attrs: &[Attr<'_>],
        body: impl FnOnce(&mut Markup),
    ) -> &mut Self {
        self.open(tag, attrs);
        body(self);
        self.close(tag)
    }

    /// Opens `<tag a="v" …>`. An attribute whose value is `None` is left out. Private: an
    /// element is only ever opened by [`Markup::el`], which closes it.
    fn open(&mut self, tag: &'static str, attrs: &[Attr<'_>]) -> &mut Self {
        self.0.push('<');
        self.0.push_str(tag);
        for (name, value) in attrs {
            if let Some(value) = value {
                self.0.push(' ');
                self.0.push_str(name);
                self.0.push_str("=\"");
                escape(&mut self.0, value);
                self.0.push('"');
            }
        }
        self.0.push('>');
        self
    }

    /// Closes `</tag>`.
    fn close(&mut self, tag: &'static str) -> &mut Self {
        self.0.push_str("</");
        self.0.push_str(tag);
        self.0.push('>');
        self
    }

    /// `<tag attrs…>text</tag>`.
    pub fn element(&mut self, tag: &'static str, attrs: &[Attr<'_>], text: &str) -> &mut Self {
        self.open(tag, attrs).text(text).close(tag)
    }

    /// A void element (`<rect …/>` in SVG, `<br>` needs no closing): `<tag attrs…/>`.
    pub fn empty(&mut self, tag: &'static str, attrs: &[Attr<'_>]) -> &mut Self {
        self.open(tag, attrs);
        // Turn the `>` just written into `/>`: valid for SVG's elements and HTML's void ones.
        self.0.pop();
        self.0.push_str("/>");
        self
    }

    /// A void SVG shape written whole with one value from the realm (a colour):
    /// `<tag fixed name="value"rest/>`. `fixed` and `rest` are the program's own attribute text
    /// (`x="3" width="5"`, ` opacity="0.85"`); `value` is escaped. One call per shape keeps the
    /// portraits' code small; the element is still written whole.
    pub fn shape(
        &mut self,
        tag: &'static str,
        fixed: &'static str,
        name: &'static str,
        value: &str,
        rest: &'static str,
    ) -> &mut Self {
        for part in ["<", tag, " ", fixed, " ", name, "=\""] {
            self.0.push_str(part);
        }
        escape(&mut self.0, value);
        self.0.push('"');
        self.0.push_str(rest);
        self.0.push_str("/>");
        self
    }

    /// Text, escaped.
    pub fn text(&mut self, text: &str) -> &mut Self {
        escape(&mut self.0, text);
        self
    }

    /// Formatted text, escaped: `m.fmt(format_args!("{n} photos"))`.
    pub fn fmt(&mut self, args: std::fmt::Arguments<'_>) -> &mut Self {
        match args.as_str() {
            Some(s) => self.text(s),
            None => {
                let mut s = String::new();
                let _ = s.write_fmt(args);
                self.text(&s)
            }
        }
    }

    /// Markup the program itself wrote: a whole constant fragment (a fixed SVG shape), never
    /// anything a user typed and never half an element.
    pub fn trusted(&mut self, markup: &'static str) -> &mut Self {
        self.0.push_str(markup);
        self
    }

    /// Appends markup built by another [`Markup`].
    pub fn append(&mut self, other: Markup) -> &mut Self {
        self.0.push_str(&other.0);
        self
    }

    /// The markup, for `inner_html`.
    pub fn finish(self) -> String {
        self.0
    }
}

/// Appends `text` to `out` with `& < > " '` escaped: safe as element text and as a quoted
/// attribute value.
pub fn escape(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_attribute_values_cannot_become_markup() {
        let mut m = Markup::new();
        m.element(
            "li",
            &[("title", Some("a\"b' onclick='x")), ("hidden", None)],
            "<script>&",
        );
        assert_eq!(
            m.finish(),
            "<li title=\"a&quot;b&#39; onclick=&#39;x\">&lt;script&gt;&amp;</li>"
        );
    }

    #[test]
    fn an_element_closes_around_what_its_body_writes() {
        let mut m = Markup::new();
        m.el("dl", &[class("march"), ("hidden", None)], |m| {
            m.element("dt", &[], "Distance").el("dd", &[], |m| {
                m.fmt(format_args!("{} & more", 3));
            });
        })
        .element("p", &[], "after");
        assert_eq!(
            m.finish(),
            "<dl class=\"march\"><dt>Distance</dt><dd>3 &amp; more</dd></dl><p>after</p>"
        );
    }

    #[test]
    fn a_shape_is_one_whole_element_with_its_value_escaped() {
        let mut m = Markup::new();
        m.shape(
            "rect",
            r#"x="1" y="2""#,
            "fill",
            "#fff\"/><x",
            r#" opacity="0.5""#,
        );
        assert_eq!(
            m.finish(),
            r##"<rect x="1" y="2" fill="#fff&quot;/&gt;&lt;x" opacity="0.5"/>"##
        );
    }

    #[test]
    fn elements_nest_in_order_and_void_ones_close_themselves() {
        let mut m = Markup::new();
        m.el("svg", &[("viewBox", Some("0 0 40 48"))], |m| {
            m.empty("rect", &[("width", Some("40"))])
                .trusted("<circle r=\"1\"/>");
        });
        let mut inner = Markup::new();
        inner.fmt(format_args!("{} photos", 3));
        m.append(inner);
        assert_eq!(
            m.finish(),
            "<svg viewBox=\"0 0 40 48\"><rect width=\"40\"/><circle r=\"1\"/></svg>3 photos"
        );
    }
}
