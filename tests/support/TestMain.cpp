// SPDX-License-Identifier: GPL-3.0-or-later
// The main of a test area's executable: runs the suite its first argument
// names (TestSuite.h), in the application QTEST_MAIN would have made for it.
// Compiled into each area's executable, so the Qt modules it may construct
// an application of are the area's own.
#include "tests/support/TestSuite.h"

#include <QCoreApplication>
#if defined(QT_WIDGETS_LIB)
#include <QApplication>
#endif
#if defined(QT_GUI_LIB)
#include <QGuiApplication>
#endif

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace testsuite {
namespace {

std::vector<Suite>& suites()
{
    static std::vector<Suite> all;
    return all;
}

std::string nameOf(const Suite& suite)
{
    std::string name = suite.file;
    if (const auto slash = name.find_last_of("/\\"); slash != std::string::npos)
        name.erase(0, slash + 1);
    if (const auto dot = name.rfind('.'); dot != std::string::npos)
        name.erase(dot);
    return name;
}

int run(const Suite& suite, int argc, char** argv)
{
    const std::unique_ptr<QObject> test = suite.create();
    return QTest::qExec(test.get(), argc, argv);
}

template <typename Application>
int runIn(const Suite& suite, int argc, char** argv)
{
    Application app(argc, argv);
    app.setAttribute(Qt::AA_Use96Dpi, true);
    return run(suite, argc, argv);
}

int usage(const char* program)
{
    std::fprintf(stderr, "usage: %s SUITE [QTest options and functions]\nsuites:", program);
    for (const Suite& suite : suites())
        std::fprintf(stderr, " %s", nameOf(suite).c_str());
    std::fprintf(stderr, "\n");
    return 2;
}

} // namespace

bool registerSuite(const Suite& suite)
{
    suites().push_back(suite);
    return true;
}

} // namespace testsuite

int main(int argc, char* argv[])
{
    using namespace testsuite;
    if (argc < 2)
        return usage(argv[0]);
    const Suite* chosen = nullptr;
    for (const Suite& suite : suites()) {
        if (nameOf(suite) == argv[1])
            chosen = &suite;
    }
    if (!chosen)
        return usage(argv[0]);

    // QTest sees the suite's own arguments, after the program's name.
    std::vector<char*> args{argv[0]};
    args.insert(args.end(), argv + 2, argv + argc);
    int qtArgc = static_cast<int>(args.size());
    args.push_back(nullptr);
    char** qtArgv = args.data();

    chosen->initMain();
    switch (chosen->application) {
    case SuiteApplication::None:
        return run(*chosen, qtArgc, qtArgv);
    case SuiteApplication::Core:
        return runIn<QCoreApplication>(*chosen, qtArgc, qtArgv);
    case SuiteApplication::Gui:
#if defined(QT_GUI_LIB)
        return runIn<QGuiApplication>(*chosen, qtArgc, qtArgv);
#else
        break;
#endif
    case SuiteApplication::Widgets:
#if defined(QT_WIDGETS_LIB)
        return runIn<QApplication>(*chosen, qtArgc, qtArgv);
#else
        break;
#endif
    }
    std::fprintf(stderr, "%s: this executable is not linked with the Qt module suite %s needs\n", argv[0], argv[1]);
    return 2;
}
