//! `gambit-cli skills` (play skill-chess actions and show the state) and `gambit-cli skills-demo` (the
//! prototype's scenario as a transcript).

use std::fmt::Write as _;
use std::io;

use gambit_rules::Square;
use gambit_skills::{ClockMode, Skill, SkillBoard, SkillConfig, Teleported};

use crate::bad;
use crate::board_style::BoardStyle;

/// Splits an action script into actions: `tp` and `fz` take the next word (`"e2e4 tp e4e7 fz e7"` is
/// three actions), and so does `tick` (`tick 3` advances the clock by three ticks).
fn split_script(script: &str) -> anyhow::Result<Vec<String>> {
    let mut out = Vec::new();
    let mut words = script.split_whitespace();
    while let Some(word) = words.next() {
        if matches!(word, "tp" | "fz" | "tick") {
            match words.next() {
                Some(arg) => out.push(format!("{word} {arg}")),
                None => return Err(bad(format!("action {} `{word}`: missing its argument", out.len() + 1))),
            }
        } else {
            out.push(word.to_string());
        }
    }
    Ok(out)
}

pub(crate) fn run(
    out: &mut impl io::Write,
    style: BoardStyle,
    config_file: Option<&str>,
    script: Option<&str>,
    skill_rules: Option<gambit_skills::SkillRules>,
) -> anyhow::Result<()> {
    let mut config = match config_file {
        None => SkillConfig::default(),
        Some(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| bad(format!("cannot read config {path}: {e}")))?;
            SkillConfig::from_json(&text).map_err(|e| bad(format!("config {path}: {e}")))?
        }
    };
    if let Some(rules) = skill_rules {
        config.skill_rules = rules;
    }
    let mut board = SkillBoard::new(config).map_err(|e| bad(format!("config: {e}")))?;
    for (i, text) in split_script(script.unwrap_or("")).map_err(bad)?.iter().enumerate() {
        let result = match text.strip_prefix("tick ") {
            Some(n) => n.parse::<u32>().map(|n| board.tick_cooldowns(n)).map_err(|e| e.to_string()),
            None => board.push_action(text).map(|_| ()).map_err(|e| e.to_string()),
        };
        result.map_err(|e| bad(format!("action {} `{text}`: {e}", i + 1)))?;
    }
    // Everything is computed before anything is printed, so an error leaves stdout empty.
    out.write_all(report(&board, style).as_bytes())?;
    Ok(())
}

/// The state after the actions: board, FEN, cooldowns, frozen squares, legal actions, log, outcome.
fn report(board: &SkillBoard, style: BoardStyle) -> String {
    let mut out = board.render(style.options(false));
    let _ = writeln!(out, "fen: {}", board.position().to_fen());
    let _ = writeln!(out, "turn: {}", board.turn());
    let _ = writeln!(out, "cooldowns: {}", gambit_skills::cooldowns_json(&board.cooldowns()));
    let frozen: Vec<String> = board.frozen().iter().map(|(sq, t)| format!("{sq} ({t})")).collect();
    let _ =
        writeln!(out, "frozen: {}", if frozen.is_empty() { "none".to_string() } else { frozen.join(" ") });
    let actions: Vec<String> = board.actions().iter().map(ToString::to_string).collect();
    let _ = writeln!(out, "actions ({}): {}", actions.len(), actions.join(", "));
    let _ = writeln!(out, "log ({}):", board.log().len());
    for (i, e) in board.log().iter().enumerate() {
        let _ = writeln!(
            out,
            "{:>3}. {:<9} {:<6} {:<6} {}",
            i + 1,
            e.kind,
            e.detail,
            e.actor.name(),
            gambit_skills::cooldowns_json(&e.cooldowns)
        );
    }
    if let Some(outcome) = board.outcome() {
        let _ = writeln!(out, "outcome: {outcome}");
    }
    out
}

pub(crate) fn run_demo(out: &mut impl io::Write, style: BoardStyle) -> anyhow::Result<()> {
    out.write_all(demo_transcript(style)?.as_bytes())?;
    Ok(())
}

fn square(name: &str) -> Square {
    name.parse().expect("the demo's squares are valid")
}

/// The prototype's demo with the manual clock and the prototype's skill rules (`classic`): four opening moves, a teleport e4 to e7, a freeze of e7
/// by the side to move, both cooldown pools, `can_cast` for the side to move, six ticks, the rotated
/// view and the log.
fn demo_transcript(style: BoardStyle) -> anyhow::Result<String> {
    let mut board = SkillBoard::new(SkillConfig { clock: ClockMode::Manual, ..SkillConfig::classic() })?;
    let mut out = String::new();
    let _ = writeln!(out, "== Initial position ==");
    out += &board.render(style.options(false));

    let line = ["e2e4", "e7e5", "g1f3", "b8c6"];
    for uci in line {
        board.push_uci(uci)?;
    }
    let _ = writeln!(out, "\n== After {} ==", line.join(", "));
    out += &board.render(style.options(false));

    let caster = board.turn();
    let how = match board.teleport(square("e4"), square("e7")) {
        Ok(Teleported::AsMove(m)) => format!("OK, played as the move {m}"),
        Ok(Teleported::Relocated { .. }) => "OK, relocated".to_string(),
        Err(e) => format!("FAILED: {e}"),
    };
    let _ = writeln!(out, "\n== Teleport e4 -> e7 by {caster}: {how} ==");
    out += &board.render(style.options(false));
    let _ = writeln!(out, "fen: {}", board.position().to_fen());
    let _ = writeln!(out, "side to move: {}", board.turn());

    let caster = board.turn();
    let how = match board.freeze(square("e7")) {
        Ok(()) => "OK".to_string(),
        Err(e) => format!("FAILED: {e}"),
    };
    let _ = writeln!(out, "\n== Freeze e7 by {caster}: {how} ==");
    out += &board.render(style.options(false));
    let frozen: Vec<String> = board.frozen().iter().map(|(sq, t)| format!("{sq} ({t} ticks)")).collect();
    let _ = writeln!(out, "frozen squares: {}", frozen.join(", "));

    let _ = writeln!(out, "\n== Cooldowns right after the casts ==");
    let _ = writeln!(out, "{}", gambit_skills::cooldowns_json(&board.cooldowns()));
    let _ = writeln!(
        out,
        "can_cast(teleport)={} can_cast(freeze)={} ({} to move)",
        board.can_cast(Skill::Teleport),
        board.can_cast(Skill::Freeze),
        board.turn()
    );

    let before = board.can_move_from(square("e7"));
    board.tick_cooldowns(6);
    let after = board.can_move_from(square("e7"));
    let _ = writeln!(out, "\ncan move from e7 while frozen: {before} -> after 6 ticks: {after}");
    let _ = writeln!(out, "cooldowns after 6 ticks: {}", gambit_skills::cooldowns_json(&board.cooldowns()));

    let _ = writeln!(out, "\n== 180-degree rotated view of the same moment ==");
    out += &board.render(style.options(true));

    let _ = writeln!(out, "\n== Log ==");
    for e in board.log() {
        let _ = writeln!(out, "{:<10} {:<10} {}", e.kind, e.detail, e.actor);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn demo_transcript_as_worked_out_by_hand() {
        // After 1.e4 e5 2.Nf3 Nc6 White relocates its e4 pawn to e7 (not a pawn move, so a board edit):
        // the turn passes to Black, the pawn move resets the half-move clock, the full-move number stays 3
        // (White acted). Black, to move, freezes e7 (a free action, so Black is still to move) with its
        // own freeze; White's teleport cooldown is 6 and Black's pool is untouched, so Black can still
        // teleport (the prototype's shared pool said false) but not freeze. Six manual ticks: e7's counter
        // 3 reaches 0 after three (released), White's teleport 6 -> 0, Black's freeze 9 -> 3. The rotated
        // view shows rank 1 on top and files h to a. The log records each actor, then the tick.
        let expected = "\
== Initial position ==
8 r n b q k b n r
7 p p p p p p p p
6 . . . . . . . .
5 . . . . . . . .
4 . . . . . . . .
3 . . . . . . . .
2 P P P P P P P P
1 R N B Q K B N R
  a b c d e f g h

== After e2e4, e7e5, g1f3, b8c6 ==
8 r . b q k b n r
7 p p p p . p p p
6 . . n . . . . .
5 . . . . p . . .
4 . . . . P . . .
3 . . . . . N . .
2 P P P P . P P P
1 R N B Q K B . R
  a b c d e f g h

== Teleport e4 -> e7 by white: OK, relocated ==
8 r . b q k b n r
7 p p p p P p p p
6 . . n . . . . .
5 . . . . p . . .
4 . . . . . . . .
3 . . . . . N . .
2 P P P P . P P P
1 R N B Q K B . R
  a b c d e f g h
fen: r1bqkbnr/ppppPppp/2n5/4p3/8/5N2/PPPP1PPP/RNBQKB1R b KQkq - 0 3
side to move: black

== Freeze e7 by black: OK ==
8 r . b q k b n r
7 p p p p [P] p p p
6 . . n . . . . .
5 . . . . p . . .
4 . . . . . . . .
3 . . . . . N . .
2 P P P P . P P P
1 R N B Q K B . R
  a b c d e f g h
frozen squares: e7 (3 ticks)

== Cooldowns right after the casts ==
{\"white\": {\"teleport\": 6, \"freeze\": 0}, \"black\": {\"teleport\": 0, \"freeze\": 9}}
can_cast(teleport)=true can_cast(freeze)=false (black to move)

can move from e7 while frozen: false -> after 6 ticks: true
cooldowns after 6 ticks: {\"white\": {\"teleport\": 0, \"freeze\": 0}, \"black\": {\"teleport\": 0, \"freeze\": 3}}

== 180-degree rotated view of the same moment ==
1 R . B K Q B N R
2 P P P . P P P P
3 . . N . . . . .
4 . . . . . . . .
5 . . . p . . . .
6 . . . . . n . .
7 p p p P p p p p
8 r n b k q b . r
  h g f e d c b a

== Log ==
move       e2e4       white
move       e7e5       black
move       g1f3       white
move       b8c6       black
teleport   e4e7       white
freeze     e7         black
tick       6          black
";
        assert_eq!(demo_transcript(BoardStyle::default()).unwrap(), expected);
    }

    #[test]
    fn scripts_split_skill_actions_with_their_argument() {
        assert_eq!(
            split_script(" e2e4 e7e5  tp e4e7 fz e7 tick 2 Nf3").unwrap(),
            vec!["e2e4", "e7e5", "tp e4e7", "fz e7", "tick 2", "Nf3"]
        );
        assert!(split_script("e2e4 tp").is_err());
        assert!(split_script("").unwrap().is_empty());
    }
}
