// SPDX-License-Identifier: GPL-3.0-or-later
// The bar above a page that shows a dump while it is still read: how far
// the read is ("Reading… 43%") and Cancel; for a dump followed as it grows,
// what is in so far ("Following: 1,234 events, 2.1 MB so far") and Stop.
#pragma once

#include <QFrame>

class QLabel;
class QProgressBar;
class QPushButton;

namespace memprof::views {

class ReadingBar : public QFrame {
    Q_OBJECT
public:
    explicit ReadingBar(QWidget* parent = nullptr);

    void setProgress(quint64 bytesRead, quint64 totalBytes);
    // What the page shows so far, counted ("1,234 events").
    void setCountSoFar(const QString& count);
    // A followed dump: Stop following instead of Cancel.
    void setFollowing(bool following);
    QString text() const;
    QPushButton* cancelButton() const { return cancel_; }

signals:
    void cancelRequested();
    void stopFollowingRequested();

private:
    void showText();

    QLabel* label_;
    QProgressBar* bar_;
    QPushButton* cancel_;
    quint64 bytesRead_ = 0;
    quint64 totalBytes_ = 0;
    QString countSoFar_;
    bool following_ = false;
};

} // namespace memprof::views
