// SPDX-License-Identifier: GPL-3.0-or-later
// The names of functions read from their definition lines, for the
// by-function tree: the forms of a Lua definition, the chunk's source found
// as the source pane finds it, and no name where there is no source.
#include "model/memprofile/ProfileLoader.h"
#include "model/services/FunctionNames.h"
#include "tests/support/GuiTestData.h"
#include "tests/support/TestSuite.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace memprof;
using namespace memprof::services;

namespace {
// The name read for the function defined on `line` (the fixture has one
// chunk), or "<none>" when there is no such function.
QString nameAt(const Profile& profile, const std::vector<QString>& names, std::uint64_t line)
{
    for (std::size_t f = 0; f < profile.functions.size(); ++f)
        if (profile.functions[f].linedefined == line)
            return names[f];
    return QStringLiteral("<none>");
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
        const std::vector<QString> names = readFunctionNames(profile, QFileInfo(path).absolutePath(), {});
        QCOMPARE(names.size(), profile.functions.size());
        QCOMPARE(nameAt(profile, names, 7), QStringLiteral("remember"));
        QCOMPARE(nameAt(profile, names, 12), QStringLiteral("scratch"));
        QCOMPARE(nameAt(profile, names, 0), QString()); // the main chunk has no name
    }

    void noSourceNoName()
    {
        const QString path = test::fixture(QStringLiteral("v3/leak.bin"));
        const Profile profile = loadProfile(QFile::encodeName(path).toStdString());
        QTemporaryDir empty;
        const std::vector<QString> names = readFunctionNames(profile, empty.path(), {empty.path()});
        QCOMPARE(names.size(), profile.functions.size());
        for (const QString& name : names)
            QVERIFY(name.isEmpty());
    }

    void aSourceFolderIsSearched()
    {
        const QString path = test::fixture(QStringLiteral("v3/leak.bin"));
        const Profile profile = loadProfile(QFile::encodeName(path).toStdString());
        QTemporaryDir elsewhere;
        const std::vector<QString> names =
            readFunctionNames(profile, elsewhere.path(), {QFileInfo(path).absolutePath()});
        QCOMPARE(nameAt(profile, names, 12), QStringLiteral("scratch"));
    }
};

MEMPROF_TEST_MAIN(TestFunctionNames)
#include "test_function_names.moc"
