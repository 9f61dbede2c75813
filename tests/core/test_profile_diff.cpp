// SPDX-License-Identifier: GPL-3.0-or-later
// Comparing two dumps: a dump against itself is all zeros; two fixture dumps
// differ by what the reference parser's own outputs say.
#include "model/memcompare/ProfileDiff.h"
#include "model/memprofile/ProfileLoader.h"
#include "tests/support/TestSuite.h"

#include <QFile>
#include <QMap>
#include <QRegularExpression>
#include <QTest>

#include <limits>
#include <sstream>

using namespace memprof;

namespace {
Profile load(const char* relative)
{
    return loadProfile(std::string(MEMPROF_TEST_DATA "/") + relative);
}

// Per section, events and allocated bytes per name, read from the
// reference's report text: independent of our aggregation.
struct Figures {
    qint64 eventCount = 0;
    qint64 allocatedBytes = 0;
};
QMap<QString, QMap<QString, Figures>> referenceFigures(const char* relative)
{
    QFile file(QStringLiteral(MEMPROF_TEST_DATA "/") + QLatin1String(relative));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", relative);
    static const QRegularExpression row(QStringLiteral("^(.*): (\\d+) events\\t\\+(\\d+)B\\t-(\\d+)B$"));
    QMap<QString, QMap<QString, Figures>> figures;
    QString section;
    for (const QString& line : QString::fromUtf8(file.readAll()).split('\n')) {
        if (line == "ALLOCATIONS" || line == "REALLOCATIONS" || line == "DEALLOCATIONS") {
            section = line;
            continue;
        }
        const auto m = row.match(line);
        if (m.hasMatch() && !section.isEmpty()) {
            auto& f = figures[section][m.captured(1)];
            f.eventCount += m.captured(2).toLongLong();
            f.allocatedBytes += m.captured(3).toLongLong();
        }
    }
    return figures;
}
} // namespace

class TestProfileDiff : public QObject {
    Q_OBJECT
private slots:
    void selfDiffIsAllZeros()
    {
        const Profile medium = load("v3/medium.bin");
        const ProfileDiff diff = diffProfiles(medium, medium);
        QVERIFY(!diff.allocations.empty());
        for (EventKind kind : {EventKind::Alloc, EventKind::Realloc, EventKind::Free})
            for (const auto& row : diff.rows(kind)) {
                QCOMPARE(row.presence, DiffPresence::Both);
                QCOMPARE(row.delta.eventCount, 0);
                QCOMPARE(row.delta.allocatedBytes, 0);
                QCOMPARE(row.delta.freedBytes, 0);
            }
        for (const auto& row : diff.held)
            QCOMPARE(row.delta.heldBytes, 0);
    }

    // Sizes near 2^64 (a damaged or hostile dump): the signed sums and
    // differences saturate and are marked, neither overflowing (UBSan
    // checks this in the sanitizer build) nor wrapping to a small number.
    void hugeValuesAreMarked()
    {
        constexpr std::uint64_t kHalf = std::uint64_t{1} << 63;
        auto profileOf = [](std::vector<std::uint64_t> allocated) {
            Profile p;
            for (std::size_t i = 0; i < allocated.size(); ++i) {
                LocationInfo location;
                location.name = "@same.lua:1"; // one name, several locations
                p.locations.push_back(location);
                LocationRow row;
                row.location = static_cast<LocationId>(i);
                row.eventCount = allocated[i];
                row.allocatedBytes = allocated[i];
                p.allocations.push_back(row);
                p.totals.allocatedBytes += allocated[i];
                p.totals.eventCount += allocated[i];
            }
            return p;
        };
        constexpr std::int64_t kHigh = std::numeric_limits<std::int64_t>::max();
        const Profile base = profileOf({~std::uint64_t{0}}); // -1 as a signed figure, wrapped
        const Profile current = profileOf({kHalf + 10, kHalf}); // 10 modulo 2^64
        const ProfileDiff diff = diffProfiles(base, current);
        QCOMPARE(diff.allocations.size(), std::size_t{1});
        const LocationDiffRow& row = diff.allocations[0];
        QCOMPARE(row.baseValues.allocatedBytes, kHigh);
        QCOMPARE(row.newValues.allocatedBytes, kHigh);
        QCOMPARE(row.delta.allocatedBytes, kHigh); // unknown: marked, not 11
        QCOMPARE(row.delta.eventCount, kHigh);
        std::ostringstream text;
        writeDiffReport(text, diff, false);
        QVERIFY2(text.str().find("@same.lua:1: +>=9223372036854775807 events\tallocated +>=9223372036854775807B") !=
                     std::string::npos,
                 text.str().c_str());
        QVERIFY(text.str().find("(+11B)") == std::string::npos);
    }

    void twoDumpsDifferAsTheReferenceSays()
    {
        const ProfileDiff diff = diffProfiles(load("v3/leak.bin"), load("v3/freed.bin"));
        const auto base = referenceFigures("v3/leak.report.txt");
        const auto current = referenceFigures("v3/freed.report.txt");
        const QPair<QString, EventKind> sections[] = {{"ALLOCATIONS", EventKind::Alloc},
                                                      {"REALLOCATIONS", EventKind::Realloc},
                                                      {"DEALLOCATIONS", EventKind::Free}};
        for (const auto& [section, kind] : sections) {
            QSet<QString> names;
            for (const auto& n : base[section].keys())
                names.insert(n);
            for (const auto& n : current[section].keys())
                names.insert(n);
            QCOMPARE(int(diff.rows(kind).size()), int(names.size()));
            for (const auto& row : diff.rows(kind)) {
                const QString name = QString::fromStdString(row.name);
                const Figures b = base[section].value(name);
                const Figures c = current[section].value(name);
                QCOMPARE(row.delta.eventCount, c.eventCount - b.eventCount);
                QCOMPARE(row.delta.allocatedBytes, c.allocatedBytes - b.allocatedBytes);
                const DiffPresence presence = !base[section].contains(name)      ? DiffPresence::NewOnly
                                              : !current[section].contains(name) ? DiffPresence::BaseOnly
                                                                                 : DiffPresence::Both;
                QCOMPARE(row.presence, presence);
            }
            // Sorted by the change in events, largest growth first.
            for (std::size_t i = 1; i < diff.rows(kind).size(); ++i)
                QVERIFY(diff.rows(kind)[i - 1].delta.eventCount >= diff.rows(kind)[i].delta.eventCount);
        }
    }
};

MEMPROF_TEST_APPLESS_MAIN(TestProfileDiff)
#include "test_profile_diff.moc"
