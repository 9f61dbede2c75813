// SPDX-License-Identifier: GPL-3.0-or-later
// Driving the viewer's windows in the GUI tests: a shown main window that is
// deleted at the end of the test, a load that waits for its end (and for
// the functions' names), and the
// load-error boxes a failed load leaves open.
#pragma once

#include "app/MainWindow.h"
#include "model/itemmodels/FunctionTreeModel.h"
#include "tests/support/SignalWait.h"

#include <QApplication>
#include <QLatin1String>
#include <QMessageBox>
#include <QPointer>
#include <QSignalSpy>
#include <QString>
#include <QTest>
#include <QWidget>

namespace memprof::test {

// A window that is deleted at the end of the test even if it never closes.
struct Window {
    QPointer<app::MainWindow> window = new app::MainWindow;
    Window()
    {
        window->resize(1400, 900);
        window->show();
    }
    ~Window() { delete window.data(); }
    app::MainWindow* operator->() const { return window; }
};

inline bool load(app::MainWindow* window, const QString& path)
{
    QSignalSpy finished(window, &app::MainWindow::loadFinished);
    window->loadDump(path);
    return testsuite::received(finished, 30000) && finished.at(0).at(0).toBool();
}

// The dumps at `paths` loaded as one profile (File > Open as One Profile).
inline bool loadMerged(app::MainWindow* window, const QStringList& paths)
{
    QSignalSpy finished(window, &app::MainWindow::loadFinished);
    window->loadMerged(paths);
    return testsuite::received(finished, 30000) && finished.at(0).at(0).toBool();
}

// A load whose functions' names (read from their sources off the GUI
// thread, once the load is shown) are in the by-function tree too.
inline bool loadWithFunctionNames(app::MainWindow* window, const QString& path)
{
    if (!load(window, path))
        return false;
    const auto* tree = window->findChild<itemmodels::FunctionTreeModel*>();
    return tree && QTest::qWaitFor([tree] { return tree->hasFunctionNames(); }, 10000);
}

inline QMessageBox* errorBox()
{
    for (QWidget* w : QApplication::topLevelWidgets())
        if (auto* box = qobject_cast<QMessageBox*>(w); box && box->objectName() == QLatin1String("loadErrorBox"))
            return box;
    return nullptr;
}

inline void closeErrorBoxes()
{
    while (QMessageBox* box = errorBox()) {
        box->close();
        delete box;
    }
}

} // namespace memprof::test
