// SPDX-License-Identifier: GPL-3.0-or-later
// The main window on hostile files: random bytes, a directory, a file it may
// not read, a 0-byte file, a dump cut inside its symbol table, and paths with
// spaces and non-ASCII characters. Each gets a message saying what is wrong,
// and the window stays usable: it opens a good dump right afterwards.
#include "tests/support/WindowTestHelpers.h"

#include "app/MainWindow.h"
#include "tests/support/TestSuite.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QMessageBox>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <random>

#include <unistd.h>

using memprof::app::MainWindow;
using memprof::test::closeErrorBoxes;
using memprof::test::errorBox;

namespace {

const QString kGoodDump = QStringLiteral(MEMPROF_TEST_DATA "/v3/table-growth.bin");

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile out(path);
    return out.open(QIODevice::WriteOnly) && out.write(bytes) == bytes.size();
}

QByteArray readFile(const QString& path)
{
    QFile in(path);
    return in.open(QIODevice::ReadOnly) ? in.readAll() : QByteArray();
}

} // namespace

class HostileFilesInWindow : public QObject {
    Q_OBJECT
private slots:
    void cleanup() { closeErrorBoxes(); }

    void eachGetsAMessageAndTheWindowStaysUsable_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("words"); // what the message must say

        static QTemporaryDir dir; // lives until the test ends
        QVERIFY(dir.isValid());
        std::mt19937 random(42);
        QByteArray noise(64 * 1024, Qt::Uninitialized);
        for (char& c : noise)
            c = static_cast<char>(random());
        noise[0] = 'X'; // never 'l' by chance
        const QString noisePath = dir.filePath("random bytes.bin");
        QVERIFY(writeFile(noisePath, noise));
        QTest::newRow("random bytes") << noisePath << QStringLiteral("not a LuaJIT memprof dump");

        QTest::newRow("directory") << dir.path() << QStringLiteral("folder");

        const QString empty = dir.filePath("empty.bin");
        QVERIFY(writeFile(empty, {}));
        QTest::newRow("0-byte file") << empty << QStringLiteral("empty (0 bytes)");

        // A dump cut inside its symbol table has no events to show.
        const QByteArray good = readFile(kGoodDump);
        QVERIFY(good.size() > 5000);
        const QString cut = dir.filePath(QStringLiteral("cut in its symbol table.bin"));
        QVERIFY(writeFile(cut, good.left(3000)));
        QTest::newRow("cut in the symbol table") << cut << QStringLiteral("ends before its events start");

        // Spaces and non-ASCII in folder and file name, on a broken dump: the
        // message names the file as the user knows it.
        const QString odd = dir.filePath(QStringLiteral("профиль ünï/сбой дамп é.bin"));
        QVERIFY(QDir().mkpath(QFileInfo(odd).path()));
        QVERIFY(writeFile(odd, noise));
        QTest::newRow("non-ASCII path") << odd << QStringLiteral("сбой дамп é.bin");

        const QString locked = dir.filePath("no read permission.bin");
        QVERIFY(writeFile(locked, good));
        QVERIFY(QFile::setPermissions(locked, QFileDevice::WriteOwner));
        QTest::newRow("no read permission") << locked << QStringLiteral("cannot be read");
    }

    void eachGetsAMessageAndTheWindowStaysUsable()
    {
        QFETCH(QString, path);
        QFETCH(QString, words);
        if (QTest::currentDataTag() == QLatin1String("no read permission") && ::geteuid() == 0)
            QSKIP("running as root: permissions do not deny root a read, so this case cannot be made here");

        MainWindow window;
        window.resize(1200, 800);
        window.show();
        QSignalSpy finished(&window, &MainWindow::loadFinished);
        window.loadDump(path);
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 30000);
        QCOMPARE(finished.at(0).at(0).toBool(), false);
        QTRY_VERIFY(errorBox());
        const QString message = errorBox()->text() + QLatin1Char('\n') + errorBox()->informativeText();
        QVERIFY2(message.contains(words), qPrintable(message));
        QVERIFY(!window.hasProfile());
        QCOMPARE(window.currentPage(), window.findChild<QWidget*>(QStringLiteral("startPage")));
        QVERIFY(!window.isLoading());
        closeErrorBoxes();

        // Still usable: a good dump opens in the same window.
        finished.clear();
        window.loadDump(kGoodDump);
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 30000);
        QCOMPARE(finished.at(0).at(0).toBool(), true);
        QVERIFY(window.hasProfile());
        QCOMPARE(window.currentPage(), window.findChild<QWidget*>(QStringLiteral("profilePage")));
        QVERIFY(!errorBox());
    }

    // A good dump under a path with spaces and non-ASCII characters opens.
    void goodDumpUnderANonAsciiPathOpens()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("mes profils été/дамп №1 (copy).bin"));
        QVERIFY(QDir().mkpath(QFileInfo(path).path()));
        QVERIFY(QFile::copy(kGoodDump, path));
        MainWindow window;
        window.show();
        QSignalSpy finished(&window, &MainWindow::loadFinished);
        window.loadDump(path);
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 30000);
        QCOMPARE(finished.at(0).at(0).toBool(), true);
        QCOMPARE(window.dumpPath(), path);
        QVERIFY(window.windowTitle().contains(QStringLiteral("дамп №1 (copy).bin")));
        QVERIFY(!errorBox());
    }
};

MEMPROF_TEST_MAIN(HostileFilesInWindow)
#include "test_hostile_files_in_window.moc"
