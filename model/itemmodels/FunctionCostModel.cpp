// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/itemmodels/FunctionCostModel.h"

#include "model/itemmodels/CallTreeModel.h"

namespace memprof::itemmodels {

FunctionCostModel::FunctionCostModel(QObject* parent) : CostTableModel(parent)
{
    setColumns({
        {tr("Function"), QStringLiteral("function"), CostKind::Text, tr("Each function once, wherever it was called")},
        {tr("Self"), QStringLiteral("self_samples"), CostKind::Count,
         tr("Samples taken while the function itself ran")},
        {tr("Self %"), QStringLiteral("self_share"), CostKind::Share, tr("Self samples of all samples")},
        {tr("Total"), QStringLiteral("total_samples"), CostKind::Count,
         tr("Samples taken while the function was on the stack (once per sample, however deep it recursed)")},
        {tr("Total %"), QStringLiteral("total_share"), CostKind::Share, tr("Total samples of all samples")},
    });
}

void FunctionCostModel::setProfile(std::shared_ptr<const SysprofProfile> profile, StackView view)
{
    beginResetModel();
    profile_ = std::move(profile);
    costs_ = profile_ ? functionCosts(profile_->tree(view)) : std::vector<FunctionCost>();
    totalSamples_ = profile_ ? profile_->tree(view).totalSamples() : 0;
    recomputeColumnMaxima();
    endResetModel();
}

int FunctionCostModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(costs_.size());
}

int FunctionCostModel::rowOfFrame(FrameId frame) const
{
    for (std::size_t row = 0; row < costs_.size(); ++row)
        if (costs_[row].frame == frame)
            return static_cast<int>(row);
    return -1;
}

QVariant FunctionCostModel::data(const QModelIndex& index, int role) const
{
    if (role == FrameIdRole && checkIndex(index, CheckIndexOption::IndexIsValid))
        return QVariant::fromValue(static_cast<uint>(costs_[static_cast<std::size_t>(index.row())].frame));
    return CostTableModel::data(index, role);
}

QVariant FunctionCostModel::rawValue(int row, int column) const
{
    const FunctionCost& cost = costs_[static_cast<std::size_t>(row)];
    const auto share = [this](std::uint64_t samples) {
        return totalSamples_ ? static_cast<double>(samples) / static_cast<double>(totalSamples_) : 0.0;
    };
    switch (column) {
    case FunctionColumn:
        return QString::fromStdString(profile_->frames[cost.frame].name);
    case SelfColumn:
        return static_cast<qint64>(cost.selfSamples);
    case SelfShareColumn:
        return share(cost.selfSamples);
    case TotalColumn:
        return static_cast<qint64>(cost.totalSamples);
    default:
        return share(cost.totalSamples);
    }
}

const CallFrame& FunctionCostModel::frameOfRow(int row) const
{
    return profile_->frames[costs_[static_cast<std::size_t>(row)].frame];
}

QString FunctionCostModel::rowToolTip(int row) const
{
    return frameToolTip(frameOfRow(row), functionNames().get());
}

QString FunctionCostModel::rowDisplayName(int row) const
{
    return frameLabel(frameOfRow(row), functionNames().get()).text();
}

QVariant FunctionCostModel::rowNameLength(int row) const
{
    return frameLabel(frameOfRow(row), functionNames().get()).data(FunctionNameLengthRole);
}

std::optional<LocationId> FunctionCostModel::rowLocation(int) const
{
    return std::nullopt;
}

CallEdgeModel::CallEdgeModel(Side side, QObject* parent) : CostTableModel(parent), side_(side)
{
    const bool callers = side == Side::Callers;
    setColumns({
        {callers ? tr("Caller") : tr("Callee"), QStringLiteral("function"), CostKind::Text,
         callers ? tr("Functions that called the selected one") : tr("Functions the selected one called")},
        {tr("Samples"), QStringLiteral("samples"), CostKind::Count,
         callers ? tr("Samples taken while this function's call to the selected one was on the stack")
                 : tr("Samples taken while the selected function's call to this one was on the stack")},
        {tr("Share"), QStringLiteral("share"), CostKind::Share, tr("Of the selected function's total samples")},
    });
}

void CallEdgeModel::setFunction(std::shared_ptr<const SysprofProfile> profile, StackView view,
                                std::optional<FrameId> frame)
{
    beginResetModel();
    profile_ = std::move(profile);
    edges_ = profile_ && frame ? callersAndCallees(profile_->tree(view), *frame) : CallersAndCallees();
    recomputeColumnMaxima();
    endResetModel();
}

const std::vector<CallEdge>& CallEdgeModel::rows() const
{
    return side_ == Side::Callers ? edges_.callers : edges_.callees;
}

int CallEdgeModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(rows().size());
}

QVariant CallEdgeModel::data(const QModelIndex& index, int role) const
{
    if (role == FrameIdRole && checkIndex(index, CheckIndexOption::IndexIsValid))
        return QVariant::fromValue(static_cast<uint>(rows()[static_cast<std::size_t>(index.row())].frame));
    return CostTableModel::data(index, role);
}

QVariant CallEdgeModel::rawValue(int row, int column) const
{
    const CallEdge& edge = rows()[static_cast<std::size_t>(row)];
    switch (column) {
    case FunctionColumn:
        return QString::fromStdString(profile_->frames[edge.frame].name);
    case SamplesColumn:
        return static_cast<qint64>(edge.samples);
    default: {
        const std::uint64_t total = edges_.function.totalSamples;
        return total ? static_cast<double>(edge.samples) / static_cast<double>(total) : 0.0;
    }
    }
}

const CallFrame& CallEdgeModel::frameOfRow(int row) const
{
    return profile_->frames[rows()[static_cast<std::size_t>(row)].frame];
}

QString CallEdgeModel::rowToolTip(int row) const
{
    return frameToolTip(frameOfRow(row), functionNames().get());
}

QString CallEdgeModel::rowDisplayName(int row) const
{
    return frameLabel(frameOfRow(row), functionNames().get()).text();
}

QVariant CallEdgeModel::rowNameLength(int row) const
{
    return frameLabel(frameOfRow(row), functionNames().get()).data(FunctionNameLengthRole);
}

std::optional<LocationId> CallEdgeModel::rowLocation(int) const
{
    return std::nullopt;
}

} // namespace memprof::itemmodels
