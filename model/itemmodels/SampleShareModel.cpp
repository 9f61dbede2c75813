// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/itemmodels/SampleShareModel.h"

namespace memprof::itemmodels {

SampleShareModel::SampleShareModel(QObject* parent) : CostTableModel(parent)
{
    using K = ColumnKind;
    setColumns({
        {tr("Instance"), QStringLiteral("instance"), K::Text, tr("The dump, by its file name")},
        {tr("Self"), QStringLiteral("self_samples"), K::Count, tr("This dump's samples taken while the function ran")},
        {tr("Total"), QStringLiteral("total_samples"), K::Count,
         tr("This dump's samples taken while the function was on the stack")},
    });
}

void SampleShareModel::setBreakdown(std::shared_ptr<const SysprofProfile> merged,
                                    std::shared_ptr<const SysprofBreakdown> breakdown)
{
    beginResetModel();
    merged_ = std::move(merged);
    breakdown_ = std::move(breakdown);
    frame_.reset();
    rebuild();
    endResetModel();
}

void SampleShareModel::showFrame(std::optional<FrameId> frame, StackView view)
{
    beginResetModel();
    frame_ = frame;
    view_ = view;
    rebuild();
    endResetModel();
}

void SampleShareModel::rebuild()
{
    shares_.clear();
    if (merged_ && breakdown_ && frame_ && *frame_ < merged_->frames.size())
        shares_ = functionShares(*merged_, *breakdown_, view_, *frame_);
    recomputeColumnMaxima();
}

int SampleShareModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(shares_.size());
}

QVariant SampleShareModel::rawValue(int row, int column) const
{
    const FunctionSampleShare& share = shares_[static_cast<std::size_t>(row)];
    switch (column) {
    case InstanceColumn:
        return QString::fromStdString(breakdown_->instances[share.instance].name);
    case SelfColumn:
        return static_cast<qint64>(share.selfSamples);
    case TotalColumn:
        return static_cast<qint64>(share.totalSamples);
    default:
        return {};
    }
}

QString SampleShareModel::rowToolTip(int row) const
{
    const MergedSysprofInstance& instance = breakdown_->instances[shares_[static_cast<std::size_t>(row)].instance];
    return tr("%1\nChoose it above the list to see this dump alone").arg(QString::fromStdString(instance.name));
}

} // namespace memprof::itemmodels
