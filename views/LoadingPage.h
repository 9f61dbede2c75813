// SPDX-License-Identifier: GPL-3.0-or-later
// Shown while a dump loads: which file, a progress bar with the bytes read,
// and Cancel.
#pragma once

#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;

namespace memprof::views {

class LoadingPage : public QWidget {
    Q_OBJECT
public:
    explicit LoadingPage(QWidget* parent = nullptr);

    // `what`: the words after "Loading", the file's name by default.
    void start(const QString& filePath, const QString& what = {});
    void setProgress(quint64 bytesRead, quint64 totalBytes);
    // Several dumps read as one: how many are read, of all.
    void setDumpsRead(quint64 dumpsRead, quint64 dumpCount);
    QPushButton* cancelButton() const { return cancel_; }
    QProgressBar* progressBar() const { return bar_; }

signals:
    void cancelRequested();

private:
    QLabel* title_;
    QLabel* bytes_;
    QProgressBar* bar_;
    QPushButton* cancel_;
};

} // namespace memprof::views
