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
        <nav class="lab-tabs" role="tablist" aria-label="Battle system">
            {Tab::ALL.into_iter().map(|t| view! {
                <button role="tab" type="button" class="lab-tab"
                    aria-selected=move || (tab.get() == t).to_string()
                    on:click=move |_| tab.set(t)>{t.label()}</button>
            }).collect_view()}
            <A href="/lab/compare" attr:class="lab-tab lab-compare-link">"Compare systems"</A>
        </nav>
        <div class="lab" role="tabpanel">
            {move || match tab.get() {
                Tab::Warfare => view! { <warfare::WarfareLab /> }.into_any(),
                Tab::Olympia => view! { <olympia::OlympiaLab /> }.into_any(),
                Tab::MassBattle => view! { <mass_battle::MassBattleLab /> }.into_any(),
                Tab::Contests => view! { <contests::ContestsLab /> }.into_any(),
            }}
        </div>
    }
}
