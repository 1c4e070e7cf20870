//! "Combat Stats Explained": the Power formula, the rating bonus, the buff vocabulary and its clamps,
//! and how all of it feeds a Skirmish. Every number in its tables comes from [`super::combat`], which
//! asks the engine, so this page and the rules cannot disagree.

use super::combat;
use super::labels::{effect_unit, plain, signed, terrain};
use engine::{
    Alignment, Effect, MercPool, AM_BOUNDS, DEFAULT_STOP, K_NEW, K_SETTLED, LAST_FIRING_ROUND,
    MARCH_SPEED_FLOOR, PROVISIONAL_JUDGEMENTS, REACH_LIMIT, RELIEF_CAP, SLOTS_LIMIT, START_RATING,
};
use leptos::prelude::*;

/// A small read-only grid of text inside its own scrolling box.
#[component]
fn Grid(
    label: &'static str,
    headers: Vec<String>,
    rows: Vec<Vec<String>>,
    #[prop(optional)] first_is_header: bool,
) -> impl IntoView {
    view! {
        <div class="archive-scroll" tabindex="0" role="region" aria-label=label>
            <table class="archive-grid compact" data-explained=label>
                <thead><tr>{headers.into_iter().map(|h| view! { <th scope="col">{h}</th> }).collect_view()}</tr></thead>
                <tbody>
                    {rows
                        .into_iter()
                        .map(|row| {
                            let cells = row.into_iter().enumerate().map(|(i, c)| {
                                if i == 0 && first_is_header {
                                    view! { <th scope="row">{c}</th> }.into_any()
                                } else if is_number(&c) {
                                    view! { <td class="num">{c}</td> }.into_any()
                                } else {
                                    view! { <td>{c}</td> }.into_any()
                                }
                            });
                            view! { <tr>{cells.collect_view()}</tr> }
                        })
                        .collect_view()}
                </tbody>
            </table>
        </div>
    }
}

/// Whether a cell reads as a number (`25`, `×1.57`, `−30%`), so it is right-aligned and text is not.
fn is_number(c: &str) -> bool {
    c.starts_with(|ch: char| ch.is_ascii_digit() || "×−+".contains(ch))
}

/// `×1.57`.
fn times(v: f64) -> String {
    format!("×{}", plain(v))
}

/// `13.5%` from a fraction.
fn pct(v: f64) -> String {
    format!("{}%", plain(v * 100.0))
}

/// A whole number with thousands separators (`1,200`).
fn thousands(v: f64) -> String {
    let n = v.round() as i64;
    let s = n.abs().to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    if n < 0 {
        format!("−{out}")
    } else {
        out
    }
}

/// A mercenary pool's name.
fn pool(p: MercPool) -> &'static str {
    match p {
        MercPool::Hero => "Hero Mercenaries",
        MercPool::Neutral => "Neutral Mercenaries",
        MercPool::Wanderers => "Wanderers",
        MercPool::Evil => "Evil Mercenaries",
    }
}

/// The whole section.
#[component]
pub fn CombatStatsExplained() -> impl IntoView {
    view! {
        <section class="archive-section explained" id="combat-stats-explained">
            <h2>"Combat Stats Explained"</h2>
            <p class="archive-lead">
                "Every figure below is computed by the same engine that fights the battles, so this page and the rules cannot disagree."
            </p>
            <PowerRating />
            <MinifigureRating />
            <BuffRules />
            <Skirmish />
        </section>
    }
}

/// Power Rating: the formula and the Health curve.
#[component]
fn PowerRating() -> impl IntoView {
    let health = combat::health_curve()
        .into_iter()
        .map(|(h, m)| vec![plain(h), times(m)])
        .collect();
    view! {
        <section id="power-rating">
            <h3>"Power Rating"</h3>
            <p class="formula">
                "Power = (Health ÷ 100)"<sup>"0.65"</sup>" × (" {plain(combat::alive_worth())}
                " + Attack Power + Attack Range ÷ 2 + Secondary Attack + Secondary Range ÷ 2 + Defense Strength + Secondary Defense + Headwear Defense + Backpiece Defense + Legwear Defense + Movement × 5) × Rating Bonus"
            </p>
            <p>
                "Health multiplies rather than adds: everything a figure brings to a fight — weapons, armour, speed, plus a flat "
                {plain(combat::alive_worth())}
                " for simply being alive — is added up first, and Health scales the whole of it on a curve, so being tougher always helps and always helps a little less than last time. A blank stat counts as 0, and a figure on zero Health rates zero. A beast reaches Power through the Attack and Movement it lends; a barding or saddle through the figure wearing it."
            </p>
            <Grid label="Health curve" headers=vec!["Health".into(), "Multiplies the rest by".into()] rows=health />
            <h4 id="why-065">"Why 0.65"</h4>
            <p>
                "Health once counted in a straight line, and the armies' battle showed it was wrong. In Version 2 every living figure swings once a round, so twenty ordinary soldiers land twenty blows where one very tough champion lands one: written down as equal Power, the twenty won 95 times in a hundred. Bending the Health term to the power 0.65 brings that match to about an even coin toss — which is what equal Power should mean — while the side with more Power still wins most matchups, armour keeps its price, and bows and swords still come out even."
            </p>
        </section>
    }
}

/// The rating bonus, the provisional shrink and the Elo constants.
#[component]
fn MinifigureRating() -> impl IntoView {
    let bonus = combat::rating_curve()
        .into_iter()
        .map(|(r, b)| vec![thousands(r), format!("×{b:.3}")])
        .collect();
    let shrink = combat::shrink()
        .into_iter()
        .map(|(n, s)| vec![n.to_string(), pct(s)])
        .collect();
    view! {
        <section id="rating-bonus">
            <h3>"Minifigure Rating bonus"</h3>
            <p>
                "The rating multiplies the finished figure. Between the points below it is a straight line; outside them it is flat. Every figure starts on "
                {thousands(START_RATING)}
                ". An Elo step moves a rating by up to "
                {plain(K_NEW)}
                " points while a figure has been judged fewer than "
                {PROVISIONAL_JUDGEMENTS}
                " times, and by up to "
                {plain(K_SETTLED)}
                " after that. "
                <a href="/arena/standings">"See the standings"</a>
                "."
            </p>
            <Grid label="Rating bonus" headers=vec!["Rating".into(), "Power ×".into()] rows=bonus />
            <p>"Until a figure has been judged "{PROVISIONAL_JUDGEMENTS}" times its rating is pulled back toward the start:"</p>
            <Grid label="Provisional shrink" headers=vec!["Times judged".into(), "Share of its rating's move that counts".into()] rows=shrink />
        </section>
    }
}

/// The Logistics and Leadership vocabulary with units, and the clamps on the totals.
#[component]
fn BuffRules() -> impl IntoView {
    let effects: [(Effect, &str, &str); 11] = [
        (Effect::MarchSpeed, "March Speed", "The army marches as if this much faster: shortens the distance penalty and changes which route is chosen."),
        (Effect::SupplyRange, "Supply Range", "Trims the finished distance penalty; the road taken is the same."),
        (Effect::WaterCrossing, "Water Crossing", "Water squares cost this much less to cross."),
        (Effect::MountainCrossing, "Mountain Crossing", "Mountain squares cost this much less to cross."),
        (Effect::ForestCrossing, "Forest Crossing", "Forest squares cost this much less to cross."),
        (Effect::MarshCrossing, "Marsh Crossing", "Marsh squares cost this much less to cross."),
        (Effect::Grudge { target: 0 }, "Grudge", "Raises this faction's Power against one named faction, attacking or defending."),
        (Effect::TerritoryReach, "Territory Reach", "Extra squares of ground around the marker."),
        (Effect::MercenarySlots, "Mercenary Slots", "Extra hires allowed when this faction is the weaker side."),
        (Effect::HomeDefense, "Home Defense", "Added to the home turf bonus when defending."),
        (Effect::AlignmentStanding, "Alignment Standing", "Added to the alignment modifier in this faction's favour."),
    ];
    let vocabulary = effects
        .iter()
        .map(|(e, name, what)| {
            vec![
                name.to_string(),
                super::labels::category(e.category()).to_string(),
                effect_unit(*e).to_string(),
                what.to_string(),
            ]
        })
        .collect();
    let clamps = vec![
        vec![
            "Supply Range and each Crossing".into(),
            format!("at most {}%", plain(RELIEF_CAP)),
        ],
        vec![
            "March Speed".into(),
            format!("at least {}%", plain(MARCH_SPEED_FLOOR)),
        ],
        vec![
            "Territory Reach".into(),
            format!("±{} squares, never below 1 square held", plain(REACH_LIMIT)),
        ],
        vec![
            "Mercenary Slots".into(),
            format!(
                "±{} on the cap, never past {}",
                plain(SLOTS_LIMIT),
                plain(combat::mercenary_rules().2)
            ),
        ],
        vec![
            "Alignment modifier (with Standing)".into(),
            format!("between {} and {}", times(AM_BOUNDS.0), times(AM_BOUNDS.1)),
        ],
    ];
    view! {
        <section id="buff-effects">
            <h3>"Faction buffs: what each effect does"</h3>
            <p>
                "A Unit Stats buff adds a plain figure in the stat's own unit to every photo it reaches (never Health, and never a regiment's own photos when it is that regiment's aura). Logistics and Leadership belong to the faction as a whole:"
            </p>
            <Grid label="Buff effects" headers=vec!["Effect".into(), "Category".into(), "Amount is".into(), "What it does".into()] rows=vocabulary first_is_header=true />
            <p>"Several buffs of one effect add together, machines' and bardings' lines with them, and then the total is clamped:"</p>
            <Grid label="Buff clamps" headers=vec!["Total".into(), "Clamp".into()] rows=clamps first_is_header=true />
        </section>
    }
}

/// How all of it feeds a Skirmish.
#[component]
fn Skirmish() -> impl IntoView {
    let mut align_headers = vec!["Attacker ↓ / Defender →".to_string()];
    align_headers.extend(Alignment::ALL.iter().map(|a| a.name().to_string()));
    let align = combat::alignment_table()
        .into_iter()
        .map(|(a, row)| {
            let mut r = vec![a.name().to_string()];
            r.extend(row.into_iter().map(|v| format!("{}%", signed(v))));
            r
        })
        .collect();
    let (home, home15) = combat::home_turf();
    let distance = combat::distance_examples()
        .into_iter()
        .map(|(d, mv, p)| vec![pct(d), plain(mv), pct(p)])
        .collect();
    let tolls = combat::terrain_tolls()
        .into_iter()
        .map(|(t, r)| vec![terrain(t).to_string(), pct(r)])
        .collect();
    let crossing = combat::crossing_examples()
        .into_iter()
        .map(|(what, m)| vec![what.to_string(), times(m)])
        .collect();
    let ladder = combat::keep_ladder();
    let keep = ladder
        .iter()
        .enumerate()
        .map(|(i, &(from, k))| {
            let span = match ladder.get(i + 1) {
                Some(&(next, _)) if from == 0.0 => format!("Under {}", thousands(next)),
                Some(&(next, _)) => format!("{}–{}", thousands(from), thousands(next - 1.0)),
                None => format!("{} and above", thousands(from)),
            };
            vec![span, format!("{}%", plain(k))]
        })
        .collect();
    let territory = combat::territory_examples()
        .into_iter()
        .map(|(p, s)| vec![thousands(p), s.to_string()])
        .collect();
    let (merc_a, merc_d, merc_max, per_hire) = combat::mercenary_rules();
    let pools = combat::pools()
        .into_iter()
        .map(|(a, ps)| {
            vec![
                a.name().to_string(),
                ps.into_iter().map(pool).collect::<Vec<_>>().join(", "),
            ]
        })
        .collect();
    let rounds = combat::rounds()
        .into_iter()
        .map(|(r, gate)| {
            let who = match gate {
                Some(g) => format!("Attack Range {} and up", plain(g)),
                None if r == engine::ROUNDS => "Melee only".into(),
                None => "Everyone".into(),
            };
            vec![r.to_string(), who]
        })
        .collect();
    let blows = combat::blows()
        .into_iter()
        .map(|(a, d, b)| vec![plain(a), plain(d), plain(b)])
        .collect();
    let mut dice_headers = vec!["Die 1 ↓ / Die 2 →".to_string()];
    dice_headers.extend((1..=6).map(|d| d.to_string()));
    let dice = combat::dice_grid()
        .into_iter()
        .enumerate()
        .map(|(i, row)| {
            let mut r = vec![(i + 1).to_string()];
            r.extend(row.into_iter().map(times));
            r
        })
        .collect();
    let (parry_a, parry_d) = combat::parry();
    let odds = combat::v1_odds()
        .into_iter()
        .map(|(k, p)| vec![format!("{}×", plain(k)), pct(p)])
        .collect();
    view! {
        <section id="skirmish">
            <h3>"How this feeds into Skirmish"</h3>
            <p>
                "Army strength is a faction's Power: Leader, Generals, Special People, every Regiment and every siege engine. Alignment is a bonus or penalty, not a gate — read as the attacker on the left, against the defender along the top:"
            </p>
            <Grid label="Alignment table" headers=align_headers rows=align first_is_header=true />
            <p class="formula">
                "Base Power = Faction Power × (1 + Grudge) × (1 + Bane). Attacker: Effective Power = Base Power × (1 − March Penalty) × (1 + Alignment Bonus), where March Penalty = min(" {pct(engine::MARCH_PENALTY_CAP)} ", Distance Penalty + Terrain Toll). Defender: Effective Power = Base Power × "
                {plain(home)} " (home turf; a +15 Home Defense makes it " {times(home15)} ")."
            </p>
            <h4 id="distance">"Distance"</h4>
            <p class="formula">
                "Distance Penalty = Distance × " {combat::distance_factor().to_string()} " ÷ Average Movement, where Distance is a share of the map's diagonal. An army with no Movement recorded pays no distance penalty (it still pays the terrain toll)."
            </p>
            <Grid label="Distance penalty" headers=vec!["Distance".into(), "Avg Movement".into(), "Penalty".into()] rows=distance />
            <h4 id="terrain">"Terrain"</h4>
            <p>"A toll paid by the yard: what crossing a tenth of the map through one kind of ground costs. Movement does not change it; the crossing auras do."</p>
            <Grid label="Terrain toll" headers=vec!["Terrain".into(), "Per tenth of the map".into()] rows=tolls first_is_header=true />
            <p>"Crossing someone else's territory multiplies what that ground costs:"</p>
            <Grid label="Territory crossing" headers=vec!["Whose land".into(), "Cost".into()] rows=crossing first_is_header=true />
            <h4 id="territory">"Territory"</h4>
            <p>
                {combat::base_squares()}
                " squares to begin with, and one more for every 10 Power, of which a larger faction keeps less:"
            </p>
            <Grid label="Territory ladder" headers=vec!["Power".into(), "Keeps of what Power earned".into()] rows=keep first_is_header=true />
            <Grid label="Territory examples" headers=vec!["Power".into(), "Squares".into()] rows=territory />
            <h4 id="mercenaries">"Mercenaries"</h4>
            <p>
                "The weaker side gets one hire per " {plain(per_hire)} " Power of gap — up to " {plain(merc_a)}
                " for an attacker and " {plain(merc_d)} " for a defender, never past " {plain(merc_max)}
                " with Mercenary Slots. Who will fight for whom:"
            </p>
            <Grid label="Mercenary pools" headers=vec!["Side".into(), "Hires from".into()] rows=pools first_is_header=true />
            <h4 id="version-2">"Version 2: the armies fight"</h4>
            <p>
                "Five rounds. A figure joins when its Attack Range reaches the round's gate. A siege engine fires until round "
                {DEFAULT_STOP} " unless its kind says otherwise (never after round " {LAST_FIRING_ROUND}
                "), and its crew join the line the round after it stops."
            </p>
            <Grid label="Rounds" headers=vec!["Round".into(), "Who swings".into()] rows=rounds />
            <p id="screening">
                "Screening: while more than a third of a side's melee figures (those whose first attack is melee, crew waiting by their engines included) are still standing, that side is screened — the enemy can strike only its melee figures, so its archers and its war machines stand safe behind the line. Once two thirds of them have fallen, every figure in its line can be struck. Each blow picks its target at random among the figures it may strike."
            </p>
            <p class="formula">
                "Each blow = " {plain(combat::lethality())} " × Attack × (Attack ÷ (Attack + Defense))."
            </p>
            <Grid label="Blows" headers=vec!["Attack".into(), "Defense".into(), "Blow".into()] rows=blows />
            <p>
                "Both sides throw two dice each round; the multiplier of every throw (a pair adds 15%, snake eyes is ×1.5, everything else is capped at "
                {times(engine::MULT_CAP)} "). When both totals are equal the blow is parried: the attacker's multiplier "
                {times(parry_a)} ", the defender's " {times(parry_d)} "."
            </p>
            <Grid label="Dice" headers=dice_headers rows=dice first_is_header=true />
            <h4 id="version-1">"Version 1: one roll"</h4>
            <p>"The attacker wins with probability Attacker² ÷ (Attacker² + Defender²):"</p>
            <Grid label="Version 1 odds" headers=vec!["Attacker ÷ Defender".into(), "Attacker wins".into()] rows=odds />
        </section>
    }
}
