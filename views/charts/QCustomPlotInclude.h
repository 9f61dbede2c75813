// SPDX-License-Identifier: GPL-3.0-or-later
// The one place qcustomplot.h is included. Its header templates use Qt's
// `foreach`, which QT_NO_FOREACH removes; give them a range-for for the
// length of the include (their loops only read the containers).
#pragma once

#if defined(QT_NO_FOREACH) && !defined(foreach)
#include <utility>
#define foreach(variable, container) for (variable : std::as_const(container))
#define MEMPROF_DEFINED_FOREACH
#endif

#include <qcustomplot.h>

#ifdef MEMPROF_DEFINED_FOREACH
#undef foreach
#undef MEMPROF_DEFINED_FOREACH
#endif
