// SPDX-License-Identifier: GPL-3.0-or-later
// Fixture paths, fixtures loaded, and a large dump made from a fixture, for
// the GUI tests.
#pragma once

#include "model/memprofile/ProfileLoader.h"

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QTest>

#include <memory>

namespace memprof::test {

inline QString fixture(const QString& relative)
{
    return QStringLiteral(MEMPROF_TEST_DATA "/") + relative;
}

inline Profile loadFixture(const QString& relative)
{
    return loadProfile(QFile::encodeName(fixture(relative)).toStdString());
}

// As the windows hold a profile: shared, read-only.
inline std::shared_ptr<const Profile> loadSharedFixture(const QString& relative)
{
    return std::make_shared<const Profile>(loadFixture(relative));
}

// A large valid dump: the fixture's symbol table and event prologue, its
// events `repeat` times, then the epilogue. Returns false if the fixture
// does not have the expected shape.
inline bool writeRepeatedDump(const QString& fixturePath, const QString& outPath, int repeat)
{
    QFile in(fixturePath);
    if (!in.open(QIODevice::ReadOnly))
        return false;
    const QByteArray bytes = in.readAll();
    const qsizetype events = bytes.indexOf(QByteArrayLiteral("ljm\x03"));
    if (events < 0 || bytes.isEmpty() || static_cast<unsigned char>(bytes.back()) != 0x80)
        return false;
    const qsizetype eventsStart = events + 7;
    const QByteArray prologue = bytes.left(eventsStart);
    const QByteArray body = bytes.mid(eventsStart, bytes.size() - 1 - eventsStart);
    QFile out(outPath);
    if (!out.open(QIODevice::WriteOnly))
        return false;
    out.write(prologue);
    for (int i = 0; i < repeat; ++i)
        out.write(body);
    out.write(QByteArray(1, '\x80'));
    return out.error() == QFileDevice::NoError;
}

} // namespace memprof::test
