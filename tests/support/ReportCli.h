// SPDX-License-Identifier: GPL-3.0-or-later
// The viewer's export compared with memprof-report's: a test that includes
// this defines MEMPROF_REPORT_EXE (the CLI built beside it).
#pragma once

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStringList>
#include <QTest>

namespace memprof::test {

// The file the viewer wrote at `path` holds what memprof-report writes
// with `args` for `dump` (beside it, "cli-" before its name).
inline void sameAsTheCli(const QString& path, const QStringList& args, const QString& dump)
{
    const QFileInfo written(path);
    const QString cliPath = written.dir().filePath(QStringLiteral("cli-") + written.fileName());
    QProcess cli;
    cli.start(QStringLiteral(MEMPROF_REPORT_EXE), args + QStringList{QStringLiteral("-o"), cliPath, dump});
    QVERIFY(cli.waitForFinished(60000));
    QCOMPARE(cli.exitCode(), 0);
    QFile viewerFile(path), cliFile(cliPath);
    QVERIFY(viewerFile.open(QIODevice::ReadOnly) && cliFile.open(QIODevice::ReadOnly));
    const QByteArray bytes = viewerFile.readAll();
    QVERIFY(!bytes.isEmpty());
    QCOMPARE(bytes, cliFile.readAll());
}

} // namespace memprof::test
