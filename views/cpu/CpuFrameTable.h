// SPDX-License-Identifier: GPL-3.0-or-later
// A table of a CPU profile's functions (frames), as the CPU page's panes
// have them: the function the user picks in it is reported (frameActivated),
// and the page's selected function can be made its current row without
// that being reported back.
#pragma once

#include "model/sysprofile/SysprofProfile.h"
#include "views/CostTableView.h"

namespace memprof::views {

class CpuFrameTable : public CostTableView {
    Q_OBJECT
public:
    // What picks a function: the current row however it moved (a call tree,
    // the functions), or a click only (the callers and the callees, whose
    // rows lead elsewhere).
    enum class Pick { CurrentRow, Click };
    explicit CpuFrameTable(Pick pick, QWidget* parent = nullptr);

    // The first top-level row of `frame` (else its first row at any depth:
    // the costliest in a sorted tree) becomes current and is scrolled to,
    // unless the current row is of it already.
    void showFrame(FrameId frame);

signals:
    void frameActivated(memprof::FrameId frame);

private:
    bool showing_ = false; // showFrame moves the current row
};

} // namespace memprof::views
