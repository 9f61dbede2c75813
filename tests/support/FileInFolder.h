// SPDX-License-Identifier: GPL-3.0-or-later
// A file of the given text in a test's temporary folder (a script to
// record, a source to name functions from); its path, or empty when it
// cannot be written.
#pragma once

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QTemporaryDir>

namespace memprof::test {

inline QString writeFile(const QTemporaryDir& folder, const QString& name, const QByteArray& text)
{
    QFile file(folder.filePath(name));
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size())
        return {};
    return file.fileName();
}

} // namespace memprof::test
