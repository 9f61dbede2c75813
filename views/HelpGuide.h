// SPDX-License-Identifier: GPL-3.0-or-later
// Help > Guide: a short in-app guide in one dialog: what each pane shows,
// what each column of the tables means (read from the item models' own
// headers), how the held figures differ from the reference's heap summary,
// and the keyboard shortcuts, listed from the window's actions and
// shortcuts each time it opens, so the list follows them.
#pragma once

#include <QDialog>
#include <QList>
#include <QString>

class QTextBrowser;

namespace memprof::views {

class HelpGuide : public QDialog {
    Q_OBJECT
public:
    // The guide for `window`'s actions and shortcuts.
    explicit HelpGuide(QWidget* window);

    // Reads the window's actions and shortcuts again (before each showing:
    // the list is the window's, never a copy that could go stale).
    void refresh();

    struct Shortcut {
        QString keys; // native text, "Ctrl+O"
        QString what;
    };
    // Every QAction and QShortcut of `window` with a key, once per key, in
    // the order met (menus first).
    static QList<Shortcut> shortcutsOf(const QWidget* window);

    QTextBrowser* browser() const { return browser_; }

private:
    static QString html(const QList<Shortcut>& shortcuts);

    QTextBrowser* browser_;
};

} // namespace memprof::views
