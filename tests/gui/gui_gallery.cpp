// SPDX-License-Identifier: GPL-3.0-or-later
// Renders the viewer's states a user meets (start page, loading, a
// truncated dump, a load error, code from a string, a source not found,
// raw byte units, the help guide, a row's context menu, a function of the
// tree selected, a filter and an invalid one on a small screen) into PNGs
// in OUTDIR, for people to look at:
//   QT_QPA_PLATFORM=offscreen gui_gallery OUTDIR
#include "tests/support/GuiTestData.h"

#include "app/MainWindow.h"
#include "model/itemmodels/ModelRoles.h"
#include "tests/support/SignalWait.h"
#include "views/CostTableView.h"
#include "views/FilterField.h"
#include "views/FunctionTreeView.h"
#include "views/LoadingPage.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QContextMenuEvent>
#include <QDialog>
#include <QDir>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPainter>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>

using memprof::app::MainWindow;

namespace {
QString outDir;

void save(QWidget* widget, const QString& name)
{
    QTest::qWait(100);
    const QString path = QDir(outDir).filePath(name + QStringLiteral(".png"));
    if (!widget->grab().save(path))
        std::fprintf(stderr, "cannot write %s\n", qPrintable(path));
    else
        std::printf("%s\n", qPrintable(path));
}

MainWindow* window(const QString& dump = {})
{
    auto* w = new MainWindow;
    w->resize(1400, 900);
    w->show();
    if (!dump.isEmpty()) {
        QSignalSpy finished(w, &MainWindow::loadFinished);
        w->loadDump(dump);
        testsuite::received(finished, 30000);
    }
    return w;
}

void selectNamed(MainWindow* w, const std::string& name)
{
    const memprof::Profile& profile = *w->profile();
    for (std::size_t id = 0; id < profile.locations.size(); ++id)
        if (profile.locations[id].name == name) {
            w->selectLocation(memprof::LocationId(id));
            return;
        }
}
} // namespace

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    if (argc != 2) {
        std::fprintf(stderr, "usage: gui_gallery OUTDIR\n");
        return 2;
    }
    outDir = QString::fromLocal8Bit(argv[1]);
    QDir().mkpath(outDir);
    using memprof::test::fixture;

    {
        MainWindow* w = window();
        save(w, QStringLiteral("start-page"));
        delete w;
    }
    {
        QTemporaryDir dir;
        const QString big = dir.filePath(QStringLiteral("big.bin"));
        memprof::test::writeRepeatedDump(fixture(QStringLiteral("v3/medium.bin")), big, 80);
        MainWindow* w = window();
        QSignalSpy finished(w, &MainWindow::loadFinished);
        w->loadDump(big);
        QTest::qWait(300);
        save(w, QStringLiteral("loading"));
        w->cancelLoad();
        testsuite::received(finished, 20000);
        delete w;
    }
    {
        MainWindow* w = window(fixture(QStringLiteral("corrupt/trunc-mid-event.bin")));
        save(w, QStringLiteral("truncated"));
        delete w;
    }
    {
        MainWindow* w = window(fixture(QStringLiteral("corrupt/flipped-header-invalid.bin")));
        QTest::qWait(200);
        for (QWidget* top : QApplication::topLevelWidgets())
            if (auto* box = qobject_cast<QMessageBox*>(top))
                save(box, QStringLiteral("load-error"));
        delete w;
    }
    {
        MainWindow* w = window(fixture(QStringLiteral("v3/loadstring.bin")));
        selectNamed(w, "function_alias_2:3");
        save(w, QStringLiteral("stored-text"));
        delete w;
    }
    {
        QTemporaryDir dir;
        QFile::copy(fixture(QStringLiteral("v3/medium.bin")), dir.filePath(QStringLiteral("medium.bin")));
        MainWindow* w = window(dir.filePath(QStringLiteral("medium.bin")));
        selectNamed(w, "@medium.lua:22");
        save(w, QStringLiteral("source-not-found"));
        delete w;
    }
    {
        MainWindow* w = window(fixture(QStringLiteral("v3/ffi-load.bin")));
        for (QAction* a : w->menuBar()->actions())
            for (QAction* item : a->menu() ? a->menu()->actions() : QList<QAction*>())
                if (item->isCheckable())
                    item->setChecked(false); // raw byte counts
        selectNamed(w, "@ffi-load.lua:19");
        save(w, QStringLiteral("raw-bytes"));
        delete w;
    }
    {
        MainWindow* w = window(fixture(QStringLiteral("v3/leak.bin")));
        w->findChild<QAction*>(QStringLiteral("helpGuideAction"))->trigger();
        save(w->findChild<QDialog*>(QStringLiteral("helpGuide")), QStringLiteral("help-guide"));
        delete w;
    }
    {
        // A row's menu, drawn over the window where it opened.
        MainWindow* w = window(fixture(QStringLiteral("v1/loadstring.bin")));
        auto* table = w->findChild<memprof::views::CostTableView*>(QStringLiteral("tableAllocations"));
        const QPoint pos = table->visualRect(table->model()->index(0, 0)).center();
        QContextMenuEvent event(QContextMenuEvent::Mouse, pos, table->viewport()->mapToGlobal(pos));
        QApplication::sendEvent(table->viewport(), &event);
        QTest::qWait(100);
        QPixmap shot = w->grab();
        if (auto* menu = table->findChild<QMenu*>(QStringLiteral("rowContextMenu"))) {
            QPainter painter(&shot);
            painter.drawPixmap(table->viewport()->mapTo(w, pos), menu->grab());
            menu->close();
        }
        const QString path = QDir(outDir).filePath(QStringLiteral("row-menu.png"));
        shot.save(path);
        std::printf("%s\n", qPrintable(path));
        delete w;
    }
    {
        MainWindow* w = window(fixture(QStringLiteral("v3/leak.bin")));
        selectNamed(w, "@leak.lua:9");
        auto* tree = w->findChild<memprof::views::FunctionTreeView*>(QStringLiteral("functionTree"));
        w->findChild<QTabWidget*>(QStringLiteral("mainTabs"))->setCurrentWidget(tree);
        const QModelIndex file = tree->model()->index(0, 0);
        tree->setCurrentIndex(tree->model()->index(0, 0, file)); // its first function
        save(w, QStringLiteral("function-selected"));
        delete w;
    }
    {
        MainWindow* w = window(fixture(QStringLiteral("v3/empty.bin")));
        save(w, QStringLiteral("empty-profile"));
        delete w;
    }
    // The filter on a 1024x700 screen: its count, then an invalid pattern.
    {
        MainWindow* w = window(fixture(QStringLiteral("v3/medium.bin")));
        w->resize(1024, 700);
        auto* filter = w->findChild<memprof::views::FilterField*>(QStringLiteral("filterField"));
        filter->setDelay(0);
        filter->lineEdit()->setText(QStringLiteral("medium.lua:2"));
        save(w, QStringLiteral("filter-count"));
        filter->regexBox()->setChecked(true);
        filter->lineEdit()->setText(QStringLiteral("medium.lua:(2"));
        save(w, QStringLiteral("filter-invalid"));
        delete w;
    }
    return 0;
}
