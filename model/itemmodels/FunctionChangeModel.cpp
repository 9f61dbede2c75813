// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/itemmodels/FunctionChangeModel.h"

#include "model/itemmodels/CallTreeModel.h"

#include <QFont>

#include <cmath>

namespace memprof::itemmodels {

FunctionChangeModel::FunctionChangeModel(QObject* parent) : CostTableModel(parent)
{
    setColumns({
        {tr("Function"), QStringLiteral("function"), CostKind::Text, tr("Each function once, matched by name")},
        {tr("Only in"), QStringLiteral("only_in"), CostKind::Text, tr("The dump a function ran in, when only one")},
        {tr("Self % change"), QStringLiteral("self_share_change"), CostKind::Share,
         tr("NEW's share of samples spent in the function itself minus BASE's (each of its own run)")},
        {tr("Total % change"), QStringLiteral("total_share_change"), CostKind::Share,
         tr("NEW's share of samples with the function on the stack minus BASE's")},
        {tr("Self % BASE"), QStringLiteral("base_self_share"), CostKind::Share,
         tr("Self samples of all BASE's samples")},
        {tr("Self % NEW"), QStringLiteral("new_self_share"), CostKind::Share, tr("Self samples of all NEW's samples")},
        {tr("Total % BASE"), QStringLiteral("base_total_share"), CostKind::Share,
         tr("Total samples of all BASE's samples")},
        {tr("Total % NEW"), QStringLiteral("new_total_share"), CostKind::Share,
         tr("Total samples of all NEW's samples")},
        {tr("Self BASE"), QStringLiteral("base_self_samples"), CostKind::Count,
         tr("Samples BASE took in the function itself")},
        {tr("Self NEW"), QStringLiteral("new_self_samples"), CostKind::Count,
         tr("Samples NEW took in the function itself")},
    });
}

void FunctionChangeModel::setChanges(FunctionChanges changes)
{
    beginResetModel();
    changes_ = std::move(changes);
    recomputeColumnMaxima();
    endResetModel();
}

int FunctionChangeModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(changes_.functions.size());
}

QVariant FunctionChangeModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const FunctionChange& change = changes_.functions[static_cast<std::size_t>(index.row())];
    const bool onBothSides = change.present[0] && change.present[1];
    if (role == Qt::DisplayRole && (index.column() == SelfChangeColumn || index.column() == TotalChangeColumn)) {
        // A change under the last digit shown reads as none, not "-0.0 %".
        const double change = rawValue(index.row(), index.column()).toDouble();
        return formatCostChange(std::abs(change) < 0.0005 ? 0.0 : change, CostKind::Share, humanReadable());
    }
    // A function of one dump only reads in italics, as in the memprof comparison.
    if (role == Qt::FontRole && !onBothSides) {
        QFont font;
        font.setItalic(true);
        return font;
    }
    return CostTableModel::data(index, role);
}

bool FunctionChangeModel::isChangeColumn(int column) const
{
    return column == SelfChangeColumn || column == TotalChangeColumn;
}

QVariant FunctionChangeModel::rawValue(int row, int column) const
{
    const FunctionChange& change = changes_.functions[static_cast<std::size_t>(row)];
    const auto& run = changes_.runSamples;
    using Side = ComparedSide;
    switch (column) {
    case FunctionColumn:
        return QString::fromStdString(change.frame.name);
    case OnlyInColumn:
        return change.present[0] && change.present[1] ? QString() : change.present[0] ? tr("BASE") : tr("NEW");
    case SelfChangeColumn:
        return change.selfShare(Side::New, run) - change.selfShare(Side::Base, run);
    case TotalChangeColumn:
        return change.totalShare(Side::New, run) - change.totalShare(Side::Base, run);
    case BaseSelfShareColumn:
        return change.selfShare(Side::Base, run);
    case NewSelfShareColumn:
        return change.selfShare(Side::New, run);
    case BaseTotalShareColumn:
        return change.totalShare(Side::Base, run);
    case NewTotalShareColumn:
        return change.totalShare(Side::New, run);
    case BaseSelfColumn:
        return static_cast<qint64>(change.selfSamples[0]);
    default:
        return static_cast<qint64>(change.selfSamples[1]);
    }
}

QString FunctionChangeModel::rowToolTip(int row) const
{
    return frameToolTip(changes_.functions[static_cast<std::size_t>(row)].frame, functionNames().get());
}

QString FunctionChangeModel::rowDisplayName(int row) const
{
    return frameLabel(changes_.functions[static_cast<std::size_t>(row)].frame, functionNames().get()).text();
}

QVariant FunctionChangeModel::rowNameLength(int row) const
{
    return frameLabel(changes_.functions[static_cast<std::size_t>(row)].frame, functionNames().get())
        .data(FunctionNameLengthRole);
}

std::optional<LocationId> FunctionChangeModel::rowLocation(int) const
{
    return std::nullopt;
}

} // namespace memprof::itemmodels
