// SPDX-License-Identifier: GPL-3.0-or-later
#include "RecentFilesMenu.h"

#include "ViewerSettings.h"

#include <QDir>

namespace memprof::app {

RecentFilesMenu::RecentFilesMenu(const QString& title, QWidget* parent) : QMenu(title, parent)
{}

void RecentFilesMenu::add(const QString& path)
{
    addRecentFile(path);
    refresh();
}

void RecentFilesMenu::remove(const QString& path)
{
    removeRecentFile(path);
    refresh();
}

void RecentFilesMenu::refresh()
{
    const QStringList files = recentFiles();
    clear();
    for (const QString& path : files)
        addAction(QDir::toNativeSeparators(path), this, [this, path] { emit openRequested(path); });
    if (!files.isEmpty()) {
        addSeparator();
        addAction(tr("Clear Recent Files"), this, [this] {
            for (const QString& path : recentFiles())
                removeRecentFile(path);
            refresh();
        });
    }
    setEnabled(!files.isEmpty());
    emit filesChanged(files);
}

} // namespace memprof::app
