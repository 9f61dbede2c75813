// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/record/ClusterDumpNames.h"

#include "model/record/InstanceConnection.h"

#include <QFileInfo>
#include <QRegularExpression>

namespace memprof::record {

namespace {

// Letters, digits, '.', '-' and '_' only: a name any file system takes.
QString fileNameSafe(QString text)
{
    static const QRegularExpression unsafe(QStringLiteral("[^A-Za-z0-9_.-]+"));
    text.replace(unsafe, QStringLiteral("_"));
    return text.isEmpty() ? QStringLiteral("instance") : text;
}

struct AddressName {
    QString name; // the name alone
    QString withFolder; // a socket's name with its folder's in front
};

AddressName nameOf(const QString& address)
{
    QString ignored;
    const std::optional<InstanceAddress> parsed = parseInstanceAddress(address, &ignored);
    if (!parsed)
        return {fileNameSafe(address.trimmed()), fileNameSafe(address.trimmed())};
    if (parsed->unixPath.isEmpty()) {
        const QString name = fileNameSafe(QStringLiteral("%1_%2").arg(parsed->host).arg(parsed->port));
        return {name, name};
    }
    const QFileInfo socket(parsed->unixPath);
    const QString name = fileNameSafe(socket.fileName());
    return {name, fileNameSafe(QFileInfo(socket.path()).fileName() + u'_' + socket.fileName())};
}

} // namespace

QStringList clusterDumpNames(const QStringList& addresses)
{
    QList<AddressName> names;
    for (const QString& address : addresses)
        names << nameOf(address);
    QStringList chosen;
    for (const AddressName& one : names) {
        const bool shared = std::count_if(names.begin(), names.end(),
                                          [&](const AddressName& other) { return other.name == one.name; }) > 1;
        chosen << (shared ? one.withFolder : one.name);
    }
    QStringList files;
    for (const QString& name : chosen) {
        QString file = name + QStringLiteral(".bin");
        for (int n = 2; files.contains(file); ++n)
            file = QStringLiteral("%1-%2.bin").arg(name).arg(n);
        files << file;
    }
    return files;
}

} // namespace memprof::record
