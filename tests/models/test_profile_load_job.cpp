// SPDX-License-Identifier: GPL-3.0-or-later
// What the viewer's load job hands the window for a dump broken before its
// kind can be told: the kind probe's reason, with its byte and both stream
// headers, not what the memprof decoder makes of a sysprof dump.
#include "model/services/LoadMessages.h"
#include "model/services/ProfileLoadJob.h"
#include "tests/support/FileBytes.h"
#include "tests/support/TestSuite.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace memprof;
using namespace memprof::services;

class TestProfileLoadJob : public QObject {
    Q_OBJECT
private slots:
    void damagedSysprofSymbolTableIsABrokenDump()
    {
        QByteArray dump = test::readBytes(QStringLiteral(MEMPROF_TEST_DATA "/sysprof/recursion-L-jitoff.bin"));
        QVERIFY(dump.size() > 8);
        QCOMPARE(dump.at(7), char(0x00)); // the first symbol's header
        dump[7] = char(0x80);             // now an end marker: the table "ends" at byte 8
        QTemporaryDir dir;
        const QString path = dir.filePath("damaged.bin");
        test::writeBytes(path, dump);

        ProfileLoadJob job(path);
        QSignalSpy finished(&job, &ProfileLoadJob::finished);
        QSignalSpy sysprofFinished(&job, &ProfileLoadJob::sysprofFinished);
        job.start();
        QVERIFY(finished.wait(20000));
        QCOMPARE(sysprofFinished.count(), 0);
        const auto profile = finished.at(0).at(0).value<ProfilePtr>();
        QCOMPARE(int(profile->status.end), int(DecodeEnd::Failed));
        QCOMPARE(profile->status.error.offset, std::uint64_t(8));
        const QString shown = describeFailure(profile->status);
        QVERIFY2(shown.contains("byte 8"), qPrintable(shown));
        QVERIFY2(shown.contains("'ljm' (memprof)") && shown.contains("'ljp' (sysprof)"), qPrintable(shown));
        QVERIFY2(!shown.contains("expected 'ljm'"), qPrintable(shown));
    }
};

MEMPROF_TEST_GUILESS_MAIN(TestProfileLoadJob)
#include "test_profile_load_job.moc"
