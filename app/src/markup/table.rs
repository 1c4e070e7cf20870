//! Table pieces for the battle reports and chronicles written as [`Markup`]: a header row, a
//! plain cell and a number cell, so every report writes its rows the same way.

use crate::markup::{class, Markup};

/// `<thead><tr><th>label</th>…</tr></thead>`; an empty label is an empty header cell.
pub fn head(m: &mut Markup, labels: &[&'static str]) {
    m.el("thead", &[], |m| {
        m.el("tr", &[], |m| {
            for label in labels {
                m.element("th", &[], label);
            }
        });
    });
}

/// `<td>text</td>`, the text escaped.
pub fn cell(m: &mut Markup, text: &str) {
    m.element("td", &[], text);
}

/// `<td class="n">text</td>`: a number, right-aligned by the chronicle's CSS.
pub fn num(m: &mut Markup, text: &str) {
    m.element("td", &[class("n")], text);
}

/// `<li>text</li>` for each line.
pub fn items<S: AsRef<str>>(m: &mut Markup, lines: impl IntoIterator<Item = S>) {
    for line in lines {
        m.element("li", &[], line.as_ref());
    }
}

/// The markup `write` writes, as a string for `inner_html`.
pub fn build(write: impl FnOnce(&mut Markup)) -> String {
    let mut m = Markup::new();
    write(&mut m);
    m.finish()
}
