// SPDX-License-Identifier: GPL-3.0-or-later
// The heap of several dumps merged, stacked by dump (StackedHeap.h): each
// dump's live bytes over its own run as an area of its colour, on a common
// x axis that is the share of each run (the runs have no common clock, so
// each is stretched to the width), so the top edge is the cluster's live
// bytes summed at the same share of each run. The peak marked is the top
// edge's: a sum at equal shares, not a measured moment. The legend names
// the dumps as the Instances pane does. Under the pointer a readout names
// the dump whose area it is over, its bytes and the sum there. There is no
// one run, so no window is chosen here: a drag pans, the wheel zooms.
#pragma once

#include "ChartPlot.h"

#include "model/merge/StackedHeap.h"

#include <vector>

namespace memprof::charts {

class PeakMark;
class PointerReadout;

class StackedHeapChart : public ChartPlot {
    Q_OBJECT
public:
    explicit StackedHeapChart(QWidget* parent = nullptr);

    // `names`: the layers' dumps' names, parallel to stacked.instances.
    void setStack(StackedHeap stacked, QStringList names);
    const StackedHeap& stack() const { return stacked_; }
    void resetView() override;

    // For tests: the drawn area of `layer` (its top: the layers up to it
    // summed), the top edge, the peak's label, and what the readout says
    // for the pointer at `pos` (empty off the plot).
    QCPGraph* layerGraph(int layer) const { return layers_.at(layer); }
    int layerCount() const { return static_cast<int>(layers_.size()); }
    QCPGraph* topGraph() const { return top_; }
    QString peakLabel() const;
    QString readoutAt(const QPointF& pos) const;

protected:
    void applyColors() override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    // The layer drawn at value `bytes` in `cell`, or -1 (above the top).
    int layerAt(std::size_t cell, double bytes) const;

    StackedHeap stacked_;
    QStringList names_;
    std::vector<QCPGraph*> layers_;
    QCPGraph* top_ = nullptr;
    PeakMark* peak_ = nullptr;
    PointerReadout* readout_ = nullptr;
};

} // namespace memprof::charts
