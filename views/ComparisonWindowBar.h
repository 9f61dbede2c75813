// SPDX-License-Identifier: GPL-3.0-or-later
// The event window of a comparison, in one row above its panes. Two runs
// have different lengths, so their event numbers do not match: the window
// is the same percentages of each run ("20%–100%": the last 80% of each),
// typed or picked from the presets Whole runs and Last 80%. It shows the
// events each side then counts, or why no window was counted, and, while a
// re-count takes long, its progress and Cancel. The page counts the windows.
#pragma once

#include "model/dump/RunRange.h"
#include "model/report/RangeOption.h"

#include "RecountProgress.h"

#include <QWidget>

#include <cstdint>
#include <optional>

class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;

namespace memprof::views {

class ComparisonWindowBar : public QWidget {
    Q_OBJECT
public:
    explicit ComparisonWindowBar(QWidget* parent = nullptr);

    // The windows shown now, of runs of `baseEvents` and `newEvents` events
    // (default windows: the whole runs), cut at `range`.
    void showWindows(const RangeOption& range, RunRange base, std::uint64_t baseEvents, RunRange current,
                     std::uint64_t newEvents);
    // No window was counted: why, in the summary; the field keeps the text.
    void showProblem(const QString& why);
    // The runs have no windows to compare (a side is dumps merged, with no
    // common clock): the bar is off and says `why`; empty: on again.
    void setOff(const QString& why);
    bool isOff() const { return off_; }
    // A re-count of the windows is running (its progress shows after a short
    // delay, so a quick one does not flicker) or ended.
    void setRecounting(bool running);
    void setRecountProgress(quint64 bytesRead, quint64 totalBytes);

    // A window the same for both runs: FIRST%–LAST%, an end left empty for
    // the runs' start or end. Nothing, with why in `error`, for a mistake or
    // for event numbers (they name other events in each run).
    static std::optional<RangeOption> parsePercentRange(const QString& text, QString& error);
    // The range as the field shows it: "20%–100%".
    static QString rangeText(const RangeOption& range);

    QLineEdit* rangeField() const { return field_; }
    QLabel* summaryLabel() const { return summary_; }
    QPushButton* wholeRunsButton() const { return wholeRuns_; }
    QPushButton* lastEightyButton() const { return lastEighty_; }
    QProgressBar* progressBar() const { return recount_->progressBar(); }
    QPushButton* cancelButton() const { return recount_->cancelButton(); }

signals:
    // Count these percentages of both runs (all ends percentages or empty).
    void rangeRequested(const memprof::RangeOption& range);
    void cancelRequested();

private:
    void applyTypedRange();
    void showSummary(const QString& text);

    QLineEdit* field_;
    QPushButton* wholeRuns_;
    QPushButton* lastEighty_;
    QLabel* summary_;
    RecountProgress* recount_;
    bool off_ = false;
};

} // namespace memprof::views
