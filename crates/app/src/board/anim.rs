//! The board's animations, read from how the [`BoardScene`] changed (so every screen gets them without
//! telling the board what happened): a capture bursts, a teleport vanishes and reappears (a move slides,
//! see [`super::slide`]), a freeze ices over, lost hit points float up as a number, and poison clouds
//! drift while they last; the end of a game or battle gets its own moment ([`finale`]: a banner that
//! pops over the board). Every effect is an absolutely placed child of its cell or of the board (drawn
//! above it, never part of the layout), and none is started with reduced motion.

use bevy::prelude::*;
use gambit_rules::{Piece, Role, Square};

use super::art::PieceImages;
use super::view::{Cell, PieceGlyph};
use super::{BoardScene, BoardViewState, view_position};
use crate::palette::Palette;
use crate::settings::Settings;

/// The scene the effects were last read from (`None` right after a board screen was entered).
#[derive(Resource, Default, Debug)]
pub struct SeenScene(Option<BoardScene>);

/// What one effect shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EffectKind {
    /// Shards flying out of a captured piece's square.
    Burst,
    /// Ice spreading over a newly frozen square.
    Ice,
    /// Lost hit points rising from the square.
    Damage(u8),
    /// A teleported piece fading out of its old square.
    Vanish(Piece),
}

/// A running effect: its kind, seconds elapsed, and its length in seconds.
#[derive(Component, Debug)]
pub struct Effect {
    /// What it shows.
    pub kind: EffectKind,
    /// Seconds since it started.
    pub elapsed: f32,
    /// Its length, seconds.
    pub duration: f32,
}

/// A burst's shard: its direction (unit vector, screen y down).
#[derive(Component, Debug)]
pub struct Shard(Vec2);

/// A teleported piece growing into its new square (on the piece's container).
#[derive(Component, Debug)]
pub struct Appear {
    /// Seconds elapsed.
    pub elapsed: f32,
}

/// The drifting poison cloud of a cell.
#[derive(Component, Clone, Copy, Debug)]
pub struct CloudMark(pub super::view::CellPos);

/// How long an appearance takes, seconds.
const APPEAR: f32 = 0.25;

/// One effect to start: where and what.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Cue {
    /// The square it plays on.
    pub square: Square,
    /// What it shows.
    pub kind: EffectKind,
}

/// Whether a piece of `role` and `side` could go from `from` to `to` by its own movement (ignoring
/// what stands between): a move slides, anything else is a teleport.
#[must_use]
pub fn moves_like(role: Role, side: gambit_rules::Color, from: Square, to: Square) -> bool {
    let df = i16::from(to.file().index()) - i16::from(from.file().index());
    let dr = i16::from(to.rank().index()) - i16::from(from.rank().index());
    let forward = if side == gambit_rules::Color::White { 1 } else { -1 };
    match role {
        Role::Pawn => (df == 0 && (dr == forward || dr == 2 * forward)) || (df.abs() == 1 && dr == forward),
        Role::Knight => (df.abs(), dr.abs()) == (1, 2) || (df.abs(), dr.abs()) == (2, 1),
        Role::Bishop => df.abs() == dr.abs(),
        Role::Rook => df == 0 || dr == 0,
        Role::Queen => df == 0 || dr == 0 || df.abs() == dr.abs(),
        // One step, or castling's two (or more, in Chess960-like setups) along the rank.
        Role::King => df.abs().max(dr.abs()) == 1 || dr == 0,
    }
}

/// Whether the scene's last move is a teleport (the moved piece could not have walked it).
#[must_use]
pub fn is_teleport(scene: &BoardScene) -> bool {
    scene.last_move.is_some_and(|(from, to)| {
        scene.cells[to.index() as usize].piece.is_some_and(|p| !moves_like(p.role, p.color, from, to))
    })
}

/// The journeys a scene shows: its [`BoardScene::travels`], or else its last move alone, taken for a
/// teleport when its piece could not have walked it ([`is_teleport`]).
#[must_use]
pub fn travels(scene: &BoardScene) -> Vec<super::Travel> {
    if !scene.travels.is_empty() {
        return scene.travels.clone();
    }
    scene
        .last_move
        .map(|(from, to)| super::Travel { from, to, teleport: is_teleport(scene) })
        .into_iter()
        .collect()
}

/// The effects a change from `before` to `after` calls for: a burst where a piece of a side vanished
/// while that side lost pieces (not a castling rook, not a square a piece left), ice where a square
/// froze, the lost hit points of a piece that stayed or travelled (followed along its journeys), and
/// a vanish where a teleport left.
#[must_use]
pub fn cues(before: &BoardScene, after: &BoardScene) -> Vec<Cue> {
    let count = |s: &BoardScene, side: gambit_rules::Color| {
        s.cells.iter().filter(|c| c.piece.is_some_and(|p| p.color == side)).count()
    };
    let mut out = Vec::new();
    let new_move = after.last_move != before.last_move || after.travels != before.travels;
    let journeys = if new_move { travels(after) } else { Vec::new() };
    // Where each piece of `before` stands after the journeys (a captured piece is overwritten): the
    // hit points are compared there.
    let mut carried = before.cells;
    for t in &journeys {
        let moving = carried[t.from.index() as usize];
        let target = &mut carried[t.to.index() as usize];
        (target.piece, target.hp) = (moving.piece, moving.hp);
        let origin = &mut carried[t.from.index() as usize];
        (origin.piece, origin.hp) = (None, None);
    }
    for square in Square::all() {
        let (b, a) = (before.cells[square.index() as usize], after.cells[square.index() as usize]);
        if let Some(gone) = b.piece
            && a.piece.is_none_or(|p| p.color != gone.color)
            && count(after, gone.color) < count(before, gone.color)
            && !(a.piece.is_none() && journeys.iter().any(|t| t.from == square))
        {
            out.push(Cue { square, kind: EffectKind::Burst });
        }
        if b.frozen.is_none() && a.frozen.is_some() {
            out.push(Cue { square, kind: EffectKind::Ice });
        }
        let c = carried[square.index() as usize];
        if let (Some(p), Some(q), Some((hp_b, _)), Some((hp_a, _))) = (c.piece, a.piece, c.hp, a.hp)
            && p == q
            && hp_a < hp_b
        {
            out.push(Cue { square, kind: EffectKind::Damage(hp_b - hp_a) });
        }
    }
    for t in journeys.iter().filter(|t| t.teleport) {
        let piece = before.cells[t.from.index() as usize].piece.or(after.cells[t.to.index() as usize].piece);
        if let Some(piece) = piece {
            out.push(Cue { square: t.from, kind: EffectKind::Vanish(piece) });
        }
    }
    out
}

/// Starts the effects of the scene's change (none with reduced motion, none for the first scene of a
/// board screen), and a teleported piece's appearance.
#[allow(clippy::too_many_arguments)]
pub fn start_effects(
    mut commands: Commands,
    scene: Res<BoardScene>,
    view: Res<BoardViewState>,
    settings: Res<Settings>,
    images: Option<Res<PieceImages>>,
    mut seen: ResMut<SeenScene>,
    fresh: Query<(), Added<super::view::BoardRoot>>,
    cells: Query<(Entity, &Cell)>,
    glyphs: Query<(Entity, &PieceGlyph)>,
) {
    if !fresh.is_empty() {
        seen.0 = None;
    }
    if !scene.is_changed() && seen.0.is_some() {
        return;
    }
    let before = seen.0.replace(scene.clone());
    let Some(before) = before else { return };
    if settings.reduced_motion {
        return;
    }
    let palette = Palette::for_settings(&settings);
    let at = |square: Square| {
        let (row, col) = view_position(square, view.rotated);
        cells.iter().find(|(_, Cell(p))| (p.row, p.col) == (row, col)).map(|(e, _)| e)
    };
    for cue in cues(&before, &scene) {
        let Some(cell) = at(cue.square) else { continue };
        let duration = match cue.kind {
            EffectKind::Burst => 0.45,
            EffectKind::Ice => 0.5,
            EffectKind::Damage(_) => 0.9,
            EffectKind::Vanish(_) => APPEAR,
        };
        let effect = Effect { kind: cue.kind, elapsed: 0.0, duration };
        let full = Node {
            position_type: PositionType::Absolute,
            width: Val::Percent(100.0),
            height: Val::Percent(100.0),
            left: Val::ZERO,
            top: Val::ZERO,
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        };
        let base = (GlobalZIndex(20), Pickable::IGNORE, UiTransform::default());
        commands.entity(cell).with_children(|c| match cue.kind {
            EffectKind::Burst => {
                c.spawn((effect, full, base)).with_children(|b| {
                    for i in 0..8u8 {
                        let angle = std::f32::consts::TAU * f32::from(i) / 8.0 + 0.3;
                        b.spawn((
                            Shard(Vec2::new(angle.cos(), angle.sin())),
                            Node {
                                position_type: PositionType::Absolute,
                                width: Val::Percent(12.0),
                                height: Val::Percent(12.0),
                                left: Val::Percent(44.0),
                                top: Val::Percent(44.0),
                                border_radius: BorderRadius::all(Val::Percent(30.0)),
                                ..default()
                            },
                            BackgroundColor(palette.check),
                            UiTransform::default(),
                            Pickable::IGNORE,
                        ));
                    }
                });
            }
            EffectKind::Ice => {
                c.spawn((effect, full, base, BackgroundColor(palette.frozen.with_alpha(0.0))));
            }
            EffectKind::Damage(n) => {
                c.spawn((effect, full, base)).with_child((
                    Text::new(format!("-{n}")),
                    TextFont::from_font_size(FontSize::VMin(3.2)),
                    TextColor(palette.check),
                    TextShadow::default(),
                    Pickable::IGNORE,
                ));
            }
            EffectKind::Vanish(piece) => {
                // The ghost stands where the piece stood: its size and place in the cell.
                let place = Node { align_items: AlignItems::Start, ..full };
                let mut ghost = c.spawn((effect, place, base));
                if let Some(images) = &images {
                    ghost.with_child((
                        ImageNode::new(images.get(piece.color, piece.role)),
                        Node {
                            width: Val::Percent(super::view::PIECE_PERCENT),
                            height: Val::Percent(super::view::PIECE_PERCENT),
                            margin: UiRect::top(Val::Percent(super::view::PIECE_TOP_PERCENT)),
                            ..default()
                        },
                        Pickable::IGNORE,
                    ));
                }
            }
        });
    }
    // A teleported piece grows into its new square (unless it was taken there since).
    if scene.last_move != before.last_move || scene.travels != before.travels {
        for t in travels(&scene).iter().filter(|t| t.teleport) {
            let side =
                |s: &BoardScene, square: Square| s.cells[square.index() as usize].piece.map(|p| p.color);
            if side(&scene, t.to).is_none() || side(&scene, t.to) != side(&before, t.from) {
                continue;
            }
            let (row, col) = view_position(t.to, view.rotated);
            for (entity, PieceGlyph(pos)) in &glyphs {
                if (pos.row, pos.col) == (row, col) {
                    commands.entity(entity).insert(Appear { elapsed: 0.0 });
                }
            }
        }
    }
}

/// Plays the running effects and removes the finished ones.
#[allow(clippy::type_complexity)]
pub fn play_effects(
    mut commands: Commands,
    time: Res<Time>,
    mut effects: Query<(
        Entity,
        &mut Effect,
        &mut UiTransform,
        Option<&mut BackgroundColor>,
        Option<&Children>,
    )>,
    mut shards: Query<(&Shard, &mut UiTransform, &mut BackgroundColor), Without<Effect>>,
    mut texts: Query<&mut TextColor>,
    mut ghosts: Query<&mut ImageNode>,
) {
    for (entity, mut effect, mut transform, bg, children) in &mut effects {
        effect.elapsed += time.delta_secs();
        let t = (effect.elapsed / effect.duration).min(1.0);
        let kids: Vec<Entity> = children.map(|c| c.iter().collect()).unwrap_or_default();
        match effect.kind {
            EffectKind::Burst => {
                for kid in kids {
                    if let Ok((Shard(dir), mut tr, mut color)) = shards.get_mut(kid) {
                        let reach = 380.0 * (1.0 - (1.0 - t) * (1.0 - t));
                        tr.translation = Val2::percent(dir.x * reach, dir.y * reach);
                        tr.rotation = Rot2::radians(t * 3.0);
                        color.0 = color.0.with_alpha(1.0 - t);
                    }
                }
            }
            EffectKind::Ice => {
                transform.scale = Vec2::splat(0.3 + 0.7 * t);
                if let Some(mut bg) = bg {
                    bg.0 = bg.0.with_alpha(0.8 * (1.0 - t) + 0.2 * (1.0 - t) * t);
                }
            }
            EffectKind::Damage(_) => {
                transform.translation = Val2::percent(0.0, -60.0 * t);
                for kid in kids {
                    if let Ok(mut color) = texts.get_mut(kid) {
                        color.0 = color.0.with_alpha(1.0 - t * t);
                    }
                }
            }
            EffectKind::Vanish(_) => {
                transform.scale = Vec2::splat(1.0 - t);
                transform.rotation = Rot2::radians(t * 2.0);
                for kid in kids {
                    if let Ok(mut image) = ghosts.get_mut(kid) {
                        image.color = Color::WHITE.with_alpha(1.0 - t);
                    }
                }
            }
        }
        if t >= 1.0 {
            commands.entity(entity).despawn();
        }
    }
}

/// Grows a teleported piece into its square.
pub fn appear(
    mut commands: Commands,
    time: Res<Time>,
    mut glyphs: Query<(Entity, &mut Appear, &mut UiTransform)>,
) {
    for (entity, mut appear, mut transform) in &mut glyphs {
        appear.elapsed += time.delta_secs();
        // Hidden while the old square's ghost vanishes, then growing.
        let t = ((appear.elapsed - APPEAR) / APPEAR).clamp(0.0, 1.0);
        transform.scale = Vec2::splat(t.max(0.001));
        if t >= 1.0 {
            transform.scale = Vec2::ONE;
            commands.entity(entity).remove::<Appear>();
        }
    }
}

/// The poison clouds: shown on poisoned squares, drifting gently (still with reduced motion).
pub fn drift_clouds(
    time: Res<Time>,
    scene: Res<BoardScene>,
    view: Res<BoardViewState>,
    settings: Res<Settings>,
    mut clouds: Query<(&CloudMark, &mut Text, &mut TextColor, &mut UiTransform)>,
) {
    let palette = Palette::for_settings(&settings);
    let now = time.elapsed_secs();
    for (CloudMark(pos), mut text, mut color, mut transform) in &mut clouds {
        let poisoned = scene.cells[pos.square(&view).index() as usize].poison.is_some();
        let want = if poisoned { "\u{2601}" } else { "" };
        if text.0 != want {
            text.0 = want.to_string();
        }
        color.0 = palette.poison.with_alpha(0.55);
        if poisoned && !settings.reduced_motion {
            let phase = f32::from(pos.row) * 1.3 + f32::from(pos.col) * 0.7;
            let x = (now * 0.8 + phase).sin() * 18.0;
            let y = (now * 0.5 + phase).cos() * 6.0;
            transform.translation = Val2::percent(x, y);
        } else if transform.translation != Val2::ZERO {
            transform.translation = Val2::ZERO;
        }
    }
}

/// How a game or battle ended, for its moment.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The player won.
    Victory,
    /// The player lost.
    Defeat,
    /// Nobody won.
    Draw,
}

impl Ending {
    /// The banner's word.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Ending::Victory => "Victory",
            Ending::Defeat => "Defeat",
            Ending::Draw => "Draw",
        }
    }
}

/// The ending of a skill-chess game for the player playing `player`.
#[must_use]
pub fn ending_of(outcome: gambit_rules::Outcome, player: gambit_rules::Color) -> Ending {
    match outcome {
        gambit_rules::Outcome::Checkmate { winner } if winner == player => Ending::Victory,
        gambit_rules::Outcome::Checkmate { .. } => Ending::Defeat,
        gambit_rules::Outcome::Draw(_) => Ending::Draw,
    }
}

/// The end banner over the board: its ending and seconds elapsed.
#[derive(Component, Debug)]
pub struct Finale {
    /// What ended.
    pub ending: Ending,
    /// Seconds since it started.
    pub elapsed: f32,
}

/// The end banner's flash over one drawn cell of the board (a child of the cell): the board's own
/// shape flashes, never its coordinates or the room around it. Fades with its [`Finale`].
#[derive(Component, Debug)]
pub struct FinaleTint {
    /// Seconds since it started.
    pub elapsed: f32,
}

/// The flash's strength at `t` (0 to 1 of [`FINALE`]): up in the first 15%, then down to nothing.
fn finale_flash(t: f32) -> f32 {
    if t < 0.15 { t / 0.15 } else { (1.0 - (t - 0.15) / 0.85).max(0.0) }
}

/// A node laid over the whole of its parent (the end banner over the board, a flash over a cell).
fn covering() -> Node {
    Node {
        position_type: PositionType::Absolute,
        left: Val::ZERO,
        top: Val::ZERO,
        width: Val::Percent(100.0),
        height: Val::Percent(100.0),
        ..default()
    }
}

/// How long the end banner stays, seconds.
const FINALE: f32 = 2.2;

/// The end of the game on screen: a skill-chess outcome or a battle's end report (the run session's).
fn current_ending(
    screen: &crate::screens::Screen,
    game: Option<&crate::game::SkillGame>,
    session: Option<&crate::run::RunSession>,
) -> Option<Ending> {
    use crate::screens::Screen;
    match screen {
        Screen::SkillChess => game.and_then(|g| g.outcome().map(|o| ending_of(o, g.player))),
        Screen::Battle => session
            .and_then(|s| s.battle_end.as_ref())
            .map(|end| if end.won { Ending::Victory } else { Ending::Defeat }),
        _ => None,
    }
}

/// Starts the end banner when the game or battle on screen ends (not with reduced motion, not for a
/// game that was already over when its screen opened).
#[allow(clippy::too_many_arguments)]
pub fn finale(
    mut commands: Commands,
    screen: Res<State<crate::screens::Screen>>,
    game: Option<Res<crate::game::SkillGame>>,
    session: Option<Res<crate::run::RunSession>>,
    settings: Res<Settings>,
    roots: Query<(Entity, Ref<super::view::BoardRoot>)>,
    cells: Query<(Entity, &Node), With<super::view::Cell>>,
    mut last: Local<Option<Ending>>,
) {
    let Some((root, marker)) = roots.iter().next() else { return };
    let now = current_ending(screen.get(), game.as_deref(), session.as_deref());
    let was = std::mem::replace(&mut *last, now);
    if marker.is_added() || now.is_none() || was == now || settings.reduced_motion {
        return;
    }
    let Some(ending) = now else { return };
    let palette = Palette::for_settings(&settings);
    let (tint, text) = match ending {
        Ending::Victory => (palette.accent, palette.accent),
        Ending::Defeat => (palette.check, palette.error),
        Ending::Draw => (palette.muted, palette.text),
    };
    // The flash covers the board's drawn cells only (a rectangle over the board also lit its
    // coordinates and the squares a cut board does not have).
    for (cell, node) in &cells {
        if node.display != Display::None {
            commands.entity(cell).with_child((
                FinaleTint { elapsed: 0.0 },
                covering(),
                BackgroundColor(tint.with_alpha(0.0)),
                Pickable::IGNORE,
            ));
        }
    }
    commands.entity(root).with_children(|b| {
        b.spawn((
            Finale { ending, elapsed: 0.0 },
            Node { justify_content: JustifyContent::Center, align_items: AlignItems::Center, ..covering() },
            GlobalZIndex(30),
            Pickable::IGNORE,
        ))
        .with_child((
            Text::new(ending.word()),
            TextFont::from_font_size(FontSize::VMin(11.0)),
            TextColor(text),
            TextShadow { offset: Vec2::new(0.0, 4.0), color: Color::BLACK.with_alpha(0.8) },
            UiTransform::default(),
            Pickable::IGNORE,
        ));
    });
}

/// Plays the end banner: the board flashes in the ending's colour, the word pops in, holds and fades.
pub fn play_finale(
    mut commands: Commands,
    time: Res<Time>,
    mut banners: Query<(Entity, &mut Finale, &Children)>,
    mut tints: Query<(Entity, &mut FinaleTint, &mut BackgroundColor)>,
    mut words: Query<(&mut UiTransform, &mut TextColor)>,
) {
    for (entity, mut tint, mut bg) in &mut tints {
        tint.elapsed += time.delta_secs();
        let t = (tint.elapsed / FINALE).min(1.0);
        bg.0 = bg.0.with_alpha(0.45 * finale_flash(t));
        if t >= 1.0 {
            commands.entity(entity).despawn();
        }
    }
    for (entity, mut finale, children) in &mut banners {
        finale.elapsed += time.delta_secs();
        let t = (finale.elapsed / FINALE).min(1.0);
        for kid in children.iter() {
            if let Ok((mut transform, mut color)) = words.get_mut(kid) {
                // Pops from half size past full size and settles; fades in the last quarter.
                let pop = (t / 0.2).min(1.0);
                let scale = 0.5 + 0.6 * pop - 0.1 * ((t - 0.2) / 0.1).clamp(0.0, 1.0);
                transform.scale = Vec2::splat(scale);
                color.0 = color.0.with_alpha(if t > 0.75 { (1.0 - t) / 0.25 } else { 1.0 });
            }
        }
        if t >= 1.0 {
            commands.entity(entity).despawn();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gambit_rules::Position;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn scene(fen: &str) -> BoardScene {
        BoardScene::from_position(&Position::from_fen(fen).unwrap(), &[])
    }

    #[test]
    fn a_capture_bursts_a_quiet_move_and_castling_do_not() {
        let before = scene("4k3/8/8/3p4/4P3/8/8/4K2R w K - 0 1");
        let mut capture = scene("4k3/8/8/3P4/8/8/8/4K2R b - - 0 1");
        capture.set_last_move(Some((sq("e4"), sq("d5"))));
        assert_eq!(cues(&before, &capture), vec![Cue { square: sq("d5"), kind: EffectKind::Burst }]);
        let mut quiet = scene("4k3/8/8/3p4/8/4P3/8/4K2R b - - 0 1");
        quiet.set_last_move(Some((sq("e2"), sq("e3"))));
        assert!(cues(&before, &quiet).is_empty());
        let mut castle = scene("4k3/8/8/3p4/4P3/8/8/5RK1 b - - 0 1");
        castle.set_last_move(Some((sq("e1"), sq("g1"))));
        assert!(cues(&before, &castle).is_empty(), "castling moves a rook, it does not lose one");
    }

    #[test]
    fn a_teleport_vanishes_a_freeze_ices_and_damage_floats() {
        let before = scene("4k3/8/8/8/8/8/8/N3K3 w - - 0 1");
        let mut after = scene("4k3/8/8/8/8/8/N7/4K3 b - - 0 1");
        after.set_last_move(Some((sq("a1"), sq("a2"))));
        after.cell_mut(sq("e8")).frozen = Some(3);
        let cues = cues(&before, &after);
        assert!(
            cues.contains(&Cue { square: sq("a1"), kind: EffectKind::Vanish(after.cells[8].piece.unwrap()) })
        );
        assert!(cues.contains(&Cue { square: sq("e8"), kind: EffectKind::Ice }));
        let mut hurt = after.clone();
        hurt.cell_mut(sq("e1")).hp = Some((1, 3));
        let mut whole = after.clone();
        whole.cell_mut(sq("e1")).hp = Some((3, 3));
        assert_eq!(super::cues(&whole, &hurt), vec![Cue { square: sq("e1"), kind: EffectKind::Damage(2) }]);
    }

    #[test]
    fn a_reply_in_the_same_change_still_shows_the_players_journey() {
        use crate::board::Travel;
        // The player's rook teleports a1-a6, the enemy's king replies e8-d8, and poison costs the
        // rook 1 HP at the start of the player's next turn: one change.
        let mut before = scene("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        before.cell_mut(sq("a1")).hp = Some((2, 2));
        let mut after = scene("3k4/8/R7/8/8/8/8/4K3 w - - 0 1");
        after.cell_mut(sq("a6")).hp = Some((1, 2));
        after.set_last_move(Some((sq("e8"), sq("d8"))));
        // Known only by its last move (before: the enemy's king step), the player's teleport, its
        // damage and its old square are lost: this is what the battles showed.
        let lost = cues(&before, &after);
        assert!(!lost.iter().any(|c| matches!(c.kind, EffectKind::Vanish(_) | EffectKind::Damage(_))));
        after.travels = vec![
            Travel { from: sq("a1"), to: sq("a6"), teleport: true },
            Travel { from: sq("e8"), to: sq("d8"), teleport: false },
        ];
        let cues = cues(&before, &after);
        let rook = before.cells[0].piece.unwrap();
        assert!(cues.contains(&Cue { square: sq("a1"), kind: EffectKind::Vanish(rook) }), "{cues:?}");
        assert!(cues.contains(&Cue { square: sq("a6"), kind: EffectKind::Damage(1) }), "{cues:?}");
        assert!(!cues.iter().any(|c| c.kind == EffectKind::Burst), "no piece was taken: {cues:?}");
        let shown: Vec<(Square, bool)> = travels(&after).iter().map(|t| (t.to, t.teleport)).collect();
        assert_eq!(shown, vec![(sq("a6"), true), (sq("d8"), false)], "both journeys are animated");
    }

    #[test]
    fn the_ending_follows_the_players_side() {
        let mate = gambit_rules::Outcome::Checkmate { winner: gambit_rules::Color::Black };
        assert_eq!(ending_of(mate, gambit_rules::Color::Black), Ending::Victory);
        assert_eq!(ending_of(mate, gambit_rules::Color::White), Ending::Defeat);
        let draw = gambit_rules::Outcome::Draw(gambit_rules::DrawReason::Stalemate);
        assert_eq!(ending_of(draw, gambit_rules::Color::White), Ending::Draw);
    }

    #[test]
    fn moves_slide_and_only_off_pattern_jumps_are_teleports() {
        assert!(moves_like(Role::Knight, gambit_rules::Color::White, sq("g1"), sq("f3")));
        assert!(!moves_like(Role::Knight, gambit_rules::Color::White, sq("g1"), sq("g3")));
        assert!(moves_like(Role::Pawn, gambit_rules::Color::Black, sq("e7"), sq("e5")));
        assert!(!moves_like(Role::Pawn, gambit_rules::Color::Black, sq("e7"), sq("e8")));
        assert!(moves_like(Role::King, gambit_rules::Color::White, sq("e1"), sq("g1")), "castling");
        assert!(!moves_like(Role::Bishop, gambit_rules::Color::White, sq("c1"), sq("c3")));
    }
}
