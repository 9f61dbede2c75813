// SPDX-License-Identifier: GPL-3.0-or-later
// File > Record, driven as a user drives it: a script recorded with the
// real LuaJIT (its output shown, the dump handed to the window, which opens
// it), an instance attached to (a real Tarantool: 2.6 says it has no
// profiler; with the stand-in profiler the dump comes back whole), the
// choices remembered but never the password, and closing the dialog
// stopping the recording first.
#include "app/MainWindow.h"
#include "app/MergedMemprofDocument.h"
#include "app/MergedSysprofDocument.h"
#include "app/ViewerSettings.h"
#include "model/itemmodels/ClusterRecordingModel.h"
#include "model/memprofile/ProfileLoader.h"
#include "model/sysprofile/SysprofLoader.h"
#include "tests/support/FileInFolder.h"
#include "tests/support/GuiTestData.h"
#include "tests/support/StandInProfilers.h"
#include "tests/support/TarantoolInstance.h"
#include "tests/support/TestSuite.h"
#include "views/SysprofPage.h"
#include "views/record/RecordDialog.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace memprof;
using namespace memprof::views;

namespace {

QString recordingLuajit()
{
    const QString named = qEnvironmentVariable("MEMPROF_RECORDING_LUAJIT");
    return !named.isEmpty() ? named : QStringLiteral(MEMPROF_RECORDING_LUAJIT);
}

template <class T> T* child(QWidget* parent, const char* name)
{
    return parent->findChild<T*>(QString::fromLatin1(name));
}

QString statusOf(RecordDialog& dialog)
{
    return child<QLabel>(&dialog, "recordStatus")->text();
}

// Saves the dialog as a picture where MEMPROF_SCREENSHOT_DIR asks for it
// (docs/screenshots is made so).
void keepScreenshot(QWidget& dialog, const QString& name)
{
    const QString folder = qEnvironmentVariable("MEMPROF_SCREENSHOT_DIR");
    if (!folder.isEmpty())
        dialog.grab().save(QDir(folder).filePath(name));
}

} // namespace

class TestRecordDialog : public QObject {
    Q_OBJECT
private:
    QTemporaryDir folder_;

    QString writeScript(const QString& name, const QByteArray& text) { return test::writeFile(folder_, name, text); }
    RecordForm formHere() const
    {
        RecordForm form;
        form.program = recordingLuajit();
        form.dumpFolder = folder_.path();
        return form;
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void aScriptIsRecordedAndOpensInTheWindow()
    {
        if (!QFile::exists(recordingLuajit()))
            QSKIP("no memprof-capable LuaJIT (set MEMPROF_RECORDING_LUAJIT)");
        app::MainWindow window;
        window.show();
        QAction* action = window.findChild<QAction*>(QStringLiteral("recordAction"));
        QVERIFY(action);
        app::setRecordForm(formHere());
        action->trigger();
        auto* dialog = window.findChild<RecordDialog*>();
        QVERIFY(dialog && dialog->isVisible());
        const QString script = writeScript(QStringLiteral("service.lua"),
                                           "jit.off()\nprint('serving', ...)\nio.stdout:flush()\nlocal keep = {}\n"
                                           "for i = 1, 2e6 do keep[i % 5000 + 1] = {i} end\nprint('done')\n");
        child<QLineEdit>(dialog, "recordScript")->setText(script);
        child<QLineEdit>(dialog, "recordArguments")->setText(QStringLiteral("--port 3301 'two words'"));
        QSignalSpy recorded(dialog, &RecordDialog::recorded);
        QTest::mouseClick(child<QPushButton>(dialog, "recordButton"), Qt::LeftButton);
        QVERIFY(dialog->isRecording());
        QVERIFY(!child<QPushButton>(dialog, "recordButton")->isEnabled());
        QVERIFY(child<QPushButton>(dialog, "stopButton")->isEnabled());
        auto* output = child<QPlainTextEdit>(dialog, "recordOutput");
        QTRY_VERIFY2_WITH_TIMEOUT(output->toPlainText().contains(QStringLiteral("serving\t--port\t3301\ttwo words")),
                                  qPrintable(output->toPlainText() + statusOf(*dialog)), 20000);
        keepScreenshot(*dialog, QStringLiteral("record-dialog.png"));
        QTRY_COMPARE_WITH_TIMEOUT(recorded.count(), 1, 60000);
        const QString dump = recorded.first().first().toString();
        QVERIFY(dump.startsWith(folder_.filePath(QStringLiteral("service-"))));
        QVERIFY(dump.endsWith(QStringLiteral(".memprof")));
        QVERIFY(output->toPlainText().contains(QStringLiteral("done")));
        QVERIFY2(statusOf(*dialog).startsWith(QStringLiteral("Recorded ")), qPrintable(statusOf(*dialog)));
        // The window opens it as a dump opened by hand.
        QTRY_COMPARE_WITH_TIMEOUT(window.dumpPath(), dump, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(!window.isLoading(), 30000);
        QVERIFY(window.document());
        QCOMPARE(window.document()->status().end, DecodeEnd::Complete);
        // Remembered for the next time: the script and its arguments.
        const RecordForm remembered = app::recordForm();
        QCOMPARE(remembered.script, script);
        QCOMPARE(remembered.arguments, QStringLiteral("--port 3301 'two words'"));
        QVERIFY(!dialog->isRecording());
    }

    // While the script runs, the window follows the dump it writes: the
    // page shows the events so far mid-run, and once the recording ends it
    // is the finished dump, as opening the file gives it.
    void aScriptsDumpIsFollowedWhileItRuns()
    {
        if (!QFile::exists(recordingLuajit()))
            QSKIP("no memprof-capable LuaJIT (set MEMPROF_RECORDING_LUAJIT)");
        app::MainWindow window;
        window.resize(1024, 700);
        window.show();
        app::setRecordForm(formHere());
        window.findChild<QAction*>(QStringLiteral("recordAction"))->trigger();
        auto* dialog = window.findChild<RecordDialog*>();
        QVERIFY(dialog);
        // Rounds of about 8 MiB of events (the profiler's buffer, written
        // when full), a pause after each: the file grows while it runs.
        const QString script = writeScript(QStringLiteral("rounds.lua"),
                                           "jit.off()\nlocal keep = {}\nfor round = 1, 6 do\n"
                                           "  for i = 1, 6e5 do keep[i % 5000 + 1] = {i} end\n"
                                           "  local t = os.clock() while os.clock() - t < 0.4 do end\nend\n");
        child<QLineEdit>(dialog, "recordScript")->setText(script);
        child<QLineEdit>(dialog, "recordArguments")->clear();
        QSignalSpy recorded(dialog, &RecordDialog::recorded);
        QSignalSpy partial(&window, &app::MainWindow::partialShown);
        bool partialWhileRecording = false;
        bool followingWhileRecording = false;
        connect(&window, &app::MainWindow::partialShown, this, [&] {
            if (!dialog->isRecording() || partialWhileRecording)
                return;
            partialWhileRecording = true;
            followingWhileRecording = window.isFollowing();
            const QString folder = qEnvironmentVariable("MEMPROF_SCREENSHOT_DIR");
            if (!folder.isEmpty()) {
                QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest); // as it is painted next
                window.grab().save(QDir(folder).filePath(QStringLiteral("live-page.png")));
            }
        });
        QTest::mouseClick(child<QPushButton>(dialog, "recordButton"), Qt::LeftButton);
        QVERIFY(dialog->isRecording());
        QTRY_COMPARE_WITH_TIMEOUT(recorded.count(), 1, 120000);
        const QString dump = recorded.first().first().toString();
        // The load's thread ends before its document reaches the window.
        QTRY_VERIFY_WITH_TIMEOUT(!window.isLoading() && window.document(), 30000);
        QVERIFY(partialWhileRecording);
        QVERIFY(followingWhileRecording);
        QCOMPARE(window.document()->path(), QFileInfo(dump).absoluteFilePath());
        QCOMPARE(window.document()->status().end, DecodeEnd::Complete);
        QCOMPARE(window.document()->countText(),
                 QStringLiteral("%L1 events").arg(loadProfile(QFile::encodeName(dump).toStdString()).totals.eventCount));
    }

    void stopAndTheTimeSetEndARecording()
    {
        if (!QFile::exists(recordingLuajit()))
            QSKIP("no memprof-capable LuaJIT (set MEMPROF_RECORDING_LUAJIT)");
        const QString script = writeScript(QStringLiteral("forever.lua"),
                                           "jit.off()\nprint('up')\nio.stdout:flush()\nlocal t, i = {}, 0\n"
                                           "while true do i = i + 1 t[i % 100 + 1] = {i} end\n");
        RecordForm form = formHere();
        form.script = script;
        form.kind = record::ProfilerKind::Cpu;
        RecordDialog dialog(form);
        dialog.show();
        QSignalSpy recorded(&dialog, &RecordDialog::recorded);
        dialog.record();
        QTRY_VERIFY_WITH_TIMEOUT(child<QPlainTextEdit>(&dialog, "recordOutput")->toPlainText().contains("up"), 20000);
        QTest::mouseClick(child<QPushButton>(&dialog, "stopButton"), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(recorded.count(), 1, 30000);
        QVERIFY(recorded.first().first().toString().endsWith(QStringLiteral(".sysprof")));
        // Again, stopped by the time set.
        child<QCheckBox>(&dialog, "recordStopAfter")->setChecked(true);
        child<QSpinBox>(&dialog, "recordSeconds")->setValue(1);
        dialog.record();
        QTRY_COMPARE_WITH_TIMEOUT(recorded.count(), 2, 30000);
        // Two recordings in the same second do not share a file.
        QVERIFY(recorded.at(0).first() != recorded.at(1).first());
    }

    void closingStopsTheScriptFirst()
    {
        if (!QFile::exists(recordingLuajit()))
            QSKIP("no memprof-capable LuaJIT (set MEMPROF_RECORDING_LUAJIT)");
        RecordForm form = formHere();
        form.script = writeScript(QStringLiteral("endless.lua"),
                                  "jit.off()\nprint('up')\nio.stdout:flush()\nwhile true do local t = {} end\n");
        auto dialog = std::make_unique<RecordDialog>(form);
        dialog->show();
        dialog->record();
        QTRY_VERIFY_WITH_TIMEOUT(child<QPlainTextEdit>(dialog.get(), "recordOutput")->toPlainText().contains("up"),
                                 20000);
        QVERIFY(dialog->isRecording());
        dialog->close();
        QVERIFY(!dialog->isRecording());
    }

    void anOldTarantoolSaysWhatItLacks()
    {
        if (test::TarantoolInstance::executable().isEmpty())
            QSKIP("no `tarantool` on PATH (make deps installs Debian's)");
        test::TarantoolInstance instance;
        QVERIFY(instance.ready());
        RecordForm form = formHere();
        form.attach = true;
        form.addresses = {instance.consolePath()};
        RecordDialog dialog(form);
        dialog.show();
        QSignalSpy recorded(&dialog, &RecordDialog::recorded);
        dialog.record();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isRecording(), 30000);
        QCOMPARE(recorded.count(), 0);
        QCOMPARE(statusOf(dialog), QStringLiteral("Tarantool 2.6.0 at %1 has no memory profiler: misc.memprof came "
                                                  "with Tarantool 2.7.1. Upgrade the instance to record its memory.")
                                       .arg(instance.consolePath()));
    }

    void anInstanceIsRecordedAndItsDumpComesBack()
    {
        if (test::TarantoolInstance::executable().isEmpty())
            QSKIP("no `tarantool` on PATH (make deps installs Debian's)");
        const QString fixture = test::fixture(QStringLiteral("v3/leak.bin"));
        test::TarantoolInstance instance(test::standInProfilers(fixture));
        QVERIFY(instance.ready());
        RecordForm form = formHere();
        form.attach = true;
        form.addresses = {QStringLiteral("unix/:") + instance.binaryPath(), QStringLiteral("db1:3301")};
        form.user = QStringLiteral("profiler");
        RecordDialog dialog(form);
        dialog.show();
        child<QLineEdit>(&dialog, "recordPassword")->setText(QStringLiteral("secret"));
        QSignalSpy used(&dialog, &RecordDialog::formUsed);
        QSignalSpy recorded(&dialog, &RecordDialog::recorded);
        QSignalSpy liveStarted(&dialog, &RecordDialog::liveRecordingStarted);
        QSignalSpy liveEnded(&dialog, &RecordDialog::liveRecordingEnded);
        dialog.record();
        QTRY_VERIFY_WITH_TIMEOUT(statusOf(dialog).startsWith(QStringLiteral("Recording on the instance")), 20000);
        // The window may follow what comes back while it records.
        QCOMPARE(liveStarted.count(), 1);
        dialog.stop();
        QTRY_COMPARE_WITH_TIMEOUT(recorded.count(), 1, 30000);
        QCOMPARE(liveStarted.first().first(), recorded.first().first());
        QCOMPARE(liveEnded.count(), 1);
        QCOMPARE(liveEnded.first().at(1).toBool(), true);
        QFile dump(recorded.first().first().toString());
        QFile expected(fixture);
        QVERIFY(dump.open(QIODevice::ReadOnly) && expected.open(QIODevice::ReadOnly));
        QVERIFY(dump.readAll() == expected.readAll());
        QVERIFY(recorded.first().at(1).toString().isEmpty());
        // What is remembered: the instance first, the user; never the password.
        QCOMPARE(used.count(), 1);
        const auto remembered = used.first().first().value<RecordForm>();
        QCOMPARE(remembered.addresses.first(), QStringLiteral("unix/:") + instance.binaryPath());
        QCOMPARE(remembered.user, QStringLiteral("profiler"));
        app::setRecordForm(remembered);
        QSettings settings;
        for (const QString& key : settings.allKeys())
            QVERIFY2(!settings.value(key).toString().contains(QStringLiteral("secret")), qPrintable(key));
    }

    // Several instances, one of them not there: one Start and one Stop for
    // all, each instance's phase in the list, the two that came back open
    // as one profile, the one that did not named.
    void aClusterIsRecordedAndOpensAsOneProfile()
    {
        if (test::TarantoolInstance::executable().isEmpty())
            QSKIP("no `tarantool` on PATH (make deps installs Debian's)");
        const QString fixture = test::fixture(QStringLiteral("v3/leak.bin"));
        test::TarantoolInstance first(test::standInProfilers(fixture));
        test::TarantoolInstance second(test::standInProfilers(fixture));
        QVERIFY(first.ready() && second.ready());
        const QString missing = folder_.filePath(QStringLiteral("gone.control"));
        app::MainWindow window;
        window.show();
        RecordForm form = formHere();
        form.attach = true;
        form.addresses = {QStringLiteral("db1:3301")};
        form.cluster = {first.consolePath(), missing};
        app::setRecordForm(form);
        window.findChild<QAction*>(QStringLiteral("recordAction"))->trigger();
        auto* dialog = window.findChild<RecordDialog*>();
        QVERIFY(dialog);
        auto* instances = child<QListWidget>(dialog, "recordInstances");
        QCOMPARE(instances->count(), 2);
        // The third typed and added, as a user adds it.
        child<QComboBox>(dialog, "recordAddress")->setCurrentText(second.consolePath());
        QTest::mouseClick(child<QPushButton>(dialog, "recordAddInstance"), Qt::LeftButton);
        QCOMPARE(instances->count(), 3);
        QCOMPARE(instances->item(2)->text(), second.consolePath());
        QCOMPARE(child<QComboBox>(dialog, "recordAddress")->currentText(), QString());
        QSignalSpy clusterRecorded(dialog, &RecordDialog::clusterRecorded);
        QSignalSpy recorded(dialog, &RecordDialog::recorded);
        QTest::mouseClick(child<QPushButton>(dialog, "recordButton"), Qt::LeftButton);
        QVERIFY(dialog->isRecording());
        auto* view = child<QTableView>(dialog, "recordClusterView");
        QVERIFY(view->isVisible());
        QAbstractItemModel* model = view->model();
        QCOMPARE(model->rowCount(), 3);
        const auto status = [&](int row) {
            return model->index(row, itemmodels::ClusterRecordingModel::StatusColumn).data().toString();
        };
        QTRY_VERIFY_WITH_TIMEOUT(status(0) == QStringLiteral("Recording on the instance") &&
                                     status(2) == QStringLiteral("Recording on the instance"),
                                 20000);
        QVERIFY2(status(1).startsWith(QStringLiteral("Failed: No console at ") + missing), qPrintable(status(1)));
        QVERIFY2(statusOf(*dialog).startsWith(QStringLiteral("Recording on the instances")),
                 qPrintable(statusOf(*dialog)));
        QTest::mouseClick(child<QPushButton>(dialog, "stopButton"), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(clusterRecorded.count(), 1, 30000);
        QCOMPARE(recorded.count(), 0);
        keepScreenshot(*dialog, QStringLiteral("record-cluster.png"));
        const QStringList dumps = clusterRecorded.first().at(0).toStringList();
        QCOMPARE(dumps.size(), 2);
        QFile expected(fixture);
        QVERIFY(expected.open(QIODevice::ReadOnly));
        const QByteArray expectedBytes = expected.readAll();
        for (const QString& dump : dumps) {
            QVERIFY2(dump.startsWith(folder_.filePath(QStringLiteral("cluster-"))), qPrintable(dump));
            QFile file(dump);
            QVERIFY(file.open(QIODevice::ReadOnly));
            QVERIFY(file.readAll() == expectedBytes);
        }
        QCOMPARE(QFileInfo(dumps.first()).absolutePath(), QFileInfo(dumps.last()).absolutePath());
        const QString failures = clusterRecorded.first().at(1).toString();
        QVERIFY2(failures.startsWith(missing + QStringLiteral(": No console at ")), qPrintable(failures));
        QVERIFY2(statusOf(*dialog).startsWith(QStringLiteral("Recorded 2 of 3 instances into ")),
                 qPrintable(statusOf(*dialog)));
        QVERIFY(statusOf(*dialog).contains(QStringLiteral("Not recorded:\n") + missing));
        QCOMPARE(status(0), QStringLiteral("Recorded"));
        // The window shows the two merged.
        QTRY_VERIFY_WITH_TIMEOUT(!window.isLoading() && window.document(), 30000);
        const auto* merged = dynamic_cast<const app::MergedMemprofDocument*>(window.document().get());
        QVERIFY(merged);
        QCOMPARE(merged->paths(), dumps);
        QCOMPARE(merged->profile()->totals.eventCount,
                 2 * loadProfile(QFile::encodeName(fixture).toStdString()).totals.eventCount);
        // The instances listed are remembered for the next time.
        const RecordForm remembered = app::recordForm();
        QCOMPARE(remembered.cluster, (QStringList{first.consolePath(), missing, second.consolePath()}));
        QCOMPARE(remembered.addresses.mid(0, 3), remembered.cluster);
    }

    // A cluster's CPU profiles open as one profile too: one window, whose
    // CPU page shows the merge with each instance's dump named in the
    // Instances pane (not a window per dump).
    void aCpuClusterIsRecordedAndOpensAsOneProfile()
    {
        if (test::TarantoolInstance::executable().isEmpty())
            QSKIP("no `tarantool` on PATH (make deps installs Debian's)");
        const QString fixture = test::fixture(QStringLiteral("sysprof/recursion-C-jitoff.bin"));
        test::TarantoolInstance first(test::standInProfilers(fixture));
        test::TarantoolInstance second(test::standInProfilers(fixture));
        QVERIFY(first.ready() && second.ready());
        app::MainWindow window;
        window.show();
        const auto mainWindows = [] {
            QList<app::MainWindow*> windows;
            for (QWidget* widget : QApplication::topLevelWidgets())
                if (auto* shown = qobject_cast<app::MainWindow*>(widget); shown && shown->isVisible())
                    windows << shown;
            return windows;
        };
        QCOMPARE(mainWindows().size(), 1);
        RecordForm form = formHere();
        form.attach = true;
        form.kind = record::ProfilerKind::Cpu;
        form.addresses = {first.consolePath()};
        form.cluster = {first.consolePath(), second.consolePath()};
        app::setRecordForm(form);
        window.findChild<QAction*>(QStringLiteral("recordAction"))->trigger();
        auto* dialog = window.findChild<RecordDialog*>();
        QVERIFY(dialog);
        QCOMPARE(child<QListWidget>(dialog, "recordInstances")->count(), 2);
        QSignalSpy clusterRecorded(dialog, &RecordDialog::clusterRecorded);
        QTest::mouseClick(child<QPushButton>(dialog, "recordButton"), Qt::LeftButton);
        QTRY_VERIFY2_WITH_TIMEOUT(statusOf(*dialog).startsWith(QStringLiteral("Recording on the instances")),
                                  qPrintable(statusOf(*dialog)), 20000);
        QTest::mouseClick(child<QPushButton>(dialog, "stopButton"), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(clusterRecorded.count(), 1, 30000);
        const QStringList dumps = clusterRecorded.first().at(0).toStringList();
        QCOMPARE(dumps.size(), 2);
        QVERIFY(clusterRecorded.first().at(1).toString().isEmpty());
        // The window shows the two merged, and no other window opened.
        QTRY_VERIFY_WITH_TIMEOUT(!window.isLoading() && window.document(), 30000);
        const QList<app::MainWindow*> shown = mainWindows();
        for (app::MainWindow* other : shown)
            if (other != &window)
                other->deleteLater();
        QCOMPARE(shown.size(), 1);
        const auto* merged = dynamic_cast<const app::MergedSysprofDocument*>(window.document().get());
        QVERIFY(merged);
        QCOMPARE(merged->paths(), dumps);
        views::SysprofPage* page = window.sysprofPage();
        QCOMPARE(window.currentPage(), page);
        QVERIFY(page->isMerged());
        QVERIFY(!page->instancesPane()->isHidden());
        QCOMPARE(page->profile()->sampleCount, 2 * loadSysprof(QFile::encodeName(fixture).toStdString()).sampleCount);
        // Each instance by its dump's name, to be chosen alone.
        const QComboBox* choice = page->instancesPane()->instanceChoice();
        for (const QString& dump : dumps) {
            const QString name = QFileInfo(dump).fileName();
            QVERIFY2(choice->findText(name) > 0, qPrintable(name));
        }
        QCOMPARE(choice->count(), 3); // all of them, and each alone
    }

    // This suite runs with no session bus (tests/record/CMakeLists.txt):
    // no desktop keyring answers.
    void withoutAKeyringTheRecordingGoesOnAndSaysSo()
    {
        if (test::TarantoolInstance::executable().isEmpty())
            QSKIP("no `tarantool` on PATH (make deps installs Debian's)");
        test::TarantoolInstance instance(test::standInProfilers(test::fixture(QStringLiteral("v3/leak.bin"))));
        QVERIFY(instance.ready());
        RecordForm form = formHere();
        form.attach = true;
        form.addresses = {QStringLiteral("unix/:") + instance.binaryPath()};
        form.user = QStringLiteral("profiler");
        form.rememberPassword = true;
        RecordDialog dialog(form);
        dialog.show();
        // The keyring was asked for a password to fill in: none came.
        QTRY_VERIFY_WITH_TIMEOUT(statusOf(dialog).startsWith(QStringLiteral("The desktop keyring gave no password")),
                                 20000);
        child<QLineEdit>(&dialog, "recordPassword")->setText(QStringLiteral("secret"));
        QSignalSpy recorded(&dialog, &RecordDialog::recorded);
        QSignalSpy liveStarted(&dialog, &RecordDialog::liveRecordingStarted);
        QSignalSpy liveEnded(&dialog, &RecordDialog::liveRecordingEnded);
        dialog.record();
        QTRY_VERIFY_WITH_TIMEOUT(statusOf(dialog).startsWith(QStringLiteral("Recording on the instance")), 20000);
        // The window may follow what comes back while it records.
        QCOMPARE(liveStarted.count(), 1);
        dialog.stop();
        QTRY_COMPARE_WITH_TIMEOUT(recorded.count(), 1, 30000);
        QCOMPARE(liveStarted.first().first(), recorded.first().first());
        QCOMPARE(liveEnded.count(), 1);
        QCOMPARE(liveEnded.first().at(1).toBool(), true);
        QTRY_VERIFY2_WITH_TIMEOUT(statusOf(dialog).contains(QStringLiteral("The password was not remembered: no "
                                                                            "desktop keyring took it (")),
                                  qPrintable(statusOf(dialog)), 20000);
        QVERIFY(statusOf(dialog).startsWith(QStringLiteral("Recorded ")));
    }
};

MEMPROF_TEST_MAIN(TestRecordDialog)
#include "test_record_dialog.moc"
