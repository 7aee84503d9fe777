//! The run's words that the run session and the screens share: a capitalized phrase, a count with
//! its noun, and a victory's points in words.

use gambit_roguelite::economy::VictoryReward;

/// `swift` -> `Swift`.
#[must_use]
pub fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or_else(String::new, |f| f.to_uppercase().collect::<String>() + c.as_str())
}

/// `1 battle`, `3 battles`: `n` with `one` or `many`.
#[must_use]
pub fn plural(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `230 points: 100 for the victory, 130 for 26 moves left, 30 for the bonus objective`: a won
/// battle's points and, in words, what they add up from (the battle's victory panel; the run end
/// tells the run's total the same way).
#[must_use]
pub fn victory_points_line(reward: &VictoryReward) -> String {
    let mut parts = vec![format!("{} for the victory", reward.base_points)];
    if reward.move_points > 0 {
        let left = plural(reward.moves_left, "move left", "moves left");
        parts.push(format!("{} for {left}", reward.move_points));
    }
    if reward.bonus_points > 0 {
        parts.push(format!("{} for the bonus objective", reward.bonus_points));
    }
    format!("{} points: {}", reward.points, parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_read_right() {
        assert_eq!(capitalize("swift"), "Swift");
        assert_eq!(capitalize(""), "");
        assert_eq!(
            (plural(1, "battle", "battles"), plural(3, "battle", "battles")),
            ("1 battle".into(), "3 battles".into())
        );
    }

    #[test]
    fn a_victory_s_points_are_told_in_words_without_a_formula() {
        let line = victory_points_line(&VictoryReward::new(26, false));
        assert_eq!(line, "230 points: 100 for the victory, 130 for 26 moves left");
        let line = victory_points_line(&VictoryReward::new(1, true));
        assert_eq!(line, "135 points: 100 for the victory, 5 for 1 move left, 30 for the bonus objective");
        let line = victory_points_line(&VictoryReward::new(0, false));
        assert_eq!(line, "100 points: 100 for the victory");
        assert!(!line.contains('+') && !line.contains('='));
    }
}
