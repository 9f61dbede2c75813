// SPDX-License-Identifier: GPL-3.0-or-later
#include "TopHoldersChart.h"

#include "ByteAxisTicker.h"

#include "model/itemmodels/DisplayText.h"
#include "model/memprofile/ProfileRanking.h"
#include "model/report/TextReport.h"

#include <QFontMetrics>
#include <QToolTip>

#include <unordered_map>

namespace memprof::charts {

std::vector<TopHolder> topHolders(const Profile& profile, std::size_t count)
{
    // As the leak pane does: a name's bar selects the identity holding the
    // most under that name (its source line is where most bytes came from).
    std::unordered_map<std::string, std::pair<std::uint64_t, LocationId>> heaviest;
    for (const HeldRow& live : profile.heldAtEnd) {
        auto [it, inserted] = heaviest.try_emplace(profile.nameOf(live.location), live.heldBytes, live.location);
        if (!inserted && live.heldBytes > it->second.first)
            it->second = {live.heldBytes, live.location};
    }
    std::vector<TopHolder> holders;
    for (const HeldByName& live : rankHeldByName(profile, HeldScope::End)) {
        if (holders.size() == count || live.heldBytes == 0)
            break;
        holders.push_back({live.name, live.heldBytes, live.blockCount, heaviest.at(live.name).second, live.overflowed});
    }
    return holders;
}

TopHoldersChart::TopHoldersChart(QWidget* parent) : ChartPlot(parent)
{
    bars_ = new QCPBars(yAxis, xAxis); // horizontal: keys on the left axis
    bars_->setWidth(0.7);
    bars_->setName(tr("held at the end"));
    selectedBar_ = new QCPBars(yAxis, xAxis);
    selectedBar_->setWidth(0.7);
    setToolTip(tr("Bytes held at the end: blocks still live, by the location that allocated them"));
    xAxis->setTicker(QSharedPointer<ByteAxisTicker>::create());
    yAxis->setTickLength(0, 0);
    yAxis->setSubTicks(false);
    yAxis->grid()->setVisible(false);
    setPanZoom(Qt::Horizontal);
    setTitle(tr("Top %1 holders at the end").arg(kBarCount));
    setMouseTracking(true);
    // A click, not the end of a drag, activates the bar.
    connect(this, &QCustomPlot::mousePress, this, [this](QMouseEvent* event) { pressPosition_ = event->position(); });
    connect(this, &QCustomPlot::mouseRelease, this, [this](QMouseEvent* event) {
        if (event->button() != Qt::LeftButton || (event->position() - pressPosition_).manhattanLength() > 4)
            return;
        const int rank = holderAt(event->position());
        if (rank >= 0)
            emit locationActivated(holders_[static_cast<std::size_t>(rank)].location);
    });
    applyColors();
    rebuildBars();
}

void TopHoldersChart::applyColors()
{
    if (!bars_)
        return;
    const ChartColors& c = colors();
    QColor fill = c.bar;
    fill.setAlphaF(0.75f);
    bars_->setBrush(fill);
    bars_->setPen(QPen(c.bar));
    QColor selectedFill = c.barSelected;
    selectedFill.setAlphaF(0.8f);
    selectedBar_->setBrush(selectedFill);
    selectedBar_->setPen(QPen(c.barSelected));
    for (QCPItemText* label : valueLabels_)
        label->setColor(c.text);
}

void TopHoldersChart::setProfile(const Profile& profile)
{
    holders_ = topHolders(profile, kBarCount);
    rebuildBars();
}

void TopHoldersChart::setSelectedLocation(const std::string& name)
{
    selectedName_ = name;
    selectedBar_->data()->clear();
    for (std::size_t rank = 0; rank < holders_.size(); ++rank)
        if (holders_[rank].name == name)
            selectedBar_->addData(keyOf(rank), static_cast<double>(holders_[rank].heldBytes));
}

void TopHoldersChart::rebuildBars()
{
    for (QCPItemText* label : valueLabels_)
        removeItem(label);
    valueLabels_.clear();
    QVector<double> keys, values;
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    const QFontMetrics metrics(font());
    for (std::size_t rank = 0; rank < holders_.size(); ++rank) {
        const TopHolder& holder = holders_[rank];
        keys.push_back(keyOf(rank));
        values.push_back(static_cast<double>(holder.heldBytes));
        // Long chunk names keep their end (file and line) visible.
        ticker->addTick(keyOf(rank), metrics.elidedText(itemmodels::displayText(QString::fromStdString(holder.name)),
                                                        Qt::ElideLeft, 320));
        auto* label = new QCPItemText(this);
        label->position->setAxes(xAxis, yAxis);
        label->position->setCoords(static_cast<double>(holder.heldBytes), keyOf(rank));
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        label->setPadding(QMargins(4, 0, 0, 0));
        label->setClipToAxisRect(false);
        label->setText(QString::fromStdString(formatBytes(holder.held(), true)));
        label->setColor(colors().text);
        valueLabels_.push_back(label);
    }
    bars_->setData(keys, values, true);
    yAxis->setTicker(ticker);
    setSelectedLocation(selectedName_);
    showEmptyText(holders_.empty() ? tr("Nothing allocated during profiling is still live at the end") : QString());
    resetView();
}

void TopHoldersChart::resetView()
{
    fitToWidth();
    fittedMaximum_ = fittedRange();
    xAxis->setRange(0, fittedMaximum_);
    yAxis->setRange(0.4, static_cast<double>(std::max<std::size_t>(holders_.size(), 1)) + 0.6);
}

double TopHoldersChart::fittedRange() const
{
    // Room on the right of each bar for its figure, in pixels: the range
    // ends where the widest bar's end plus its figure reach the axis end.
    const QFontMetrics metrics(font());
    double range = 1024.0;
    const double axis = std::max(1, axisWidth());
    for (std::size_t rank = 0; rank < holders_.size(); ++rank) {
        const auto held = static_cast<double>(holders_[rank].heldBytes);
        const double room = metrics.horizontalAdvance(valueLabels_[rank]->text()) + 12.0;
        const double share = std::max(0.3, 1.0 - room / axis);
        range = std::max({range, held * 1.05, held / share});
    }
    return range;
}

int TopHoldersChart::axisWidth() const
{
    // The width the holders' names leave, known before the layout that
    // places the axis; the laid-out axis when narrower.
    int names = 0;
    if (auto ticker = qSharedPointerCast<QCPAxisTickerText>(yAxis->ticker()))
        for (const QString& name : ticker->ticks())
            names = std::max(names, QFontMetrics(yAxis->tickLabelFont()).horizontalAdvance(name));
    const int estimate = width() - names - 60;
    return axisRect()->width() > 0 ? std::min(estimate, axisRect()->width()) : estimate;
}

void TopHoldersChart::fitToWidth()
{
    const QString full = tr("bytes held at the end (blocks still live, by the location that allocated them)");
    const QString brief = tr("bytes held at the end");
    const int room = axisWidth();
    xAxis->setLabel(QFontMetrics(xAxis->labelFont()).horizontalAdvance(full) <= room ? full : brief);
}

void TopHoldersChart::resizeEvent(QResizeEvent* event)
{
    ChartPlot::resizeEvent(event);
    fitToWidth();
    // A view the user has not panned or zoomed keeps its figures in sight.
    if (xAxis->range().lower == 0 && xAxis->range().upper == fittedMaximum_) {
        fittedMaximum_ = fittedRange();
        xAxis->setRange(0, fittedMaximum_);
    }
    replot(QCustomPlot::rpQueuedReplot);
}

int TopHoldersChart::holderAt(const QPointF& pos) const
{
    if (holders_.empty() || !axisRect()->rect().contains(pos.toPoint()))
        return -1;
    const double key = yAxis->pixelToCoord(pos.y());
    const double value = xAxis->pixelToCoord(pos.x());
    const long nearest = std::lround(key);
    if (std::abs(key - static_cast<double>(nearest)) > bars_->width() / 2 || nearest < 1 ||
        nearest > static_cast<long>(holders_.size()))
        return -1;
    const std::size_t rank = holders_.size() - static_cast<std::size_t>(nearest);
    if (value < 0 || value > static_cast<double>(holders_[rank].heldBytes))
        return -1;
    return static_cast<int>(rank);
}

void TopHoldersChart::mouseMoveEvent(QMouseEvent* event)
{
    QCustomPlot::mouseMoveEvent(event);
    const int rank = holderAt(event->position());
    if (rank < 0) {
        QToolTip::hideText();
        unsetCursor();
        return;
    }
    const TopHolder& holder = holders_[static_cast<std::size_t>(rank)];
    setCursor(Qt::PointingHandCursor);
    QToolTip::showText(event->globalPosition().toPoint(),
                       tr("%1\n%2 held in %3 blocks\nClick to select")
                           .arg(itemmodels::displayText(QString::fromStdString(holder.name)),
                                QString::fromStdString(formatBytes(holder.held(), true)),
                                QLocale().toString(static_cast<qulonglong>(holder.blockCount))),
                       this);
}

} // namespace memprof::charts
