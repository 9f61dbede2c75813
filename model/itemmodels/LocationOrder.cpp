// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/itemmodels/LocationOrder.h"

#include <optional>

namespace memprof::itemmodels {

namespace {

bool isDigit(QChar c)
{
    return c >= u'0' && c <= u'9';
}

int sign(qsizetype value)
{
    return value < 0 ? -1 : value > 0 ? 1 : 0;
}

// Compares two runs of decimal or hexadecimal digits by value without
// converting them (a run may be longer than any integer type): leading
// zeros skipped, then the longer run is the larger number, else the first
// differing digit decides (a-f as A-F).
int compareDigitRuns(QStringView a, QStringView b)
{
    while (a.size() > 1 && a.front() == u'0')
        a = a.sliced(1);
    while (b.size() > 1 && b.front() == u'0')
        b = b.sliced(1);
    if (a.size() != b.size())
        return a.size() < b.size() ? -1 : 1;
    return sign(a.compare(b, Qt::CaseInsensitive));
}

qsizetype digitRunEnd(QStringView text, qsizetype from)
{
    while (from < text.size() && isDigit(text[from]))
        ++from;
    return from;
}

int compareFolded(QStringView a, QStringView b)
{
    qsizetype i = 0;
    qsizetype j = 0;
    while (i < a.size() && j < b.size()) {
        if (isDigit(a[i]) && isDigit(b[j])) {
            const qsizetype endA = digitRunEnd(a, i);
            const qsizetype endB = digitRunEnd(b, j);
            if (const int order = compareDigitRuns(a.sliced(i, endA - i), b.sliced(j, endB - j)); order != 0)
                return order;
            i = endA;
            j = endB;
            continue;
        }
        const char16_t ca = a[i].toCaseFolded().unicode();
        const char16_t cb = b[j].toCaseFolded().unicode();
        if (ca != cb)
            return ca < cb ? -1 : 1;
        ++i;
        ++j;
    }
    if (i < a.size())
        return 1;
    if (j < b.size())
        return -1;
    return 0;
}

// A name split into its file and its line (or C symbol address).
struct FileAndLine {
    QStringView file;
    std::optional<QStringView> digits; // decimal line, or hexadecimal address
    bool hexadecimal = false;
};

bool isHexDigit(QChar c)
{
    return isDigit(c) || (c >= u'a' && c <= u'f') || (c >= u'A' && c <= u'F');
}

FileAndLine splitLocation(QStringView name)
{
    const qsizetype colon = name.lastIndexOf(u':');
    if (colon <= 0 || colon + 1 >= name.size())
        return {name, std::nullopt};
    const QStringView after = name.sliced(colon + 1);
    bool decimal = true;
    for (QChar c : after)
        decimal = decimal && isDigit(c);
    if (decimal)
        return {name.first(colon), after};
    if (after.size() > 2 && after.startsWith(u"0x")) {
        bool hex = true;
        for (QChar c : after.sliced(2))
            hex = hex && isHexDigit(c);
        if (hex)
            return {name.first(colon), after.sliced(2), true};
    }
    return {name, std::nullopt};
}

} // namespace

int compareNatural(QStringView a, QStringView b)
{
    if (const int order = compareFolded(a, b); order != 0)
        return order;
    return sign(a.compare(b));
}

int compareLocationNames(QStringView a, QStringView b)
{
    const FileAndLine left = splitLocation(a);
    const FileAndLine right = splitLocation(b);
    if (const int order = compareFolded(left.file, right.file); order != 0)
        return order;
    // The same file: a name without a line first, then by line; a decimal
    // line before an address (they are not alike).
    if (left.digits.has_value() != right.digits.has_value())
        return left.digits ? 1 : -1;
    if (left.digits) {
        if (left.hexadecimal != right.hexadecimal)
            return left.hexadecimal ? 1 : -1;
        if (const int order = compareDigitRuns(*left.digits, *right.digits); order != 0)
            return order;
    }
    return sign(a.compare(b));
}

} // namespace memprof::itemmodels
