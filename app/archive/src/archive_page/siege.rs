//! War machines (with their crew rules and advantage lines) and bardings and saddles (with theirs).

use super::labels::{line, worn_kind};
use super::table::{Cell, Table};
use engine::wire::ImageKind;
use engine::{MachineKind, Realm, DEFAULT_STOP};

/// A machine's crew rules in words, keeping "nobody has said" (blank) apart from 0.
pub fn crew(m: &MachineKind) -> Vec<String> {
    let said = |v: Option<u32>, what: &str| match v {
        Some(n) => format!("{what}: {n}"),
        None => format!("{what}: not set"),
    };
    vec![
        said(m.crew_move, "Crew to move it"),
        said(m.crew_work, "Crew to work it"),
        match m.crew_min {
            Some(n) => format!("Abandoned below {n}"),
            None => "Never abandoned".into(),
        },
        format!("Fires until round {}", m.stop_round.unwrap_or(DEFAULT_STOP)),
    ]
}

/// Whose picture shows a war machine kind: its own, else the photo of a machine of that kind (in
/// the realm's order), so a kind nobody has pictured still shows what one looks like on the table.
pub fn picture_owners(r: &Realm, m: &MachineKind) -> Vec<(ImageKind, u64)> {
    let machines = r
        .photos
        .iter()
        .filter(|p| p.machine_kind == Some(m.id))
        .map(|p| (ImageKind::Photo, p.id));
    std::iter::once((ImageKind::MachineKind, m.id))
        .chain(machines)
        .collect()
}

/// The War Machines table.
pub fn war_machines(r: &Realm) -> Table {
    Table {
        id: "war-machines",
        title: "War Machines",
        lead: "The engines of war, each kind defined once. A positive line is an advantage and a negative \
               one a cost; crew to move it haul it at its pace, crew to work it is full strength (fewer \
               fight weaker in proportion), and below the fewest it is abandoned where it stands.",
        headers: &[
            "Name",
            "Picture",
            "What it is",
            "Crew",
            "Advantages & disadvantages",
            "BL#",
        ],
        rows: r
            .machine_kinds
            .iter()
            .map(|m| {
                vec![
                    Cell::Text(m.name.clone()),
                    Cell::Picture {
                        name: m.name.clone(),
                        owners: picture_owners(r, m),
                    },
                    Cell::Text(m.what_it_is.clone()),
                    Cell::Lines(crew(m)),
                    Cell::Lines(m.lines.iter().map(line).collect()),
                    Cell::Text(m.bl.clone()),
                ]
            })
            .collect(),
    }
}

/// The Bardings & Saddles table.
pub fn bardings(r: &Realm) -> Table {
    Table {
        id: "bardings",
        title: "Bardings & Saddles",
        lead: "What a horse wears and what a rider sits on. Worn by one figure, never fighting on its own \
               account: whatever it is worth reaches a fight through the figure carrying it. A line marked \
               the whole army reaches everybody marching with the wearer; a named power is recorded, not \
               fought with.",
        headers: &[
            "Name",
            "Kind",
            "What it is",
            "Advantages & disadvantages",
            "Named power",
            "BL#",
        ],
        rows: r
            .bardings
            .iter()
            .map(|b| {
                vec![
                    Cell::Text(b.name.clone()),
                    Cell::Text(worn_kind(b.kind).into()),
                    Cell::Text(b.what_it_is.clone()),
                    Cell::Lines(b.lines.iter().map(line).collect()),
                    Cell::Text(b.named_power.clone()),
                    Cell::Text(b.bl.clone()),
                ]
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_war_machine_kind_falls_back_to_its_machines_photos() {
        let realm = engine::demo_realm();
        let m = realm
            .machine_kinds
            .iter()
            .find(|m| realm.photos.iter().any(|p| p.machine_kind == Some(m.id)))
            .expect("the demo has a crewed machine");
        let owners = picture_owners(&realm, m);
        assert_eq!(owners[0], (ImageKind::MachineKind, m.id));
        assert!(owners.len() > 1);
        for (kind, id) in &owners[1..] {
            assert_eq!(*kind, ImageKind::Photo);
            assert_eq!(realm.photo(*id).unwrap().machine_kind, Some(m.id));
        }
    }

    #[test]
    fn crew_rules_keep_blank_apart_from_zero() {
        let realm = engine::demo_realm();
        let mut m = realm.machine_kinds[0].clone();
        m.crew_move = None;
        m.crew_work = Some(0);
        m.crew_min = None;
        m.stop_round = None;
        assert_eq!(
            crew(&m),
            vec![
                "Crew to move it: not set".to_string(),
                "Crew to work it: 0".into(),
                "Never abandoned".into(),
                format!("Fires until round {DEFAULT_STOP}"),
            ]
        );
    }
}
