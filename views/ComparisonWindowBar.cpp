// SPDX-License-Identifier: GPL-3.0-or-later
#include "ComparisonWindowBar.h"

#include "EventWindowBar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>

namespace memprof::views {

namespace {
RangeOption percentRange(double first, double last)
{
    RangeOption range;
    range.first = {true, true, 0, first};
    range.last = {true, true, 0, last};
    return range;
}

QString percentText(double percent)
{
    return QLocale::c().toString(percent, 'g', 6) + u'%';
}

// "events 1,001–5,000 of 5,000", or the whole run.
QString sideText(const QString& side, RunRange window, std::uint64_t eventCount)
{
    const QLocale locale;
    if (window.covers(eventCount))
        return ComparisonWindowBar::tr("%1 all %2 events").arg(side, locale.toString(qulonglong(eventCount)));
    return ComparisonWindowBar::tr("%1 events %2–%3 of %4")
        .arg(side, locale.toString(qulonglong(window.first)), locale.toString(qulonglong(window.last)),
             locale.toString(qulonglong(eventCount)));
}
} // namespace

ComparisonWindowBar::ComparisonWindowBar(QWidget* parent)
    : QWidget(parent),
      field_(new QLineEdit(this)),
      wholeRuns_(new QPushButton(tr("Whole runs"), this)),
      lastEighty_(new QPushButton(tr("Last 80%"), this)),
      summary_(new QLabel(this)),
      recount_(new RecountProgress(tr("Stop counting these windows and keep the ones shown"), this))
{
    field_->setObjectName(QStringLiteral("comparisonRangeField"));
    wholeRuns_->setObjectName(QStringLiteral("comparisonWholeRuns"));
    lastEighty_->setObjectName(QStringLiteral("comparisonLastEighty"));
    summary_->setObjectName(QStringLiteral("comparisonWindowSummary"));
    recount_->progressBar()->setObjectName(QStringLiteral("comparisonWindowProgress"));
    recount_->cancelButton()->setObjectName(QStringLiteral("comparisonWindowCancel"));

    auto* label = new QLabel(tr("&Events of each run:"), this);
    label->setBuddy(field_);
    field_->setPlaceholderText(tr("FIRST%–LAST%"));
    field_->setToolTip(
        tr("The stretch of both runs the panes compare, in percent of each run (20%–100%: the last "
           "80% of each); an end left empty is the runs' start or end."));
    field_->setMaximumWidth(field_->fontMetrics().horizontalAdvance(QStringLiteral("00.00%–100.00%")) + 24);
    wholeRuns_->setToolTip(tr("Compare every event of both runs again"));
    lastEighty_->setToolTip(tr("Compare the last 80% of each run: what each did once it had started"));
    for (QPushButton* button : {wholeRuns_, lastEighty_})
        button->setAutoDefault(false);
    summary_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(label);
    layout->addWidget(field_);
    layout->addWidget(wholeRuns_);
    layout->addWidget(lastEighty_);
    layout->addWidget(summary_, 1);
    layout->addWidget(recount_);

    connect(field_, &QLineEdit::editingFinished, this, &ComparisonWindowBar::applyTypedRange);
    connect(wholeRuns_, &QPushButton::clicked, this, [this] { emit rangeRequested(percentRange(0, 100)); });
    connect(lastEighty_, &QPushButton::clicked, this, [this] { emit rangeRequested(percentRange(20, 100)); });
    connect(recount_, &RecountProgress::cancelRequested, this, &ComparisonWindowBar::cancelRequested);
}

void ComparisonWindowBar::showWindows(const RangeOption& range, RunRange base, std::uint64_t baseEvents,
                                      RunRange current, std::uint64_t newEvents)
{
    field_->setStyleSheet(QString());
    field_->setText(rangeText(range));
    field_->setModified(false);
    if (off_)
        return;
    const bool whole = base.covers(baseEvents) && current.covers(newEvents);
    wholeRuns_->setEnabled(!whole);
    if (whole) {
        showSummary(tr("The whole runs: BASE %1 events, NEW %2 events")
                        .arg(QLocale().toString(qulonglong(baseEvents)), QLocale().toString(qulonglong(newEvents))));
        return;
    }
    showSummary(
        tr("Comparing %1 · %2").arg(sideText(tr("BASE"), base, baseEvents), sideText(tr("NEW"), current, newEvents)));
}

void ComparisonWindowBar::showProblem(const QString& why)
{
    field_->setStyleSheet(QStringLiteral("QLineEdit { color: #c62828; }"));
    showSummary(why);
}

void ComparisonWindowBar::setOff(const QString& why)
{
    off_ = !why.isEmpty();
    field_->setEnabled(!off_);
    lastEighty_->setEnabled(!off_);
    if (off_)
        wholeRuns_->setEnabled(false);
    summary_->setWordWrap(off_);
    if (off_)
        showSummary(why);
}

void ComparisonWindowBar::showSummary(const QString& text)
{
    summary_->setText(text);
    summary_->setToolTip(text);
}

void ComparisonWindowBar::applyTypedRange()
{
    if (!field_->isModified())
        return;
    field_->setModified(false);
    QString error;
    if (const std::optional<RangeOption> range = parsePercentRange(field_->text(), error))
        emit rangeRequested(*range);
    else
        showProblem(error);
}

void ComparisonWindowBar::setRecounting(bool running)
{
    recount_->setRunning(running);
}

void ComparisonWindowBar::setRecountProgress(quint64 bytesRead, quint64 totalBytes)
{
    recount_->setProgress(bytesRead, totalBytes);
}

std::optional<RangeOption> ComparisonWindowBar::parsePercentRange(const QString& text, QString& error)
{
    std::string why;
    std::optional<RangeOption> range = EventWindowBar::parseRange(text, why);
    if (!range) {
        error = tr("Not a window of both runs (FIRST%–LAST%, such as 20%–100%): %1").arg(QString::fromStdString(why));
        return std::nullopt;
    }
    for (const RangeOption::End* end : {&range->first, &range->last}) {
        if (end->given && !end->percent) {
            error =
                tr("Event numbers name other events in each run: give the window in percent of the runs, "
                   "such as 20%–100%.");
            return std::nullopt;
        }
    }
    return range;
}

QString ComparisonWindowBar::rangeText(const RangeOption& range)
{
    const double first = range.first.given ? range.first.percentOfRun : 0;
    const double last = range.last.given ? range.last.percentOfRun : 100;
    return percentText(first) + QChar(0x2013) + percentText(last);
}

} // namespace memprof::views
