// SPDX-License-Identifier: GPL-3.0-or-later
// The CPU page's VM states tab: the samples per VM state over the run (a
// chart whose drag chooses the sample range every pane counts) above a
// table of the samples counted in each state and what the state means.
#pragma once

#include "model/sysprofile/SysprofProfile.h"

#include <QSplitter>

class QTableWidget;

namespace memprof::charts {
class VmStateChart;
}

namespace memprof::views {

class CpuVmStatesTab : public QSplitter {
    Q_OBJECT
public:
    explicit CpuVmStatesTab(QWidget* parent = nullptr);

    charts::VmStateChart* chart() const { return chart_; }
    // The table: the samples `profile` counted per state (none without one).
    void showStates(const SysprofProfile* profile);

private:
    charts::VmStateChart* chart_;
    QTableWidget* states_;
};

} // namespace memprof::views
