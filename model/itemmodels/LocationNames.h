// SPDX-License-Identifier: GPL-3.0-or-later
// The names the viewer shows for a profile's locations. Two different
// location identities can print alike (an unknown prototype's lines all read
// `CFUNC 0x<proto>` in a format-1 dump; two prototypes allocating on one
// line): those, and only those, get a suffix telling them apart ("(line 4)",
// "(proto 0x...)"), the same in every pane; a name met once stays exactly
// as the reference prints it (escaped by displayText). Tool tips spell out
// the identity. The raw name stays what filters, sorting and CSV use.
#pragma once

#include "model/memprofile/Profile.h"

#include <QString>

#include <string>
#include <unordered_map>
#include <vector>

namespace memprof::itemmodels {

class LocationNames {
public:
    LocationNames() = default;
    explicit LocationNames(const Profile& profile);

    // The name with its suffix if another location shares it.
    QString displayName(LocationId location) const;
    // displayName, and for a shared name a line per field of the identity.
    QString toolTip(LocationId location) const;
    // The locations printed with `location`'s name (itself included), in id order.
    const std::vector<LocationId>& sharingName(LocationId location) const;
    bool isShared(LocationId location) const { return sharingName(location).size() > 1; }

private:
    QString identity(LocationId location) const;
    // The name shown: a C location's mangled C++ symbol demangled (the raw
    // symbol goes in the tool tip).
    std::string shownName(LocationId location) const;

    const Profile* profile_ = nullptr;
    std::vector<LocationId> groupOf_; // by location: index into groups_
    std::vector<std::vector<LocationId>> groups_; // locations by name
    std::unordered_map<LocationId, QString> suffix_; // only for shared names
};

} // namespace memprof::itemmodels
