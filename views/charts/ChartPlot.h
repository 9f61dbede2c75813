// SPDX-License-Identifier: GPL-3.0-or-later
// What the three charts share: the colours taken from the widget palette
// (light or dark, refreshed when it changes), drag to pan and wheel to zoom
// along one axis, double-click to reset the view, a title row.
#pragma once

#include "QCustomPlotInclude.h"

namespace memprof::charts {

struct ChartColors {
    bool dark = false;
    QColor background, text, axis, grid, subGrid;
    QColor live, liveBand, allocated, overlay, peak, bar, barSelected;

    static ChartColors fromPalette(const QPalette& palette);
};

class ChartPlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit ChartPlot(QWidget* parent = nullptr);

    // Shows all the data again (double-click does this).
    virtual void resetView() = 0;
    const ChartColors& colors() const { return colors_; }
    void setTitle(const QString& title);

protected:
    // A byte figure as the charts' readouts and labels show it ("1.5 KiB").
    static QString bytesText(std::uint64_t bytes);
    // Pan and zoom along `orientation` only.
    void setPanZoom(Qt::Orientations orientation);
    void changeEvent(QEvent* event) override;
    // Subclasses recolour their plottables here; the axes are done already.
    virtual void applyColors() {}
    void styleAxis(QCPAxis* axis);
    // `range` (the x axis's, just changed) kept inside [0, length]: it
    // keeps its size, at least `smallest` and at most `length`, and slides
    // back inside.
    void keepKeyRangeWithin(const QCPRange& range, double length, double smallest);
    // The legend in a row of its own below the plot (inside, it would hide
    // the curves), centred, its entries in `rows` rows.
    void placeLegendBelow(int rows);
    // A centred message instead of data ("no events").
    void showEmptyText(const QString& text);

private:
    void refreshColors();

    ChartColors colors_;
    QCPTextElement* title_ = nullptr;
    QCPItemText* emptyText_ = nullptr;
};

} // namespace memprof::charts
