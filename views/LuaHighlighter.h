// SPDX-License-Identifier: GPL-3.0-or-later
// Lua syntax colours for the source pane: keywords, strings (long brackets
// across lines too), comments, numbers, the standard library.
#pragma once

#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace memprof::views {

class LuaHighlighter : public QSyntaxHighlighter {
    Q_OBJECT
public:
    explicit LuaHighlighter(QTextDocument* document);

protected:
    void highlightBlock(const QString& text) override;

private:
    // Returns the index after the long bracket closing `level`, or -1.
    static int findLongClose(const QString& text, int from, int level);

    QTextCharFormat keyword_;
    QTextCharFormat builtin_;
    QTextCharFormat string_;
    QTextCharFormat comment_;
    QTextCharFormat number_;
};

} // namespace memprof::views
