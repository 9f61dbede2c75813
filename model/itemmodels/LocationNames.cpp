// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/itemmodels/LocationNames.h"
#include "model/itemmodels/DisplayText.h"
#include "model/support/Demangle.h"

#include <QCoreApplication>

#include <functional>
#include <set>
#include <string>

namespace memprof::itemmodels {

namespace {
// The strings' translation context.
struct LocationNamesText {
    Q_DECLARE_TR_FUNCTIONS(memprof::itemmodels::LocationNames)
};

QString hex(std::uint64_t value)
{
    return QStringLiteral("0x") + QString::number(value, 16);
}

QString lineWord(const LocationInfo& info)
{
    return LocationNamesText::tr("line %1").arg(info.line);
}

QString functionWord(const Profile& profile, const LocationInfo& info)
{
    const auto linedefined = profile.functions[static_cast<std::size_t>(info.function)].linedefined;
    return linedefined == 0 ? LocationNamesText::tr("main chunk")
                            : LocationNamesText::tr("function at line %1").arg(linedefined);
}

QString addressWord(const LocationInfo& info)
{
    switch (info.source) {
    case SourceKind::Lua:
        return LocationNamesText::tr("proto %1").arg(hex(info.addr));
    case SourceKind::C:
        return LocationNamesText::tr("function %1").arg(hex(info.addr));
    case SourceKind::Trace:
    case SourceKind::Internal:
        break;
    }
    return LocationNamesText::tr("address %1").arg(hex(info.addr));
}
} // namespace

LocationNames::LocationNames(const Profile& profile, FunctionNames functionNames)
    : profile_(&profile), functionNames_(std::move(functionNames))
{
    const std::size_t count = profile.locations.size();
    groupOf_.resize(count);
    std::unordered_map<std::string, std::size_t> groupByName;
    groupByName.reserve(count);
    for (std::size_t id = 0; id < count; ++id) {
        auto [it, inserted] = groupByName.try_emplace(profile.locations[id].name, groups_.size());
        if (inserted)
            groups_.emplace_back();
        groups_[it->second].push_back(static_cast<LocationId>(id));
        groupOf_[id] = static_cast<LocationId>(it->second);
    }
    // The first field that tells every member of a group from the others;
    // if none does alone, the line and the address together, and the
    // identity's number as the last resort.
    using Word = std::function<QString(const LocationInfo&)>;
    const std::vector<Word> words = {
        [](const LocationInfo& info) { return info.line != 0 ? lineWord(info) : QString(); },
        [&profile](const LocationInfo& info) {
            return info.function != kNoFunction ? functionWord(profile, info) : QString();
        },
        [](const LocationInfo& info) { return info.addr != 0 ? addressWord(info) : QString(); },
        [](const LocationInfo& info) { return LocationNamesText::tr("%1, %2").arg(lineWord(info), addressWord(info)); },
    };
    for (const std::vector<LocationId>& group : groups_) {
        if (group.size() < 2)
            continue;
        bool named = false;
        for (const Word& word : words) {
            std::set<QString> seen;
            bool distinct = true;
            for (LocationId id : group) {
                const QString text = word(profile.locations[id]);
                distinct = distinct && !text.isEmpty() && seen.insert(text).second;
            }
            if (!distinct)
                continue;
            for (LocationId id : group)
                suffix_[id] = QStringLiteral(" (%1)").arg(word(profile.locations[id]));
            named = true;
            break;
        }
        if (!named)
            for (LocationId id : group)
                suffix_[id] = QStringLiteral(" (#%1)").arg(id);
    }
}

const std::vector<LocationId>& LocationNames::sharingName(LocationId location) const
{
    static const std::vector<LocationId> none;
    if (location >= groupOf_.size())
        return none;
    return groups_[groupOf_[location]];
}

QString LocationNames::displayName(LocationId location) const
{
    return label(location).text();
}

QVariant LocationNames::labelData(LocationId location, int role) const
{
    return label(location).data(role);
}

FunctionLabel LocationNames::label(LocationId location) const
{
    if (!profile_ || location >= profile_->locations.size())
        return {};
    return locationLabel(*profile_, location, referenceName(location), functionNames_.get());
}

QString LocationNames::referenceName(LocationId location) const
{
    const QString name = displayText(QString::fromStdString(shownName(location)));
    const auto it = suffix_.find(location);
    return it == suffix_.end() ? name : name + it->second;
}

std::string LocationNames::shownName(LocationId location) const
{
    const LocationInfo& info = profile_->locations[location];
    return info.source == SourceKind::C ? demangledLocationName(info.name) : info.name;
}

QString LocationNames::toolTip(LocationId location) const
{
    if (!profile_ || location >= profile_->locations.size())
        return {};
    // The reference's name, which holds a C symbol's address; why the
    // source read named nothing below it.
    const QString text = referenceToolTip(location);
    if (profile_->locations[location].source == SourceKind::C)
        return text;
    const QString note = label(location).note;
    return note.isEmpty() ? text : text + u'\n' + note;
}

QString LocationNames::referenceToolTip(LocationId location) const
{
    if (shownName(location) != profile_->nameOf(location)) {
        const QString raw =
            LocationNamesText::tr("Symbol: %1").arg(displayText(QString::fromStdString(profile_->nameOf(location))));
        return isShared(location) ? referenceName(location) + u'\n' + raw + u'\n' + identity(location)
                                  : referenceName(location) + u'\n' + raw;
    }
    if (!isShared(location))
        return referenceName(location);
    return LocationNamesText::tr("%1\n%2\nOne of %3 locations printed as %4")
        .arg(referenceName(location), identity(location))
        .arg(sharingName(location).size())
        .arg(displayText(QString::fromStdString(profile_->nameOf(location))));
}

QString LocationNames::identity(LocationId location) const
{
    const LocationInfo& info = profile_->locations[location];
    switch (info.source) {
    case SourceKind::Lua: {
        QString text = LocationNamesText::tr("Lua code: prototype %1, line %2").arg(hex(info.addr)).arg(info.line);
        if (info.function == kNoFunction)
            return text + LocationNamesText::tr(" (a prototype the symbol table does not name)");
        const FunctionInfo& function = profile_->functions[static_cast<std::size_t>(info.function)];
        const QString chunk = displayText(QString::fromStdString(function.displayChunk(profile_->aliases)));
        return text +
               (function.linedefined == 0
                    ? LocationNamesText::tr(", in the main chunk of %1").arg(chunk)
                    : LocationNamesText::tr(", in the function defined at %1:%2").arg(chunk).arg(function.linedefined));
    }
    case SourceKind::C:
        return LocationNamesText::tr("C function at %1").arg(hex(info.addr));
    case SourceKind::Trace:
        return LocationNamesText::tr("JIT trace %1 (address %2, line %3)")
            .arg(info.traceno)
            .arg(hex(info.addr))
            .arg(info.line);
    case SourceKind::Internal:
        break;
    }
    return LocationNamesText::tr("The LuaJIT runtime (line %1)").arg(info.line);
}

} // namespace memprof::itemmodels
