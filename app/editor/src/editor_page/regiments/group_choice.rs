//! The photo form's group picker: which part of its faction a photo belongs to (SPEC §0.2 `Group`),
//! as the value of a `<select>` option and back. Regiments keep their bare id as the value, so a
//! regiment is picked the same way it always was; an equipment type is `equipment:ID`; the people
//! of note, crests and places have words.

use engine::Group;

/// The people groups every faction has, in roster order (SPEC §10: Leader, Generals,
/// SpecialPeople, then the regiments), with the label the editor shows.
pub const PEOPLE: [(Group, &str); 3] = [
    (Group::Leader, "Leader"),
    (Group::Generals, "Generals"),
    (Group::SpecialPeople, "Special people"),
];

/// The groups after the regiments and the equipment: crests (a mercenary company's people live
/// here, SPEC §11.5) and places, which count in no Faction Power.
pub const KEEPSAKES: [(Group, &str); 2] = [(Group::Crest, "Crests"), (Group::Place, "Places")];

/// The option value of a group.
pub fn group_value(g: Group) -> String {
    match g {
        Group::Leader => "leader".into(),
        Group::Generals => "generals".into(),
        Group::SpecialPeople => "special_people".into(),
        Group::Regiment(id) => id.to_string(),
        Group::Equipment(id) => format!("equipment:{id}"),
        Group::Crest => "crest".into(),
        Group::Place => "place".into(),
    }
}

/// The group an option value names, if it names one.
pub fn parse_group(value: &str) -> Option<Group> {
    match value {
        "leader" => Some(Group::Leader),
        "generals" => Some(Group::Generals),
        "special_people" => Some(Group::SpecialPeople),
        "crest" => Some(Group::Crest),
        "place" => Some(Group::Place),
        v => match v.strip_prefix("equipment:") {
            Some(id) => id.parse().ok().map(Group::Equipment),
            None => v.parse().ok().map(Group::Regiment),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_group_reads_back_as_itself() {
        for g in PEOPLE
            .into_iter()
            .chain(KEEPSAKES)
            .map(|(g, _)| g)
            .chain([Group::Regiment(42), Group::Equipment(7)])
        {
            let v = group_value(g);
            assert_eq!(parse_group(&v), Some(g), "{v}");
        }
    }

    #[test]
    fn nonsense_is_no_group() {
        assert_eq!(parse_group(""), None);
        assert_eq!(parse_group("captains"), None);
        assert_eq!(parse_group("equipment:x"), None);
    }
}
