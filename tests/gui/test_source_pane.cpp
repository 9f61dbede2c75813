// SPDX-License-Identifier: GPL-3.0-or-later
// The source pane on chunk names a dump should not be trusted with: it
// says "refused" and why for system files, and asks with a button in the
// pane (not a modal popup) before showing a non-Lua file from elsewhere.
#include "model/memprofile/ProfileLoader.h"
#include "model/services/SourceLocator.h"
#include "model/synth/DumpWriter.h"
#include "tests/support/TestSuite.h"
#include "views/CodeView.h"
#include "views/SourcePane.h"
#include "views/ViewState.h"

#include <QDir>
#include <QFile>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

using namespace memprof;
using namespace memprof::itemmodels;
using namespace memprof::services;

namespace {
// A profile with one location, line 1 of the chunk `chunkname`.
std::shared_ptr<const Profile> profileOfChunk(const std::string& chunkname)
{
    synth::DumpWriter dump;
    dump.symtabPrologue()
        .lfunc(0x100, chunkname, 1)
        .symtabEnd()
        .eventsPrologue()
        .alloc(synth::luaAt(0x100, 1), 0x1000, 16)
        .epilogue();
    return std::make_shared<const Profile>(loadProfile(std::span<const std::uint8_t>(dump.bytes())));
}

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}
} // namespace

class TestSourcePane : public QObject {
    Q_OBJECT
private slots:
    void paneSaysRefusedAndAsksWithAButton();
};

// The pane says "refused" and why, and asks with a button in the pane.
void TestSourcePane::paneSaysRefusedAndAsksWithAButton()
{
    QTemporaryDir dumpFolder;
    QTemporaryDir elsewhere;
    const QString secret = QDir(elsewhere.path()).filePath("secret.txt");
    QVERIFY(writeFile(secret, "password=hunter2\n"));

    views::ViewState state;
    views::SourcePane pane(&state);
    pane.setProfile(profileOfChunk("@/proc/self/environ"), dumpFolder.path());
    pane.showLocation(0);
    QVERIFY2(pane.message().startsWith(QStringLiteral("Refused to open /proc/")), qPrintable(pane.message()));
    QVERIFY(!pane.message().contains(QStringLiteral("not found")));
    QVERIFY(!pane.confirmButton()->isVisibleTo(&pane));

    pane.setProfile(profileOfChunk("@" + secret.toStdString()), dumpFolder.path());
    pane.showLocation(0);
    QVERIFY2(pane.message().contains(QStringLiteral("not shown yet")), qPrintable(pane.message()));
    QVERIFY(pane.confirmButton()->isVisibleTo(&pane));
    QVERIFY(!pane.codeView()->toPlainText().contains(QStringLiteral("hunter2")));
    QTest::mouseClick(pane.confirmButton(), Qt::LeftButton);
    QCOMPARE(int(pane.currentView().kind), int(SourceView::Kind::File));
    QVERIFY(pane.codeView()->toPlainText().contains(QStringLiteral("hunter2")));
}

MEMPROF_TEST_MAIN(TestSourcePane)
#include "test_source_pane.moc"
