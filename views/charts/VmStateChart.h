// SPDX-License-Identifier: GPL-3.0-or-later
// Samples per VM state over a sysprof run, stacked, against the sample
// number (the dump has no timestamps: sample i was taken about i intervals
// in). It always shows the whole run; the page's sample range is shaded on
// it. Dragging across it chooses a range (rangeSelected); Shift+drag pans,
// the wheel zooms; double-click shows the whole run again.
#pragma once

#include "ChartPlot.h"
#include "RunRangeDrag.h"

#include "model/sysprofile/SampleTimeline.h"
#include "model/sysprofile/SysprofProfile.h"

#include <array>

namespace memprof::charts {

class VmStateChart : public ChartPlot {
    Q_OBJECT
public:
    explicit VmStateChart(QWidget* parent = nullptr);

    void setTimeline(const SampleTimeline& timeline);
    // The range the panes count; the whole run shades nothing.
    void setRange(RunRange range);
    void resetView() override;

    // The samples of `state` drawn (for tests): the sum of its bars.
    double drawnSamples(VmState state) const;

signals:
    void rangeSelected(memprof::RunRange range);

protected:
    void applyColors() override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    std::array<QCPBars*, kVmStateCount> bars_{};
    QCPItemRect* rangeBand_ = nullptr;
    RunRangeDrag* drag_ = nullptr;
    std::uint64_t sampleCount_ = 0;
};

} // namespace memprof::charts
