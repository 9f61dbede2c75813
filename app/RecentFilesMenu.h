// SPDX-License-Identifier: GPL-3.0-or-later
// File > Open Recent: the dumps opened last, as the settings remember them,
// and Clear Recent Files. It says when the list changed, for the start
// page's list.
#pragma once

#include <QMenu>

namespace memprof::app {

class RecentFilesMenu : public QMenu {
    Q_OBJECT
public:
    explicit RecentFilesMenu(const QString& title, QWidget* parent = nullptr);

    // `path` was opened: first in the list.
    void add(const QString& path);
    // `path` cannot be opened any more.
    void remove(const QString& path);
    // Rebuilds the menu from the settings.
    void refresh();

signals:
    void openRequested(const QString& path);
    void filesChanged(const QStringList& files);
};

} // namespace memprof::app
