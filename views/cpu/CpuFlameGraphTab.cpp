// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/cpu/CpuFlameGraphTab.h"

#include "model/flame/CallFlameTree.h"
#include "views/ViewState.h"

#include <QScopedValueRollback>

#include <algorithm>

namespace memprof::views {

CpuFlameGraphTab::CpuFlameGraphTab(ViewState* state, QWidget* parent) : FlameGraphWidget(parent), state_(state)
{
    connect(this, &FlameGraphWidget::treeBuilt, this, &CpuFlameGraphTab::built);
    connect(this, &FlameGraphWidget::frameSelected, this, [this](int node) {
        if (node > 0 && profile_ && !selecting_ && !isBuilding())
            emit frameActivated(profile_->tree(state_->view()).node(node).frame);
    });
    connect(this, &FlameGraphWidget::zoomChanged, this, [this](int node) {
        // A tree just built starts unzoomed: the state's zoom is put on it
        // (built), not taken from it.
        if (tree() && tree() == zoomedTree_)
            state_->setFlameZoomPath(zoomPathOf(node));
    });
    connect(this, &FlameGraphWidget::searchChanged, state_, &ViewState::setFlameSearch);
    connect(state_, &ViewState::flameZoomPathChanged, this, &CpuFlameGraphTab::applyStateZoom);
    connect(state_, &ViewState::flameSearchChanged, this, &FlameGraphWidget::setSearch);
}

void CpuFlameGraphTab::setProfile(std::shared_ptr<const SysprofProfile> profile)
{
    profile_ = std::move(profile);
    if (!profile_) {
        setTree(nullptr);
        return;
    }
    builtView_ = state_->view();
    buildTree([profile = profile_, view = builtView_] { return callFlameTree(*profile, view); });
}

void CpuFlameGraphTab::setFunctionNames(itemmodels::FunctionNames names)
{
    names_ = std::move(names);
    if (tree() && !isBuilding())
        labelFrames();
}

// Node i of the flame is node i of the view's call tree (flameTreeOf).
void CpuFlameGraphTab::labelFrames()
{
    if (!profile_)
        return;
    setFrameLabels(callFrameLabels(profile_, builtView_, names_));
}

FrameLabels CpuFlameGraphTab::callFrameLabels(std::shared_ptr<const SysprofProfile> profile, StackView view,
                                              itemmodels::FunctionNames names)
{
    return [profile = std::move(profile), view, names = std::move(names)](int node) {
        if (node <= 0)
            return itemmodels::FunctionLabel{QStringLiteral("all"), {}, {}};
        return itemmodels::frameLabel(profile->frames[profile->tree(view).node(node).frame], names.get());
    };
}

void CpuFlameGraphTab::built()
{
    zoomedTree_ = tree();
    labelFrames();
    applyStateZoom();
    showSelection();
}

std::vector<std::string> CpuFlameGraphTab::zoomPathOf(int node) const
{
    std::vector<std::string> path;
    const FlameTree& shown = *tree();
    for (; node > 0; node = shown.nodes[node].parent)
        path.push_back(shown.nodes[node].name);
    std::reverse(path.begin(), path.end());
    return path;
}

void CpuFlameGraphTab::applyStateZoom()
{
    const FlameTree* shown = tree();
    // While a build runs, the zoom waits for its tree.
    if (!shown || shown != zoomedTree_ || isBuilding())
        return;
    int zoom = 0;
    for (const std::string& name : state_->flameZoomPath()) {
        const auto& children = shown->nodes[zoom].children;
        const auto found = std::find_if(children.begin(), children.end(),
                                        [&](std::int32_t child) { return shown->nodes[child].name == name; });
        if (found == children.end())
            break;
        zoom = *found;
    }
    setZoomNode(zoom);
}

// The selected function's costliest frame is the flame's selected one,
// unless a frame of it is selected already.
void CpuFlameGraphTab::showSelection()
{
    // While a build runs, the flame shown is of another count or view.
    if (!tree() || !profile_ || isBuilding())
        return;
    const CallTree& calls = profile_->tree(state_->view());
    const std::optional<FrameId> selected = state_->selectedFrame();
    const int current = selectedNode();
    if (selected && current > 0 && calls.node(current).frame == *selected)
        return;
    int costliest = -1;
    if (selected) {
        for (CallNodeId id = 1; id < static_cast<CallNodeId>(calls.size()); ++id)
            if (calls.node(id).frame == *selected &&
                (costliest < 0 || calls.node(id).totalSamples > calls.node(costliest).totalSamples))
                costliest = id;
    }
    const QScopedValueRollback<bool> selecting(selecting_, true);
    selectNode(costliest);
}

} // namespace memprof::views
