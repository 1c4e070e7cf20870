//! The photo form's group picker: which part of its faction a photo belongs to (SPEC §0.2 `Group`),
//! as the value of a `<select>` option and back. Regiments keep their bare id as the value, so a
//! regiment is picked the same way it always was; the people of note have words.

use engine::Group;

/// The people groups every faction has, in roster order (SPEC §10: Leader, Generals,
/// SpecialPeople, then the regiments), with the label the editor shows.
pub const PEOPLE: [(Group, &str); 3] = [
    (Group::Leader, "Leader"),
    (Group::Generals, "Generals"),
    (Group::SpecialPeople, "Special people"),
];

/// The option value of a group; `None` for the groups this picker does not offer (equipment
/// types, crests and places are kept as they are).
pub fn group_value(g: Group) -> Option<String> {
    match g {
        Group::Leader => Some("leader".into()),
        Group::Generals => Some("generals".into()),
        Group::SpecialPeople => Some("special_people".into()),
        Group::Regiment(id) => Some(id.to_string()),
        Group::Equipment(_) | Group::Crest | Group::Place => None,
    }
}

/// The group an option value names, if it names one.
pub fn parse_group(value: &str) -> Option<Group> {
    match value {
        "leader" => Some(Group::Leader),
        "generals" => Some(Group::Generals),
        "special_people" => Some(Group::SpecialPeople),
        v => v.parse().ok().map(Group::Regiment),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_offered_group_reads_back_as_itself() {
        for g in PEOPLE
            .map(|(g, _)| g)
            .into_iter()
            .chain([Group::Regiment(42)])
        {
            let v = group_value(g).expect("offered");
            assert_eq!(parse_group(&v), Some(g), "{v}");
        }
    }

    #[test]
    fn other_groups_and_nonsense_are_not_offered() {
        assert_eq!(group_value(Group::Equipment(3)), None);
        assert_eq!(group_value(Group::Crest), None);
        assert_eq!(parse_group(""), None);
        assert_eq!(parse_group("captains"), None);
    }
}
