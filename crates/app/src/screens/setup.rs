//! Before a game of skill chess: the opponent (an engine preset, with the player's record against it
//! beside it, or two players on one machine), the player's colour, whether the board turns after each
//! move in a two-player game, skills on or off, the skill rules (a preset of
//! `gambit_skills::SkillRules`) and the cooldowns (all but the colour are remembered in the settings),
//! and where the game starts: the standard position, or a FEN, a PGN game or a file's path typed into
//! the start field ([`StartField`]; read by `gambit_skills::GameStart::parse`, the app only reads the
//! file); Start, Back. UI state: the chosen colour ([`ChosenColor`]) and the start field.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use gambit_roguelite::versus::{Tally, TwoPlayerTally};
use gambit_rules::Color;
use gambit_skills::{
    Action as SkillAction, COOLDOWN_RANGE, FREEZE_DURATION_RANGE, GameStart, Skill, SkillConfig, SkillRules,
    step_within,
};

use super::Screen;
use crate::AppSystems;
use crate::game::{Preset, SkillGame, engine::EngineTask};
use crate::settings::Settings;
use crate::ui::section::show;
use crate::ui::{
    Disabled, Section, View, button, heading, label, mark, page_column, row, small_button, spawn_page,
    text_font, units,
};

/// What the setup screen's buttons do.
#[derive(Message, Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Play White or Black.
    Player(Color),
    /// Play the engine at this strength.
    Strength(Preset),
    /// Two players on one machine (no engine).
    TwoPlayers,
    /// In a two-player game, turn the board after each move or not.
    ToggleTurnBoard,
    /// Type into the start field (it takes the keys until Enter, Escape or Tab).
    EditStart,
    /// Empty the start field (the standard start).
    ClearStart,
    /// Skills on or off.
    ToggleSkills,
    /// The skill rules (a named preset).
    Rules(SkillRules),
    /// Change a cooldown by a number of ticks.
    Cooldown(Skill, i32),
    /// Change the freeze duration by a number of ticks.
    FreezeDuration(i32),
    /// Start the game.
    Start,
    /// Back to the title.
    Back,
}

/// The colour the player picked.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChosenColor(pub Color);

impl Default for ChosenColor {
    fn default() -> Self {
        ChosenColor(Color::White)
    }
}

/// The most characters the start field holds (a long PGN game; a longer text is better given as a
/// file's path).
pub const MAX_START_CHARS: usize = 20_000;

/// The characters of the start field shown (its end, where the caret is).
const SHOWN_CHARS: usize = 56;

/// The start field: what the player typed (a FEN, a PGN game, or a file's path; empty: the standard
/// start), whether it takes the keys, and why the last Start was refused. A refusal keeps the text.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct StartField {
    /// The typed text.
    pub text: String,
    /// Whether keys go into the field (after a click on it).
    pub active: bool,
    /// Why the last Start was refused, for the player (what is wrong and where).
    pub error: Option<String>,
}

impl StartField {
    /// Applies one key while the field is active: a character appends (up to [`MAX_START_CHARS`]),
    /// Space a space, Backspace deletes the last character, Enter, Escape and Tab leave the field.
    pub fn key(&mut self, key: &Key) {
        match key {
            Key::Backspace => {
                self.text.pop();
            }
            Key::Space => self.push(" "),
            Key::Character(c) => self.push(c),
            Key::Enter | Key::Escape | Key::Tab => self.active = false,
            _ => {}
        }
    }

    fn push(&mut self, typed: &str) {
        for c in typed.chars().filter(|c| !c.is_control()) {
            if self.text.chars().count() >= MAX_START_CHARS {
                return;
            }
            self.text.push(c);
        }
    }

    /// The field as shown: the end of the text (with a caret while typing), or a hint when empty.
    #[must_use]
    pub fn shown(&self) -> String {
        let caret = if self.active { "_" } else { "" };
        if self.text.is_empty() {
            return if self.active {
                "_".to_string()
            } else {
                "Standard start (click to type a FEN, a PGN or a file's path)".to_string()
            };
        }
        let count = self.text.chars().count();
        let tail: String = self.text.chars().skip(count.saturating_sub(SHOWN_CHARS)).collect();
        let dots = if count > SHOWN_CHARS { "\u{2026}" } else { "" };
        format!("{dots}{tail}{caret}")
    }

    /// Where the game starts: `Ok(None)` for the standard start (an empty field), else the start the
    /// skills crate reads from the text, or from the file the text names (a single line ending in
    /// `.pgn`, `.fen` or `.txt`, or naming a file that exists).
    ///
    /// # Errors
    /// What is wrong, in words: the file could not be read, or the skills crate's
    /// [`gambit_skills::GameStartError`] (a FEN's bad field, a PGN's line and move).
    pub fn start(&self) -> Result<Option<GameStart>, String> {
        let text = self.text.trim();
        if text.is_empty() {
            return Ok(None);
        }
        if let Some(path) = file_path(text) {
            let contents = std::fs::read_to_string(path)
                .map_err(|e| format!("could not read the file {}: {e}", path.display()))?;
            return GameStart::parse(&contents).map(Some).map_err(|e| format!("{}: {e}", path.display()));
        }
        GameStart::parse(text).map(Some).map_err(|e| e.to_string())
    }
}

/// The text as a file's path, when it is one: a single line naming an existing file, or ending in
/// `.pgn`, `.fen` or `.txt` (so a missing file says so rather than "not a FEN").
fn file_path(text: &str) -> Option<&std::path::Path> {
    if text.contains('\n') {
        return None;
    }
    let path = std::path::Path::new(text);
    let named = [".pgn", ".fen", ".txt"].iter().any(|ext| text.to_ascii_lowercase().ends_with(ext));
    (named || path.is_file()).then_some(path)
}

/// Builds the game the setup asks for: from `start` (or the settings' start position), against the
/// engine as `color` or between two players; a PGN's moves are played on the board, so the move list,
/// the review and undo cover them.
///
/// # Errors
/// The skills crate's reason, in words, when the configured start or a PGN move is refused.
pub fn build_game(settings: &Settings, color: Color, start: Option<GameStart>) -> Result<SkillGame, String> {
    let config: SkillConfig = settings.skill_config();
    let board = match &start {
        Some(start) => start.board(config),
        None => gambit_skills::SkillBoard::new(config).map_err(|e| e.to_string())?,
    };
    let mut game = if settings.two_players {
        SkillGame::two_players(board, color, settings.skills)
    } else {
        SkillGame::from_board(board, color, settings.strength, settings.skills)
    };
    for (i, m) in start.iter().flat_map(|s| s.moves.iter()).enumerate() {
        game.apply(SkillAction::Move(*m)).map_err(|e| format!("move {} of the game: {e}", i + 1))?;
    }
    Ok(game)
}

/// Feeds pressed keys to the start field while it is active, before the keyboard focus and Escape see
/// them (so Space types a space, Escape only leaves the field).
fn type_start(
    mut keys: MessageReader<KeyboardInput>,
    mut pressed: ResMut<ButtonInput<KeyCode>>,
    mut field: ResMut<StartField>,
) {
    if !field.active {
        keys.clear();
        return;
    }
    for k in keys.read() {
        if k.state == ButtonState::Pressed {
            field.key(&k.logical_key);
        }
    }
    for code in [
        KeyCode::Space,
        KeyCode::Enter,
        KeyCode::Escape,
        KeyCode::ArrowUp,
        KeyCode::ArrowDown,
        KeyCode::ArrowLeft,
        KeyCode::ArrowRight,
    ] {
        pressed.clear_just_pressed(code);
    }
}

pub(crate) fn plugin(app: &mut App) {
    crate::ui::register::<Action>(app);
    app.init_resource::<ChosenColor>();
    app.init_resource::<StartField>();
    app.add_systems(OnEnter(Screen::SkillChessSetup), spawn);
    let here = in_state(Screen::SkillChessSetup);
    app.add_systems(
        Update,
        type_start
            .run_if(here.clone())
            .in_set(AppSystems::Input)
            .before(super::escape_goes_back)
            .before(crate::ui::focus::keyboard_focus),
    );
    app.add_systems(Update, on_action.run_if(here.clone()).in_set(AppSystems::Decide));
    app.add_systems(Update, present.run_if(here).in_set(AppSystems::Present));
}

fn spawn(mut commands: Commands) {
    spawn_page(&mut commands, "Setup", Screen::SkillChessSetup, page_column(), Section::<SetupView>::new());
}

/// The setup page: the choices as they stand.
#[derive(Clone, Debug, PartialEq)]
pub struct SetupView {
    color: Color,
    strength: Preset,
    two_players: bool,
    turn_board: bool,
    /// The player's record against each preset, in [`Preset::ALL`] order.
    records: Vec<Tally>,
    /// The two-player games' results.
    two_player_record: TwoPlayerTally,
    /// The start field as shown, whether it is active, and the refusal or hint under it.
    start_shown: String,
    start_active: bool,
    start_error: Option<String>,
    skills: bool,
    skill_rules: SkillRules,
    teleport_cooldown: u32,
    freeze_cooldown: u32,
    freeze_duration: u32,
}

impl View for SetupView {
    fn build(&self, p: &mut ChildSpawnerCommands<'_>) {
        p.spawn(heading("Skill chess"));
        p.spawn(row()).with_children(|r| {
            r.spawn(label("Opponent"));
            for (s, t) in Preset::ALL.into_iter().zip(&self.records) {
                let chosen = !self.two_players && self.strength == s;
                let record = format!("{} \u{2013} {} \u{2013} {}", t.wins, t.draws, t.losses);
                opponent(r, mark(chosen, s.name()), Action::Strength(s), record);
            }
            let t = self.two_player_record;
            let record = format!("{} \u{2013} {} \u{2013} {}", t.white_wins, t.draws, t.black_wins);
            opponent(r, mark(self.two_players, "Two players"), Action::TwoPlayers, record);
        });
        // A fixed line (it never changes), so it needs no reserved height.
        p.spawn((
            Text::new(
                "Your record under each: won \u{2013} drawn \u{2013} lost (two players: White won \u{2013} \
                 drawn \u{2013} Black won)",
            ),
            text_font(2.0),
        ));
        p.spawn(row()).with_children(|r| {
            r.spawn(label(if self.two_players { "At the bottom" } else { "You play" }));
            for (c, name) in [(Color::White, "White"), (Color::Black, "Black")] {
                r.spawn(button(mark(self.color == c, name), Action::Player(c)));
            }
        });
        p.spawn(row()).with_children(|r| {
            r.spawn(label("Turn the board after each move (two players)"));
            let mut b = r.spawn(button(if self.turn_board { "On" } else { "Off" }, Action::ToggleTurnBoard));
            if !self.two_players {
                b.insert(Disabled);
            }
        });
        p.spawn(row()).with_children(|r| {
            r.spawn(label("Skills"));
            r.spawn(button(if self.skills { "On" } else { "Off" }, Action::ToggleSkills));
        });
        p.spawn(row()).with_children(|r| {
            r.spawn(label("Rules"));
            for (name, rules) in SkillRules::PRESETS {
                let title = if name == "default" { "Default" } else { "Classic" };
                r.spawn(button(mark(self.skill_rules == rules, title), Action::Rules(rules)));
            }
        });
        for (name, value, down, up) in [
            (
                "Teleport cooldown",
                self.teleport_cooldown,
                Action::Cooldown(Skill::Teleport, -1),
                Action::Cooldown(Skill::Teleport, 1),
            ),
            (
                "Freeze cooldown",
                self.freeze_cooldown,
                Action::Cooldown(Skill::Freeze, -1),
                Action::Cooldown(Skill::Freeze, 1),
            ),
            ("Freeze duration", self.freeze_duration, Action::FreezeDuration(-1), Action::FreezeDuration(1)),
        ] {
            p.spawn(row()).with_children(|r| {
                r.spawn(label(format!("{name}: {value} ticks")));
                r.spawn(small_button("\u{2212}", down));
                r.spawn(small_button("+", up));
            });
        }
        p.spawn(row()).with_children(|r| {
            r.spawn(label("Start from"));
            r.spawn((
                Button,
                crate::ui::FocusKey::of(&Action::EditStart),
                Action::EditStart,
                bevy::input_focus::tab_navigation::TabIndex(0),
                Node {
                    width: units(78.0),
                    max_width: Val::Percent(70.0),
                    padding: UiRect::axes(units(1.0), units(0.8)),
                    margin: UiRect::all(units(0.45)),
                    border: UiRect::all(units(0.35)),
                    border_radius: BorderRadius::all(units(0.5)),
                    overflow: Overflow::clip(),
                    ..default()
                },
                BackgroundColor(bevy::color::Color::srgb(0.07, 0.07, 0.09)),
                BorderColor::all(if self.start_active {
                    crate::palette::STANDARD.selected
                } else {
                    bevy::color::Color::srgb(0.4, 0.4, 0.45)
                }),
                children![(Text::new(self.start_shown.clone()), text_font(2.2), Pickable::IGNORE)],
            ));
            r.spawn(small_button("Clear", Action::ClearStart));
        });
        let (line, color) = match &self.start_error {
            Some(e) => (e.clone(), crate::palette::STANDARD.error),
            None => (
                "Type a FEN or a PGN game, or a file's path (no pasting: see How to play)".to_string(),
                bevy::color::Color::srgb(0.7, 0.7, 0.72),
            ),
        };
        // Two lines reserved, so a refusal never moves Start.
        p.spawn((
            Text::new(line),
            text_font(2.2),
            TextColor(color),
            Node {
                max_width: units(120.0),
                height: units(2.2 * crate::ui::widgets::LINE_FACTOR * 2.0),
                flex_shrink: 0.0,
                margin: UiRect::all(units(0.4)),
                overflow: Overflow::clip(),
                ..default()
            },
        ));
        p.spawn(row()).with_children(|r| {
            r.spawn(button("Start", Action::Start));
            r.spawn(button("Back", Action::Back));
        });
    }
}

/// One opponent: its button and, under it, the player's record against it.
fn opponent(r: &mut ChildSpawnerCommands<'_>, name: String, action: Action, record: String) {
    r.spawn(Node { flex_direction: FlexDirection::Column, align_items: AlignItems::Center, ..default() })
        .with_children(|c| {
            c.spawn(button(name, action));
            c.spawn((Text::new(record), text_font(2.0)));
        });
}

fn present(
    mut commands: Commands,
    settings: Res<Settings>,
    chosen: Res<ChosenColor>,
    field: Res<StartField>,
    profile: Option<Res<crate::run::Profile>>,
    mut sections: crate::ui::section::Sections<SetupView>,
) {
    let progress = profile.as_ref().map(|p| &p.progress);
    let view = SetupView {
        color: chosen.0,
        strength: settings.strength,
        two_players: settings.two_players,
        turn_board: settings.turn_board,
        records: Preset::ALL
            .iter()
            .map(|&s| progress.map(|p| p.versus.against(s)).unwrap_or_default())
            .collect(),
        two_player_record: progress.map(|p| p.two_players).unwrap_or_default(),
        start_shown: field.shown(),
        start_active: field.active,
        start_error: field.error.clone(),
        skills: settings.skills,
        skill_rules: settings.skill_rules,
        teleport_cooldown: settings.teleport_cooldown,
        freeze_cooldown: settings.freeze_cooldown,
        freeze_duration: settings.freeze_duration,
    };
    show(&mut commands, &mut sections, &view);
}

fn on_action(
    mut commands: Commands,
    mut actions: MessageReader<Action>,
    mut settings: ResMut<Settings>,
    mut chosen: ResMut<ChosenColor>,
    mut field: ResMut<StartField>,
    mut focus: ResMut<bevy::input_focus::InputFocus>,
    mut next: ResMut<NextState<Screen>>,
    old_game: Option<Res<SkillGame>>,
    mut engine: ResMut<EngineTask>,
) {
    for action in actions.read() {
        if *action != Action::EditStart {
            field.active = false;
        }
        match *action {
            Action::Player(c) => chosen.0 = c,
            Action::Strength(s) => {
                settings.strength = s;
                settings.two_players = false;
            }
            Action::TwoPlayers => settings.two_players = true,
            Action::ToggleTurnBoard => settings.turn_board = !settings.turn_board,
            Action::EditStart => {
                field.active = true;
                // No button keeps the focus while typing, so Space and Enter press none.
                focus.clear();
            }
            Action::ClearStart => {
                field.text.clear();
                field.error = None;
            }
            Action::ToggleSkills => settings.skills = !settings.skills,
            Action::Rules(rules) => settings.skill_rules = rules,
            Action::Cooldown(Skill::Teleport, d) => {
                settings.teleport_cooldown = step_within(settings.teleport_cooldown, d, &COOLDOWN_RANGE);
            }
            Action::Cooldown(Skill::Freeze, d) => {
                settings.freeze_cooldown = step_within(settings.freeze_cooldown, d, &COOLDOWN_RANGE);
            }
            Action::FreezeDuration(d) => {
                settings.freeze_duration = step_within(settings.freeze_duration, d, &FREEZE_DURATION_RANGE);
            }
            Action::Start => {
                let generation = old_game.as_ref().map_or(0, |g| g.generation + 1);
                // A refusal keeps the field's text, so the player fixes it rather than typing it again.
                match field.start().and_then(|start| build_game(&settings, chosen.0, start)) {
                    Ok(mut game) => {
                        game.generation = generation;
                        field.error = None;
                        engine.cancel();
                        commands.insert_resource(game);
                        next.set(Screen::SkillChess);
                    }
                    Err(e) => field.error = Some(format!("Cannot start: {e}")),
                }
            }
            Action::Back => next.set(Screen::Title),
        }
    }
}
