// SPDX-License-Identifier: GPL-3.0-or-later
// Mangled C++ symbols of C locations: raw in the report (as the reference
// prints them), demangled with --demangle and in the exports.
#include "model/synth/SyntheticDump.h"
#include "tests/export/ExportFixtures.h"

#include "model/support/Demangle.h"
#include "tests/support/TestSuite.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

class DemangleTest : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QString dump_;

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        dump_ = dir_.filePath(QStringLiteral("mangled.bin"));
        QFile file(dump_);
        QVERIFY(file.open(QIODevice::WriteOnly));
        const std::vector<std::uint8_t> bytes = memprof::synth::mangledSymbolDump();
        file.write(reinterpret_cast<const char*>(bytes.data()), static_cast<qint64>(bytes.size()));
    }

    void symbols()
    {
        QCOMPARE(memprof::demangledSymbol("_ZN3box5spaceEv"), std::string("box::space()"));
        QCOMPARE(memprof::demangledSymbol("lua_pcall"), std::string("lua_pcall"));
        QCOMPARE(memprof::demangledSymbol("_Znot-a-name"), std::string("_Znot-a-name"));
        QCOMPARE(memprof::demangledLocationName("_ZN3box5spaceEv:0x1000"), std::string("box::space():0x1000"));
        QCOMPARE(memprof::demangledLocationName("@a.lua:3"), std::string("@a.lua:3"));
        QCOMPARE(memprof::demangledLocationName("INTERNAL"), std::string("INTERNAL"));
    }

    void reportIsRawUnlessAsked()
    {
        const test::ToolRun raw = test::runTool(QStringLiteral(MEMPROF_REPORT_EXE), {dump_});
        QVERIFY2(raw.exitCode == 0, raw.err.constData());
        QVERIFY2(raw.out.contains("_ZN3box5spaceEv"), raw.out.constData());
        QVERIFY(!raw.out.contains("box::space()"));
        const test::ToolRun demangled =
            test::runTool(QStringLiteral(MEMPROF_REPORT_EXE), {QStringLiteral("--demangle"), dump_});
        QVERIFY2(demangled.exitCode == 0, demangled.err.constData());
        QVERIFY2(demangled.out.contains("box::space()"), demangled.out.constData());
        QVERIFY(!demangled.out.contains("_ZN3box5spaceEv"));
        QVERIFY(demangled.out.contains("lua_pcall"));
    }

    void exportsAreDemangled()
    {
        const test::ToolRun folded =
            test::runTool(QStringLiteral(MEMPROF_REPORT_EXE), {QStringLiteral("--export=folded:allocated"), dump_});
        QVERIFY2(folded.exitCode == 0, folded.err.constData());
        QVERIFY2(folded.out.contains("box::space():0x1000 100\n"), folded.out.constData());
        QVERIFY(!folded.out.contains("_ZN"));
    }
};

MEMPROF_TEST_GUILESS_MAIN(DemangleTest)
#include "test_demangle.moc"
