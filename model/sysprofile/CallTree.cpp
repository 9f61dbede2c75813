// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/sysprofile/CallTree.h"

namespace memprof {

FrameId FrameTable::intern(CallFrame frame)
{
    std::string key;
    key.reserve(frame.name.size() + 1);
    key += static_cast<char>(frame.kind);
    key += frame.name;
    auto [it, inserted] = byKey_.try_emplace(std::move(key), static_cast<FrameId>(frames_.size()));
    if (inserted)
        frames_.push_back(std::move(frame));
    return it->second;
}

} // namespace memprof
