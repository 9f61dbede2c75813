// SPDX-License-Identifier: GPL-3.0-or-later
// The names of Lua functions read from their definition lines, for both
// profilers: the forms of a Lua definition, the chunk's source found as the
// source pane finds it, main chunks and functions with no name, sources
// that changed since the run or hold no text, and no name where there is
// no source.
#include "model/memprofile/ProfileLoader.h"
#include "model/services/FunctionNames.h"
#include "model/sysprofile/SysprofLoader.h"
#include "tests/support/GuiTestData.h"
#include "tests/support/TestSuite.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <map>

using namespace memprof;
using namespace memprof::services;

namespace {
// The entry read for the memprof function defined on `line` (the fixture
// has one chunk), or null.
const FunctionName* entryAt(const Profile& profile, const FunctionNameTable& names, std::uint64_t line)
{
    for (const FunctionInfo& fn : profile.functions)
        if (fn.linedefined == line)
            return names.find(fn.chunkname, line);
    return nullptr;
}

QString nameAt(const Profile& profile, const FunctionNameTable& names, std::uint64_t line)
{
    const FunctionName* entry = entryAt(profile, names, line);
    return entry ? QString::fromStdString(entry->name) : QStringLiteral("<none>");
}

// leak.bin beside a leak.lua of `text` in a folder of its own.
struct LeakWithSource {
    QTemporaryDir folder;
    Profile profile;
    FunctionNameTable names;

    explicit LeakWithSource(const QByteArray& text)
    {
        const QString dump = test::fixture(QStringLiteral("v3/leak.bin"));
        QFile::copy(dump, folder.filePath(QStringLiteral("leak.bin")));
        QFile source(folder.filePath(QStringLiteral("leak.lua")));
        if (source.open(QIODevice::WriteOnly))
            source.write(text);
        source.close();
        profile = loadProfile(QFile::encodeName(dump).toStdString());
        names = readFunctionNames(luaFunctionsOf(profile), folder.path(), {});
    }
};

QByteArray leakSource()
{
    QFile file(test::fixture(QStringLiteral("v3/leak.lua")));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// `text` with line `line` (1-based) replaced by `replacement`.
QByteArray withLine(const QByteArray& text, int line, const QByteArray& replacement)
{
    QList<QByteArray> lines = text.split('\n');
    lines[line - 1] = replacement;
    return lines.join('\n');
}
} // namespace

class TestFunctionNames : public QObject {
    Q_OBJECT
private slots:
    void definitionLines_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("name");
        QTest::newRow("local function") << QStringLiteral("local function encode(value)") << QStringLiteral("encode");
        QTest::newRow("field function") << QStringLiteral("function M.encode(value)") << QStringLiteral("M.encode");
        QTest::newRow("method") << QStringLiteral("  function Parser:next ( )") << QStringLiteral("Parser:next");
        QTest::newRow("field assigned") << QStringLiteral("M.encode = function(value)") << QStringLiteral("M.encode");
        QTest::newRow("local assigned") << QStringLiteral("\tlocal encode = function (v)") << QStringLiteral("encode");
        QTest::newRow("table key") << QStringLiteral("    encode = function(v)") << QStringLiteral("encode");
        QTest::newRow("anonymous") << QStringLiteral("table.sort(t, function(a, b)") << QString();
        QTest::newRow("call") << QStringLiteral("local x = encode(value)") << QString();
        QTest::newRow("comment") << QStringLiteral("-- function M.encode(value)") << QString();
        QTest::newRow("empty") << QString() << QString();
    }
    void definitionLines()
    {
        QFETCH(QString, line);
        QFETCH(QString, name);
        QCOMPARE(nameDefinedOn(line), name);
    }

    void namesFromTheDumpFolder()
    {
        const QString path = test::fixture(QStringLiteral("v3/leak.bin"));
        const Profile profile = loadProfile(QFile::encodeName(path).toStdString());
        const FunctionNameTable names = readFunctionNames(luaFunctionsOf(profile), QFileInfo(path).absolutePath(), {});
        QCOMPARE(nameAt(profile, names, 7), QStringLiteral("remember"));
        QCOMPARE(entryAt(profile, names, 7)->kind, FunctionName::Kind::Named);
        QCOMPARE(nameAt(profile, names, 12), QStringLiteral("scratch"));
        QCOMPARE(nameAt(profile, names, 0), QStringLiteral("main chunk of leak.lua"));
        QCOMPARE(entryAt(profile, names, 0)->kind, FunctionName::Kind::MainChunk);
        QVERIFY(entryAt(profile, names, 7)->note.empty());
    }

    void noSourceNoName()
    {
        const QString path = test::fixture(QStringLiteral("v3/leak.bin"));
        const Profile profile = loadProfile(QFile::encodeName(path).toStdString());
        QTemporaryDir empty;
        const FunctionNameTable names = readFunctionNames(luaFunctionsOf(profile), empty.path(), {empty.path()});
        QCOMPARE(nameAt(profile, names, 7), QStringLiteral("<none>"));
        QCOMPARE(nameAt(profile, names, 12), QStringLiteral("<none>"));
        QCOMPARE(nameAt(profile, names, 0), QStringLiteral("<none>"));
    }

    void aSourceFolderIsSearched()
    {
        const QString path = test::fixture(QStringLiteral("v3/leak.bin"));
        const Profile profile = loadProfile(QFile::encodeName(path).toStdString());
        QTemporaryDir elsewhere;
        const FunctionNameTable names =
            readFunctionNames(luaFunctionsOf(profile), elsewhere.path(), {QFileInfo(path).absolutePath()});
        QCOMPARE(nameAt(profile, names, 12), QStringLiteral("scratch"));
    }

    void aFunctionWithNoNameIsNamedByItsLocation()
    {
        const LeakWithSource leak(withLine(leakSource(), 12, "local scratch; pcall(function(n)"));
        QCOMPARE(nameAt(leak.profile, leak.names, 12), QStringLiteral("function at leak.lua:12"));
        QCOMPARE(entryAt(leak.profile, leak.names, 12)->kind, FunctionName::Kind::Unnamed);
        QCOMPARE(nameAt(leak.profile, leak.names, 7), QStringLiteral("remember"));
    }

    void aChangedSourceSaysSoAndNamesNothing()
    {
        const LeakWithSource leak(withLine(leakSource(), 7, "local remembered = {}"));
        const FunctionName* entry = entryAt(leak.profile, leak.names, 7);
        QVERIFY(entry);
        QCOMPARE(entry->kind, FunctionName::Kind::SourceChanged);
        QVERIFY(entry->name.empty());
        QCOMPARE(QString::fromStdString(entry->note),
                 QStringLiteral("line 7 of leak.lua defines no function: the source has changed since the run."));
        QCOMPARE(nameAt(leak.profile, leak.names, 12), QStringLiteral("scratch"));
    }

    void aLinePastTheEndSaysSo()
    {
        const LeakWithSource leak("-- emptied\nlocal function remember(n)\n");
        const FunctionName* entry = entryAt(leak.profile, leak.names, 12);
        QVERIFY(entry);
        QCOMPARE(entry->kind, FunctionName::Kind::SourceChanged);
        QCOMPARE(QString::fromStdString(entry->note),
                 QStringLiteral("leak.lua has 3 lines, but the run saw a function defined on line 12: "
                                "the source has changed since the run."));
    }

    void binaryOrHostileTextNamesNothingWrong()
    {
        QByteArray binary(4096, '\0');
        for (int i = 0; i < binary.size(); ++i)
            binary[i] = static_cast<char>((i * 151) & 0xff);
        const LeakWithSource garbage(binary);
        for (const std::uint64_t line : {std::uint64_t(7), std::uint64_t(12)})
            if (const FunctionName* entry = entryAt(garbage.profile, garbage.names, line))
                QVERIFY(entry->kind != FunctionName::Kind::Named);
        // A name no person writes (a minified or crafted line) is not shown.
        const QByteArray longName = "local function " + QByteArray(5000, 'x') + "(n)";
        const LeakWithSource hostile(withLine(leakSource(), 7, longName));
        QCOMPARE(nameAt(hostile.profile, hostile.names, 7), QStringLiteral("function at leak.lua:7"));
    }

    void cpuProfilesAreNamedByTheSameReading()
    {
        const QString path = test::fixture(QStringLiteral("sysprof/modules-L-jitoff.bin"));
        const SysprofProfile profile = loadSysprof(QFile::encodeName(path).toStdString());
        const std::vector<ChunkFunctions> functions = luaFunctionsOf(profile);
        QVERIFY(!functions.empty());
        const FunctionNameTable names = readFunctionNames(functions, QFileInfo(path).absolutePath(), {});
        // Each Lua frame's chunk and line, as the CPU panes know a function.
        std::map<QString, QString> byFrame;
        for (FrameId id = 0; id < profile.frames.size(); ++id) {
            const CallFrame& frame = profile.frames[id];
            if (frame.kind == FrameKind::Lua && !frame.chunk.empty())
                byFrame[QString::fromStdString(frame.name)] =
                    QString::fromStdString(std::string(names.nameOf(frame.chunk, frame.line)));
        }
        const auto nameOf = [&](const QString& frameName) {
            for (const auto& [name, found] : byFrame)
                if (name.endsWith(frameName))
                    return found;
            return QStringLiteral("<no frame %1>").arg(frameName);
        };
        QCOMPARE(nameOf(QStringLiteral("modules_helper.lua:6")), QStringLiteral("M.checksum"));
        QCOMPARE(nameOf(QStringLiteral("modules_helper.lua:4")), QStringLiteral("mix"));
        QCOMPARE(nameOf(QStringLiteral("record.lua:0")), QStringLiteral("main chunk of record.lua"));
        QCOMPARE(nameOf(QStringLiteral("modules.lua:10")), QStringLiteral("function at modules.lua:10"));
        // Code compiled from a string: its text is in the dump, named by its alias.
        bool aliasNamed = false;
        for (const auto& [name, found] : byFrame)
            if (name.startsWith(QStringLiteral("function_alias_")))
                aliasNamed = aliasNamed || found.startsWith(QStringLiteral("main chunk of function_alias_"));
        QVERIFY2(aliasNamed, "a chunk loaded from a string is named from its stored text");
    }

    void chunkNamesAsNamesShowThem()
    {
        QCOMPARE(chunkDisplayName("@/opt/app/serializer.lua"), std::string("serializer.lua"));
        QCOMPARE(chunkDisplayName("@serializer.lua"), std::string("serializer.lua"));
        QCOMPARE(chunkDisplayName("=stdin"), std::string("stdin"));
        QCOMPARE(chunkDisplayName("return 1"), std::string("return 1"));
        QCOMPARE(chunkDisplayName("local a = 1\nreturn a"), std::string("local a = 1..."));
        QCOMPARE(chunkDisplayName(std::string(50, 'x')), std::string(40, 'x') + "...");
    }

    void tableEntries()
    {
        FunctionNameTable table;
        QVERIFY(table.empty());
        table.set("@a.lua", 3, {FunctionName::Kind::Named, "f", {}});
        table.set("@a.lua", 3, {FunctionName::Kind::Named, "g", {}});
        table.set("@b.lua", 3, {FunctionName::Kind::Unnamed, "function at b.lua:3", {}});
        QCOMPARE(table.size(), std::size_t(2));
        QCOMPARE(std::string(table.nameOf("@a.lua", 3)), std::string("g"));
        QVERIFY(table.nameOf("@a.lua", 4).empty());
        QVERIFY(!table.find("@c.lua", 3));
    }
};

MEMPROF_TEST_MAIN(TestFunctionNames)
#include "test_function_names.moc"
