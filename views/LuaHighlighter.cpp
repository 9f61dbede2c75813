// SPDX-License-Identifier: GPL-3.0-or-later
#include "LuaHighlighter.h"

#include <QGuiApplication>
#include <QPalette>
#include <QSet>

namespace memprof::views {

namespace {
// Block states: -1 normal; kInComment + level; kInString + level, where
// level is the number of '=' of the open long bracket.
constexpr int kInComment = 1000;
constexpr int kInString = 2000;

const QSet<QString>& keywords()
{
    static const QSet<QString> words = {
        QStringLiteral("and"),      QStringLiteral("break"),  QStringLiteral("do"),    QStringLiteral("else"),
        QStringLiteral("elseif"),   QStringLiteral("end"),    QStringLiteral("false"), QStringLiteral("for"),
        QStringLiteral("function"), QStringLiteral("goto"),   QStringLiteral("if"),    QStringLiteral("in"),
        QStringLiteral("local"),    QStringLiteral("nil"),    QStringLiteral("not"),   QStringLiteral("or"),
        QStringLiteral("repeat"),   QStringLiteral("return"), QStringLiteral("then"),  QStringLiteral("true"),
        QStringLiteral("until"),    QStringLiteral("while")};
    return words;
}

const QSet<QString>& builtins()
{
    static const QSet<QString> words = {QStringLiteral("assert"),       QStringLiteral("collectgarbage"),
                                        QStringLiteral("error"),        QStringLiteral("ipairs"),
                                        QStringLiteral("pairs"),        QStringLiteral("pcall"),
                                        QStringLiteral("print"),        QStringLiteral("require"),
                                        QStringLiteral("select"),       QStringLiteral("setmetatable"),
                                        QStringLiteral("getmetatable"), QStringLiteral("tonumber"),
                                        QStringLiteral("tostring"),     QStringLiteral("type"),
                                        QStringLiteral("unpack"),       QStringLiteral("xpcall"),
                                        QStringLiteral("load"),         QStringLiteral("loadstring"),
                                        QStringLiteral("string"),       QStringLiteral("table"),
                                        QStringLiteral("math"),         QStringLiteral("io"),
                                        QStringLiteral("os"),           QStringLiteral("coroutine"),
                                        QStringLiteral("debug"),        QStringLiteral("jit"),
                                        QStringLiteral("ffi"),          QStringLiteral("bit"),
                                        QStringLiteral("misc"),         QStringLiteral("self")};
    return words;
}

// The level of a long bracket "[==[" starting at `at`, or -1.
int longOpenLevel(const QString& text, int at)
{
    if (at >= text.size() || text[at] != u'[')
        return -1;
    int i = at + 1;
    while (i < text.size() && text[i] == u'=')
        ++i;
    return i < text.size() && text[i] == u'[' ? i - at - 1 : -1;
}

// Where the token starting at `i` ends (the index after it).
int quotedStringEnd(const QString& text, int i)
{
    const int n = static_cast<int>(text.size());
    int j = i + 1;
    while (j < n && text[j] != text[i])
        j += text[j] == u'\\' ? 2 : 1;
    return std::min(j + 1, n);
}

int numberEnd(const QString& text, int i)
{
    const int n = static_cast<int>(text.size());
    int j = i + 1;
    while (j < n && (text[j].isLetterOrNumber() || text[j] == u'.' ||
                     ((text[j] == u'-' || text[j] == u'+') &&
                      (text[j - 1] == u'e' || text[j - 1] == u'E' || text[j - 1] == u'p' || text[j - 1] == u'P'))))
        ++j;
    return j;
}

int nameEnd(const QString& text, int i)
{
    const int n = static_cast<int>(text.size());
    int j = i + 1;
    while (j < n && (text[j].isLetterOrNumber() || text[j] == u'_'))
        ++j;
    return j;
}
} // namespace

LuaHighlighter::LuaHighlighter(QTextDocument* document) : QSyntaxHighlighter(document)
{
    const bool dark = QGuiApplication::palette().color(QPalette::Base).lightness() < 128;
    keyword_.setForeground(dark ? QColor(0xc6, 0x78, 0xdd) : QColor(0x8b, 0x00, 0x8b));
    keyword_.setFontWeight(QFont::Bold);
    builtin_.setForeground(dark ? QColor(0x61, 0xaf, 0xef) : QColor(0x00, 0x55, 0xaa));
    string_.setForeground(dark ? QColor(0x98, 0xc3, 0x79) : QColor(0x0a, 0x7d, 0x19));
    comment_.setForeground(dark ? QColor(0x7f, 0x84, 0x8e) : QColor(0x80, 0x80, 0x80));
    comment_.setFontItalic(true);
    number_.setForeground(dark ? QColor(0xd1, 0x9a, 0x66) : QColor(0xb0, 0x50, 0x00));
}

int LuaHighlighter::findLongClose(const QString& text, int from, int level)
{
    const QString close = u']' + QString(level, u'=') + u']';
    const int at = text.indexOf(close, from);
    return at < 0 ? -1 : at + static_cast<int>(close.size());
}

void LuaHighlighter::highlightBlock(const QString& text)
{
    setCurrentBlockState(-1);
    int i = 0;
    const int n = static_cast<int>(text.size());
    const int previous = previousBlockState();
    if (previous >= kInComment) {
        const bool comment = previous < kInString;
        const int level = previous - (comment ? kInComment : kInString);
        const int end = findLongClose(text, 0, level);
        const QTextCharFormat& format = comment ? comment_ : string_;
        if (end < 0) {
            setFormat(0, n, format);
            setCurrentBlockState(previous);
            return;
        }
        setFormat(0, end, format);
        i = end;
    }
    // A long bracket from `start` whose "[=*[" opens at `open`: formats it
    // up to its close, or to the end of the block (carried on in `state`).
    // Returns the index after it, or -1 when it runs past this block.
    auto longBracket = [&](int start, int open, int level, const QTextCharFormat& format, int state) {
        const int end = findLongClose(text, open + 2 + level, level);
        if (end < 0) {
            setFormat(start, n - start, format);
            setCurrentBlockState(state + level);
            return -1;
        }
        setFormat(start, end - start, format);
        return end;
    };
    while (i < n) {
        const QChar c = text[i];
        if (c == u'-' && i + 1 < n && text[i + 1] == u'-') {
            const int level = longOpenLevel(text, i + 2);
            if (level < 0) {
                setFormat(i, n - i, comment_);
                return;
            }
            i = longBracket(i, i + 2, level, comment_, kInComment);
            if (i < 0)
                return;
            continue;
        }
        if (c == u'[') {
            const int level = longOpenLevel(text, i);
            if (level >= 0) {
                i = longBracket(i, i, level, string_, kInString);
                if (i < 0)
                    return;
                continue;
            }
        }
        if (c == u'"' || c == u'\'') {
            const int j = quotedStringEnd(text, i);
            setFormat(i, j - i, string_);
            i = j;
            continue;
        }
        if (c.isDigit() || (c == u'.' && i + 1 < n && text[i + 1].isDigit())) {
            const int j = numberEnd(text, i);
            setFormat(i, j - i, number_);
            i = j;
            continue;
        }
        if (c.isLetter() || c == u'_') {
            const int j = nameEnd(text, i);
            const QString word = text.mid(i, j - i);
            if (keywords().contains(word))
                setFormat(i, j - i, keyword_);
            else if (builtins().contains(word) && (i == 0 || text[i - 1] != u'.'))
                setFormat(i, j - i, builtin_);
            i = j;
            continue;
        }
        ++i;
    }
}

} // namespace memprof::views
