// SPDX-License-Identifier: GPL-3.0-or-later
// Where the source pane finds a location's source: the dump's folder, the
// user's source folders, code stored in the dump, explanations otherwise.
#include "model/memprofile/ProfileLoader.h"
#include "model/services/SourceLocator.h"
#include "model/synth/DumpWriter.h"
#include "tests/support/GuiTestData.h"
#include "tests/support/TestSuite.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

using namespace memprof;
using namespace memprof::services;

namespace {
LocationId locationNamed(const Profile& profile, const std::string& name)
{
    for (std::size_t id = 0; id < profile.locations.size(); ++id)
        if (profile.locations[id].name == name)
            return LocationId(id);
    qFatal("no location named %s", name.c_str());
}

QString lineOf(const QString& text, int line)
{
    return text.split(u'\n').value(line - 1);
}

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

class TestSourceLocator : public QObject {
    Q_OBJECT
private slots:
    void luaLineInTheDumpFolder();
    void traceJumpsToItsStartLine();
    void notFoundThenSourceFolder();
    void aliasShowsStoredText();
    void oneLineAndNamedChunks();
    void internalAndCExplained();
    void systemFilesAreRefused();
    void fileOutsideTheFoldersNeedsConfirmation();
    void luaSourcesAndFilesInTheFoldersOpen();
};

void TestSourceLocator::luaLineInTheDumpFolder()
{
    const Profile profile = test::loadFixture(QStringLiteral("v3/medium.bin"));
    const SourceView view =
        locateSource(profile, locationNamed(profile, "@medium.lua:37"), test::fixture(QStringLiteral("v3")), {});
    QCOMPARE(int(view.kind), int(SourceView::Kind::File));
    QCOMPARE(view.filePath, QFileInfo(test::fixture(QStringLiteral("v3/medium.lua"))).absoluteFilePath());
    QCOMPARE(view.line, 37);
    QCOMPARE(view.chunkname, QStringLiteral("@medium.lua"));
    QVERIFY(lineOf(view.text, 37).contains(QStringLiteral("audit[#audit + 1] = body")));
}

void TestSourceLocator::traceJumpsToItsStartLine()
{
    const Profile profile = test::loadFixture(QStringLiteral("v3/medium.bin"));
    const SourceView view = locateSource(profile, locationNamed(profile, "TRACE [8] started at @medium.lua:14"),
                                         test::fixture(QStringLiteral("v3")), {});
    QCOMPARE(int(view.kind), int(SourceView::Kind::File));
    QCOMPARE(view.line, 14);
    QVERIFY(lineOf(view.text, 14).contains(QStringLiteral("table.concat(parts")));
}

void TestSourceLocator::notFoundThenSourceFolder()
{
    const Profile profile = test::loadFixture(QStringLiteral("v3/medium.bin"));
    QTemporaryDir dumpFolder;
    QTemporaryDir sources;
    const LocationId id = locationNamed(profile, "@medium.lua:22");
    SourceView view = locateSource(profile, id, dumpFolder.path(), {sources.path()});
    QCOMPARE(int(view.kind), int(SourceView::Kind::NotFound));
    QCOMPARE(view.wantedPath, QStringLiteral("medium.lua"));
    QCOMPARE(view.searched.size(), 2);

    QVERIFY(QFile::copy(test::fixture(QStringLiteral("v3/medium.lua")), QDir(sources.path()).filePath("medium.lua")));
    view = locateSource(profile, id, dumpFolder.path(), {sources.path()});
    QCOMPARE(int(view.kind), int(SourceView::Kind::File));
    QCOMPARE(view.line, 22);
    QVERIFY(view.filePath.startsWith(QFileInfo(sources.path()).absoluteFilePath()));
}

void TestSourceLocator::aliasShowsStoredText()
{
    const Profile profile = test::loadFixture(QStringLiteral("v3/loadstring.bin"));
    const SourceView view =
        locateSource(profile, locationNamed(profile, "function_alias_2:3"), test::fixture(QStringLiteral("v3")), {});
    QCOMPARE(int(view.kind), int(SourceView::Kind::StoredText));
    QCOMPARE(view.line, 3);
    QVERIFY(view.title.contains(QStringLiteral("function_alias_2")));
    // The alias's text is the chunk's source, as the dump stored it.
    const Alias& alias = profile.aliases[1];
    QCOMPARE(alias.name, std::string("function_alias_2"));
    QCOMPARE(view.text, QString::fromStdString(alias.source));
    QVERIFY(lineOf(view.text, 3).contains(QStringLiteral("acc[#acc + 1]")));
}

void TestSourceLocator::oneLineAndNamedChunks()
{
    const Profile profile = test::loadFixture(QStringLiteral("v3/loadstring.bin"));
    const SourceView oneLine = locateSource(profile, locationNamed(profile, "return { 'one', 'line', ... }:1"),
                                            test::fixture(QStringLiteral("v3")), {});
    QCOMPARE(int(oneLine.kind), int(SourceView::Kind::StoredText));
    QCOMPARE(oneLine.text, QStringLiteral("return { 'one', 'line', ... }"));
    QCOMPARE(oneLine.line, 1);
    const SourceView named =
        locateSource(profile, locationNamed(profile, "=named-chunk:1"), test::fixture(QStringLiteral("v3")), {});
    QCOMPARE(int(named.kind), int(SourceView::Kind::Explanation));
    QVERIFY(named.text.contains(QStringLiteral("=named-chunk")));
}

void TestSourceLocator::internalAndCExplained()
{
    const Profile profile = test::loadFixture(QStringLiteral("v3/ffi-load.bin"));
    const SourceView internal =
        locateSource(profile, locationNamed(profile, "INTERNAL"), test::fixture(QStringLiteral("v3")), {});
    QCOMPARE(int(internal.kind), int(SourceView::Kind::Explanation));
    QVERIFY(internal.text.contains(QStringLiteral("runtime")));
    const SourceView cfunc = locateSource(profile, locationNamed(profile, "lj_cf_table_concat:0x55cae1260640"),
                                          test::fixture(QStringLiteral("v3")), {});
    QCOMPARE(int(cfunc.kind), int(SourceView::Kind::Explanation));
    QVERIFY(cfunc.text.contains(QStringLiteral("C function")) || cfunc.text.contains(QStringLiteral("C symbol")));
}

// /proc, /sys and /dev are never read, also through a symbolic link.
void TestSourceLocator::systemFilesAreRefused()
{
    QTemporaryDir dumpFolder;
    const auto environ = profileOfChunk("@/proc/self/environ");
    SourceView view = locateSource(*environ, 0, dumpFolder.path(), {});
    QCOMPARE(int(view.kind), int(SourceView::Kind::Refused));
    QVERIFY2(view.text.contains(QStringLiteral("/proc")), qPrintable(view.text));
    QVERIFY(!view.text.contains(QStringLiteral("PATH=")));

    QVERIFY(QFile::link(QStringLiteral("/proc/self/environ"), QDir(dumpFolder.path()).filePath("link.lua")));
    view = locateSource(*profileOfChunk("@link.lua"), 0, dumpFolder.path(), {});
    QCOMPARE(int(view.kind), int(SourceView::Kind::Refused));
    QVERIFY(!view.text.contains(QStringLiteral("PATH=")));
    // Confirming does not open it either.
    view = locateSource(*profileOfChunk("@link.lua"), 0, dumpFolder.path(), {}, {view.filePath});
    QCOMPARE(int(view.kind), int(SourceView::Kind::Refused));

    view = locateSource(*profileOfChunk("@/dev/zero"), 0, dumpFolder.path(), {});
    QCOMPARE(int(view.kind), int(SourceView::Kind::Refused));
    QVERIFY(view.text.contains(QStringLiteral("/dev")));
}

// A file that is neither in the dump's folder or a source folder nor a Lua
// source is read only once confirmed.
void TestSourceLocator::fileOutsideTheFoldersNeedsConfirmation()
{
    QTemporaryDir dumpFolder;
    QTemporaryDir elsewhere;
    const QString secret = QDir(elsewhere.path()).filePath("secret.txt");
    QVERIFY(writeFile(secret, "password=hunter2\n"));
    const auto profile = profileOfChunk("@" + secret.toStdString());
    SourceView view = locateSource(*profile, 0, dumpFolder.path(), {});
    QCOMPARE(int(view.kind), int(SourceView::Kind::NeedsConfirmation));
    QCOMPARE(view.filePath, QFileInfo(secret).canonicalFilePath());
    QVERIFY(!view.text.contains(QStringLiteral("hunter2")));
    QVERIFY2(view.text.contains(QStringLiteral("not a Lua source")), qPrintable(view.text));

    // A relative name climbing out of the dump's folder.
    const auto climbing = profileOfChunk("@../../../../../../../../../../etc/passwd");
    view = locateSource(*climbing, 0, dumpFolder.path(), {});
    QCOMPARE(int(view.kind), int(SourceView::Kind::NeedsConfirmation));
    QCOMPARE(view.filePath, QStringLiteral("/etc/passwd"));
    QVERIFY(!view.text.contains(QStringLiteral("root:")));

    view = locateSource(*profile, 0, dumpFolder.path(), {}, {QFileInfo(secret).canonicalFilePath()});
    QCOMPARE(int(view.kind), int(SourceView::Kind::File));
    QCOMPARE(view.text, QStringLiteral("password=hunter2\n"));
}

void TestSourceLocator::luaSourcesAndFilesInTheFoldersOpen()
{
    QTemporaryDir dumpFolder;
    QTemporaryDir app;
    const QString init = QDir(app.path()).filePath("init.lua");
    QVERIFY(writeFile(init, "local x = 1\n"));
    SourceView view = locateSource(*profileOfChunk("@" + init.toStdString()), 0, dumpFolder.path(), {});
    QCOMPARE(int(view.kind), int(SourceView::Kind::File));
    QCOMPARE(view.text, QStringLiteral("local x = 1\n"));

    QVERIFY(writeFile(QDir(dumpFolder.path()).filePath("notes.txt"), "in the dump's folder\n"));
    view = locateSource(*profileOfChunk("@notes.txt"), 0, dumpFolder.path(), {});
    QCOMPARE(int(view.kind), int(SourceView::Kind::File));

    QTemporaryDir sources;
    const QString script = QDir(sources.path()).filePath("run.script");
    QVERIFY(writeFile(script, "in a source folder\n"));
    view = locateSource(*profileOfChunk("@" + script.toStdString()), 0, dumpFolder.path(), {sources.path()});
    QCOMPARE(int(view.kind), int(SourceView::Kind::File));
}

MEMPROF_TEST_GUILESS_MAIN(TestSourceLocator)
#include "test_source_locator.moc"
