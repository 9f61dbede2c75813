// SPDX-License-Identifier: GPL-3.0-or-later
#include "ViewerSettings.h"

#include <QFileInfo>
#include <QSettings>

namespace memprof::app {

namespace {
constexpr int kMaxRecentFiles = 10;
const QString kRecentFiles = QStringLiteral("recentFiles");
const QString kSourceFolders = QStringLiteral("sourceFolders");
const QString kHumanReadable = QStringLiteral("view/humanReadableSizes");
const QString kLastOpenFolder = QStringLiteral("lastOpenFolder");
} // namespace

QStringList recentFiles()
{
    return QSettings().value(kRecentFiles).toStringList();
}

void addRecentFile(const QString& path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList files = recentFiles();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    QSettings().setValue(kRecentFiles, files);
}

void removeRecentFile(const QString& path)
{
    QStringList files = recentFiles();
    files.removeAll(QFileInfo(path).absoluteFilePath());
    QSettings().setValue(kRecentFiles, files);
}

QStringList sourceFolders()
{
    return QSettings().value(kSourceFolders).toStringList();
}

void addSourceFolder(const QString& folder)
{
    QStringList folders = sourceFolders();
    if (!folders.contains(folder))
        folders.append(folder);
    QSettings().setValue(kSourceFolders, folders);
}

void clearSourceFolders()
{
    QSettings().remove(kSourceFolders);
}

bool humanReadableSizes()
{
    return QSettings().value(kHumanReadable, true).toBool();
}

void setHumanReadableSizes(bool humanReadable)
{
    QSettings().setValue(kHumanReadable, humanReadable);
}

QByteArray windowGeometry()
{
    return QSettings().value(QStringLiteral("window/geometry")).toByteArray();
}

void setWindowGeometry(const QByteArray& geometry)
{
    QSettings().setValue(QStringLiteral("window/geometry"), geometry);
}

QByteArray splitterState(const QString& name)
{
    return QSettings().value(QStringLiteral("window/") + name).toByteArray();
}

void setSplitterState(const QString& name, const QByteArray& state)
{
    QSettings().setValue(QStringLiteral("window/") + name, state);
}

std::optional<QList<int>> hiddenColumns(const QString& view)
{
    const QVariant saved = QSettings().value(QStringLiteral("columns/hidden/") + view);
    if (!saved.isValid())
        return std::nullopt;
    QList<int> columns;
    for (const QVariant& column : saved.toList())
        columns.append(column.toInt());
    return columns;
}

void setHiddenColumns(const QString& view, const QList<int>& columns)
{
    QVariantList values;
    for (int column : columns)
        values.append(column);
    QSettings().setValue(QStringLiteral("columns/hidden/") + view, values);
}

QString lastOpenFolder()
{
    return QSettings().value(kLastOpenFolder).toString();
}

void setLastOpenFolder(const QString& folder)
{
    QSettings().setValue(kLastOpenFolder, folder);
}

} // namespace memprof::app
