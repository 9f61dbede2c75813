// SPDX-License-Identifier: GPL-3.0-or-later
// Reads a report in the reference's text shape into comparable parts: per
// section, the ranking keys in order and the blocks (a row with its
// Overrides) as a sorted multiset, since the reference's ties come out in
// hash order.
#pragma once

#include <QMap>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

namespace memprof::test {

struct ReportSection {
    QStringList rankKeys; // event counts, or held bytes in HEAP SUMMARY
    QStringList blocks; // sorted
};

struct ReportText {
    QStringList sectionOrder;
    QMap<QString, ReportSection> sections;
    QString aliases; // the ALIASES section verbatim
};

inline ReportText parseReport(const QString& text)
{
    static const QStringList headers = {"ALLOCATIONS", "REALLOCATIONS", "DEALLOCATIONS", "HEAP SUMMARY:", "ALIASES:"};
    static const QRegularExpression rowKey(QStringLiteral("^.*: (\\d+) events\\t"));
    static const QRegularExpression heldKey(QStringLiteral("^.* holds (\\S+): "));
    ReportText report;
    QString current;
    QStringList lines = text.split(QLatin1Char('\n'));
    QMap<QString, QStringList> content;
    for (const QString& line : lines) {
        if (headers.contains(line)) {
            current = line;
            report.sectionOrder << line;
            continue;
        }
        if (current == QLatin1String("ALIASES:"))
            report.aliases += line + QLatin1Char('\n');
        else if (!current.isEmpty())
            content[current] << line;
    }
    for (auto it = content.begin(); it != content.end(); ++it) {
        QStringList body = it.value();
        // Drop the blank line(s) that close the section.
        while (!body.isEmpty() && body.last().isEmpty())
            body.removeLast();
        ReportSection section;
        QString block;
        const bool heap = it.key() == QLatin1String("HEAP SUMMARY:");
        for (const QString& line : body) {
            const bool startsRow = !line.startsWith(QLatin1Char('\t')) && !line.isEmpty();
            if (startsRow) {
                if (!block.isEmpty())
                    section.blocks << block;
                block = line;
                const auto match = (heap ? heldKey : rowKey).match(line);
                section.rankKeys << (match.hasMatch() ? match.captured(1) : QStringLiteral("?"));
            } else {
                block += QLatin1Char('\n') + line;
            }
        }
        if (!block.isEmpty())
            section.blocks << block;
        // A block's trailing blank line (after Overrides) is layout, not content.
        for (QString& b : section.blocks)
            while (b.endsWith(QLatin1Char('\n')))
                b.chop(1);
        section.blocks.sort();
        report.sections.insert(it.key(), section);
    }
    return report;
}

} // namespace memprof::test
