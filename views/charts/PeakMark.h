// SPDX-License-Identifier: GPL-3.0-or-later
// A peak marked on a chart: a circle at the point and its label above it,
// on the side of the view with room and whole inside the plot whatever the
// zoom (where the point's side has no room it slides along the edge), with
// an arrow from the label to the point while the point is in view.
#pragma once

#include "ChartPlot.h"

namespace memprof::charts {

class PeakMark : public QObject {
    Q_OBJECT
public:
    // On `plot`'s axes `keyAxis` and `valueAxis`; hidden until shown.
    PeakMark(QCustomPlot* plot, QCPAxis* keyAxis, QCPAxis* valueAxis);

    void show(double key, double value, const QString& text);
    void hide();
    bool isVisible() const;
    QString text() const;
    void applyColors(const ChartColors& colors);
    // The label placed for the plot's layout and range; done before each
    // drawing.
    void place();

private:
    QCPAxis* keyAxis_;
    QCPAxis* valueAxis_;
    QCPItemTracer* marker_;
    QCPItemText* label_;
    QCPItemLine* arrow_;
    double key_ = 0;
    double value_ = 0;
};

} // namespace memprof::charts
