//! `/lab`: the Battle Lab page. One tab per further battle system; each builds two sides in the
//! system's own terms, fights them in the browser with a shown seed, and runs the odds. Lab runs
//! are experiments: nothing here is recorded to Realm History. `/lab/compare` (`compare`) fights one
//! matchup of the realm under every system side by side.

pub(crate) mod compare;
mod contests;
mod form;
pub(crate) mod mass_battle;
mod odds;
pub(crate) mod olympia;
mod runner;
mod system;
pub(crate) mod warfare;

use app::components::page_intro::PageIntro;
use leptos::prelude::*;
use leptos_router::components::A;

/// The four systems the lab offers, in tab order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tab {
    Warfare,
    Olympia,
    MassBattle,
    Contests,
}

impl Tab {
    const ALL: [Tab; 4] = [Tab::Warfare, Tab::Olympia, Tab::MassBattle, Tab::Contests];

    /// The tab's element id, which its panel is labelled by.
    fn id(self) -> &'static str {
        match self {
            Tab::Warfare => "lab-tab-warfare",
            Tab::Olympia => "lab-tab-olympia",
            Tab::MassBattle => "lab-tab-mass-battle",
            Tab::Contests => "lab-tab-contests",
        }
    }

    /// The tab an arrow key (or Home, End) moves to from this one, wrapping at the ends: the
    /// tabs pattern of the ARIA practices.
    fn step(self, key: &str) -> Option<Tab> {
        let i = Tab::ALL.iter().position(|t| *t == self)?;
        let n = Tab::ALL.len();
        Some(match key {
            "ArrowRight" => Tab::ALL[(i + 1) % n],
            "ArrowLeft" => Tab::ALL[(i + n - 1) % n],
            "Home" => Tab::ALL[0],
            "End" => Tab::ALL[n - 1],
            _ => return None,
        })
    }

    fn label(self) -> &'static str {
        match self {
            Tab::Warfare => "Warfare",
            Tab::Olympia => "Olympia",
            Tab::MassBattle => "Střet armád",
            Tab::Contests => "Book of Contests",
        }
    }
}

/// The Battle Lab page.
#[component]
pub fn LabPage() -> impl IntoView {
    let tab = RwSignal::new(Tab::Warfare);
    view! {
        <PageIntro title="Battle Lab" lead="Try any matchup under any battle system without recording it." />
        // The tabs are one Tab stop (the chosen one); the arrow keys move between them.
        <nav class="lab-tabs" aria-label="Battle Lab">
            <div class="lab-tablist" role="tablist" aria-label="Battle system">
                {Tab::ALL.into_iter().map(|t| view! {
                    <button role="tab" type="button" class="lab-tab" id=t.id()
                        aria-selected=move || (tab.get() == t).to_string()
                        aria-controls="lab-panel"
                        tabindex=move || if tab.get() == t { "0" } else { "-1" }
                        on:click=move |_| tab.set(t)
                        on:keydown=move |ev| {
                            if let Some(next) = t.step(&ev.key()) {
                                ev.prevent_default();
                                tab.set(next);
                                focus_by_id(next.id());
                            }
                        }>{t.label()}</button>
                }).collect_view()}
            </div>
            <A href="/lab/compare" attr:class="lab-tab lab-compare-link">"Compare systems"</A>
        </nav>
        <div class="lab" role="tabpanel" id="lab-panel" aria-labelledby=move || tab.get().id()>
            {move || match tab.get() {
                Tab::Warfare => view! { <warfare::WarfareLab /> }.into_any(),
                Tab::Olympia => view! { <olympia::OlympiaLab /> }.into_any(),
                Tab::MassBattle => view! { <mass_battle::MassBattleLab /> }.into_any(),
                Tab::Contests => view! { <contests::ContestsLab /> }.into_any(),
            }}
        </div>
    }
}

/// Moves the focus to the element with `id`, if there is one.
fn focus_by_id(id: &str) {
    use wasm_bindgen::JsCast;
    let el = leptos::prelude::document().get_element_by_id(id);
    if let Some(el) = el.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = el.focus();
    }
}

#[cfg(test)]
mod tests {
    use super::Tab;

    #[test]
    fn arrow_keys_go_round_the_tabs() {
        assert_eq!(Tab::Warfare.step("ArrowRight"), Some(Tab::Olympia));
        assert_eq!(Tab::Contests.step("ArrowRight"), Some(Tab::Warfare));
        assert_eq!(Tab::Warfare.step("ArrowLeft"), Some(Tab::Contests));
        assert_eq!(Tab::Olympia.step("End"), Some(Tab::Contests));
        assert_eq!(Tab::Contests.step("Home"), Some(Tab::Warfare));
        assert_eq!(Tab::Warfare.step("Enter"), None);
        let ids: std::collections::BTreeSet<_> = Tab::ALL.iter().map(|t| t.id()).collect();
        assert_eq!(ids.len(), Tab::ALL.len(), "one id a tab");
    }
}
