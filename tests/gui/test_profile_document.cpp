// SPDX-License-Identifier: GPL-3.0-or-later
// The profile document on both kinds: each dump loaded through the one load
// job as the document of its kind; a range of its run counted through the
// document as each kind counts it (the memory window count, the CPU range
// read); its
// export the bytes memprof-report writes, written on a worker thread; the
// pair job's one ending.
#include "app/MemprofDocument.h"
#include "app/MergedSysprofDocument.h"
#include "app/ProfileDocuments.h"
#include "app/SysprofDocument.h"
#include "model/memprofile/ProfileLoader.h"
#include "model/services/ProfileExportJob.h"
#include "model/services/ProfilePairLoadJob.h"
#include "model/services/WindowCount.h"
#include "model/sysprofile/SysprofLoader.h"
#include "tests/support/GuiTestData.h"
#include "tests/support/ReportCli.h"
#include "tests/support/SignalWait.h"
#include "tests/support/TestSuite.h"

#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace memprof;
using namespace memprof::services;
using memprof::app::MemprofDocument;
using memprof::app::SysprofDocument;

namespace {

const char* const kMemprofDump = "v3/medium.bin";
const char* const kSysprofDump = "sysprof/coroutines-C-jitoff.bin";

// Runs `job` (a load or a range count) to its end; the document it
// finished with, or null when it failed or was cancelled.
DocumentPtr runToEnd(ProfileLoadJob& job)
{
    QSignalSpy finished(&job, &ProfileLoadJob::finished);
    QSignalSpy failed(&job, &ProfileLoadJob::failed);
    QSignalSpy cancelled(&job, &ProfileLoadJob::cancelled);
    job.start();
    if (!QTest::qWaitFor([&] { return finished.count() + failed.count() + cancelled.count() > 0; }, 30000))
        return nullptr;
    return finished.isEmpty() ? nullptr : finished.at(0).at(0).value<DocumentPtr>();
}

DocumentPtr loadDocument(const QString& path)
{
    ProfileLoadJob job(path, &app::readDocument);
    return runToEnd(job);
}

} // namespace

class TestProfileDocument : public QObject {
    Q_OBJECT

private slots:
    void eachKindLoadsThroughTheOneJob_data()
    {
        QTest::addColumn<QString>("dump");
        QTest::addColumn<int>("kind");
        QTest::newRow("memprof") << kMemprofDump << int(DumpKind::Memprof);
        QTest::newRow("sysprof") << kSysprofDump << int(DumpKind::Sysprof);
    }
    void eachKindLoadsThroughTheOneJob()
    {
        QFETCH(QString, dump);
        QFETCH(int, kind);
        const QString path = test::fixture(dump);
        ProfileLoadJob job(path, &app::readDocument);
        QSignalSpy progress(&job, &ProfileLoadJob::progress);
        const DocumentPtr document = runToEnd(job);
        QVERIFY(document);
        QCOMPARE(int(document->kind()), kind);
        QCOMPARE(document->path(), path);
        QCOMPARE(document->displayName(), QFileInfo(path).fileName());
        QCOMPARE(int(document->status().end), int(DecodeEnd::Complete));
        QVERIFY(document->range().isWholeRun());
        QVERIFY(document->emptyMessage().isEmpty());
        QVERIFY(progress.count() >= 1);
        QCOMPARE(progress.last().at(1).toLongLong(), QFileInfo(path).size());
        // The document of its kind, holding what the decoder of its kind reads.
        const std::string file = QFile::encodeName(path).toStdString();
        if (kind == int(DumpKind::Memprof)) {
            const auto* memprof = dynamic_cast<const MemprofDocument*>(document.get());
            QVERIFY(memprof);
            const Profile direct = loadProfile(file);
            QCOMPARE(memprof->profile()->totals.eventCount, direct.totals.eventCount);
            QCOMPARE(memprof->profile()->totals.liveBytes, direct.totals.liveBytes);
            QCOMPARE(document->exportSubject(), ExportSubject::Memprof);
        } else {
            const auto* sysprof = dynamic_cast<const SysprofDocument*>(document.get());
            QVERIFY(sysprof);
            DecodeControl control;
            const SysprofProfile direct = loadSysprof(file, control, viewerSysprofOptions());
            QCOMPARE(sysprof->profile()->sampleCount, direct.sampleCount);
            QCOMPARE(sysprof->profile()->distinctStacks, direct.distinctStacks);
            QCOMPARE(document->exportSubject(), ExportSubject::Sysprof);
        }
    }

    void aBrokenDumpFailsWithTheMessage()
    {
        ProfileLoadJob job(test::fixture(QStringLiteral("corrupt/flipped-header-invalid.bin")), &app::readDocument);
        QSignalSpy failed(&job, &ProfileLoadJob::failed);
        QSignalSpy finished(&job, &ProfileLoadJob::finished);
        job.start();
        QVERIFY(testsuite::received(failed, 20000));
        QVERIFY(!failed.at(0).at(0).toString().isEmpty());
        QCOMPARE(finished.count(), 0);
    }

    // A dump broken before its kind can be told fails with the kind probe's
    // reason, its byte and both stream headers, not with what the memprof
    // decoder makes of a sysprof dump.
    void aDamagedSysprofSymbolTableFailsAsABrokenDump()
    {
        QFile fixture(test::fixture(QStringLiteral("sysprof/recursion-L-jitoff.bin")));
        QVERIFY(fixture.open(QIODevice::ReadOnly));
        QByteArray dump = fixture.readAll();
        QVERIFY(dump.size() > 8);
        QCOMPARE(dump.at(7), char(0x00)); // the first symbol's header
        dump[7] = char(0x80); // now an end marker: the table "ends" at byte 8
        QTemporaryDir dir;
        const QString path = dir.filePath("damaged.bin");
        QFile damaged(path);
        QVERIFY(damaged.open(QIODevice::WriteOnly) && damaged.write(dump) == dump.size());
        damaged.close();

        ProfileLoadJob job(path, &app::readDocument);
        QSignalSpy failed(&job, &ProfileLoadJob::failed);
        QSignalSpy finished(&job, &ProfileLoadJob::finished);
        job.start();
        QVERIFY(testsuite::received(failed, 20000));
        QCOMPARE(finished.count(), 0);
        const QString shown = failed.at(0).at(0).toString();
        QVERIFY2(shown.contains("byte 8"), qPrintable(shown));
        QVERIFY2(shown.contains("'ljm' (memprof)") && shown.contains("'ljp' (sysprof)"), qPrintable(shown));
        QVERIFY2(!shown.contains("expected 'ljm'"), qPrintable(shown));
    }

    void loadJobCancels()
    {
        QTemporaryDir dir;
        const QString big = dir.filePath(QStringLiteral("big.bin"));
        QVERIFY(test::writeRepeatedDump(test::fixture(QStringLiteral("v3/medium.bin")), big, 40));
        ProfileLoadJob job(big, &app::readDocument);
        QSignalSpy cancelled(&job, &ProfileLoadJob::cancelled);
        QSignalSpy finished(&job, &ProfileLoadJob::finished);
        QSignalSpy progress(&job, &ProfileLoadJob::progress);
        job.start();
        job.cancel();
        QVERIFY(testsuite::received(cancelled, 20000));
        QCOMPARE(finished.count(), 0);
        // Stopped before the end of the dump.
        QVERIFY(progress.isEmpty() || progress.last().at(0).toLongLong() < QFileInfo(big).size());
    }

    // A memprof event window counted through the document gives what the
    // window count (countWindow) gives.
    void aMemprofWindowCountsAsThePageCountsIt()
    {
        const QString path = test::fixture(QStringLiteral("v3/growth.bin"));
        const DocumentPtr document = loadDocument(path);
        QVERIFY(document);
        const auto& whole = static_cast<const MemprofDocument&>(*document);
        const std::uint64_t n = whole.profile()->totals.eventCount;
        const RunRange range{n / 5 + 1, n - n / 5};
        const std::unique_ptr<ProfileLoadJob> count = document->countRange(range);
        const DocumentPtr counted = runToEnd(*count);
        QVERIFY(counted);
        QCOMPARE(int(counted->kind()), int(DumpKind::Memprof));
        QVERIFY(counted->range() == range);
        const Profile& mine = *static_cast<const MemprofDocument&>(*counted).profile();

        DecodeControl control;
        const Profile page = countWindow(QFile::encodeName(path).toStdString(), RunRange{range.first, range.last},
                                         whole.profile(), std::make_shared<WindowIndexSlot>(), control);
        QCOMPARE(int(mine.status.end), int(DecodeEnd::Complete));
        QCOMPARE(mine.window, page.window);
        QCOMPARE(mine.totals.eventCount, page.totals.eventCount);
        for (const EventKind kind : {EventKind::Alloc, EventKind::Realloc, EventKind::Free}) {
            QCOMPARE(mine.rows(kind).size(), page.rows(kind).size());
            QVERIFY(!page.rows(kind).empty() || kind == EventKind::Realloc);
            for (std::size_t i = 0; i < page.rows(kind).size(); ++i) {
                QCOMPARE(mine.rows(kind)[i].location, page.rows(kind)[i].location);
                QCOMPARE(mine.rows(kind)[i].eventCount, page.rows(kind)[i].eventCount);
                QCOMPARE(mine.rows(kind)[i].allocatedBytes, page.rows(kind)[i].allocatedBytes);
            }
        }
        // A window, not the whole run.
        QVERIFY(mine.rows(EventKind::Alloc).size() > 0);
        QVERIFY(mine.window.last < n);
    }

    // A sysprof sample range counted through the document gives what the
    // range read (loadSysprof of the range) gives.
    void aSysprofRangeCountsAsThePageCountsIt()
    {
        const QString path = test::fixture(QString::fromLatin1(kSysprofDump));
        const DocumentPtr document = loadDocument(path);
        QVERIFY(document);
        // Samples 41 to 200, as the range bar numbers them.
        const RunRange range{41, 200};
        const std::unique_ptr<ProfileLoadJob> count = document->countRange(range);
        const DocumentPtr counted = runToEnd(*count);
        QVERIFY(counted);
        QCOMPARE(int(counted->kind()), int(DumpKind::Sysprof));
        QVERIFY(counted->range() == range);
        const SysprofProfile& mine = *static_cast<const SysprofDocument&>(*counted).profile();

        DecodeControl control;
        const SysprofProfile page =
            loadSysprof(QFile::encodeName(path).toStdString(), control, viewerSysprofOptions(range));
        QCOMPARE(mine.sampleCount, quint64(160));
        QCOMPARE(mine.sampleCount, page.sampleCount);
        QCOMPARE(mine.range.first, page.range.first);
        QCOMPARE(mine.range.last, page.range.last);
        QCOMPARE(mine.samplesByState, page.samplesByState);
        QCOMPARE(mine.distinctStacks, page.distinctStacks);
        QCOMPARE(mine.tree(StackView::Lua).size(), page.tree(StackView::Lua).size());
        QCOMPARE(mine.tree(StackView::Lua).totalSamples(), page.tree(StackView::Lua).totalSamples());
    }

    // Exported through the document: the bytes memprof-report writes.
    void exportsWhatTheCliWrites_data()
    {
        QTest::addColumn<QString>("dump");
        QTest::addColumn<QString>("fileName");
        QTest::addColumn<QStringList>("cliArgs");
        QTest::newRow("memprof pprof") << kMemprofDump << "medium.pb.gz" << QStringList{"--export=pprof"};
        QTest::newRow("sysprof folded") << kSysprofDump << "cpu.folded" << QStringList{"--demangle", "--export=folded"};
        QTest::newRow("sysprof pprof") << kSysprofDump << "cpu.pb.gz" << QStringList{"--demangle", "--export=pprof"};
    }
    void exportsWhatTheCliWrites()
    {
        QFETCH(QString, dump);
        QFETCH(QString, fileName);
        QFETCH(QStringList, cliArgs);
        const QString path = test::fixture(dump);
        const DocumentPtr document = loadDocument(path);
        QVERIFY(document);
        const auto format = exportFormatForFileName(fileName.toStdString(), document->exportSubject());
        QVERIFY(format);
        QTemporaryDir dir;
        const QString out = dir.filePath(fileName);
        ProfileExportJob job(document, *format, out);
        QSignalSpy finished(&job, &ProfileExportJob::finished);
        job.start();
        QVERIFY(testsuite::received(finished, 30000));
        QCOMPARE(finished.at(0).at(0).toString(), QString());
        QCOMPARE(finished.at(0).at(1).toLongLong(), QFileInfo(out).size());
        test::sameAsTheCli(out, cliArgs, path);
    }

    // File > Export names Lua functions from their sources, read on the
    // export's worker: beside the dump or in the page's source folders; a
    // dump with neither at hand exports the names the dump gives.
    void exportNamesFunctionsFromTheirSources_data()
    {
        QTest::addColumn<QString>("dump");
        QTest::addColumn<QString>("fileName");
        QTest::addColumn<QByteArray>("named");
        QTest::addColumn<QByteArray>("unnamed");
        QTest::newRow("memprof") << "v3/leak.bin"
                                 << "leak.folded" << QByteArray("leak.lua;remember (leak.lua:7);leak.lua:9 ")
                                 << QByteArray("@leak.lua;@leak.lua:7;@leak.lua:9 ");
        QTest::newRow("sysprof") << kSysprofDump << "cpu.folded" << QByteArray(";consume (coroutines.lua:12);")
                                 << QByteArray(";@coroutines.lua:12;");
    }
    void exportNamesFunctionsFromTheirSources()
    {
        QFETCH(QString, dump);
        QFETCH(QString, fileName);
        QFETCH(QByteArray, named);
        QFETCH(QByteArray, unnamed);
        QTemporaryDir dir;
        // The dump where no source is beside it.
        const QString alone = dir.filePath(QFileInfo(dump).fileName());
        QVERIFY(QFile::copy(test::fixture(dump), alone));
        const QString sourceFolder = QFileInfo(test::fixture(dump)).absolutePath();
        const auto exported = [&](const QString& path, const QStringList& sourceFolders) {
            const DocumentPtr document = loadDocument(path);
            if (!document)
                return QByteArray("not loaded");
            const auto format = exportFormatForFileName(fileName.toStdString(), document->exportSubject());
            const QString out = dir.filePath(fileName);
            ExportSettings settings;
            settings.sourceFolders = sourceFolders;
            ProfileExportJob job(document, *format, out, settings);
            QSignalSpy finished(&job, &ProfileExportJob::finished);
            job.start();
            if (!testsuite::received(finished, 30000) || !finished.at(0).at(0).toString().isEmpty())
                return QByteArray("not written");
            QFile file(out);
            return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("not read");
        };
        const QByteArray beside = exported(test::fixture(dump), {});
        QVERIFY2(beside.contains(named), beside.constData());
        const QByteArray inFolder = exported(alone, {sourceFolder});
        QCOMPARE(inFolder, beside);
        const QByteArray none = exported(alone, {});
        QVERIFY2(none.contains(unnamed), none.constData());
        QVERIFY(!none.contains(named));
    }

    // The memory profile's export is written on the job's worker, not on
    // the GUI thread (where it used to be, the window frozen meanwhile).
    void aMemprofExportRunsOffTheGuiThread()
    {
        const DocumentPtr document = loadDocument(test::fixture(QString::fromLatin1(kMemprofDump)));
        QVERIFY(document);
        QTemporaryDir dir;
        ProfileExportJob job(document, ExportFormat::Pprof, dir.filePath(QStringLiteral("medium.pb.gz")));
        QThread* writer = nullptr;
        connect(
            &job, &ProfileExportJob::finished, &job, [&writer] { writer = QThread::currentThread(); },
            Qt::DirectConnection);
        QSignalSpy finished(&job, &ProfileExportJob::finished);
        job.start();
        QVERIFY(testsuite::received(finished, 30000));
        QVERIFY(writer);
        QVERIFY(writer != QThread::currentThread());
        QVERIFY(QFileInfo(dir.filePath(QStringLiteral("medium.pb.gz"))).size() > 0);
    }

    // One side failing while the other still loads ends the pair once: the
    // other side's cancelled result, queued as its job goes, is not a second
    // end (a window would close twice).
    void pairJobStopsOnce()
    {
        QTemporaryDir dir;
        const QString big = dir.filePath(QStringLiteral("big.bin"));
        QVERIFY(test::writeRepeatedDump(test::fixture(QStringLiteral("v3/medium.bin")), big, 40));
        const QString broken = test::fixture(QStringLiteral("corrupt/flipped-header-invalid.bin"));
        ProfilePairLoadJob job(DumpKind::Memprof, nullptr, {QStringList{big}, QStringList{broken}}, &app::documentLoadJob);
        QSignalSpy stopped(&job, &ProfilePairLoadJob::stopped);
        QSignalSpy loaded(&job, &ProfilePairLoadJob::loaded);
        job.start();
        QVERIFY(testsuite::received(stopped, 20000));
        QTest::qWait(300); // time for a second end to arrive
        QCOMPARE(stopped.count(), 1);
        QCOMPARE(stopped.at(0).at(0).toString(), broken);
        QCOMPARE(loaded.count(), 0);
    }

    // A pair of the other kind than compared is refused with why, and two
    // dumps of the kind are loaded as documents of it.
    void pairJobLoadsDocumentsOfItsKind()
    {
        const QString cpu = test::fixture(QString::fromLatin1(kSysprofDump));
        const QString memory = test::fixture(QString::fromLatin1(kMemprofDump));
        ProfilePairLoadJob mixed(DumpKind::Sysprof, nullptr, {QStringList{cpu}, QStringList{memory}}, &app::documentLoadJob);
        QSignalSpy stopped(&mixed, &ProfilePairLoadJob::stopped);
        mixed.start();
        QVERIFY(testsuite::received(stopped, 20000));
        QCOMPARE(stopped.at(0).at(0).toString(), memory);
        QVERIFY(stopped.at(0).at(1).toString().contains(QStringLiteral("memprof")));

        ProfilePairLoadJob pair(DumpKind::Sysprof, nullptr, {QStringList{cpu}, QStringList{cpu}}, &app::documentLoadJob);
        QSignalSpy loaded(&pair, &ProfilePairLoadJob::loaded);
        pair.start();
        QVERIFY(testsuite::received(loaded, 20000));
        for (int side : {0, 1})
            QVERIFY(dynamic_cast<const SysprofDocument*>(loaded.at(0).at(side).value<DocumentPtr>().get()));

        // A side of several dumps is read merged, the other as one dump.
        ProfilePairLoadJob merged(DumpKind::Sysprof, nullptr, {QStringList{cpu}, QStringList{cpu, cpu}},
                                  &app::documentLoadJob);
        QSignalSpy mergedLoaded(&merged, &ProfilePairLoadJob::loaded);
        merged.start();
        QVERIFY(testsuite::received(mergedLoaded, 20000));
        QVERIFY(dynamic_cast<const SysprofDocument*>(mergedLoaded.at(0).at(0).value<DocumentPtr>().get()));
        const auto* both =
            dynamic_cast<const app::MergedSysprofDocument*>(mergedLoaded.at(0).at(1).value<DocumentPtr>().get());
        QVERIFY(both);
        QCOMPARE(both->dumpPaths(), (QStringList{cpu, cpu}));
    }
};

MEMPROF_TEST_MAIN(TestProfileDocument)
#include "test_profile_document.moc"
