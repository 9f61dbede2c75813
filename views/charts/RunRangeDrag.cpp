// SPDX-License-Identifier: GPL-3.0-or-later
#include "RunRangeDrag.h"

#include <QMouseEvent>

#include <algorithm>
#include <cmath>

namespace memprof::charts {

RunRangeDrag::RunRangeDrag(QCustomPlot* plot, double firstKey, Ends ends)
    : QObject(plot), plot_(plot), firstKey_(firstKey), ends_(ends), band_(new QCPItemRect(plot))
{
    band_->setLayer(QStringLiteral("grid"));
    band_->setVisible(false);
}

void RunRangeDrag::setRunLength(std::uint64_t length)
{
    runLength_ = length;
    startX_.reset();
    band_->setVisible(false);
}

void RunRangeDrag::setBandColor(const QColor& color, float fillAlpha)
{
    QColor fill = color;
    fill.setAlphaF(fillAlpha);
    band_->setBrush(fill);
    band_->setPen(QPen(color, 1));
}

std::pair<std::uint64_t, std::uint64_t> RunRangeDrag::boundariesBetween(double fromPixel, double toPixel) const
{
    const double length = static_cast<double>(runLength_);
    const auto boundary = [&](double pixel) {
        const double key = plot_->xAxis->pixelToCoord(pixel) - firstKey_;
        // The position under the pointer ends at the boundary after it.
        const double at = ends_ == Ends::PositionUnder ? std::clamp(std::floor(key) + 1, 1.0, length)
                                                       : std::clamp(std::round(key), 0.0, length);
        return static_cast<std::uint64_t>(at);
    };
    const std::uint64_t a = boundary(fromPixel);
    const std::uint64_t b = boundary(toPixel);
    std::pair<std::uint64_t, std::uint64_t> ends{std::min(a, b), std::max(a, b)};
    // Positions under the pointer: the one under the earlier end is in.
    if (ends_ == Ends::PositionUnder)
        --ends.first;
    return ends;
}

std::optional<RunRange> RunRangeDrag::rangeBetween(double fromPixel, double toPixel) const
{
    const auto [from, to] = boundariesBetween(fromPixel, toPixel);
    if (from == to)
        return std::nullopt;
    return clampRange({from + 1, to}, runLength_);
}

void RunRangeDrag::placeBand(QCPItemRect* band, std::uint64_t from, std::uint64_t to) const
{
    for (QCPItemPosition* corner : {band->topLeft, band->bottomRight}) {
        corner->setAxes(plot_->xAxis, plot_->yAxis);
        corner->setAxisRect(plot_->xAxis->axisRect());
        corner->setTypeX(QCPItemPosition::ptPlotCoords);
        corner->setTypeY(QCPItemPosition::ptAxisRectRatio);
    }
    // The axis ends at the run's length: a last position drawn past it is
    // shaded up to there.
    const double axisEnd = static_cast<double>(runLength_);
    band->topLeft->setCoords(std::min(static_cast<double>(from) + firstKey_, axisEnd), 0);
    band->bottomRight->setCoords(std::min(static_cast<double>(to) + firstKey_, axisEnd), 1);
}

void RunRangeDrag::showRange(QCPItemRect* band, RunRange range) const
{
    band->setVisible(!range.isWholeRun());
    if (!range.isWholeRun())
        placeBand(band, std::max<std::uint64_t>(range.first, 1) - 1, range.last);
}

bool RunRangeDrag::press(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton || (event->modifiers() & Qt::ShiftModifier) || runLength_ == 0 ||
        !QRectF(plot_->axisRect()->rect()).contains(event->position()))
        return false;
    startX_ = event->position().x();
    event->accept();
    return true;
}

bool RunRangeDrag::move(QMouseEvent* event)
{
    if (!startX_)
        return false;
    const auto [from, to] = boundariesBetween(*startX_, event->position().x());
    placeBand(band_, from, to);
    band_->setVisible(true);
    plot_->replot(QCustomPlot::rpQueuedReplot);
    event->accept();
    return true;
}

bool RunRangeDrag::release(QMouseEvent* event)
{
    if (!startX_ || event->button() != Qt::LeftButton)
        return false;
    const double start = *startX_;
    const double x = event->position().x();
    startX_.reset();
    band_->setVisible(false);
    plot_->replot(QCustomPlot::rpQueuedReplot);
    event->accept();
    if (std::abs(x - start) >= kMinDragPixels)
        if (const std::optional<RunRange> range = rangeBetween(start, x))
            emit rangeChosen(*range);
    return true;
}

} // namespace memprof::charts
