// SPDX-License-Identifier: GPL-3.0-or-later
// The CPU page's flame graph tab: the call tree of the stack view shown,
// root at the top, built off the GUI thread. Its zoom and search are the
// page's view state: the flame shows what the state says (the zoom as far
// down the state's path of frames as the tree shown has them, so a new
// range or view keeps the place looked at), and what the user does in it
// goes there. The selected function's costliest frame is its selected one;
// a frame the user picks is reported (frameActivated).
#pragma once

#include "model/itemmodels/FunctionLabel.h"
#include "model/sysprofile/SysprofProfile.h"
#include "views/flamegraph/FlameGraphWidget.h"

#include <memory>
#include <string>
#include <vector>

namespace memprof::views {

class ViewState;

class CpuFlameGraphTab : public FlameGraphWidget {
    Q_OBJECT
public:
    explicit CpuFlameGraphTab(ViewState* state, QWidget* parent = nullptr);

    // Builds the flame of `profile` in the state's stack view.
    void setProfile(std::shared_ptr<const SysprofProfile> profile);
    // Selects the state's selected function, unless a frame of it is selected.
    void showSelection();
    // The names read for the dump's functions (FunctionLabel.h): the frames
    // read by them, the search matches them.
    void setFunctionNames(itemmodels::FunctionNames names);
    // How the frames of `profile`'s flame in `view` read (callFlameTree:
    // node i is the call tree's node i) with `names`; the CPU comparison's
    // differential flame, NEW's call tree, reads alike.
    static FrameLabels callFrameLabels(std::shared_ptr<const SysprofProfile> profile, StackView view,
                                       itemmodels::FunctionNames names);

signals:
    void frameActivated(memprof::FrameId frame);

private:
    void built();
    void applyStateZoom();
    std::vector<std::string> zoomPathOf(int node) const;
    // Labels the frames of the tree shown with the names known.
    void labelFrames();

    ViewState* state_;
    std::shared_ptr<const SysprofProfile> profile_;
    StackView builtView_ = StackView::Lua; // the view of the last tree asked for
    itemmodels::FunctionNames names_;
    const FlameTree* zoomedTree_ = nullptr; // the tree the state's zoom was put on
    bool selecting_ = false; // showSelection moves the selected frame
};

} // namespace memprof::views
