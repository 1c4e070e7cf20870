//! BUF-11/12 (VECTORS.md L): an aura skips its own group; whole-army barding lines reach the wearer's
//! whole faction; a mercenary takes its own company's buffs.

use super::*;
use crate::testkit::{buff, faction, line, photo, realm};
use crate::{Barding, BuffSource, Effect, FactionKind, WornKind};

#[test]
fn buf_11_12_an_aura_skips_its_own_group() {
    let mut r = realm();
    r.photos.push(photo(1, Group::Regiment(1), "h100 ap5"));
    r.photos.push(photo(2, Group::Regiment(2), "h100 ap5"));
    let warlord = BuffSource::Group(Group::Regiment(1));
    r.buffs.push(buff(1, Effect::AttackPower, 2.0, warlord));
    // (id, photo index, Attack Power after buffs)
    let table = [("BUF-11", 0, 5.0), ("BUF-12", 1, 7.0)];
    for (id, i, want) in table {
        let got = post_buff_stats(&r, &r.photos[i]).attack_power;
        assert_eq!(got, Some(want), "{id}");
    }
}

#[test]
fn stats_are_floored_at_zero_and_blanks_stay_blank_unless_buffed() {
    let mut r = realm();
    r.photos.push(photo(1, Group::Leader, "h100 ap3 hd-2"));
    r.buffs
        .push(buff(1, Effect::AttackPower, -5.0, BuffSource::FactionWide));
    r.buffs.push(buff(
        2,
        Effect::SecondaryAttack,
        2.0,
        BuffSource::FactionWide,
    ));
    let s = post_buff_stats(&r, &r.photos[0]);
    assert_eq!(s.attack_power, Some(0.0));
    assert_eq!(s.headwear_def, Some(0.0));
    assert_eq!(s.secondary_attack, Some(2.0));
    assert_eq!(s.defense_strength, None);
    // Buffs are read, never stored.
    assert_eq!(r.photos[0].stats.attack_power, Some(3.0));
}

#[test]
fn whole_army_barding_lines_reach_everyone_including_the_wearer() {
    let mut r = realm();
    r.bardings.push(Barding {
        id: 1,
        name: "Banner Saddle".into(),
        kind: WornKind::Saddle,
        what_it_is: String::new(),
        lines: vec![
            line(LineEffect::DefenseStrength, 1.0, Scope::WholeArmy),
            line(LineEffect::AttackPower, 3.0, Scope::Wearer),
        ],
        named_power: String::new(),
        bl: String::new(),
    });
    let mut rider = photo(1, Group::Leader, "h100 ds2");
    rider.worn = vec![1];
    r.photos.push(rider);
    r.photos.push(photo(2, Group::Regiment(2), "h100 ds2"));
    for p in &r.photos {
        assert_eq!(
            post_buff_stats(&r, p).defense_strength,
            Some(3.0),
            "photo {}",
            p.id
        );
    }
    // The Wearer line belongs to derivation (fitting), not to buffs.
    assert_eq!(post_buff_stats(&r, &r.photos[1]).attack_power, None);
}

#[test]
fn a_mercenary_takes_its_own_companys_buffs() {
    let mut r = realm();
    r.factions.push(faction(2, FactionKind::Mercenary));
    let mut merc = photo(1, Group::Crest, "h100 ap4");
    merc.faction = 2;
    r.photos.push(merc);
    r.buffs
        .push(buff(1, Effect::AttackPower, 10.0, BuffSource::FactionWide));
    let mut own = buff(2, Effect::AttackPower, 1.0, BuffSource::FactionWide);
    own.faction = 2;
    r.buffs.push(own);
    assert_eq!(post_buff_stats(&r, &r.photos[0]).attack_power, Some(5.0));
}
