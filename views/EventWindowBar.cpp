// SPDX-License-Identifier: GPL-3.0-or-later
#include "EventWindowBar.h"

#include "ViewState.h"
#include "model/report/RangeOption.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>

namespace memprof::views {

namespace {
QString eventNumber(std::uint64_t event)
{
    return QLocale().toString(static_cast<qulonglong>(event));
}
} // namespace

EventWindowBar::EventWindowBar(ViewState* state, QWidget* parent)
    : QWidget(parent),
      state_(state),
      field_(new QLineEdit(this)),
      wholeRun_(new QPushButton(tr("Whole run"), this)),
      upToPeak_(new QPushButton(tr("Up to the peak"), this)),
      afterPeak_(new QPushButton(tr("After the peak"), this)),
      summary_(new QLabel(this)),
      recount_(new RecountProgress(tr("Stop counting this window and keep the one shown"), this))
{
    field_->setObjectName(QStringLiteral("windowRangeField"));
    wholeRun_->setObjectName(QStringLiteral("windowWholeRun"));
    upToPeak_->setObjectName(QStringLiteral("windowUpToPeak"));
    afterPeak_->setObjectName(QStringLiteral("windowAfterPeak"));
    summary_->setObjectName(QStringLiteral("windowSummary"));
    recount_->progressBar()->setObjectName(QStringLiteral("windowProgress"));
    recount_->cancelButton()->setObjectName(QStringLiteral("windowCancel"));

    auto* label = new QLabel(tr("&Events:"), this);
    label->setBuddy(field_);
    field_->setPlaceholderText(tr("FIRST–LAST"));
    field_->setToolTip(
        tr("The stretch of the run every pane counts: FIRST–LAST as event numbers or percentages "
           "of the run (10%–50%); an end left empty is the run's start or end. Or drag across the "
           "heap chart."));
    field_->setMinimumWidth(field_->fontMetrics().horizontalAdvance(QStringLiteral("00000000–00000000")) + 16);
    field_->setMaximumWidth(field_->fontMetrics().horizontalAdvance(QStringLiteral("000,000,000–000,000,000")) + 16);
    wholeRun_->setToolTip(tr("Count every event of the run again"));
    upToPeak_->setToolTip(tr("From the first event to the one where the live bytes peaked: what built the heap up"));
    afterPeak_->setToolTip(tr("From the event after the peak to the end: what stayed, and what grew again"));
    for (QPushButton* button : {wholeRun_, upToPeak_, afterPeak_})
        button->setAutoDefault(false);
    // The summary gives way when the window is narrow (its tool tip keeps it).
    summary_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    summary_->setMinimumWidth(summary_->fontMetrics().horizontalAdvance(QStringLiteral("Counting events")));

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(label);
    layout->addWidget(field_);
    layout->addWidget(wholeRun_);
    layout->addWidget(upToPeak_);
    layout->addWidget(afterPeak_);
    layout->addWidget(summary_, 1);
    layout->addWidget(recount_);

    connect(field_, &QLineEdit::editingFinished, this, &EventWindowBar::applyTypedWindow);
    connect(wholeRun_, &QPushButton::clicked, this, [this] { setWindow({}); });
    connect(upToPeak_, &QPushButton::clicked, this, [this] { setWindow({1, peakEventIndex_}); });
    connect(afterPeak_, &QPushButton::clicked, this, [this] { setWindow({peakEventIndex_ + 1, eventCount_}); });
    connect(recount_, &RecountProgress::cancelRequested, this, &EventWindowBar::cancelRequested);
    connect(state_, &ViewState::rangeChanged, this, &EventWindowBar::showWindow);
    setRun(0, 0);
}

void EventWindowBar::setRun(std::uint64_t eventCount, std::uint64_t peakEventIndex)
{
    eventCount_ = eventCount;
    peakEventIndex_ = peakEventIndex;
    showWindow(state_->range());
}

void EventWindowBar::setWindow(RunRange window)
{
    state_->setRange(clampRange(window, eventCount_));
    showWindow(state_->range()); // also when unchanged: the field shows it again
}

void EventWindowBar::applyTypedWindow()
{
    if (!field_->isModified())
        return;
    field_->setModified(false);
    QString error;
    if (const std::optional<RunRange> window = parseWindow(field_->text(), eventCount_, error)) {
        setWindow(*window);
    } else {
        field_->setStyleSheet(QStringLiteral("QLineEdit { color: #c62828; }"));
        showSummary(error);
    }
}

void EventWindowBar::showWindow(RunRange window)
{
    field_->setStyleSheet(QString());
    const bool hasRun = eventCount_ > 0;
    field_->setEnabled(hasRun);
    field_->setText(hasRun ? windowText(window, eventCount_) : QString());
    field_->setModified(false);
    const bool whole = window.covers(eventCount_);
    wholeRun_->setEnabled(!whole);
    // Before the last event, and after the first: the presets say something.
    const bool peakInside = hasRun && peakEventIndex_ >= 1 && peakEventIndex_ < eventCount_;
    upToPeak_->setEnabled(peakInside && window != RunRange{1, peakEventIndex_});
    afterPeak_->setEnabled(peakInside && window != RunRange{peakEventIndex_ + 1, eventCount_});
    if (!hasRun) {
        showSummary(tr("No events: nothing to choose a window from."));
        return;
    }
    if (whole) {
        showSummary(tr("The whole run: %1 events").arg(eventNumber(eventCount_)));
        return;
    }
    const std::uint64_t length = window.last - window.first + 1;
    const double percent = 100.0 * static_cast<double>(length) / static_cast<double>(eventCount_);
    showSummary(tr("Counting events %1–%2: %3 of %4 events (%5% of the run)")
                    .arg(eventNumber(window.first), eventNumber(window.last), eventNumber(length),
                         eventNumber(eventCount_), QLocale().toString(percent, 'f', percent < 1 ? 2 : 1)));
}

void EventWindowBar::showSummary(const QString& text)
{
    summary_->setText(text);
    summary_->setToolTip(text);
}

void EventWindowBar::setRecounting(bool running)
{
    recount_->setRunning(running);
}

void EventWindowBar::setRecountProgress(quint64 bytesRead, quint64 totalBytes)
{
    recount_->setProgress(bytesRead, totalBytes);
}

std::optional<RangeOption> EventWindowBar::parseRange(const QString& text, std::string& error)
{
    // One separator between the ends: an en dash, a hyphen, "..", or the
    // report's colon; digit groups and spaces go.
    QString plain = text.trimmed();
    plain.remove(QLocale().groupSeparator());
    plain.remove(QRegularExpression(QStringLiteral("[\\s,'\u00a0\u202f]")));
    plain.replace(QStringLiteral(".."), QStringLiteral(":"));
    plain.replace(QChar(0x2013), QLatin1Char(':'));
    plain.replace(QChar(0x2014), QLatin1Char(':'));
    plain.replace(QLatin1Char('-'), QLatin1Char(':'));
    return parseRangeOption(plain.toStdString(), error);
}

std::optional<RunRange> EventWindowBar::parseWindow(const QString& text, std::uint64_t eventCount, QString& error)
{
    std::string why;
    const std::optional<RangeOption> range = parseRange(text, why);
    if (range) {
        if (const std::optional<RunRange> window = resolveRange(*range, eventCount, why))
            return clampRange(*window, eventCount);
    }
    error =
        tr("Not a window of this run (FIRST–LAST, 1–%1): %2").arg(eventNumber(eventCount), QString::fromStdString(why));
    return std::nullopt;
}

QString EventWindowBar::windowText(RunRange window, std::uint64_t eventCount)
{
    const RunRange shown = window.covers(eventCount) ? RunRange{1, eventCount} : window;
    return QStringLiteral("%1–%2").arg(shown.first).arg(std::min(shown.last, eventCount));
}

} // namespace memprof::views
