// SPDX-License-Identifier: GPL-3.0-or-later
// Allocation sizes in power-of-two buckets, as the number of allocations or
// the bytes they allocated, for the whole profile or one location. Its size
// labels never run together: they slant when the bars are narrower than a
// label, and only every n-th is written when even slanted ones would touch.
#pragma once

#include "ChartPlot.h"

#include "model/memprofile/SizeHistogram.h"

namespace memprof::charts {

enum class HistogramMeasure { Count, Bytes };

class SizeHistogramChart : public ChartPlot {
    Q_OBJECT
public:
    explicit SizeHistogramChart(QWidget* parent = nullptr);

    // `scope` names what the histogram covers ("whole profile", a location).
    void setHistogram(const SizeHistogram& histogram, const QString& scope);
    void setMeasure(HistogramMeasure measure);
    HistogramMeasure measure() const { return measure_; }
    void resetView() override;

    QCPBars* bars() const { return bars_; }
    // "1KiB–2KiB": the sizes bucket `bucket` holds.
    static QString bucketLabel(std::size_t bucket);

protected:
    void applyColors() override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void rebuild();
    void fitTickLabels();

    SizeHistogram histogram_;
    QString scope_;
    HistogramMeasure measure_ = HistogramMeasure::Count;
    QCPBars* bars_ = nullptr;
    std::size_t firstBucket_ = 0;
    std::size_t lastBucket_ = 0;
    double largest_ = 0;
    QMap<double, QString> tickLabels_; // every bar's
};

} // namespace memprof::charts
