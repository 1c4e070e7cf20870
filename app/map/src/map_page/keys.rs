//! The keyboard's way round the markers: which marker an arrow key moves to. The marker layer is
//! one Tab stop (a roving tabindex); inside it Left and Right go through the markers in order
//! across the map, Up and Down in order down it, each wrapping at the edge, and Home and End go to
//! the first and the last across. So every marker is reached by one key pressed often enough, and
//! the direction still matches what the eye sees. Pure, so it is tested natively.

/// A key the marker layer moves by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// ArrowLeft: the next marker to the left.
    Left,
    /// ArrowRight: the next marker to the right.
    Right,
    /// ArrowUp: the next marker above.
    Up,
    /// ArrowDown: the next marker below.
    Down,
    /// Home: the leftmost marker.
    First,
    /// End: the rightmost marker.
    Last,
}

impl Step {
    /// The step a key (`KeyboardEvent.key`) makes, if it makes one.
    pub fn of_key(key: &str) -> Option<Step> {
        Some(match key {
            "ArrowLeft" => Step::Left,
            "ArrowRight" => Step::Right,
            "ArrowUp" => Step::Up,
            "ArrowDown" => Step::Down,
            "Home" => Step::First,
            "End" => Step::Last,
            _ => return None,
        })
    }
}

/// The marker `step` moves to from `from`, among `markers` (id and position). `from` need not be
/// among them (the marker picked up is not a target): the order places it where it stands.
/// `None` only when there is no marker to go to.
pub fn step(
    markers: &[(u64, (f64, f64))],
    from: Option<(u64, (f64, f64))>,
    step: Step,
) -> Option<u64> {
    let across = |a: &(u64, (f64, f64))| (a.1 .0, a.1 .1, a.0);
    let down = |a: &(u64, (f64, f64))| (a.1 .1, a.1 .0, a.0);
    let key = |m: &(u64, (f64, f64)), vertical: bool| if vertical { down(m) } else { across(m) };
    let (vertical, forward) = match step {
        Step::First => return first_by(markers, |m| across(m), false),
        Step::Last => return first_by(markers, |m| across(m), true),
        Step::Left => (false, false),
        Step::Right => (false, true),
        Step::Up => (true, false),
        Step::Down => (true, true),
    };
    let Some(from) = from else {
        return first_by(markers, |m| key(m, vertical), !forward);
    };
    let here = key(&from, vertical);
    let others = markers.iter().filter(|m| m.0 != from.0);
    let ahead = |m: &&(u64, (f64, f64))| {
        let k = key(m, vertical);
        if forward {
            cmp(k, here).is_gt()
        } else {
            cmp(k, here).is_lt()
        }
    };
    let next = others.clone().filter(ahead).min_by(|a, b| {
        let (a, b) = (key(a, vertical), key(b, vertical));
        if forward {
            cmp(a, b)
        } else {
            cmp(b, a)
        }
    });
    // Past the edge: round to the other end.
    next.map(|m| m.0).or_else(|| {
        let rest: Vec<(u64, (f64, f64))> = others.copied().collect();
        first_by(&rest, |m| key(m, vertical), !forward)
    })
}

/// The marker least by `key` (greatest with `last`).
fn first_by(
    markers: &[(u64, (f64, f64))],
    key: impl Fn(&(u64, (f64, f64))) -> (f64, f64, u64),
    last: bool,
) -> Option<u64> {
    let pick = |a: &&(u64, (f64, f64)), b: &&(u64, (f64, f64))| cmp(key(a), key(b));
    if last {
        markers.iter().max_by(pick)
    } else {
        markers.iter().min_by(pick)
    }
    .map(|m| m.0)
}

fn cmp(a: (f64, f64, u64), b: (f64, f64, u64)) -> std::cmp::Ordering {
    a.0.total_cmp(&b.0)
        .then(a.1.total_cmp(&b.1))
        .then(a.2.cmp(&b.2))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Five markers: 1 far left, 2 top middle, 3 bottom middle, 4 right, 5 on 4's spot.
    fn markers() -> Vec<(u64, (f64, f64))> {
        vec![
            (1, (5.0, 20.0)),
            (2, (30.0, 5.0)),
            (3, (30.0, 40.0)),
            (4, (60.0, 20.0)),
            (5, (60.0, 20.0)),
        ]
    }

    fn at(id: u64) -> Option<(u64, (f64, f64))> {
        markers().into_iter().find(|m| m.0 == id)
    }

    #[test]
    fn arrows_follow_the_map_and_wrap() {
        let m = markers();
        assert_eq!(step(&m, at(1), Step::Right), Some(2));
        assert_eq!(step(&m, at(2), Step::Right), Some(3));
        assert_eq!(step(&m, at(3), Step::Right), Some(4));
        assert_eq!(step(&m, at(4), Step::Right), Some(5));
        assert_eq!(step(&m, at(5), Step::Right), Some(1), "wraps");
        assert_eq!(step(&m, at(1), Step::Left), Some(5), "wraps back");
        assert_eq!(step(&m, at(2), Step::Down), Some(1));
        assert_eq!(step(&m, at(3), Step::Up), Some(5));
        assert_eq!(step(&m, at(2), Step::Up), Some(3), "wraps to the bottom");
        assert_eq!(step(&m, at(3), Step::First), Some(1));
        assert_eq!(step(&m, at(1), Step::Last), Some(5));
    }

    #[test]
    fn every_marker_is_reached_by_each_arrow_once_a_round() {
        let m = markers();
        for s in [Step::Left, Step::Right, Step::Up, Step::Down] {
            let mut seen = vec![1];
            let mut here = 1;
            for _ in 1..m.len() {
                here = step(&m, at(here), s).unwrap();
                assert!(
                    !seen.contains(&here),
                    "{s:?} came back to {here} early: {seen:?}"
                );
                seen.push(here);
            }
            assert_eq!(step(&m, at(here), s), Some(1), "{s:?} closes the round");
        }
    }

    #[test]
    fn from_a_marker_outside_the_list_the_order_places_it() {
        // The marker picked up is not a target: from it, Right is the next one to its right.
        let targets: Vec<_> = markers().into_iter().filter(|m| m.0 != 2).collect();
        assert_eq!(step(&targets, at(2), Step::Right), Some(3));
        assert_eq!(step(&targets, at(2), Step::Left), Some(1));
        assert_eq!(
            step(&targets, None, Step::Right),
            Some(1),
            "nothing yet: the first"
        );
        assert_eq!(
            step(&targets, None, Step::Left),
            Some(5),
            "nothing yet: the last"
        );
        assert_eq!(step(&[], at(2), Step::Right), None);
        assert_eq!(step(&targets[..1], at(1), Step::Right), None, "only itself");
    }

    #[test]
    fn keys_name_their_steps() {
        assert_eq!(Step::of_key("ArrowDown"), Some(Step::Down));
        assert_eq!(Step::of_key("End"), Some(Step::Last));
        assert_eq!(Step::of_key("Enter"), None);
    }
}
