// SPDX-License-Identifier: GPL-3.0-or-later
// File > Export Profile As in the viewer: the menu entry, the file written
// off the GUI thread in the format its type names (the same bytes
// memprof-report writes), the status bar saying so, and a file type that
// names no format refused; for a memory and a CPU profile alike. The
// dialog asks a CPU profile's sampling interval, as the CLI's --interval.
#include "tests/support/GuiTestData.h"
#include "tests/support/ReportCli.h"
#include "tests/support/SignalWait.h"
#include "tests/support/TestSuite.h"
#include "tests/support/WindowTestHelpers.h"
#include "views/SysprofPage.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <utility>

using memprof::test::load;
using memprof::test::sameAsTheCli;
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
        QTest::newRow("pprof") << "medium.pb.gz"
                               << "pprof";
        QTest::newRow("speedscope") << "medium.speedscope.json"
                                    << "speedscope";
        QTest::newRow("dhat") << "medium.dhat.json"
                              << "dhat";
        QTest::newRow("folded") << "medium.folded"
                                << "folded";
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
        QSignalSpy finished(w.window, &memprof::app::MainWindow::exportFinished);
        QString error;
        QVERIFY2(w->startExport(path, &error), qPrintable(error));
        QVERIFY(testsuite::received(finished, 30000));
        QCOMPARE(finished.first().at(1).toString(), QString());
        QVERIFY(w->statusBar()->currentMessage().contains(path));

        sameAsTheCli(path, {QStringLiteral("--export=") + format}, dump);
    }

    // A CPU profile: written off the GUI thread, the same bytes as
    // memprof-report --demangle (the names the viewer shows), over the
    // sample range the panes count.
    void aCpuProfileWritesWhatTheCliWrites_data()
    {
        QTest::addColumn<QString>("fileName");
        QTest::addColumn<QString>("format");
        QTest::addColumn<bool>("ranged");
        const QStringList types{"cpu.pb.gz",      "pprof",  "cpu.speedscope.json", "speedscope",
                                "cpu.cpuprofile", "chrome", "cpu.folded",          "folded"};
        for (int i = 0; i < types.size(); i += 2) {
            QTest::newRow(qPrintable(types[i + 1])) << types[i] << types[i + 1] << false;
            QTest::newRow(qPrintable(types[i + 1] + QStringLiteral(", a range"))) << types[i] << types[i + 1] << true;
        }
    }
    void aCpuProfileWritesWhatTheCliWrites()
    {
        QFETCH(QString, fileName);
        QFETCH(QString, format);
        QFETCH(bool, ranged);
        Window w;
        const QString dump = memprof::test::fixture(QStringLiteral("sysprof/coroutines-C-jitoff.bin"));
        QVERIFY(load(w.window, dump));
        QVERIFY(w->hasSysprof());
        QStringList cliArgs{QStringLiteral("--demangle"), QStringLiteral("--export=") + format};
        if (ranged) {
            // Samples 41 to 200 (1-based), as the range bar takes them.
            QSignalSpy counted(w->sysprofPage(), &memprof::views::SysprofPage::rangeCounted);
            w->sysprofPage()->setRange({41, 200});
            QVERIFY(testsuite::received(counted, 30000));
            cliArgs << QStringLiteral("--range=41:200");
        }
        QTemporaryDir dir;
        const QString path = dir.filePath(fileName);
        QSignalSpy finished(w.window, &memprof::app::MainWindow::exportFinished);
        QString error;
        QVERIFY2(w->startExport(path, &error), qPrintable(error));
        QVERIFY(testsuite::received(finished, 30000));
        QCOMPARE(finished.first().at(1).toString(), QString());
        QVERIFY(w->statusBar()->currentMessage().contains(path));

        sameAsTheCli(path, cliArgs, dump);
    }

    // The dump does not hold its sampling interval: the export dialog asks
    // it, and the file is what memprof-report --interval writes (pprof's
    // CPU time, the .cpuprofile's times).
    void theDialogsSamplingIntervalReachesTheExport()
    {
        for (const auto& [fileName, format] :
             {std::pair{"cpu.pb.gz", "pprof"}, std::pair{"cpu.cpuprofile", "chrome"}}) {
            exportThroughTheDialog(QLatin1String(fileName), QLatin1String(format));
            if (QTest::currentTestFailed())
                return;
        }
    }

private:
    void exportThroughTheDialog(const QString& fileName, const QString& format)
    {
        Window w;
        const QString dump = memprof::test::fixture(QStringLiteral("sysprof/coroutines-C-jitoff.bin"));
        QVERIFY(load(w.window, dump));
        QTemporaryDir dir;
        const QString path = dir.filePath(fileName);
        bool asked = false;
        QTimer::singleShot(200, w.window, [&] {
            auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
            if (!dialog)
                return;
            if (auto* interval = dialog->findChild<QSpinBox*>(QStringLiteral("samplingInterval"))) {
                asked = interval->specialValueText().contains(QStringLiteral("1 ms"));
                interval->setValue(3);
            }
            dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"))->setText(path);
            static_cast<QDialog*>(dialog)->accept(); // QFileDialog::accept: as Save does
        });
        QSignalSpy finished(w.window, &memprof::app::MainWindow::exportFinished);
        w->findChild<QAction*>(QStringLiteral("exportProfileAction"))->trigger();
        QVERIFY2(asked, "the dialog has no sampling interval saying what it is without one");
        QVERIFY(testsuite::received(finished, 30000));
        QCOMPARE(finished.first().at(1).toString(), QString());
        sameAsTheCli(
            path, {QStringLiteral("--demangle"), QStringLiteral("--export=") + format, QStringLiteral("--interval=3")},
            dump);
    }

    void aCpuProfileTypeWithoutFormatIsRefused()
    {
        Window w;
        QVERIFY(load(w.window, memprof::test::fixture(QStringLiteral("sysprof/coroutines-C-jitoff.bin"))));
        QTemporaryDir dir;
        QString error;
        // DHAT is a memory profile's format.
        for (const char* name : {"cpu.txt", "cpu.dhat.json"}) {
            QVERIFY(!w->startExport(dir.filePath(QLatin1String(name)), &error));
            QVERIFY(error.contains(QStringLiteral(".cpuprofile")));
        }
    }

    void aTypeWithoutFormatIsRefused()
    {
        Window w;
        QVERIFY(load(w.window, memprof::test::fixture(QStringLiteral("v3/medium.bin"))));
        QTemporaryDir dir;
        QString error;
        QVERIFY(!w->startExport(dir.filePath(QStringLiteral("medium.txt")), &error));
        QVERIFY(!error.isEmpty());
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("medium.txt"))));
    }
};

MEMPROF_TEST_MAIN(TestExportProfileInWindow)
#include "test_export_profile_in_window.moc"
