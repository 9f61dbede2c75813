// SPDX-License-Identifier: GPL-3.0-or-later
// What the chart tests read back from QCustomPlot.
#pragma once

namespace memprof::test {

// The sum of the values of a QCustomPlot data container (it has no const
// begin/end).
template <class Container>
double sumOf(const Container& data)
{
    double sum = 0;
    for (auto it = data.constBegin(); it != data.constEnd(); ++it)
        sum += it->value;
    return sum;
}

} // namespace memprof::test
