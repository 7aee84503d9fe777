//! The screenshot mode (`gambit --screenshot DIR`): visits the screens, saves one PNG per screen named
//! after it (`title.png`, `settings.png`, `how-to-play.png`, `setup.png`, `skill-chess.png`,
//! `pause.png`) and exits. The skill-chess picture shows a frozen square and the threat overlay.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use gambit_rules::{Color as Side, Position};
use gambit_skills::{SkillBoard, SkillConfig};

use crate::game::{SkillGame, Strength};
use crate::menus::Menu;
use crate::screens::Screen;
use crate::settings::Settings;

/// Frames to wait after a change before taking the picture (layout, fonts, animations).
const SETTLE_FRAMES: u32 = 40;

/// The steps of the screenshot tour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Title,
    Settings,
    HowToPlay,
    Setup,
    SkillChess,
    Pause,
}

const STEPS: [(Step, &str); 6] = [
    (Step::Title, "title"),
    (Step::Settings, "settings"),
    (Step::HowToPlay, "how-to-play"),
    (Step::Setup, "setup"),
    (Step::SkillChess, "skill-chess"),
    (Step::Pause, "pause"),
];

/// Progress through the tour.
#[derive(Resource, Debug)]
pub struct ScreenshotPlan {
    dir: PathBuf,
    index: usize,
    frames: u32,
    entered: bool,
}

impl ScreenshotPlan {
    /// A tour writing into `dir`.
    #[must_use]
    pub fn new(dir: PathBuf) -> ScreenshotPlan {
        ScreenshotPlan { dir, index: 0, frames: 0, entered: false }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, tour);
}

/// A skill-chess position for the picture: a middlegame, White (the player) to move, Black's Freeze
/// holding White's bishop on c4, the threat overlay on.
fn showcase_game() -> SkillGame {
    let position =
        Position::from_fen("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R b KQkq - 0 4")
            .expect("valid FEN");
    let mut game = SkillGame::from_board(
        SkillBoard::from_position(position, SkillConfig::default()),
        Side::White,
        Strength::Casual,
        true,
    );
    for text in ["fz c4", "d6"] {
        let action = game.board.parse_action(text).expect("a legal action");
        game.apply(action).expect("a legal action");
    }
    game.last_eval_white = Some(35);
    game
}

#[allow(clippy::too_many_arguments)]
fn tour(
    mut commands: Commands,
    mut plan: ResMut<ScreenshotPlan>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut next_menu: ResMut<NextState<Menu>>,
    mut settings: ResMut<Settings>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(&(step, name)) = STEPS.get(plan.index) else {
        plan.frames += 1;
        if plan.frames > SETTLE_FRAMES {
            exit.write(AppExit::Success);
        }
        return;
    };
    if !plan.entered {
        match step {
            Step::Title => next_screen.set(Screen::Title),
            Step::Settings => next_menu.set(Menu::Settings),
            Step::HowToPlay => {
                next_menu.set(Menu::None);
                next_screen.set(Screen::HowToPlay);
            }
            Step::Setup => next_screen.set(Screen::SkillChessSetup),
            Step::SkillChess => {
                settings.threat_overlay = true;
                // The engine must not move during the picture: it is White's (the player's) turn, and
                // the engine only thinks on its own turn.
                commands.insert_resource(showcase_game());
                next_screen.set(Screen::SkillChess);
            }
            Step::Pause => next_menu.set(Menu::Pause),
        }
        plan.entered = true;
        plan.frames = 0;
        return;
    }
    plan.frames += 1;
    if plan.frames == SETTLE_FRAMES {
        let path = plan.dir.join(format!("{name}.png"));
        info!("screenshot {}", path.display());
        commands.spawn(Screenshot::primary_window()).observe(save_to_disk(path));
    }
    if plan.frames >= SETTLE_FRAMES + 10 {
        plan.index += 1;
        plan.entered = false;
    }
}
