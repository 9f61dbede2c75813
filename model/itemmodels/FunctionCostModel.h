// SPDX-License-Identifier: GPL-3.0-or-later
// The functions of a sysprof call tree as a table: self and total samples,
// each also as a share of all samples (FunctionCosts.h). Rows answer
// FrameIdRole (CallTreeModel.h) with their function.
#pragma once

#include "model/itemmodels/CostTableModel.h"
#include "model/sysprofile/FunctionCosts.h"
#include "model/sysprofile/SysprofProfile.h"

#include <memory>
#include <vector>

namespace memprof::itemmodels {

class FunctionCostModel : public CostTableModel {
    Q_OBJECT
public:
    enum Columns { FunctionColumn, SelfColumn, SelfShareColumn, TotalColumn, TotalShareColumn, ColumnCount };

    explicit FunctionCostModel(QObject* parent = nullptr);

    void setProfile(std::shared_ptr<const SysprofProfile> profile, StackView view);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

    // The row of a function, or -1.
    int rowOfFrame(FrameId frame) const;
    const std::vector<FunctionCost>& costs() const { return costs_; }

protected:
    QVariant rawValue(int row, int column) const override;
    QString rowToolTip(int row) const override;
    QString rowDisplayName(int row) const override;
    QVariant rowNameLength(int row) const override;
    std::optional<LocationId> rowLocation(int row) const override;

private:
    const CallFrame& frameOfRow(int row) const;

    std::shared_ptr<const SysprofProfile> profile_;
    std::vector<FunctionCost> costs_;
    std::uint64_t totalSamples_ = 0;
};

// Who called one function, or what it called (CallersAndCallees), with the
// samples each call was on the stack for and their share of the function's
// total samples.
class CallEdgeModel : public CostTableModel {
    Q_OBJECT
public:
    enum class Side { Callers, Callees };
    enum Columns { FunctionColumn, SamplesColumn, ShareColumn, ColumnCount };

    explicit CallEdgeModel(Side side, QObject* parent = nullptr);

    // The callers or callees of `frame` in the tree of `view`; none without a frame.
    void setFunction(std::shared_ptr<const SysprofProfile> profile, StackView view, std::optional<FrameId> frame);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    const CallersAndCallees& edges() const { return edges_; }
    const std::vector<CallEdge>& rows() const;

protected:
    QVariant rawValue(int row, int column) const override;
    QString rowToolTip(int row) const override;
    QString rowDisplayName(int row) const override;
    QVariant rowNameLength(int row) const override;
    std::optional<LocationId> rowLocation(int row) const override;

private:
    const CallFrame& frameOfRow(int row) const;

    Side side_;
    std::shared_ptr<const SysprofProfile> profile_;
    CallersAndCallees edges_;
};

} // namespace memprof::itemmodels
