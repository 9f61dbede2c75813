// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/qt/LeakModel.h"
#include "model/profile/ProfileRanking.h"
#include "model/qt/DisplayText.h"
#include "model/support/SaturatingMath.h"

namespace memprof::qt {

namespace {
using K = CostTableModel::ColumnKind;

CostTableModel::Column locationColumn()
{
    return {LeakModel::tr("Location"), QStringLiteral("location"), K::Text,
            LeakModel::tr("The location holding the bytes (identities with one name merged)")};
}
CostTableModel::Column shareColumn()
{
    return {LeakModel::tr("Share"), QStringLiteral("share"), K::Share,
            LeakModel::tr("This row's part of all the bytes held in this scope")};
}

bool isLiveScope(LeakModel::Scope scope)
{
    return scope != LeakModel::Scope::HeapDifference;
}

std::vector<CostTableModel::Column> columnsOf(LeakModel::Scope scope)
{
    if (isLiveScope(scope)) {
        const bool end = scope == LeakModel::Scope::LiveAtEnd;
        return {locationColumn(),
                {LeakModel::tr("Held"), QStringLiteral("held_bytes"), K::Bytes,
                 end ? LeakModel::tr("Bytes of the blocks still live at the end that this location last allocated")
                     : LeakModel::tr("Bytes of the blocks live at the peak that this location last allocated")},
                {LeakModel::tr("Live blocks"), QStringLiteral("live_blocks"), K::Count,
                 LeakModel::tr("Number of those blocks")},
                shareColumn()};
    }
    return {locationColumn(),
            {LeakModel::tr("Held"), QStringLiteral("held_bytes"), K::Bytes,
             LeakModel::tr("The reference's heap difference: allocated minus freed, attributed to the allocating name")},
            {LeakModel::tr("Allocs"), QStringLiteral("allocs"), K::Count,
             LeakModel::tr("Allocations counted for this name")},
            {LeakModel::tr("Frees"), QStringLiteral("frees"), K::Count,
             LeakModel::tr("Frees and reallocations of this name's blocks")},
            shareColumn()};
}
} // namespace

LeakModel::LeakModel(QObject* parent)
    : CostTableModel(parent)
{
    setColumns(columnsOf(scope_));
}

QString LeakModel::explanation(Scope scope)
{
    switch (scope) {
    case Scope::LiveAtEnd:
        return tr("Blocks allocated during profiling and still live at the end, by the location that last "
                  "allocated or reallocated them.");
    case Scope::LiveAtPeak:
        return tr("Blocks live when the live bytes peaked, by the location that last allocated or reallocated "
                  "them: what made the heap that large.");
    case Scope::HeapDifference:
        break;
    }
    return tr("The reference parser's HEAP SUMMARY: allocations minus the frees traced back to them; a block "
              "reallocated elsewhere stays charged to its first allocator.");
}

void LeakModel::setProfile(std::shared_ptr<const Profile> profile)
{
    beginResetModel();
    profile_ = std::move(profile);
    locationIndex_ = profile_ ? LocationIndex(*profile_) : LocationIndex();
    rebuild();
    endResetModel();
}

void LeakModel::setScope(Scope scope)
{
    if (scope == scope_)
        return;
    beginResetModel();
    scope_ = scope;
    setColumns(columnsOf(scope_));
    rebuild();
    endResetModel();
}

void LeakModel::rebuild()
{
    rows_.clear();
    totalHeldBytes_ = 0;
    if (profile_) {
        if (isLiveScope(scope_)) {
            const bool end = scope_ == Scope::LiveAtEnd;
            // Select the identity holding the most under the name: its source
            // line is where most of the held bytes were allocated.
            std::unordered_map<std::string, std::pair<std::uint64_t, LocationId>> heaviest;
            for (const LiveRow& live : end ? profile_->liveAtEnd : profile_->liveAtPeak) {
                auto [it, inserted] = heaviest.try_emplace(profile_->nameOf(live.location), live.heldBytes, live.location);
                if (!inserted && live.heldBytes > it->second.first)
                    it->second = {live.heldBytes, live.location};
            }
            for (const LiveByName& live : rankLiveByName(*profile_, end ? LiveScope::End : LiveScope::Peak)) {
                Row row;
                row.name = QString::fromStdString(live.name);
                row.heldBytes = saturatedSigned(live.heldBytes);
                row.blockCount = static_cast<qint64>(live.blockCount);
                row.location = heaviest.at(live.name).second;
                rows_.push_back(std::move(row));
            }
        } else {
            for (const HeapDifferenceRow& diff : rankHeapDifference(*profile_)) {
                Row row;
                row.name = QString::fromStdString(diff.name);
                row.heldBytes = diff.heldBytes;
                row.allocCount = static_cast<qint64>(diff.allocCount);
                row.freeCount = static_cast<qint64>(diff.freeCount);
                row.location = locationIndex_.firstNamed(diff.name);
                rows_.push_back(std::move(row));
            }
        }
        for (const Row& row : rows_)
            totalHeldBytes_ = saturatingSum(totalHeldBytes_, row.heldBytes);
    }
    recomputeColumnMaxima();
}

int LeakModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

QVariant LeakModel::rawValue(int row, int column) const
{
    const Row& r = rows_[static_cast<std::size_t>(row)];
    if (column == 0)
        return r.name;
    if (column == heldColumn())
        return r.heldBytes;
    if (column == shareColumn())
        return totalHeldBytes_ > 0 ? static_cast<double>(r.heldBytes) / static_cast<double>(totalHeldBytes_) : 0.0;
    if (isLiveScope(scope_))
        return r.blockCount;
    return column == 2 ? r.allocCount : r.freeCount;
}

QString LeakModel::rowToolTip(int row) const
{
    return displayText(rows_[static_cast<std::size_t>(row)].name);
}

std::optional<LocationId> LeakModel::rowLocation(int row) const
{
    return rows_[static_cast<std::size_t>(row)].location;
}

int LeakModel::initialSortColumn() const
{
    return heldColumn();
}

QList<int> LeakModel::defaultHiddenColumns() const
{
    return {};
}

} // namespace memprof::qt
