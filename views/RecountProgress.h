// SPDX-License-Identifier: GPL-3.0-or-later
// The progress and Cancel of an event window's re-count, at the end of a
// window bar. Hidden while nothing runs, and shown only once a re-count has
// taken a moment, so a quick one does not flicker.
#pragma once

#include <QWidget>

class QProgressBar;
class QPushButton;
class QTimer;

namespace memprof::views {

class RecountProgress : public QWidget {
    Q_OBJECT
public:
    // `cancelTip`: what Cancel keeps, as the bar words it.
    explicit RecountProgress(const QString& cancelTip, QWidget* parent = nullptr);

    // A re-count started (progress from 0, shown after the delay) or ended.
    void setRunning(bool running);
    // Bytes of the dumps read so far; no total shows a busy bar.
    void setProgress(quint64 bytesRead, quint64 totalBytes);

    QProgressBar* progressBar() const { return progress_; }
    QPushButton* cancelButton() const { return cancel_; }

signals:
    void cancelRequested();

private:
    QProgressBar* progress_;
    QPushButton* cancel_;
    QTimer* delay_;
};

} // namespace memprof::views
