// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/itemmodels/HeldModel.h"
#include "model/itemmodels/DisplayText.h"
#include "model/memprofile/ProfileRanking.h"
#include "model/report/TextReport.h"
#include "model/support/SaturatingMath.h"

#include <algorithm>

namespace memprof::itemmodels {

namespace {
using K = CostTableModel::ColumnKind;

CostTableModel::Column locationColumnSpec()
{
    return {HeldModel::tr("Location"), QStringLiteral("location"), K::Text,
            HeldModel::tr("The location holding the bytes (identities with one name merged)")};
}
CostTableModel::Column shareColumnSpec()
{
    return {HeldModel::tr("Share"), QStringLiteral("share"), K::Share,
            HeldModel::tr("This row's part of all the bytes held in this scope")};
}
CostTableModel::Column historyColumnSpec()
{
    return {HeldModel::tr("Held over the run"), QStringLiteral("held_growth_bytes"), K::History,
            HeldModel::tr("The bytes this name held over the run (the blocks it last allocated), the window "
                          "emphasised; the number and the sort: its growth over the window")};
}

bool isHeldScope(HeldModel::Scope scope)
{
    return scope != HeldModel::Scope::HeapSummary && scope != HeldModel::Scope::Suspects;
}

QString heldToolTip(HeldModel::Scope scope)
{
    switch (scope) {
    case HeldModel::Scope::HeldAtEnd:
        return HeldModel::tr(
            "Bytes of the blocks still live at the end that this location last allocated "
            "(with a window: of those allocated in the window)");
    case HeldModel::Scope::HeldAtPeak:
        return HeldModel::tr("Bytes of the blocks live at the peak that this location last allocated");
    case HeldModel::Scope::WindowBlocksAtWindowEnd:
        return HeldModel::tr(
            "Bytes of the blocks allocated in the window and live at its last event that this "
            "location last allocated");
    case HeldModel::Scope::LiveAtWindowEnd:
        return HeldModel::tr(
            "Bytes of all the blocks live at the window's last event that this location last "
            "allocated, inside the window or before it");
    case HeldModel::Scope::HeapSummary:
    case HeldModel::Scope::Suspects:
        break;
    }
    return HeldModel::tr(
        "The reference's HEAP SUMMARY: bytes allocated minus freed, attributed to the allocating name");
}

const std::vector<HeldRow>& liveRowsOf(const Profile& profile, HeldModel::Scope scope)
{
    switch (scope) {
    case HeldModel::Scope::HeldAtPeak:
        return profile.heldAtPeak;
    case HeldModel::Scope::WindowBlocksAtWindowEnd:
        return profile.held(HeldRule::WindowBlocksAtWindowEnd);
    case HeldModel::Scope::LiveAtWindowEnd:
        return profile.held(HeldRule::LiveAtWindowEnd);
    case HeldModel::Scope::HeldAtEnd:
    case HeldModel::Scope::HeapSummary:
    case HeldModel::Scope::Suspects:
        break;
    }
    return profile.held(HeldRule::SurvivorsAtEnd);
}
} // namespace

HeldModel::HeldModel(QObject* parent) : CostTableModel(parent)
{
    setColumnsOf(scope_);
}

void HeldModel::setColumnsOf(Scope scope)
{
    using F = Field;
    if (isHeldScope(scope)) {
        fields_ = {F::Name, F::Held, F::Blocks, F::Share, F::History};
        setColumns({locationColumnSpec(),
                    {tr("Held"), QStringLiteral("held_bytes"), K::Bytes, heldToolTip(scope)},
                    {tr("Live blocks"), QStringLiteral("live_blocks"), K::Count, tr("Number of those blocks")},
                    shareColumnSpec(),
                    historyColumnSpec()});
    } else if (scope == Scope::HeapSummary) {
        fields_ = {F::Name, F::Held, F::Allocs, F::Frees, F::Share};
        setColumns(
            {locationColumnSpec(),
             {tr("Heap summary"), QStringLiteral("summary_bytes"), K::Bytes, heldToolTip(scope)},
             {tr("Allocs"), QStringLiteral("allocs"), K::Count, tr("Allocations counted for this name")},
             {tr("Frees"), QStringLiteral("frees"), K::Count, tr("Frees and reallocations of this name's blocks")},
             shareColumnSpec()});
    } else {
        fields_ = {F::Name, F::Score, F::Growth, F::HeldAtEnd, F::Kept, F::History, F::Why};
        setColumns({locationColumnSpec(),
                    {tr("Score"), QStringLiteral("score_bytes"), K::Bytes,
                     tr("The steady growth over the window (a Theil-Sen trend) times the part of its rises "
                        "it kept: how much this name looks like a leak")},
                    {tr("Growth"), QStringLiteral("growth_bytes"), K::Bytes,
                     tr("What it gained since it last stood at its lowest in the window")},
                    {tr("Held at window end"), QStringLiteral("held_bytes"), K::Bytes,
                     tr("Its held bytes at the window's last sample point")},
                    {tr("Kept"), QStringLiteral("kept_ratio"), K::Share,
                     tr("Its net growth over the sum of its rises: 100 % for a series that never falls")},
                    historyColumnSpec(),
                    {tr("Why"), QStringLiteral("why"), K::Text, tr("Why it ranks where it does, in words")}});
    }
}

QString HeldModel::explanation(Scope scope, bool windowed)
{
    switch (scope) {
    case Scope::HeldAtEnd:
        if (windowed)
            return tr(
                "Blocks allocated in the window and still live at the end of the dump (the survivors), by "
                "the location that last allocated or reallocated them.");
        return tr(
            "Blocks allocated during profiling and still live at the end, by the location that last "
            "allocated or reallocated them.");
    case Scope::HeldAtPeak:
        return tr(
            "Blocks live when the live bytes peaked, by the location that last allocated or reallocated "
            "them: what made the heap that large.");
    case Scope::WindowBlocksAtWindowEnd:
        return tr(
            "Blocks allocated in the window and still live at its last event, by the location that last "
            "allocated them: what the window added to the heap.");
    case Scope::LiveAtWindowEnd:
        return tr(
            "Every block live at the window's last event, by the location that last allocated it, "
            "inside the window or before it.");
    case Scope::Suspects:
        return tr(
            "Names whose held bytes grew steadily over the window, best first: a cache filled once and "
            "left alone scores nothing, nor does a spike freed again; a saw-tooth scores little.");
    case Scope::HeapSummary:
        break;
    }
    return tr(
        "The reference parser's HEAP SUMMARY: allocations minus the frees traced back to them; a block "
        "reallocated elsewhere stays charged to its first allocator.");
}

void HeldModel::setProfile(std::shared_ptr<const Profile> profile)
{
    beginResetModel();
    profile_ = std::move(profile);
    locationIndex_ = profile_ ? LocationIndex(*profile_) : LocationIndex();
    names_ = profile_ ? LocationNames(*profile_, functionNames()) : LocationNames();
    rebuild();
    endResetModel();
}

void HeldModel::setScope(Scope scope)
{
    if (scope == scope_)
        return;
    beginResetModel();
    scope_ = scope;
    setColumnsOf(scope_);
    rebuild();
    endResetModel();
}

void HeldModel::rebuild()
{
    rows_.clear();
    totalHeldBytes_ = 0;
    if (profile_) {
        std::unordered_map<std::string, HeldSparkline> histories;
        if (scope_ != Scope::HeapSummary)
            histories = heldSparklinesByName(*profile_);
        const auto historyOf = [&histories](const std::string& name) {
            auto it = histories.find(name);
            return it == histories.end() ? HeldSparkline() : it->second;
        };
        if (isHeldScope(scope_)) {
            const std::vector<HeldRow>& live = liveRowsOf(*profile_, scope_);
            // Select the identity holding the most under the name: its source
            // line is where most of the held bytes were allocated.
            std::unordered_map<std::string, std::pair<std::uint64_t, LocationId>> heaviest;
            std::unordered_map<std::string, std::vector<const HeldRow*>> mergedByName;
            for (const HeldRow& row : live) {
                auto [it, inserted] = heaviest.try_emplace(profile_->nameOf(row.location), row.heldBytes, row.location);
                if (!inserted && row.heldBytes > it->second.first)
                    it->second = {row.heldBytes, row.location};
                mergedByName[profile_->nameOf(row.location)].push_back(&row);
            }
            for (const HeldByName& byName : rankHeldByName(*profile_, live)) {
                Row row;
                row.name = QString::fromStdString(byName.name);
                row.bytes = saturatedSigned(byName.heldBytes);
                row.held = byName.held();
                row.blockCount = static_cast<qint64>(byName.blockCount);
                row.location = heaviest.at(byName.name).second;
                for (const HeldRow* merged : mergedByName.at(byName.name)) {
                    row.merged.push_back(merged->location);
                    row.mergedHeldBytes.push_back(merged->held());
                }
                row.history = historyOf(byName.name);
                rows_.push_back(std::move(row));
            }
        } else if (scope_ == Scope::HeapSummary) {
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
        } else {
            for (LeakSuspect& suspect : rankLeakSuspects(*profile_, profile_->window)) {
                Row row;
                row.name = QString::fromStdString(suspect.name);
                row.bytes = saturatedSigned(suspect.scoreBytes);
                row.location = locationIndex_.firstNamed(suspect.name);
                if (row.location)
                    row.merged = names_.sharingName(*row.location);
                row.history = historyOf(suspect.name);
                row.suspect = std::move(suspect);
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

QString HeldModel::whyOf(const Row& row) const
{
    if (!row.suspect || !profile_)
        return {};
    return QString::fromStdString(explainSuspect(*row.suspect, *profile_, profile_->window, humanReadable()));
}

QVariant HeldModel::rawValue(int row, int column) const
{
    const Row& r = rows_[static_cast<std::size_t>(row)];
    switch (fields_[static_cast<std::size_t>(column)]) {
    case Field::Name:
        return r.name;
    case Field::Held:
        return isHeldScope(scope_) ? QVariant(static_cast<qulonglong>(r.held.value)) : QVariant(r.bytes);
    case Field::Score:
        return r.bytes;
    case Field::Blocks:
        return r.blockCount;
    case Field::Allocs:
        return r.allocCount;
    case Field::Frees:
        return r.freeCount;
    case Field::Share:
        return totalHeldBytes_ > 0 ? static_cast<double>(r.bytes) / static_cast<double>(totalHeldBytes_) : 0.0;
    case Field::History:
        return r.history.growthBytes(); // qint64
    case Field::Growth:
        return static_cast<qint64>(saturatedSigned(r.suspect->growthBytes));
    case Field::HeldAtEnd:
        return static_cast<qint64>(saturatedSigned(r.suspect->heldAtEndBytes));
    case Field::Kept:
        return r.suspect->keptRatio;
    case Field::Why:
        return whyOf(r);
    }
    return {};
}

bool HeldModel::rawOverflowed(int row, int column) const
{
    return fields_[static_cast<std::size_t>(column)] == Field::Held && isHeldScope(scope_) &&
           rows_[static_cast<std::size_t>(row)].held.overflowed;
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

QVariant HeldModel::rowNameLength(int row) const
{
    const Row& r = rows_[static_cast<std::size_t>(row)];
    return r.merged.size() == 1 ? names_.labelData(r.merged.front(), FunctionNameLengthRole) : QVariant();
}

void HeldModel::functionNamesChanged()
{
    names_.setFunctionNames(functionNames());
}

QString HeldModel::rowToolTip(int row) const
{
    const Row& r = rows_[static_cast<std::size_t>(row)];
    const QString why = whyOf(r);
    const QString identity = [&] {
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
                text += tr(": %1 held")
                            .arg(formatCost(static_cast<qulonglong>(r.mergedHeldBytes[i].value), CostKind::Bytes,
                                            humanReadable(), r.mergedHeldBytes[i].overflowed));
        }
        if (r.merged.size() > kListed)
            text += QStringLiteral("\n  ") + tr("… and %n more", nullptr, static_cast<int>(r.merged.size() - kListed));
        return text;
    }();
    return why.isEmpty() ? identity : identity + QLatin1Char('\n') + why;
}

std::optional<LocationId> HeldModel::rowLocation(int row) const
{
    return rows_[static_cast<std::size_t>(row)].location;
}

HeldSparkline HeldModel::rowHistory(int row) const
{
    return rows_[static_cast<std::size_t>(row)].history;
}

int HeldModel::shareColumn() const
{
    const auto it =
        std::find_if(fields_.begin(), fields_.end(), [](Field f) { return f == Field::Share || f == Field::Kept; });
    return static_cast<int>(it - fields_.begin());
}

int HeldModel::historyColumn() const
{
    const auto it = std::find(fields_.begin(), fields_.end(), Field::History);
    return it == fields_.end() ? -1 : static_cast<int>(it - fields_.begin());
}

int HeldModel::initialSortColumn() const
{
    return heldColumn();
}

QList<int> HeldModel::defaultHiddenColumns() const
{
    // A suspect's why tells its growth and kept share in words; its held
    // bytes are the sparkline's end.
    QList<int> hidden;
    for (std::size_t c = 0; c < fields_.size(); ++c)
        if (fields_[c] == Field::Growth || fields_[c] == Field::Kept || fields_[c] == Field::HeldAtEnd)
            hidden.append(static_cast<int>(c));
    return hidden;
}

} // namespace memprof::itemmodels
