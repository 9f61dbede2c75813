// SPDX-License-Identifier: GPL-3.0-or-later
// Location names back to identities: rows keyed by name (the leak summary)
// still need an identity to select and to find the source of.
#pragma once

#include "model/memprofile/Profile.h"

#include <optional>
#include <string>
#include <unordered_map>

namespace memprof::itemmodels {

class LocationIndex {
public:
    LocationIndex() = default;
    explicit LocationIndex(const Profile& profile);

    // The first identity met with this name (the one the reference merges
    // the others into), or none.
    std::optional<LocationId> firstNamed(const std::string& name) const;

private:
    std::unordered_map<std::string, LocationId> firstByName_;
};

} // namespace memprof::itemmodels
