// SPDX-License-Identifier: GPL-3.0-or-later
// The names the viewer shows for a profile's locations. Two different
// location identities can print alike (an unknown prototype's lines all read
// `CFUNC 0x<proto>` in a format-1 dump; two prototypes allocating on one
// line): those, and only those, get a suffix telling them apart ("(line 4)",
// "(proto 0x...)"), the same in every pane; a name met once stays exactly
// as the reference prints it (escaped by displayText). Once the functions'
// names are read, a location reads by its function's name first
// (FunctionLabel.h: "serialize  serializer.lua:7"). Tool tips spell out
// the identity. The raw name stays what sorting and CSV use.
#pragma once

#include "model/itemmodels/FunctionLabel.h"
#include "model/memprofile/Profile.h"

#include <QString>

#include <string>
#include <unordered_map>
#include <vector>

namespace memprof::itemmodels {

class LocationNames {
public:
    LocationNames() = default;
    // `functionNames`: the names read for the profile's dump (null: none).
    explicit LocationNames(const Profile& profile, FunctionNames functionNames = nullptr);

    void setFunctionNames(FunctionNames names) { functionNames_ = std::move(names); }
    const FunctionNames& functionNames() const { return functionNames_; }

    // The name with its suffix if another location shares it, after its
    // function's name where that is known.
    QString displayName(LocationId location) const;
    // What a location's cell gives for `role` (FunctionLabel::data).
    QVariant labelData(LocationId location, int role) const;
    FunctionLabel label(LocationId location) const;
    // displayName, and for a shared name a line per field of the identity.
    QString toolTip(LocationId location) const;
    // The locations printed with `location`'s name (itself included), in id order.
    const std::vector<LocationId>& sharingName(LocationId location) const;
    bool isShared(LocationId location) const { return sharingName(location).size() > 1; }

private:
    // The reference's name with its suffix if another location shares it.
    QString referenceName(LocationId location) const;
    QString referenceToolTip(LocationId location) const;
    QString identity(LocationId location) const;
    // The name shown: a C location's mangled C++ symbol demangled (the raw
    // symbol goes in the tool tip).
    std::string shownName(LocationId location) const;

    const Profile* profile_ = nullptr;
    std::vector<LocationId> groupOf_; // by location: index into groups_
    std::vector<std::vector<LocationId>> groups_; // locations by name
    std::unordered_map<LocationId, QString> suffix_; // only for shared names
    FunctionNames functionNames_;
};

} // namespace memprof::itemmodels
