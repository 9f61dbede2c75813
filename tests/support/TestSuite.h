// SPDX-License-Identifier: GPL-3.0-or-later
// One executable per test area, one CTest test per suite: linking a Qt
// executable per suite cost more of a fresh build than the suites' own code.
// A suite file ends with MEMPROF_TEST_MAIN(Class) (or the GUILESS/APPLESS
// forms) where it ended with QTEST_MAIN(Class); the macro registers the
// class under the file's base name, and the area's main (TestMain.cpp) runs
// the suite named by its first argument with the application QTEST_MAIN
// would have made, passing the other arguments to QTest::qExec. So
// `test_gui test_main_window -v2 someFunction` runs as
// `test_main_window -v2 someFunction` did.
#pragma once

#include <QObject>
#include <QTest>

#include <memory>

namespace testsuite {

// The application a suite runs in, as QTEST_MAIN, QTEST_GUILESS_MAIN and
// QTEST_APPLESS_MAIN choose it.
enum class SuiteApplication { None, Core, Gui, Widgets };

struct Suite {
    const char* file; // __FILE__: the suite's name is its base name
    SuiteApplication application;
    void (*initMain)(); // the class's static initMain(), where it has one
    std::unique_ptr<QObject> (*create)(); // made once the application is
};

// Adds `suite` to the executable's list; returns true (for a static's initialiser).
bool registerSuite(const Suite& suite);

} // namespace testsuite

#define MEMPROF_TEST_SUITE_(TestObject, application)                                                                   \
    namespace {                                                                                                        \
    [[maybe_unused]] const bool registered##TestObject = ::testsuite::registerSuite(                                   \
        {__FILE__, application, &QT_PREPEND_NAMESPACE(QTest::Internal::callInitMain) < TestObject >,                   \
         []() -> std::unique_ptr<QObject> { return std::make_unique<TestObject>(); }});                                \
    }

#if defined(QT_WIDGETS_LIB)
#define MEMPROF_TEST_MAIN_APPLICATION_ ::testsuite::SuiteApplication::Widgets
#elif defined(QT_GUI_LIB)
#define MEMPROF_TEST_MAIN_APPLICATION_ ::testsuite::SuiteApplication::Gui
#else
#define MEMPROF_TEST_MAIN_APPLICATION_ ::testsuite::SuiteApplication::Core
#endif

#define MEMPROF_TEST_MAIN(TestObject) MEMPROF_TEST_SUITE_(TestObject, MEMPROF_TEST_MAIN_APPLICATION_)
#define MEMPROF_TEST_GUILESS_MAIN(TestObject) MEMPROF_TEST_SUITE_(TestObject, ::testsuite::SuiteApplication::Core)
#define MEMPROF_TEST_APPLESS_MAIN(TestObject) MEMPROF_TEST_SUITE_(TestObject, ::testsuite::SuiteApplication::None)
