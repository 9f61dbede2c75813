// SPDX-License-Identifier: GPL-3.0-or-later
// memprof-viewer [DUMP...]: a window per dump, or the start page.
// memprof-viewer --screenshot OUT.png DUMP: renders the main window on the
// dump at a fixed size into OUT.png and exits (for docs and checks).
#include "MainWindow.h"
#include "model/qt/ModelRoles.h"
#include "views/CostTableView.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QSortFilterProxyModel>
#include <QTimer>

#include <cstdio>
#include <cstring>

namespace {

int takeScreenshot(const QString& outPath, const QString& dumpPath, const QSize& size)
{
    auto* window = new memprof::app::MainWindow;
    window->resize(size);
    window->show();
    int exitCode = 1;
    QObject::connect(window, &memprof::app::MainWindow::loadFinished, window, [&exitCode, window, outPath](bool shown) {
        if (!shown) {
            std::fprintf(stderr, "memprof-viewer: cannot load the dump for the screenshot\n");
            QCoreApplication::exit(1);
            return;
        }
        // Show what the viewer is for: the largest holder with a Lua line,
        // and its source.
        const QAbstractItemModel* leak = window->leakTable()->proxyModel();
        QModelIndex holder = leak->index(0, 0);
        for (int row = 0; row < leak->rowCount(); ++row) {
            const auto id = leak->index(row, 0).data(memprof::qt::LocationIdRole).toUInt();
            if (window->profile()->locations[id].function != memprof::kNoFunction) {
                holder = leak->index(row, 0);
                break;
            }
        }
        if (holder.isValid())
            window->leakTable()->setCurrentIndex(holder);
        QTimer::singleShot(200, window, [&exitCode, window, outPath] {
            const bool saved = window->grab().save(outPath, "PNG");
            if (!saved)
                std::fprintf(stderr, "memprof-viewer: cannot write %s\n", qPrintable(outPath));
            exitCode = saved ? 0 : 1;
            QCoreApplication::exit(exitCode);
        });
    });
    window->loadDump(dumpPath);
    const int loopCode = QApplication::exec();
    return loopCode != 0 ? loopCode : exitCode;
}

} // namespace

int main(int argc, char* argv[])
{
    // A screenshot, --help and --version need no display: offscreen unless
    // told otherwise.
    for (int i = 1; i < argc; ++i) {
        const bool headless = std::strcmp(argv[i], "--screenshot") == 0 || std::strcmp(argv[i], "--help") == 0 ||
                              std::strcmp(argv[i], "-h") == 0 || std::strcmp(argv[i], "--version") == 0 ||
                              std::strcmp(argv[i], "-v") == 0;
        if (headless && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
    }

    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("memprof-viewer"));
    QApplication::setOrganizationName(QStringLiteral("memprof-viewer"));
    QApplication::setApplicationDisplayName(QStringLiteral("Memprof Viewer"));
    QApplication::setApplicationVersion(QStringLiteral(MEMPROF_VERSION));
    QApplication::setDesktopFileName(QStringLiteral(MEMPROF_APP_ID));
    QApplication::setWindowIcon(
        QIcon::fromTheme(QStringLiteral(MEMPROF_APP_ID), QIcon(QStringLiteral(":/icons/memprof-viewer.svg"))));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("A viewer for LuaJIT memory profiles (memprof dumps)."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("DUMP"), QStringLiteral("Memprof dumps to open, a window each."),
                                 QStringLiteral("[DUMP...]"));
    const QCommandLineOption screenshot(
        QStringLiteral("screenshot"),
        QStringLiteral("Render the main window on DUMP into FILE (PNG) and exit."), QStringLiteral("FILE"));
    const QCommandLineOption screenshotSize(QStringLiteral("size"),
                                            QStringLiteral("Screenshot size, WIDTHxHEIGHT (default 1400x900)."),
                                            QStringLiteral("SIZE"), QStringLiteral("1400x900"));
    parser.addOption(screenshot);
    parser.addOption(screenshotSize);
    parser.process(app);
    const QStringList dumps = parser.positionalArguments();

    if (parser.isSet(screenshot)) {
        const QStringList wh = parser.value(screenshotSize).split(u'x');
        const QSize size = wh.size() == 2 ? QSize(wh[0].toInt(), wh[1].toInt()) : QSize();
        if (dumps.size() != 1 || !size.isValid() || size.isEmpty()) {
            std::fprintf(stderr, "usage: memprof-viewer --screenshot OUT.png [--size WxH] DUMP\n");
            return 2;
        }
        return takeScreenshot(parser.value(screenshot), dumps.first(), size);
    }

    auto* first = new memprof::app::MainWindow;
    first->restoreLayout();
    first->show();
    for (const QString& dump : dumps)
        first->openDump(dump);
    return QApplication::exec();
}
