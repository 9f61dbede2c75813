// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/cpu/CpuVmStatesTab.h"

#include "model/itemmodels/CostFormat.h"
#include "views/charts/VmStateChart.h"

#include <QHeaderView>
#include <QTableWidget>

namespace memprof::views {

using itemmodels::CostKind;
using itemmodels::formatCost;

namespace {
// What each VM state means, for the table.
QString stateMeaning(VmState state)
{
    switch (state) {
    case VmState::Interp:
        return CpuVmStatesTab::tr("The interpreter, between functions (no Lua call chain)");
    case VmState::Lfunc:
        return CpuVmStatesTab::tr("Running a Lua function (interpreted)");
    case VmState::Ffunc:
        return CpuVmStatesTab::tr("Running a fast function (a builtin such as string.format)");
    case VmState::Cfunc:
        return CpuVmStatesTab::tr("Running a C function called from Lua");
    case VmState::Gc:
        return CpuVmStatesTab::tr("The garbage collector");
    case VmState::Exit:
        return CpuVmStatesTab::tr("Leaving JIT-compiled code (trace exits)");
    case VmState::Record:
        return CpuVmStatesTab::tr("The JIT compiler recording a trace");
    case VmState::Opt:
        return CpuVmStatesTab::tr("The JIT compiler optimising a trace");
    case VmState::Asm:
        return CpuVmStatesTab::tr("The JIT compiler assembling machine code");
    case VmState::Trace:
        return CpuVmStatesTab::tr("Running JIT-compiled code (traces)");
    }
    return {};
}
} // namespace

CpuVmStatesTab::CpuVmStatesTab(QWidget* parent)
    : QSplitter(Qt::Vertical, parent), chart_(new charts::VmStateChart(this)), states_(new QTableWidget(this))
{
    states_->setColumnCount(4);
    states_->setHorizontalHeaderLabels({tr("VM state"), tr("Samples"), tr("Share"), tr("What it is")});
    states_->verticalHeader()->hide();
    states_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    states_->setSelectionBehavior(QAbstractItemView::SelectRows);
    // The figures as wide as they are, the meaning the rest: sized by the
    // header, so no later count (a range, shown or hidden) can collapse it.
    for (int column = 0; column < 3; ++column)
        states_->horizontalHeader()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    states_->horizontalHeader()->setSectionResizeMode(3, QHeaderView::Stretch);
    chart_->setMinimumHeight(180);
    chart_->setToolTip(
        tr("Drag across the chart to count only those samples in every pane; Shift+drag pans, "
           "the wheel zooms, double-click shows the whole run"));
    addWidget(chart_);
    addWidget(states_);
    setStretchFactor(0, 3);
    setStretchFactor(1, 2);
}

void CpuVmStatesTab::showStates(const SysprofProfile* profile)
{
    states_->setRowCount(0);
    if (!profile)
        return;
    states_->setRowCount(static_cast<int>(kVmStateCount));
    for (std::size_t state = 0; state < kVmStateCount; ++state) {
        const std::uint64_t samples = profile->samplesByState[state];
        const int row = static_cast<int>(state);
        states_->setItem(row, 0,
                         new QTableWidgetItem(QString::fromLatin1(kVmStateNames[state].data(),
                                                                  static_cast<int>(kVmStateNames[state].size()))));
        auto* samplesItem = new QTableWidgetItem(formatCost(static_cast<qint64>(samples), CostKind::Count, true));
        samplesItem->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        states_->setItem(row, 1, samplesItem);
        const double part =
            profile->sampleCount ? static_cast<double>(samples) / static_cast<double>(profile->sampleCount) : 0.0;
        auto* shareItem = new QTableWidgetItem(formatCost(part, CostKind::Share, true));
        shareItem->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        states_->setItem(row, 2, shareItem);
        auto* meaning = new QTableWidgetItem(stateMeaning(static_cast<VmState>(state)));
        meaning->setToolTip(meaning->text());
        states_->setItem(row, 3, meaning);
    }
}

} // namespace memprof::views
