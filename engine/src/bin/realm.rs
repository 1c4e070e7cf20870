//! `realm`: the engine's command line.
//!
//! - `realm demo` prints the demo realm as JSON (`realm demo --scale N`: with N times the photos of
//!   every faction, `engine::demo_scaled`); `realm schema` prints the document's JSON Schema.
//! - `realm validate FILE` checks a document.
//! - `realm power FILE` prints every photo's raw and buffed stats and Power, and every faction's FP
//!   and Avg Movement: `{"photos":[{"id","raw","buffed","power"}],"factions":[{"id","power","avg_movement"}]}`.
//! - `realm buffs FILE --faction ID` prints that faction's clamped totals (SPEC §5.3).
//! - `realm territory FILE` prints every claiming faction's allowance and claimed squares and the
//!   owner of every cell (SPEC §8): `{"factions":[{"id","allowance","claimed","char"}],"owners":"…"}`.
//!   `owners` has one char per cell, row by row (index `y·W + x`): `.` for unowned, and for the k-th
//!   claiming faction in document order the k-th char of `0-9A-Za-z` (its `char`); past 62, `?`.
//! - `realm route FILE --attacker ID --defender ID` prints the cheapest route between the two markers
//!   and its march breakdown (SPEC §9–10): `{"path":[[x,y],…],"route_length","straight_length",
//!   "distance_fraction","distance_penalty","terrain_toll","march_penalty","by_terrain":{terrain:
//!   {"length","toll"}},"crossings":[{"faction_id","multiplier","length","surcharge"}],"detour"}`.
//! - `realm skirmish FILE --attacker ID --defender ID --system v1|v2|warfare|olympia|mass_battle --seed N` sets up, fights and
//!   records one Skirmish (SPEC §11–14) and prints its BattleRecord: `{"winner","input","outcome"}`.
//! - `realm odds FILE --attacker ID --defender ID --system v1|v2|warfare|olympia|mass_battle --seed N --runs N` sets up once
//!   (hires drawn from the seed) and prints the odds of that set-up over N battles from the same seed:
//!   `{"strength_a","strength_d","hires","odds":{"runs","attacker_wins","p_attacker","interval",…}}`.
//! - `realm warfare FILE` fights the Warfare phase (SYSTEMS.md §1) in FILE, a `WarfareInput` with
//!   its seed, and prints its `WarfareOutcome`: `{"order_ties","conflicts","armies"}`.
//! - `realm olympia FILE` fights the Olympia battle (SYSTEMS.md §3) in FILE, an `OlympiaInput` with
//!   its seed, and prints its `OlympiaOutcome`: `{"winner","decided","cycles","attacker",
//!   "defender","prisoner_chance","remaining","captures","prisoners","fled","loot",
//!   "winner_takes_position"}`.
//! - `realm mass-battle FILE` fights the Střet armád battle of an input file (SYSTEMS §2; the seed is in
//!   the input) and prints its outcome: `{"winner","end","skirmish_rounds","battle_rounds",
//!   "pursuit_rounds","rounds":[…],"killed","fled","caught","units":[…]}`.
//! - `realm contest FILE` fights the Book of Contests match of an input file (SYSTEMS §4) and prints
//!   its outcome: `{"winner","end","rounds","log":[…],"fighters":[…]}`.
//! - `realm balance` re-measures the source's balance claims and prints each beside the source's
//!   figure: `[{"claim","source","ours","detail"}]` (see the engine's `balance` module).
//! - `realm balance --systems [--file FILE] [--attacker ID] [--defender ID] [--runs N] [--seed N]`
//!   sweeps the power ratio 0.5× to 3× under every battle system (the engine's `sweep` module: the
//!   attacker fields copies of the defender's figures) and prints the attacker's win rate with its
//!   95% interval per ratio and system: `{"attacker","defender","seed","runs","points":[{"system",
//!   "target","ratio","attacker_figures","odds":{"runs","attacker_wins","p_attacker","interval",…}}]}`.
//!   Defaults: the demo realm, factions 1 against 2, 200 battles per point, seed 2024; the set-up's
//!   hires are drawn from the seed.
//!
//! A document or battle input that is not valid JSON or fails validation is reported on stderr with
//! the path of the offending field (`factions[3].name: …`, `b.units[2].shield: …`), nothing is
//! printed on stdout, and the exit code is 2.
//! Every other failure exits with 1. Stored stats are re-derived on load, never trusted.

use std::process::ExitCode;

const USAGE: &str = "usage: realm demo [--scale N] | realm schema | realm validate FILE | realm power FILE \
                     | realm buffs FILE --faction ID | realm territory FILE \
                     | realm route FILE --attacker ID --defender ID \
                     | realm skirmish FILE --attacker ID --defender ID --system v1|v2|warfare|olympia|mass_battle --seed N \
                     | realm odds FILE --attacker ID --defender ID --system v1|v2|warfare|olympia|mass_battle --seed N --runs N \
                     | realm warfare FILE | realm olympia FILE \
                     | realm mass-battle FILE | realm contest FILE | realm balance \
                     | realm balance --systems [--file FILE] [--attacker ID] [--defender ID] [--runs N] [--seed N]";

/// The owner chars of `realm territory`, by claim order.
const OWNER_CHARS: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// Why a command failed.
#[derive(Debug)]
enum CliError {
    /// Wrong arguments.
    Usage,
    /// The file could not be read.
    Read(String, std::io::Error),
    /// The file is not a valid realm document: unparsable or failing validation.
    Document(String, engine::DocError),
    /// The file is not a valid battle input of `system`: unparsable or failing validation.
    Input(String, &'static str, engine::DocError),
    /// `--faction` names no faction of the document.
    NoFaction(u64),
    /// A faction asked to march has no marker on the map.
    NoMarker(u64),
    /// The two factions cannot fight.
    Setup(engine::SetupError),
    /// The balance sweep cannot be built from the set-up.
    Sweep(engine::SweepError),
    /// Output could not be serialised.
    Write(serde_json::Error),
    /// `schema` asked of a build without the `schema` feature.
    #[cfg_attr(feature = "schema", allow(dead_code))]
    NoSchema,
}

impl CliError {
    /// 2 for a bad document (what a caller can fix in the file), 1 for everything else.
    fn exit_code(&self) -> u8 {
        match self {
            CliError::Document(..) | CliError::Input(..) => 2,
            _ => 1,
        }
    }
}

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CliError::Usage => write!(f, "{USAGE}"),
            CliError::Read(path, e) => write!(f, "cannot read {path}: {e}"),
            CliError::Document(path, e) => write!(f, "{path}: invalid realm document: {e}"),
            CliError::Input(path, system, e) => write!(f, "{path}: invalid {system} input: {e}"),
            CliError::NoFaction(id) => write!(f, "no faction with id {id}"),
            CliError::NoMarker(id) => write!(f, "faction {id} has no marker on the map"),
            CliError::Setup(e) => write!(f, "cannot fight: {e}"),
            CliError::Sweep(e) => write!(f, "cannot sweep: {e}"),
            CliError::Write(e) => write!(f, "cannot write JSON: {e}"),
            CliError::NoSchema => write!(
                f,
                "built without the `schema` feature: add --features schema"
            ),
        }
    }
}

fn schema() -> Result<String, CliError> {
    #[cfg(feature = "schema")]
    return Ok(engine::realm_schema());
    #[cfg(not(feature = "schema"))]
    Err(CliError::NoSchema)
}

/// Reads, parses, validates and re-derives the document at `path`.
fn load(path: &str) -> Result<engine::Realm, CliError> {
    let text = std::fs::read_to_string(path).map_err(|e| CliError::Read(path.into(), e))?;
    let (realm, _report) =
        engine::load_realm(&text).map_err(|e| CliError::Document(path.into(), e))?;
    Ok(realm)
}

/// Reads a battle input and parses and validates it with `parse`, naming the offending field.
fn input<T, E: Into<engine::DocError>>(
    path: &str,
    system: &'static str,
    parse: impl FnOnce(&str) -> Result<T, E>,
) -> Result<T, CliError> {
    let text = std::fs::read_to_string(path).map_err(|e| CliError::Read(path.into(), e))?;
    parse(&text).map_err(|e| CliError::Input(path.into(), system, e.into()))
}

fn json(v: &impl serde::Serialize) -> Result<String, CliError> {
    serde_json::to_string(v).map_err(CliError::Write)
}

fn run(args: &[String]) -> Result<String, CliError> {
    Ok(match args {
        [cmd] if cmd == "demo" => json(&engine::demo_realm())? + "\n",
        [cmd, flag, n] if cmd == "demo" && flag == "--scale" => {
            let n: u32 = n
                .parse()
                .ok()
                .filter(|n| (1..=100).contains(n))
                .ok_or(CliError::Usage)?;
            json(&engine::demo_scaled(n))? + "\n"
        }
        [cmd] if cmd == "schema" => schema()?,
        [cmd] if cmd == "balance" => {
            json(&engine::balance(engine::BalanceConfig::default()))? + "\n"
        }
        [cmd, flag, rest @ ..] if cmd == "balance" && flag == "--systems" => systems_sweep(rest)?,
        [cmd, path] if cmd == "validate" => {
            load(path)?;
            eprintln!("{path}: valid");
            String::new()
        }
        [cmd, path] if cmd == "power" => json(&engine::realm_power(&load(path)?))? + "\n",
        [cmd, path, flag, id] if cmd == "buffs" && flag == "--faction" => {
            let id: u64 = id.parse().map_err(|_| CliError::Usage)?;
            let realm = load(path)?;
            realm.faction(id).ok_or(CliError::NoFaction(id))?;
            json(&engine::faction_totals(&realm, id).clamped())? + "\n"
        }
        [cmd, path] if cmd == "warfare" => {
            let phase = input(path, "warfare", engine::warfare::parse)?;
            json(&engine::warfare::play(&phase))? + "\n"
        }
        [cmd, path] if cmd == "olympia" => {
            let battle = input(path, "olympia", engine::olympia::parse)?;
            json(&engine::olympia::play(&battle))? + "\n"
        }
        [cmd, path] if cmd == "territory" => territory(&load(path)?)?,
        [cmd, path, a_flag, a, d_flag, d]
            if cmd == "route" && a_flag == "--attacker" && d_flag == "--defender" =>
        {
            let id = |s: &str| s.parse::<u64>().map_err(|_| CliError::Usage);
            march(&load(path)?, id(a)?, id(d)?)?
        }
        [cmd, path, rest @ ..] if cmd == "skirmish" => {
            let b = Battle::parse(rest, false)?;
            let realm = load(path)?;
            let rec = engine::fight(&realm, b.attacker, b.defender, b.system, b.seed)
                .map_err(CliError::Setup)?;
            json(&rec)? + "\n"
        }
        [cmd, path, rest @ ..] if cmd == "odds" => {
            let b = Battle::parse(rest, true)?;
            let realm = load(path)?;
            let mut rng = engine::SplitMix64::new(b.seed);
            let s =
                engine::setup(&realm, b.attacker, b.defender, &mut rng).map_err(CliError::Setup)?;
            let odds = engine::odds(&s, b.system, b.runs, b.seed);
            let out = serde_json::json!({
                "strength_a": s.strength_a,
                "strength_d": s.strength_d,
                "hires": s.hires,
                "odds": odds,
            });
            json(&out)? + "\n"
        }
        [cmd, path] if cmd == "mass-battle" => {
            let battle = input(path, "mass battle", engine::mass_battle::parse_input)?;
            json(&engine::mass_battle::play(&battle))? + "\n"
        }
        [cmd, path] if cmd == "contest" => {
            let contest = input(path, "contest", engine::contests::parse_input)?;
            json(&engine::contests::play(&contest))? + "\n"
        }
        _ => return Err(CliError::Usage),
    })
}

/// The flags of `realm skirmish` and `realm odds`, in any order.
struct Battle {
    attacker: u64,
    defender: u64,
    system: engine::BattleSystem,
    seed: u64,
    runs: u64,
}

impl Battle {
    fn parse(flags: &[String], with_runs: bool) -> Result<Battle, CliError> {
        let mut b = Battle {
            attacker: 0,
            defender: 0,
            system: engine::BattleSystem::V2,
            seed: 0,
            runs: 0,
        };
        let mut seen = [false; 5];
        let num = |v: &str| v.parse::<u64>().map_err(|_| CliError::Usage);
        for pair in flags.chunks(2) {
            let [flag, value] = pair else {
                return Err(CliError::Usage);
            };
            let k = match flag.as_str() {
                "--attacker" => {
                    b.attacker = num(value)?;
                    0
                }
                "--defender" => {
                    b.defender = num(value)?;
                    1
                }
                "--system" => {
                    b.system = engine::BattleSystem::from_name(value).ok_or(CliError::Usage)?;
                    2
                }
                "--seed" => {
                    b.seed = num(value)?;
                    3
                }
                "--runs" if with_runs => {
                    b.runs = num(value)?;
                    4
                }
                _ => return Err(CliError::Usage),
            };
            seen[k] = true;
        }
        // The system defaults to V2 (SPEC §0.2); everything else must be given.
        let needed = seen[0] && seen[1] && seen[3] && (seen[4] || !with_runs);
        if needed {
            Ok(b)
        } else {
            Err(CliError::Usage)
        }
    }
}

/// `realm balance --systems`: the power-ratio sweep under every system (flags in any order).
fn systems_sweep(flags: &[String]) -> Result<String, CliError> {
    let (mut file, mut attacker, mut defender, mut runs, mut seed) = (None, 1, 2, 200, 2024);
    let num = |v: &str| v.parse::<u64>().map_err(|_| CliError::Usage);
    for pair in flags.chunks(2) {
        let [flag, value] = pair else {
            return Err(CliError::Usage);
        };
        match flag.as_str() {
            "--file" => file = Some(value.as_str()),
            "--attacker" => attacker = num(value)?,
            "--defender" => defender = num(value)?,
            "--runs" => runs = num(value)?,
            "--seed" => seed = num(value)?,
            _ => return Err(CliError::Usage),
        }
    }
    let realm = match file {
        Some(path) => load(path)?,
        None => engine::demo_realm(),
    };
    let base = engine::setup(
        &realm,
        attacker,
        defender,
        &mut engine::SplitMix64::new(seed),
    )
    .map_err(CliError::Setup)?;
    let points = engine::sweep(&base, engine::SweepConfig::every_system(runs, seed))
        .map_err(CliError::Sweep)?;
    let out = serde_json::json!({
        "attacker": base.attacker.name,
        "defender": base.defender.name,
        "seed": seed,
        "runs": runs,
        "points": points,
    });
    Ok(json(&out)? + "\n")
}

/// The char of the k-th claiming faction in `owners`.
fn owner_char(k: usize) -> char {
    OWNER_CHARS.get(k).map_or('?', |&c| c as char)
}

/// `realm territory`: allowances, claimed counts and the owner of every cell.
fn territory(realm: &engine::Realm) -> Result<String, CliError> {
    let claims = engine::realm_claims(realm);
    let owners = engine::claim_territory(&realm.map, &claims);
    let factions: Vec<serde_json::Value> = claims
        .iter()
        .enumerate()
        .map(|(k, c)| {
            serde_json::json!({
                "id": c.faction,
                "allowance": c.allowance,
                "claimed": owners.claimed(c.faction),
                "char": owner_char(k).to_string(),
            })
        })
        .collect();
    let cells = realm.map.cells.len();
    let chars: String = (0..cells)
        .map(|cell| owners.slot(cell).map_or('.', owner_char))
        .collect();
    Ok(json(&serde_json::json!({ "factions": factions, "owners": chars }))? + "\n")
}

/// `realm route`: the attacker's cheapest route onto the defender and its march breakdown.
fn march(realm: &engine::Realm, attacker: u64, defender: u64) -> Result<String, CliError> {
    let side = |id: u64| {
        let f = realm.faction(id).ok_or(CliError::NoFaction(id))?;
        engine::FactionRef::of(f, &realm.map).ok_or(CliError::NoMarker(id))
    };
    let (a, d) = (side(attacker)?, side(defender)?);
    let owners = engine::realm_territory(realm);
    let totals = engine::march_totals(realm, attacker);
    let route = engine::route(&realm.map, &owners, &a, &d, &totals);
    let b = engine::march(&route, &realm.map, &owners, &a, &d, &totals);
    let path: Vec<[u32; 2]> = route.points().into_iter().map(|(x, y)| [x, y]).collect();
    let out = serde_json::json!({
        "path": path,
        "route_length": b.route_length,
        "straight_length": b.straight_length,
        "distance_fraction": b.distance_fraction,
        "distance_penalty": b.distance_penalty,
        "terrain_toll": b.terrain_toll,
        "march_penalty": b.march_penalty,
        "by_terrain": b.toll_by_terrain,
        "crossings": b.territories_crossed,
        "detour": b.detour,
    });
    Ok(json(&out)? + "\n")
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // Output is printed only once the whole command has succeeded, so a failure prints nothing
    // on stdout.
    match run(&args) {
        Ok(out) => {
            // A closed pipe (`realm power FILE | head`) is the reader's choice, not a failure.
            let _ = std::io::Write::write_all(&mut std::io::stdout(), out.as_bytes());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(e.exit_code())
        }
    }
}
