// SPDX-License-Identifier: GPL-3.0-or-later
// The CPU page's top-down or bottom-up tab: the call tree of the stack view
// shown, sorted by total samples. A filter match keeps the calls that lead
// to it and what it called. Top-down opens along the hottest path,
// bottom-up shows the functions samples ended in with their callers below.
#pragma once

#include "model/itemmodels/CallTreeModel.h"
#include "views/cpu/CpuFrameTable.h"

#include <memory>

namespace memprof::views {

class CpuCallTreeTab : public CpuFrameTable {
    Q_OBJECT
public:
    using Direction = itemmodels::CallTreeModel::Direction;
    explicit CpuCallTreeTab(Direction direction, QWidget* parent = nullptr);

    void setProfile(std::shared_ptr<const SysprofProfile> profile, StackView view);
    // The names read for the dump's functions (FunctionLabel.h).
    void setFunctionNames(itemmodels::FunctionNames names);

private:
    void expandHottestPath(const SysprofProfile* profile, StackView view);

    Direction direction_;
    itemmodels::CallTreeModel* model_;
};

} // namespace memprof::views
