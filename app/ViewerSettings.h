// SPDX-License-Identifier: GPL-3.0-or-later
// What the viewer remembers between runs (QSettings): recent dumps, the
// source folders the user added, the units, the last folder opened, the
// window's layout and the hidden columns.
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

class QWidget;

namespace memprof::app {

QStringList recentFiles();
void addRecentFile(const QString& path);
void removeRecentFile(const QString& path);

QStringList sourceFolders();
void addSourceFolder(const QString& folder);
void clearSourceFolders();

bool humanReadableSizes();
void setHumanReadableSizes(bool humanReadable);

QByteArray windowGeometry();
void setWindowGeometry(const QByteArray& geometry);
QByteArray splitterState(const QString& name);
void setSplitterState(const QString& name, const QByteArray& state);

// The columns the user chose to hide in the table or tree named `view` (its
// objectName); nothing if the user never changed its defaults.
std::optional<QList<int>> hiddenColumns(const QString& view);
void setHiddenColumns(const QString& view, const QList<int>& columns);

// A page's splitter sizes and the columns the user hid in its tables, by
// their object names.
void restorePageLayout(QWidget* page);
void savePageLayout(const QWidget* page);

QString lastOpenFolder();
void setLastOpenFolder(const QString& folder);

} // namespace memprof::app
