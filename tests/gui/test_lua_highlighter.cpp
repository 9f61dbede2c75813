// SPDX-License-Identifier: GPL-3.0-or-later
// The source pane's Lua colours: keywords, strings and comments, long
// brackets across lines, and code after a long bracket closes.
#include "tests/support/TestSuite.h"
#include "views/LuaHighlighter.h"

#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>

using memprof::views::LuaHighlighter;

namespace {
// The format at column `column` of line `line` (0-based).
QTextCharFormat formatAt(const QTextDocument& document, int line, int column)
{
    const QTextBlock block = document.findBlockByNumber(line);
    for (const QTextLayout::FormatRange& range : block.layout()->formats())
        if (column >= range.start && column < range.start + range.length)
            return range.format;
    return {};
}

bool isBold(const QTextCharFormat& format)
{
    return format.fontWeight() == QFont::Bold;
}
} // namespace

class TestLuaHighlighter : public QObject {
    Q_OBJECT
private slots:
    void colours();
};

void TestLuaHighlighter::colours()
{
    QTextDocument document;
    LuaHighlighter highlighter(&document);
    document.setPlainText(
        QStringLiteral("local s = [[a\n" // 0
                       "b]] -- note\n" // 1
                       "--[==[ x\n" // 2
                       "]] y ]==] return 1\n" // 3
                       "print(\"end\", 0x1f)")); // 4
    highlighter.rehighlight(); // the first pass is otherwise queued for the event loop
    const QTextCharFormat keyword = formatAt(document, 0, 0);
    QVERIFY(isBold(keyword));
    const QBrush stringBrush = formatAt(document, 0, 10).foreground();
    QCOMPARE(formatAt(document, 1, 0).foreground(), stringBrush); // inside the long string
    QVERIFY(formatAt(document, 1, 5).fontItalic()); // "-- note"
    QVERIFY(!isBold(formatAt(document, 1, 3))); // the space after "]]"
    QVERIFY(formatAt(document, 2, 0).fontItalic()); // long comment opens
    QVERIFY(formatAt(document, 3, 0).fontItalic()); // "]]" does not close [==[
    QVERIFY(formatAt(document, 3, 5).fontItalic());
    QVERIFY(isBold(formatAt(document, 3, 10))); // "return" after it closes
    QCOMPARE(formatAt(document, 4, 7).foreground(), stringBrush); // "end"
    QVERIFY(formatAt(document, 4, 14).foreground() != stringBrush); // 0x1f: a number
    QVERIFY(formatAt(document, 4, 14).foreground().style() != Qt::NoBrush);
    QVERIFY(!isBold(formatAt(document, 4, 0))); // print: a builtin, not a keyword
    QVERIFY(formatAt(document, 4, 0).foreground().style() != Qt::NoBrush);
}

MEMPROF_TEST_MAIN(TestLuaHighlighter)
#include "test_lua_highlighter.moc"
