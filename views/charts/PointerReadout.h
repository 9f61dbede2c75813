// SPDX-License-Identifier: GPL-3.0-or-later
// What a chart reads under the pointer: a dashed vertical line at the
// pointer and a text box in the top corner away from it, so it never hides
// the curve under the pointer.
#pragma once

#include "ChartPlot.h"

namespace memprof::charts {

class PointerReadout : public QObject {
    Q_OBJECT
public:
    // Its items are called `<name>Crosshair` and `<name>Readout` (tests
    // find them so).
    PointerReadout(QCustomPlot* plot, const QString& name);

    // `text` for the pointer at widget x `pixelX`.
    void show(double pixelX, const QString& text);
    void hide();
    bool isVisible() const;
    QString text() const;
    void applyColors(const ChartColors& colors);

private:
    QCustomPlot* plot_;
    QCPItemStraightLine* crosshair_;
    QCPItemText* text_;
};

} // namespace memprof::charts
