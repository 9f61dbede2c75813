// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/itemmodels/ClusterRecordingModel.h"

#include "model/itemmodels/ModelRoles.h"

#include <QFileInfo>

namespace memprof::itemmodels {

namespace {

// Where an instance stands, in the order a recording goes, for sorting:
// waiting, the phases, then recorded, cut short, failed.
constexpr int kWaitingRank = 0;
constexpr int kPhaseRanks = 1;
constexpr int kRecordedRank = 10;
constexpr int kCutShortRank = 11;
constexpr int kFailedRank = 12;

QString kib(qint64 bytes)
{
    return QStringLiteral("%L1").arg(bytes / 1024);
}

} // namespace

ClusterRecordingModel::ClusterRecordingModel(QObject* parent) : QAbstractTableModel(parent)
{}

void ClusterRecordingModel::reset(const QStringList& addresses, const QStringList& dumpPaths)
{
    beginResetModel();
    instances_.clear();
    for (qsizetype i = 0; i < addresses.size(); ++i)
        instances_.push_back({addresses.at(i), dumpPaths.value(i), std::nullopt, 0, 0, std::nullopt});
    endResetModel();
}

void ClusterRecordingModel::changed(int row, int column)
{
    emit dataChanged(index(row, column), index(row, column));
}

void ClusterRecordingModel::setPhase(int row, record::AttachPhase phase)
{
    if (row < 0 || row >= rowCount())
        return;
    instances_[static_cast<std::size_t>(row)].phase = phase;
    changed(row, StatusColumn);
}

void ClusterRecordingModel::setTransferred(int row, qint64 bytes, qint64 total)
{
    if (row < 0 || row >= rowCount())
        return;
    Instance& instance = instances_[static_cast<std::size_t>(row)];
    instance.bytes = bytes;
    instance.total = total;
    changed(row, BroughtColumn);
}

void ClusterRecordingModel::setOutcome(int row, const record::AttachOutcome& outcome)
{
    if (row < 0 || row >= rowCount())
        return;
    Instance& instance = instances_[static_cast<std::size_t>(row)];
    instance.outcome = outcome;
    instance.bytes = outcome.bytes;
    instance.total = outcome.complete ? outcome.bytes : instance.total;
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

int ClusterRecordingModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(instances_.size());
}

int ClusterRecordingModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString ClusterRecordingModel::statusText(const Instance& instance) const
{
    if (instance.outcome) {
        const record::AttachOutcome& outcome = *instance.outcome;
        QString state = outcome.complete ? tr("Recorded") : outcome.dumpWritten ? tr("Cut short") : tr("Failed");
        return outcome.message.isEmpty() ? state : tr("%1: %2").arg(state, outcome.message);
    }
    return instance.phase ? record::phaseWords(*instance.phase) : tr("Waiting");
}

QVariant ClusterRecordingModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Instance& instance = instances_[static_cast<std::size_t>(index.row())];
    switch (index.column()) {
    case InstanceColumn:
        if (role == Qt::DisplayRole || role == Qt::ToolTipRole || role == SortRole)
            return instance.address;
        break;
    case StatusColumn:
        if (role == Qt::DisplayRole || role == Qt::ToolTipRole)
            return statusText(instance);
        if (role == SortRole) {
            if (instance.outcome)
                return instance.outcome->complete      ? kRecordedRank
                       : instance.outcome->dumpWritten ? kCutShortRank
                                                       : kFailedRank;
            return instance.phase ? kPhaseRanks + static_cast<int>(*instance.phase) : kWaitingRank;
        }
        break;
    case BroughtColumn:
        if (role == Qt::DisplayRole) {
            if (instance.bytes == 0 && instance.total == 0)
                return QString();
            return instance.total > instance.bytes ? tr("%1 of %2 KiB").arg(kib(instance.bytes), kib(instance.total))
                                                   : tr("%1 KiB").arg(kib(instance.bytes));
        }
        if (role == SortRole)
            return instance.bytes;
        if (role == Qt::TextAlignmentRole)
            return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
        break;
    case DumpColumn:
        if (instance.outcome && !instance.outcome->dumpWritten)
            return {}; // nothing came back: no file
        if (role == Qt::DisplayRole)
            return QFileInfo(instance.dumpPath).fileName();
        if (role == Qt::ToolTipRole || role == SortRole)
            return instance.dumpPath;
        break;
    default:
        break;
    }
    return {};
}

QVariant ClusterRecordingModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case InstanceColumn:
        return tr("Instance");
    case StatusColumn:
        return tr("Status");
    case BroughtColumn:
        return tr("Brought back");
    case DumpColumn:
        return tr("Dump");
    default:
        return {};
    }
}

} // namespace memprof::itemmodels
