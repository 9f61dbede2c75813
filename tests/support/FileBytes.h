// SPDX-License-Identifier: GPL-3.0-or-later
// Whole-file reads and writes for tests (Qt; header-only, so memprof_synth
// stays Qt-free).
#pragma once

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QTest>

namespace test {

// The file's bytes, empty when it cannot be read.
inline QByteArray readBytes(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Replaces the file's content with `bytes`; a failure fails the test.
inline void writeBytes(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QCOMPARE(file.write(bytes), qint64(bytes.size()));
}

} // namespace test
