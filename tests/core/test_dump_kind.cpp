// SPDX-License-Identifier: GPL-3.0-or-later
// The kind probe on real dumps, intact and damaged: it tells memprof from
// sysprof by the stream header after the symbol table, and a dump broken
// before that header is of neither kind, with where and why.
#include "model/dump/DumpKind.h"
#include "tests/support/FileBytes.h"
#include "tests/support/TestSuite.h"

#include <QTest>

#include <span>

using namespace memprof;

namespace {

QByteArray fixture(const char* relative)
{
    const QByteArray bytes = test::readBytes(QStringLiteral(MEMPROF_TEST_DATA "/") + QLatin1String(relative));
    if (bytes.isEmpty())
        qFatal("cannot read the fixture %s", relative);
    return bytes;
}

DumpProbe probe(const QByteArray& bytes)
{
    return probeDump(std::span(reinterpret_cast<const std::uint8_t*>(bytes.constData()), std::size_t(bytes.size())));
}

// Where the sysprof stream header follows the symbol table.
qsizetype sysprofHeaderAt(const QByteArray& dump)
{
    const qsizetype at = dump.indexOf("ljp");
    if (at < 7 || dump.indexOf("ljp", at + 1) >= 0)
        qFatal("the sysprof fixture's stream header is not where the test expects it");
    return at;
}

const char* const kSysprofDump = "sysprof/recursion-L-jitoff.bin";

} // namespace

class TestDumpKind : public QObject {
    Q_OBJECT
private slots:
    void intactDumpsHaveTheirKind()
    {
        QCOMPARE(probe(fixture(kSysprofDump)).kind, DumpKind::Sysprof);
        QCOMPARE(probe(fixture("v3/leak.bin")).kind, DumpKind::Memprof);
        QCOMPARE(probe(fixture("v1/medium.bin")).kind, DumpKind::Memprof);
        QVERIFY(!probe(fixture(kSysprofDump)).broken());
    }

    // A damaged stream header: the symbol table read fine, and what follows
    // it is neither header.
    void damagedHeaderIsBrokenAtTheHeader()
    {
        const DumpProbe damaged = probe(fixture("sysprof/bad-magic.bin"));
        const qsizetype header = fixture("sysprof/bad-magic.bin").indexOf("ljx");
        QCOMPARE(damaged.kind, DumpKind::Unknown);
        QVERIFY(damaged.broken());
        QCOMPARE(damaged.status.error.kind, DecodeErrorKind::BadMagic);
        QCOMPARE(damaged.status.error.offset, std::uint64_t(header));
        QVERIFY2(damaged.status.error.message.find("'ljx'") != std::string::npos, damaged.status.error.message.c_str());
        QVERIFY(damaged.status.error.message.find("'ljm' (memprof)") != std::string::npos);
        QVERIFY(damaged.status.error.message.find("'ljp' (sysprof)") != std::string::npos);
    }

    // A byte of the symbol table changed so that it seems to end early:
    // broken where the header should be.
    void damagedSymbolTableIsBroken()
    {
        QByteArray dump = fixture(kSysprofDump);
        QCOMPARE(dump.at(7), char(0x00)); // the first entry's header: a Lua function
        dump[7] = char(0x80);
        const DumpProbe damaged = probe(dump);
        QCOMPARE(damaged.kind, DumpKind::Unknown);
        QVERIFY(damaged.broken());
        QCOMPARE(damaged.status.error.offset, std::uint64_t(8));
        QVERIFY(damaged.status.error.message.find("'ljm'") != std::string::npos);
        QVERIFY(damaged.status.error.message.find("'ljp'") != std::string::npos);
    }

    // A table that cannot be read to its end says at which entry it stops.
    void unreadableSymbolTableSaysWhereItStops()
    {
        const DumpProbe cut = probe(fixture(kSysprofDump).left(20)); // inside the first entry's chunk name
        QVERIFY(cut.broken());
        QCOMPARE(cut.status.error.kind, DecodeErrorKind::StringPastEnd);
        QVERIFY2(cut.status.error.message.find("the symbol table stops being readable at byte 7,") != std::string::npos,
                 cut.status.error.message.c_str());
        QVERIFY(cut.status.error.message.find("'ljm'") != std::string::npos);
        QVERIFY(cut.status.error.message.find("'ljp'") != std::string::npos);
    }

    // Every 307th byte of a sysprof dump's symbol table and its header, each
    // changed three ways: the probe says sysprof, or broken with both
    // headers named. Never memprof, never unknown without a reason.
    void mutationSweepNeverReadsAsMemprof()
    {
        const QByteArray intact = fixture(kSysprofDump);
        const qsizetype header = sysprofHeaderAt(intact);
        int broken = 0;
        for (qsizetype at = 7; at < header + 3; at += at + 307 < header ? 307 : 1) {
            for (const auto mutate : {+[](char b) { return char(b ^ 0x80); }, +[](char b) { return char(b ^ 0xff); },
                                      +[](char b) { return char(b + 1); }}) {
                QByteArray dump = intact;
                dump[at] = mutate(dump.at(at));
                const DumpProbe result = probe(dump);
                const std::string& why = result.status.error.message;
                const QByteArray row = QByteArray::number(at) + ": " + QByteArray::fromStdString(why);
                QVERIFY2(result.kind != DumpKind::Memprof, row.constData());
                if (result.kind == DumpKind::Sysprof)
                    continue;
                ++broken;
                QVERIFY2(result.broken(), row.constData());
                QVERIFY2(why.find("'ljm'") != std::string::npos && why.find("'ljp'") != std::string::npos,
                         row.constData());
            }
        }
        QVERIFY(broken > 0); // the sweep reaches damage the probe sees
    }
};

MEMPROF_TEST_APPLESS_MAIN(TestDumpKind)
#include "test_dump_kind.moc"
