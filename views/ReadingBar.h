// SPDX-License-Identifier: GPL-3.0-or-later
// The bar above a page that shows a dump while it is still read: how far
// the read is ("Reading… 43%") and Cancel.
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
    QString text() const;
    QPushButton* cancelButton() const { return cancel_; }

signals:
    void cancelRequested();

private:
    QLabel* label_;
    QProgressBar* bar_;
    QPushButton* cancel_;
};

} // namespace memprof::views
