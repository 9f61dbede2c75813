// SPDX-License-Identifier: GPL-3.0-or-later
// The heap over the run: live bytes against the event number (memprof has no
// timestamps) as steps through each bucket's maximum, with the bucket's
// minimum as a band below, the cumulative allocated bytes on the right axis,
// the peak marked and labelled, and one location's own live bytes overlaid.
#pragma once

#include "ChartPlot.h"

#include "model/profile/HeapTimeline.h"
#include "model/profile/Profile.h"

namespace memprof::charts {

class HeapChart : public ChartPlot {
    Q_OBJECT
public:
    explicit HeapChart(QWidget* parent = nullptr);

    void setTimeline(const HeapTimeline& timeline, const ProfileTotals& totals);
    // Overlays `timeline` (a LocationHistory's) as the live bytes of `name`;
    // an empty name removes the overlay.
    void setOverlay(const HeapTimeline& timeline, const QString& name);
    void clearOverlay();

    void resetView() override;

    // For tests: the drawn series.
    QCPGraph* liveMaxGraph() const { return liveMax_; }
    QCPGraph* liveMinGraph() const { return liveMin_; }
    QCPGraph* allocatedGraph() const { return allocated_; }
    QCPGraph* overlayGraph() const { return overlay_; }
    QString peakLabel() const { return peakText_->text(); }

protected:
    void applyColors() override;

private:
    void placePeakLabel();

    QCPGraph* liveMax_ = nullptr;
    QCPGraph* liveMin_ = nullptr;
    QCPGraph* allocated_ = nullptr;
    QCPGraph* overlay_ = nullptr;
    QCPItemTracer* peakMarker_ = nullptr;
    QCPItemText* peakText_ = nullptr;
    QCPItemLine* peakArrow_ = nullptr;
    std::uint64_t eventCount_ = 0;
    std::uint64_t peakLiveBytes_ = 0;
    std::uint64_t peakEventIndex_ = 0;
    std::uint64_t allocatedBytes_ = 0;
};

// The steps of a timeline: each bucket's first event with its maximum (or
// minimum), then the last event with the bytes after it.
struct StepSeries {
    QVector<double> keys;
    QVector<double> values;
};
enum class BucketValue { Max, Min, Allocated };
StepSeries stepSeries(const HeapTimeline& timeline, BucketValue value);

} // namespace memprof::charts
