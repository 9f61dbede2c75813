// SPDX-License-Identifier: GPL-3.0-or-later
// The Record dialog's list of the instances of a cluster recording: each
// instance's phase while it goes, the bytes brought back (raw in the sort
// role), then recorded, cut short or failed with why.
#include "model/itemmodels/ClusterRecordingModel.h"
#include "model/itemmodels/ModelRoles.h"
#include "tests/support/TestSuite.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace memprof;
using namespace memprof::itemmodels;
using record::AttachOutcome;
using record::AttachPhase;

class TestClusterRecordingModel : public QObject {
    Q_OBJECT

    static QString cell(const ClusterRecordingModel& model, int row, int column, int role = Qt::DisplayRole)
    {
        return model.index(row, column).data(role).toString();
    }

private slots:
    void eachInstanceShowsWhereItStands()
    {
        ClusterRecordingModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.reset({QStringLiteral("db1:3301"), QStringLiteral("/run/b/admin.sock"), QStringLiteral("db3:3301")},
                    {QStringLiteral("/dumps/db1_3301.bin"), QStringLiteral("/dumps/admin.sock.bin"),
                     QStringLiteral("/dumps/db3_3301.bin")});
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.columnCount(), int(ClusterRecordingModel::ColumnCount));
        QCOMPARE(cell(model, 1, ClusterRecordingModel::InstanceColumn), QStringLiteral("/run/b/admin.sock"));
        QCOMPARE(cell(model, 1, ClusterRecordingModel::DumpColumn), QStringLiteral("admin.sock.bin"));
        QCOMPARE(cell(model, 1, ClusterRecordingModel::DumpColumn, SortRole), QStringLiteral("/dumps/admin.sock.bin"));
        QCOMPARE(cell(model, 0, ClusterRecordingModel::StatusColumn), QStringLiteral("Waiting"));
        QCOMPARE(cell(model, 0, ClusterRecordingModel::BroughtColumn), QString());

        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setPhase(0, AttachPhase::Recording);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.first().at(0).toModelIndex(), model.index(0, ClusterRecordingModel::StatusColumn));
        QCOMPARE(cell(model, 0, ClusterRecordingModel::StatusColumn), QStringLiteral("Recording on the instance"));
        model.setPhase(0, AttachPhase::Transferring);
        model.setTransferred(0, 100 * 1024, 300 * 1024);
        QCOMPARE(cell(model, 0, ClusterRecordingModel::StatusColumn), QStringLiteral("Bringing the dump back…"));
        QCOMPARE(cell(model, 0, ClusterRecordingModel::BroughtColumn), QStringLiteral("100 of 300 KiB"));
        QCOMPARE(model.index(0, ClusterRecordingModel::BroughtColumn).data(SortRole).toLongLong(), 100 * 1024);

        AttachOutcome whole;
        whole.dumpWritten = whole.complete = true;
        whole.bytes = 300 * 1024 + 5;
        model.setOutcome(0, whole);
        QCOMPARE(cell(model, 0, ClusterRecordingModel::StatusColumn), QStringLiteral("Recorded"));
        QCOMPARE(cell(model, 0, ClusterRecordingModel::BroughtColumn), QStringLiteral("300 KiB"));
        QCOMPARE(model.index(0, ClusterRecordingModel::BroughtColumn).data(SortRole).toLongLong(), whole.bytes);

        AttachOutcome gone;
        gone.message = QStringLiteral("No console at /run/b/admin.sock: there is no such file.");
        model.setOutcome(1, gone);
        QCOMPARE(cell(model, 1, ClusterRecordingModel::StatusColumn),
                 QStringLiteral("Failed: No console at /run/b/admin.sock: there is no such file."));
        QCOMPARE(cell(model, 1, ClusterRecordingModel::DumpColumn), QString()); // no file came
        QCOMPARE(cell(model, 0, ClusterRecordingModel::DumpColumn), QStringLiteral("db1_3301.bin"));
        AttachOutcome cut;
        cut.dumpWritten = true;
        cut.bytes = 8192;
        cut.message = QStringLiteral("The 8192 bytes brought back while it recorded are kept.");
        model.setOutcome(2, cut);
        QVERIFY(cell(model, 2, ClusterRecordingModel::StatusColumn).startsWith(QStringLiteral("Cut short: The 8192")));
        // Sorted by where they stand: recorded before cut short before failed.
        const auto rank = [&](int row) {
            return model.index(row, ClusterRecordingModel::StatusColumn).data(SortRole).toInt();
        };
        QCOMPARE_LT(rank(0), rank(2));
        QCOMPARE_LT(rank(2), rank(1));
        // A new recording starts over.
        model.reset({QStringLiteral("db9:1")}, {QStringLiteral("/dumps/db9_1.bin")});
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(cell(model, 0, ClusterRecordingModel::StatusColumn), QStringLiteral("Waiting"));
    }
};

MEMPROF_TEST_MAIN(TestClusterRecordingModel)
#include "test_cluster_recording_model.moc"
