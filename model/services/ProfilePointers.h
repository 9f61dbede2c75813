// SPDX-License-Identifier: GPL-3.0-or-later
// The loaded profiles as the windows and jobs pass them: values shared
// read-only between the worker that made them and the GUI thread.
#pragma once

#include "model/memprofile/Profile.h"
#include "model/sysprofile/SysprofProfile.h"

#include <QMetaType>

#include <memory>

namespace memprof::services {

using ProfilePtr = std::shared_ptr<const Profile>;
using SysprofPtr = std::shared_ptr<const SysprofProfile>;

} // namespace memprof::services

Q_DECLARE_METATYPE(memprof::services::ProfilePtr)
Q_DECLARE_METATYPE(memprof::services::SysprofPtr)
