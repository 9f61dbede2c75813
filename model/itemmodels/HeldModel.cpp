// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/itemmodels/HeldModel.h"
#include "model/profile/ProfileRanking.h"
#include "model/itemmodels/DisplayText.h"
#include "model/support/SaturatingMath.h"

namespace memprof::itemmodels {

namespace {
using K = CostTableModel::ColumnKind;

CostTableModel::Column locationColumn()
{
    return {HeldModel::tr("Location"), QStringLiteral("location"), K::Text,
            HeldModel::tr("The location holding the bytes (identities with one name merged)")};
}
CostTableModel::Column shareColumn()
{
    return {HeldModel::tr("Share"), QStringLiteral("share"), K::Share,
            HeldModel::tr("This row's part of all the bytes held in this scope")};
}

bool isHeldScope(HeldModel::Scope scope)
{
    return scope != HeldModel::Scope::HeapSummary;
}

std::vector<CostTableModel::Column> columnsOf(HeldModel::Scope scope)
{
    if (isHeldScope(scope)) {
        const bool end = scope == HeldModel::Scope::HeldAtEnd;
        return {locationColumn(),
                {HeldModel::tr("Held"), QStringLiteral("held_bytes"), K::Bytes,
                 end ? HeldModel::tr("Bytes of the blocks still live at the end that this location last allocated")
                     : HeldModel::tr("Bytes of the blocks live at the peak that this location last allocated")},
                {HeldModel::tr("Live blocks"), QStringLiteral("live_blocks"), K::Count,
                 HeldModel::tr("Number of those blocks")},
                shareColumn()};
    }
    return {locationColumn(),
            {HeldModel::tr("Heap summary"), QStringLiteral("summary_bytes"), K::Bytes,
             HeldModel::tr("The reference's HEAP SUMMARY: bytes allocated minus freed, attributed to the allocating name")},
            {HeldModel::tr("Allocs"), QStringLiteral("allocs"), K::Count,
             HeldModel::tr("Allocations counted for this name")},
            {HeldModel::tr("Frees"), QStringLiteral("frees"), K::Count,
             HeldModel::tr("Frees and reallocations of this name's blocks")},
            shareColumn()};
}
} // namespace

HeldModel::HeldModel(QObject* parent)
    : CostTableModel(parent)
{
    setColumns(columnsOf(scope_));
}

QString HeldModel::explanation(Scope scope)
{
    switch (scope) {
    case Scope::HeldAtEnd:
        return tr("Blocks allocated during profiling and still live at the end, by the location that last "
                  "allocated or reallocated them.");
    case Scope::HeldAtPeak:
        return tr("Blocks live when the live bytes peaked, by the location that last allocated or reallocated "
                  "them: what made the heap that large.");
    case Scope::HeapSummary:
        break;
    }
    return tr("The reference parser's HEAP SUMMARY: allocations minus the frees traced back to them; a block "
              "reallocated elsewhere stays charged to its first allocator.");
}

void HeldModel::setProfile(std::shared_ptr<const Profile> profile)
{
    beginResetModel();
    profile_ = std::move(profile);
    locationIndex_ = profile_ ? LocationIndex(*profile_) : LocationIndex();
    names_ = profile_ ? LocationNames(*profile_) : LocationNames();
    rebuild();
    endResetModel();
}

void HeldModel::setScope(Scope scope)
{
    if (scope == scope_)
        return;
    beginResetModel();
    scope_ = scope;
    setColumns(columnsOf(scope_));
    rebuild();
    endResetModel();
}

void HeldModel::rebuild()
{
    rows_.clear();
    totalHeldBytes_ = 0;
    if (profile_) {
        if (isHeldScope(scope_)) {
            const bool end = scope_ == Scope::HeldAtEnd;
            // Select the identity holding the most under the name: its source
            // line is where most of the held bytes were allocated.
            std::unordered_map<std::string, std::pair<std::uint64_t, LocationId>> heaviest;
            std::unordered_map<std::string, std::vector<const HeldRow*>> byName;
            for (const HeldRow& live : end ? profile_->heldAtEnd : profile_->heldAtPeak) {
                auto [it, inserted] = heaviest.try_emplace(profile_->nameOf(live.location), live.heldBytes, live.location);
                if (!inserted && live.heldBytes > it->second.first)
                    it->second = {live.heldBytes, live.location};
                byName[profile_->nameOf(live.location)].push_back(&live);
            }
            for (const HeldByName& live : rankHeldByName(*profile_, end ? HeldScope::End : HeldScope::Peak)) {
                Row row;
                row.name = QString::fromStdString(live.name);
                row.bytes = saturatedSigned(live.heldBytes);
                row.blockCount = static_cast<qint64>(live.blockCount);
                row.location = heaviest.at(live.name).second;
                for (const HeldRow* merged : byName.at(live.name)) {
                    row.merged.push_back(merged->location);
                    row.mergedHeldBytes.push_back(merged->heldBytes);
                }
                rows_.push_back(std::move(row));
            }
        } else {
            for (const HeapSummaryRow& diff : rankHeapSummary(*profile_)) {
                Row row;
                row.name = QString::fromStdString(diff.name);
                row.bytes = diff.summaryBytes;
                row.allocCount = static_cast<qint64>(diff.allocCount);
                row.freeCount = static_cast<qint64>(diff.freeCount);
                row.location = locationIndex_.firstNamed(diff.name);
                if (row.location)
                    row.merged = names_.sharingName(*row.location);
                rows_.push_back(std::move(row));
            }
        }
        for (const Row& row : rows_)
            totalHeldBytes_ = saturatingSum(totalHeldBytes_, row.bytes);
    }
    recomputeColumnMaxima();
}

int HeldModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

QVariant HeldModel::rawValue(int row, int column) const
{
    const Row& r = rows_[static_cast<std::size_t>(row)];
    if (column == 0)
        return r.name;
    if (column == heldColumn())
        return r.bytes;
    if (column == shareColumn())
        return totalHeldBytes_ > 0 ? static_cast<double>(r.bytes) / static_cast<double>(totalHeldBytes_) : 0.0;
    if (isHeldScope(scope_))
        return r.blockCount;
    return column == 2 ? r.allocCount : r.freeCount;
}

QString HeldModel::rowDisplayName(int row) const
{
    // A row of one identity reads as that identity does in the tables; a
    // row merging several says how many.
    const Row& r = rows_[static_cast<std::size_t>(row)];
    if (r.merged.size() == 1)
        return names_.displayName(r.merged.front());
    if (r.merged.size() > 1)
        return tr("%1 (%n locations)", nullptr, static_cast<int>(r.merged.size())).arg(displayText(r.name));
    return displayText(r.name);
}

QString HeldModel::rowToolTip(int row) const
{
    const Row& r = rows_[static_cast<std::size_t>(row)];
    if (r.merged.size() == 1)
        return names_.toolTip(r.merged.front());
    if (r.merged.size() < 2)
        return displayText(r.name);
    // The summary is keyed by name, as the reference's HEAP SUMMARY is:
    // list what the row adds up.
    constexpr std::size_t kListed = 20;
    QString text = tr("%1\nmerges %n locations printed alike:", nullptr, static_cast<int>(r.merged.size()))
                       .arg(displayText(r.name));
    for (std::size_t i = 0; i < r.merged.size() && i < kListed; ++i) {
        text += QStringLiteral("\n  ") + names_.displayName(r.merged[i]);
        if (i < r.mergedHeldBytes.size())
            text += tr(": %1 held").arg(formatCost(static_cast<qulonglong>(r.mergedHeldBytes[i]), CostKind::Bytes,
                                                   humanReadable()));
    }
    if (r.merged.size() > kListed)
        text += QStringLiteral("\n  ") + tr("… and %n more", nullptr, static_cast<int>(r.merged.size() - kListed));
    return text;
}

std::optional<LocationId> HeldModel::rowLocation(int row) const
{
    return rows_[static_cast<std::size_t>(row)].location;
}

int HeldModel::initialSortColumn() const
{
    return heldColumn();
}

QList<int> HeldModel::defaultHiddenColumns() const
{
    return {};
}

} // namespace memprof::itemmodels
