// SPDX-License-Identifier: GPL-3.0-or-later
// A dump followed as a profiler writes it (File > Follow a Dump,
// --follow): the page fills in after each piece written, equal to a fresh
// open of the bytes so far, the user's sort order kept; the reading bar
// says it follows and how much is in. The dump's end ends the following
// with the page a fresh open of the whole file gives; Stop Following keeps
// what was read, as a dump cut short.
#include "model/memprofile/ProfileLoader.h"
#include "tests/support/ProfileDifference.h"
#include "tests/support/SignalWait.h"
#include "tests/support/TestSuite.h"
#include "tests/support/WindowTestHelpers.h"
#include "tests/support/WindowWidgets.h"

#include "app/MemprofDocument.h"
#include "model/itemmodels/LocationTableModel.h"
#include "views/CostTableView.h"
#include "views/ProfilePage.h"
#include "views/ReadingBar.h"

#include <QFile>
#include <QHeaderView>
#include <QLocale>
#include <QPushButton>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

using namespace memprof;
using memprof::test::Window;

namespace {

const Profile& profileOf(const services::DocumentPtr& document)
{
    return *static_cast<const app::MemprofDocument&>(*document).profile();
}

QByteArray fixtureBytes(const QString& name)
{
    QFile file(QStringLiteral(MEMPROF_TEST_DATA "/") + name);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void append(const QString& path, const QByteArray& piece)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::Append));
    QCOMPARE(file.write(piece), piece.size());
}

Profile loadPrefix(const QByteArray& bytes, qsizetype size)
{
    return loadProfile(std::span(reinterpret_cast<const std::uint8_t*>(bytes.constData()), std::size_t(size)));
}

} // namespace

class TestFollowPage : public QObject {
    Q_OBJECT

private slots:
    void thePageFollowsTheFileAsItGrows()
    {
        const QByteArray bytes = fixtureBytes(QStringLiteral("v3/medium.bin"));
        QVERIFY(!bytes.isEmpty());
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("growing.bin"));
        append(path, {});

        Window w;
        w->setPartialInterval(std::chrono::milliseconds(0));
        auto* page = test::widgetNamed<views::ProfilePage>(w.window, "profilePage");
        QVERIFY(page);
        auto* table = page->findChild<views::CostTableView*>(QStringLiteral("tableAllocations"));
        QVERIFY(table);
        const int userColumn = itemmodels::LocationTableModel::EventsColumn;
        QSignalSpy finished(w.window, &app::MainWindow::loadFinished);
        w->loadDump(path, app::MainWindow::ReadMode::Follow);
        // An empty file followed waits for its first events, no failure.
        QVERIFY(w->isFollowing());
        QVERIFY(w->statusBar()->currentMessage().startsWith(QStringLiteral("Following ")));

        constexpr qsizetype kStride = 196613; // prime: each piece ends inside an event
        int followedPieces = 0;
        for (qsizetype written = 0; written < bytes.size();) {
            const qsizetype end = std::min<qsizetype>(written + kStride, bytes.size());
            append(path, bytes.mid(written, end - written));
            written = end;
            if (end == bytes.size())
                break;
            const Profile soFar = loadPrefix(bytes, end);
            QCOMPARE(soFar.status.end, DecodeEnd::Truncated);
            QTRY_VERIFY_WITH_TIMEOUT(w->partialDocument() && profileOf(w->partialDocument()).status.bytesConsumed ==
                                                               soFar.status.bytesConsumed,
                                     30000);
            QVERIFY(w->isFollowing());
            Profile shown = profileOf(w->partialDocument());
            QCOMPARE(shown.status.end, DecodeEnd::Reading);
            shown.status = soFar.status;
            QCOMPARE(test::differenceOf(shown, soFar), std::string());
            QVERIFY(page->isReading());
            const QString barText = page->readingBar()->text();
            QVERIFY2(barText.startsWith(QStringLiteral("Following: %1 events")
                                            .arg(QLocale().toString(qulonglong(soFar.totals.eventCount)))),
                     qPrintable(barText));
            QVERIFY2(barText.contains(QStringLiteral("still being written")), qPrintable(barText));
            QCOMPARE(page->readingBar()->cancelButton()->text(), QStringLiteral("Stop Following"));
            // The user's sort order, chosen on the first counts, stays.
            if (followedPieces == 0)
                table->sortByColumn(userColumn, Qt::AscendingOrder);
            else
                QCOMPARE(table->header()->sortIndicatorSection(), userColumn);
            ++followedPieces;
        }
        QCOMPARE_GE(followedPieces, 4);
        // The dump's end is written: the following ends by itself, and the
        // page is what opening the finished file gives.
        QVERIFY(testsuite::received(finished, 30000));
        QVERIFY(finished.at(0).at(0).toBool());
        QVERIFY(!w->isFollowing());
        QVERIFY(!w->partialDocument());
        QVERIFY(page->readingBar()->isHidden());
        const Profile whole = loadProfile(QFile::encodeName(path).toStdString());
        QCOMPARE(profileOf(w->document()).status.end, DecodeEnd::Complete);
        QCOMPARE(test::differenceOf(profileOf(w->document()), whole), std::string());
        QCOMPARE(table->header()->sortIndicatorSection(), userColumn);
    }

    // A profiler that died writes no end: Stop Following keeps what was
    // read, as opening the file then gives it (a dump cut short).
    void stopFollowingKeepsWhatWasRead()
    {
        const QByteArray bytes = fixtureBytes(QStringLiteral("v3/medium.bin"));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("died.bin"));
        append(path, bytes.left(bytes.size() / 2));
        const Profile soFar = loadPrefix(bytes, bytes.size() / 2);

        Window w;
        w->setPartialInterval(std::chrono::milliseconds(0));
        auto* page = test::widgetNamed<views::ProfilePage>(w.window, "profilePage");
        QVERIFY(page);
        QSignalSpy finished(w.window, &app::MainWindow::loadFinished);
        w->loadDump(path, app::MainWindow::ReadMode::Follow);
        QTRY_VERIFY_WITH_TIMEOUT(w->partialDocument() && profileOf(w->partialDocument()).status.bytesConsumed ==
                                                           soFar.status.bytesConsumed,
                                 30000);
        // Nothing more comes; it still follows until told.
        QTest::qWait(300);
        QVERIFY(w->isFollowing());
        QCOMPARE(finished.count(), 0);
        QTest::mouseClick(page->readingBar()->cancelButton(), Qt::LeftButton);
        QVERIFY(testsuite::received(finished, 30000));
        QVERIFY(finished.at(0).at(0).toBool());
        QCOMPARE(profileOf(w->document()).status.end, DecodeEnd::Truncated);
        QCOMPARE(test::differenceOf(profileOf(w->document()), loadProfile(QFile::encodeName(path).toStdString())),
                 std::string());
    }
};

MEMPROF_TEST_MAIN(TestFollowPage)
#include "test_follow_page.moc"
