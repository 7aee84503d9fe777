//! Run screens' side panels and pages, rebuilt from the run whenever it changes (the board, where a
//! screen has one, is not rebuilt: it is redrawn from the board scene).

use bevy::prelude::*;

use super::{Profile, RunSession, RunTask, SaveFailure};

/// What a panel is built from.
pub struct PanelContext<'a> {
    /// The active run, if any.
    pub session: Option<&'a RunSession>,
    /// The profile.
    pub profile: &'a Profile,
    /// A save that failed.
    pub failure: &'a SaveFailure,
    /// A decision (and the enemy) is being worked out.
    pub busy: bool,
    /// The pinned or previewed skill-tree node.
    pub node: Option<&'a str>,
    /// The square under the pointer or keyboard cursor.
    pub hovered: Option<gambit_rules::Square>,
}

/// Builds a panel's children.
pub type BuildPanel = fn(&mut ChildSpawnerCommands<'_>, &PanelContext<'_>);

/// A container rebuilt by its function whenever the run, the profile or a save failure changes.
#[derive(Component)]
pub struct RunPanel(pub BuildPanel);

/// The skill-tree node shown in the Upgrades screen's detail box: pinned by a click, else previewed
/// by hover or focus.
#[derive(Resource, Default, Debug)]
pub struct NodeSelection {
    /// Pinned by a click.
    pub pinned: Option<String>,
    /// Under the pointer or the focus.
    pub preview: Option<String>,
}

pub(crate) fn rebuild_panels(
    mut commands: Commands,
    panels: Query<(Entity, &RunPanel)>,
    added: Query<(), Added<RunPanel>>,
    session: Option<Res<RunSession>>,
    profile: Res<Profile>,
    failure: Res<SaveFailure>,
    task: Res<RunTask>,
    nodes: Res<NodeSelection>,
    hovered: Res<crate::board::Hovered>,
    mut was_busy: Local<bool>,
) {
    let busy = task.is_busy();
    let changed = session.as_ref().is_some_and(|s| s.is_changed())
        || profile.is_changed()
        || failure.is_changed()
        || nodes.is_changed()
        || hovered.is_changed()
        || busy != *was_busy
        || !added.is_empty();
    *was_busy = busy;
    if !changed || panels.is_empty() {
        return;
    }
    let node = nodes.pinned.as_deref().or(nodes.preview.as_deref());
    let context = PanelContext {
        session: session.as_deref(),
        profile: &profile,
        failure: &failure,
        busy,
        node,
        hovered: hovered.0,
    };
    for (entity, panel) in &panels {
        commands.entity(entity).despawn_related::<Children>();
        let build = panel.0;
        commands.entity(entity).with_children(|parent| build(parent, &context));
    }
    commands.queue(crate::ui::focus::refocus);
}
