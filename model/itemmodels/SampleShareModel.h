// SPDX-License-Identifier: GPL-3.0-or-later
// The instance breakdown of one function of a CPU profile merged
// (SysprofMerge.h): each dump the merge summed, with the samples it ran
// the function itself (self) and had it on the stack (total), as that dump
// alone counts them (FunctionShares.h). The parts add up to the function's
// row of the functions table; a dump without the function shows zeros.
#pragma once

#include "model/itemmodels/CostTableModel.h"
#include "model/merge/FunctionShares.h"

#include <QList>

#include <memory>
#include <optional>
#include <vector>

namespace memprof::itemmodels {

class SampleShareModel : public CostTableModel {
    Q_OBJECT
public:
    enum Columns { InstanceColumn, SelfColumn, TotalColumn };

    explicit SampleShareModel(QObject* parent = nullptr);

    // The merge (null: no merge, no rows) and its breakdown.
    void setBreakdown(std::shared_ptr<const SysprofProfile> merged, std::shared_ptr<const SysprofBreakdown> breakdown);
    // Each dump's samples of `frame` in the `view` tree; none: no rows.
    void showFrame(std::optional<FrameId> frame, StackView view);

    std::optional<FrameId> frame() const { return frame_; }
    InstanceId instanceAt(int row) const { return shares_[static_cast<std::size_t>(row)].instance; }
    int initialSortColumn() const { return TotalColumn; }

    int rowCount(const QModelIndex& parent = {}) const override;

protected:
    QVariant rawValue(int row, int column) const override;
    QString rowToolTip(int row) const override;
    std::optional<LocationId> rowLocation(int) const override { return std::nullopt; }

private:
    void rebuild();

    std::shared_ptr<const SysprofProfile> merged_;
    std::shared_ptr<const SysprofBreakdown> breakdown_;
    std::optional<FrameId> frame_;
    StackView view_ = StackView::Lua;
    std::vector<FunctionSampleShare> shares_;
};

} // namespace memprof::itemmodels
