// SPDX-License-Identifier: GPL-3.0-or-later
// Waiting for a signal that may already have come. A job emits its result
// on its worker thread and QSignalSpy records it there at once, so the
// result can be in the spy before the test reaches QSignalSpy::wait(),
// which waits only for an emission after it starts: on a busy machine
// that wait then times out with the result already in hand.
#pragma once

#include <QSignalSpy>
#include <QTest>

namespace testsuite {

// True once `spy` holds `count` emissions, however early they came; false
// after `timeoutMs` without them. Events are processed meanwhile.
inline bool received(QSignalSpy& spy, int timeoutMs, qsizetype count = 1)
{
    return QTest::qWaitFor([&spy, count] { return spy.count() >= count; }, timeoutMs);
}

} // namespace testsuite
