// SPDX-License-Identifier: GPL-3.0-or-later
// File > Export Profile As in the viewer: the menu entry, the file written
// in the format its type names (the same bytes memprof-report writes), the
// status bar saying so, and a file type that names no format refused.
#include "tests/support/GuiTestData.h"
#include "tests/support/WindowTestHelpers.h"

#include <QAction>
#include <QFile>
#include <QProcess>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

using memprof::test::load;
using memprof::test::Window;

class TestExportProfileInWindow : public QObject {
    Q_OBJECT

private slots:
    void theMenuOffersIt()
    {
        Window w;
        QAction* action = w->findChild<QAction*>(QStringLiteral("exportProfileAction"));
        QVERIFY(action);
        QVERIFY(action->text().contains(QStringLiteral("Export")));
    }

    void writesWhatTheCliWrites_data()
    {
        QTest::addColumn<QString>("fileName");
        QTest::addColumn<QString>("format");
        QTest::newRow("pprof") << "medium.pb.gz" << "pprof";
        QTest::newRow("speedscope") << "medium.speedscope.json" << "speedscope";
        QTest::newRow("dhat") << "medium.dhat.json" << "dhat";
        QTest::newRow("folded") << "medium.folded" << "folded";
    }
    void writesWhatTheCliWrites()
    {
        QFETCH(QString, fileName);
        QFETCH(QString, format);
        Window w;
        const QString dump = memprof::test::fixture(QStringLiteral("v3/medium.bin"));
        QVERIFY(load(w.window, dump));
        QTemporaryDir dir;
        const QString path = dir.filePath(fileName);
        QString error;
        QVERIFY2(w->exportProfile(path, &error), qPrintable(error));
        QVERIFY(w->statusBar()->currentMessage().contains(path));

        const QString cliPath = dir.filePath(QStringLiteral("cli-") + fileName);
        QProcess cli;
        cli.start(QStringLiteral(MEMPROF_REPORT_EXE), {QStringLiteral("--export=") + format, QStringLiteral("-o"), cliPath, dump});
        QVERIFY(cli.waitForFinished(60000));
        QCOMPARE(cli.exitCode(), 0);
        QFile viewerFile(path), cliFile(cliPath);
        QVERIFY(viewerFile.open(QIODevice::ReadOnly) && cliFile.open(QIODevice::ReadOnly));
        const QByteArray written = viewerFile.readAll();
        QVERIFY(!written.isEmpty());
        QCOMPARE(written, cliFile.readAll());
    }

    void aTypeWithoutFormatIsRefused()
    {
        Window w;
        QVERIFY(load(w.window, memprof::test::fixture(QStringLiteral("v3/medium.bin"))));
        QTemporaryDir dir;
        QString error;
        QVERIFY(!w->exportProfile(dir.filePath(QStringLiteral("medium.txt")), &error));
        QVERIFY(!error.isEmpty());
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("medium.txt"))));
    }
};

QTEST_MAIN(TestExportProfileInWindow)
#include "test_export_profile_in_window.moc"
