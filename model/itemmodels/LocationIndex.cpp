// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/itemmodels/LocationIndex.h"

namespace memprof::itemmodels {

LocationIndex::LocationIndex(const Profile& profile)
{
    firstByName_.reserve(profile.locations.size());
    for (std::size_t id = 0; id < profile.locations.size(); ++id)
        firstByName_.try_emplace(profile.locations[id].name, static_cast<LocationId>(id));
}

std::optional<LocationId> LocationIndex::firstNamed(const std::string& name) const
{
    const auto it = firstByName_.find(name);
    if (it == firstByName_.end())
        return std::nullopt;
    return it->second;
}

} // namespace memprof::itemmodels
