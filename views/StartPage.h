// SPDX-License-Identifier: GPL-3.0-or-later
// What a window shows before a dump is open: open a file, the recent files,
// the bundled sample profile.
#pragma once

#include <QWidget>

class QListWidget;
class QLabel;
class QPushButton;

namespace memprof::views {

class StartPage : public QWidget {
    Q_OBJECT
public:
    explicit StartPage(QWidget* parent = nullptr);

    void setRecentFiles(const QStringList& paths);
    void setSampleAvailable(bool available);

signals:
    void openRequested();
    void sampleRequested();
    void recentRequested(const QString& path);

private:
    QListWidget* recent_;
    QLabel* recentTitle_;
    QPushButton* sample_;
};

} // namespace memprof::views
