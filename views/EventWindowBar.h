// SPDX-License-Identifier: GPL-3.0-or-later
// The event window over the run, in one row above the panes: the window as
// FIRST–LAST (typed, or set by the heap chart), the presets Whole run, Up to
// the peak and After the peak, what the window covers (events and percent of
// the run), and, while a re-count takes long, its progress and Cancel. It
// sets the page's view state and shows what the view state holds.
#pragma once

#include "model/dump/RunRange.h"
#include "model/report/RangeOption.h"

#include "RecountProgress.h"

#include <QWidget>

#include <cstdint>
#include <optional>
#include <string>

class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;

namespace memprof::views {

class ViewState;

class EventWindowBar : public QWidget {
    Q_OBJECT
public:
    explicit EventWindowBar(ViewState* state, QWidget* parent = nullptr);

    // The whole run's length and the event where its live bytes peaked.
    void setRun(std::uint64_t eventCount, std::uint64_t peakEventIndex);
    // A re-count of the window is running (its progress shows after a short
    // delay, so a quick one does not flicker) or ended.
    void setRecounting(bool running);
    void setRecountProgress(quint64 bytesRead, quint64 totalBytes);

    // "FIRST–LAST", "FIRST-LAST" or "FIRST:LAST": event numbers (digit
    // groups allowed) or percentages of the run, an end left empty for the
    // run's start or end. Nothing, with why in `error`, for a mistake.
    static std::optional<RunRange> parseWindow(const QString& text, std::uint64_t eventCount, QString& error);
    // The same text before it meets a run: its ends, percentages kept as
    // such (a comparison cuts two runs at them). Nothing, with why in
    // `error`, for a mistake.
    static std::optional<RangeOption> parseRange(const QString& text, std::string& error);
    // The window as the field shows it: "1–40000".
    static QString windowText(RunRange window, std::uint64_t eventCount);

    QLineEdit* rangeField() const { return field_; }
    QLabel* summaryLabel() const { return summary_; }
    QPushButton* wholeRunButton() const { return wholeRun_; }
    QPushButton* upToPeakButton() const { return upToPeak_; }
    QPushButton* afterPeakButton() const { return afterPeak_; }
    QProgressBar* progressBar() const { return recount_->progressBar(); }
    QPushButton* cancelButton() const { return recount_->cancelButton(); }

signals:
    void cancelRequested();

private:
    void applyTypedWindow();
    void setWindow(RunRange window);
    void showWindow(RunRange window);
    void showSummary(const QString& text);

    ViewState* state_;
    std::uint64_t eventCount_ = 0;
    std::uint64_t peakEventIndex_ = 0;
    QLineEdit* field_;
    QPushButton* wholeRun_;
    QPushButton* upToPeak_;
    QPushButton* afterPeak_;
    QLabel* summary_;
    RecountProgress* recount_;
};

} // namespace memprof::views
