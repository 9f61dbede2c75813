// SPDX-License-Identifier: GPL-3.0-or-later
// The functions' names cost a page's first paint nothing: both profilers'
// pages paint their profile with the names the dump gives, read the
// sources after that paint, off the GUI thread, and then show the names
// in place (the selected row stays selected).
#include "app/MainWindow.h"
#include "model/itemmodels/ModelRoles.h"
#include "model/sysprofile/SysprofLoader.h"
#include "tests/support/TestSuite.h"
#include "tests/support/WindowTestHelpers.h"
#include "views/CostTableView.h"
#include "views/ProfilePage.h"
#include "views/SysprofPage.h"
#include "views/ViewState.h"

#include <QEvent>
#include <QStatusBar>
#include <QSortFilterProxyModel>
#include <QTest>

using namespace memprof;

namespace {
// The first row whose raw name (SortRole) ends in `suffix`.
QModelIndex rowEndingIn(const QAbstractItemModel* model, const QString& suffix)
{
    for (int row = 0; row < model->rowCount(); ++row)
        if (model->index(row, 0).data(itemmodels::SortRole).toString().endsWith(suffix))
            return model->index(row, 0);
    return {};
}

// What a table showed of a row when its page first painted it.
class FirstPaint : public QObject {
public:
    FirstPaint(QWidget* page, std::function<QString()> shown) : page_(page), shown_(std::move(shown))
    {
        page_->installEventFilter(this);
    }
    bool painted() const { return painted_; }
    const QString& shownThen() const { return shownThen_; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        // The first paint that shows the row.
        if (watched == page_ && event->type() == QEvent::Paint && !painted_) {
            shownThen_ = shown_();
            painted_ = !shownThen_.isEmpty();
        }
        return false;
    }

private:
    QWidget* page_;
    std::function<QString()> shown_;
    bool painted_ = false;
    QString shownThen_;
};
} // namespace

class TestNamesAfterPaint : public QObject {
    Q_OBJECT
private slots:
    void cpuPagePaintsBeforeTheNames()
    {
        const QString path = QStringLiteral(MEMPROF_TEST_DATA "/sysprof/modules-L-jitoff.bin");
        auto profile = std::make_shared<const SysprofProfile>(loadSysprof(QFile::encodeName(path).toStdString()));
        views::SysprofPage page;
        page.resize(1024, 700);
        page.showTab(QStringLiteral("functions"));
        const QAbstractItemModel* functions = page.functionsView()->model();
        FirstPaint paint(&page, [functions] {
            return rowEndingIn(functions, QStringLiteral("modules_helper.lua:4")).data().toString();
        });
        page.setProfile(profile, path);
        // Not painted: no source is read however long the page waits.
        QTest::qWait(300);
        QVERIFY(rowEndingIn(functions, QStringLiteral("modules_helper.lua:4")).data().toString().endsWith(
            QStringLiteral("@./modules_helper.lua:4")));
        const QPersistentModelIndex selected = page.functionsView()->currentIndex();
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QTRY_VERIFY(paint.painted());
        QVERIFY2(paint.shownThen().endsWith(QStringLiteral("@./modules_helper.lua:4")), qPrintable(paint.shownThen()));
        QTRY_COMPARE_WITH_TIMEOUT(rowEndingIn(functions, QStringLiteral("modules_helper.lua:4")).data().toString(),
                                  QStringLiteral("mix  modules_helper.lua:4"), 10000);
        // In place: the selected function is still the current row.
        QVERIFY(selected.isValid());
        QCOMPARE(page.functionsView()->currentIndex(), QModelIndex(selected));
    }

    void memoryPagePaintsBeforeTheNames()
    {
        test::Window w;
        auto* page = w.window->findChild<views::ProfilePage*>(QStringLiteral("profilePage"));
        QVERIFY(page);
        auto* table = w.window->findChild<views::CostTableView*>(QStringLiteral("heldTable"));
        QVERIFY(table);
        const QAbstractItemModel* held = table->model();
        FirstPaint paint(page, [held] { return rowEndingIn(held, QStringLiteral("leak.lua:9")).data().toString(); });
        QVERIFY(test::load(w.window, QStringLiteral(MEMPROF_TEST_DATA "/v3/leak.bin")));
        QTRY_VERIFY(paint.painted());
        QCOMPARE(paint.shownThen(), QStringLiteral("@leak.lua:9"));
        QTRY_COMPARE_WITH_TIMEOUT(rowEndingIn(held, QStringLiteral("leak.lua:9")).data().toString(),
                                  QStringLiteral("remember  leak.lua:9"), 10000);
    }

    // Names that come while a row is selected rename it in the status line
    // too, not only in the tables.
    void theStatusLineNamesTheSelectedRowOnceNamesCome()
    {
        test::Window w;
        auto* page = w.window->findChild<views::ProfilePage*>(QStringLiteral("profilePage"));
        QVERIFY(page);
        QVERIFY(test::load(w.window, QStringLiteral(MEMPROF_TEST_DATA "/v3/leak.bin")));
        const Profile* profile = page->wholeRunProfile();
        QVERIFY(profile);
        std::optional<LocationId> leak;
        for (LocationId id = 0; id < profile->locations.size(); ++id)
            if (profile->nameOf(id) == "@leak.lua:9")
                leak = id;
        QVERIFY(leak);
        QTRY_COMPARE_WITH_TIMEOUT(page->viewState() != nullptr, true, 1000);
        page->viewState()->selectLocation(*leak);
        QTRY_COMPARE_WITH_TIMEOUT(w->statusBar()->currentMessage(), QStringLiteral("remember  leak.lua:9"), 10000);
        // The names are read again (another source folder): the line says
        // the row's name when they come, whatever it said meanwhile.
        w->statusBar()->showMessage(QStringLiteral("something else"));
        emit page->sourceFoldersChanged();
        QTRY_COMPARE_WITH_TIMEOUT(w->statusBar()->currentMessage(), QStringLiteral("remember  leak.lua:9"), 10000);
    }
};

MEMPROF_TEST_MAIN(TestNamesAfterPaint)
#include "test_names_after_paint.moc"
