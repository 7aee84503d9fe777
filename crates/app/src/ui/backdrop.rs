//! The title screen's animated backdrop, made of UI shapes: a sky gradient, a low sun, two ranges of
//! hills, and two layers of clouds drifting at different speeds (parallax). A cloud that leaves on the
//! right re-enters on the left, so the drift wraps seamlessly. The "pause animated scenery" setting
//! freezes it.

use bevy::prelude::*;

use crate::screens::Screen;
use crate::settings::Settings;

/// A drifting cloud: its position in percent of the screen width and its speed (percent per second).
#[derive(Component, Debug)]
pub struct Cloud {
    /// Left edge, percent of the width (wraps from 110 to -35).
    pub x: f32,
    /// Percent of the width per second.
    pub speed: f32,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Title), spawn);
    app.add_systems(Update, drift.run_if(in_state(Screen::Title)).in_set(crate::AppSystems::Present));
}

fn hex(rgb: u32, alpha: f32) -> Color {
    Color::srgba(
        ((rgb >> 16) & 0xFF) as f32 / 255.0,
        ((rgb >> 8) & 0xFF) as f32 / 255.0,
        (rgb & 0xFF) as f32 / 255.0,
        alpha,
    )
}

fn layer() -> Node {
    Node {
        position_type: PositionType::Absolute,
        width: Val::Percent(100.0),
        height: Val::Percent(100.0),
        ..default()
    }
}

fn hill(left: f32, width: f32, height: f32, color: Color) -> impl Bundle {
    (
        Node {
            position_type: PositionType::Absolute,
            left: Val::Percent(left),
            bottom: Val::Percent(-height * 0.55),
            width: Val::Percent(width),
            height: Val::Percent(height),
            border_radius: BorderRadius::all(Val::Percent(50.0)),
            ..default()
        },
        BackgroundColor(color),
    )
}

/// One cloud: three overlapping rounded puffs.
fn spawn_cloud(parent: &mut ChildSpawnerCommands<'_>, x: f32, top: f32, scale: f32, speed: f32, alpha: f32) {
    parent
        .spawn((
            Cloud { x, speed },
            Node {
                position_type: PositionType::Absolute,
                left: Val::Percent(x),
                top: Val::Percent(top),
                width: Val::VMin(30.0 * scale),
                height: Val::VMin(10.0 * scale),
                ..default()
            },
        ))
        .with_children(|c| {
            for (l, t, w, h) in [(0.0, 40.0, 55.0, 60.0), (25.0, 0.0, 45.0, 100.0), (50.0, 30.0, 50.0, 70.0)]
            {
                c.spawn((
                    Node {
                        position_type: PositionType::Absolute,
                        left: Val::Percent(l),
                        top: Val::Percent(t),
                        width: Val::Percent(w),
                        height: Val::Percent(h),
                        border_radius: BorderRadius::all(Val::Percent(50.0)),
                        ..default()
                    },
                    BackgroundColor(Color::srgba(1.0, 1.0, 1.0, alpha)),
                ));
            }
        });
}

fn spawn(mut commands: Commands) {
    commands
        .spawn((
            Name::new("Backdrop"),
            DespawnOnExit(Screen::Title),
            layer(),
            GlobalZIndex(-10),
            BackgroundGradient::from(LinearGradient::to_bottom(vec![
                ColorStop::new(hex(0x1D2B53, 1.0), Val::Percent(0.0)),
                ColorStop::new(hex(0x7E5C8A, 1.0), Val::Percent(55.0)),
                ColorStop::new(hex(0xF2A65A, 1.0), Val::Percent(85.0)),
            ])),
            Pickable::IGNORE,
        ))
        .with_children(|sky| {
            // The sun, low over the hills.
            sky.spawn((
                Node {
                    position_type: PositionType::Absolute,
                    left: Val::Percent(68.0),
                    top: Val::Percent(52.0),
                    width: Val::VMin(16.0),
                    height: Val::VMin(16.0),
                    border_radius: BorderRadius::all(Val::Percent(50.0)),
                    ..default()
                },
                BackgroundColor(hex(0xFFD27A, 0.9)),
            ));
            for (x, top, scale, speed, alpha) in
                [(5.0, 8.0, 1.0, 0.9, 0.35), (45.0, 16.0, 0.8, 0.7, 0.3), (80.0, 5.0, 1.2, 1.0, 0.35)]
            {
                spawn_cloud(sky, x, top, scale, speed, alpha);
            }
            // Far hills, then near hills.
            for (left, width, height, color) in [
                (-20.0, 70.0, 55.0, hex(0x3B3F6B, 1.0)),
                (30.0, 80.0, 60.0, hex(0x34385F, 1.0)),
                (75.0, 60.0, 50.0, hex(0x3B3F6B, 1.0)),
                (-10.0, 60.0, 38.0, hex(0x243048, 1.0)),
                (40.0, 75.0, 42.0, hex(0x1F2A40, 1.0)),
            ] {
                sky.spawn(hill(left, width, height, color));
            }
            for (x, top, scale, speed, alpha) in [(20.0, 30.0, 1.4, 2.2, 0.55), (70.0, 38.0, 1.1, 1.8, 0.5)] {
                spawn_cloud(sky, x, top, scale, speed, alpha);
            }
        });
}

/// Moves the clouds (unless the scenery is paused), wrapping from the right edge back to the left.
pub fn drift(time: Res<Time>, settings: Res<Settings>, mut clouds: Query<(&mut Cloud, &mut Node)>) {
    if settings.pause_scenery {
        return;
    }
    for (mut cloud, mut node) in &mut clouds {
        cloud.x += cloud.speed * time.delta_secs();
        if cloud.x > 110.0 {
            cloud.x -= 145.0;
        }
        node.left = Val::Percent(cloud.x);
    }
}
