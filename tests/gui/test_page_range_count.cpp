// SPDX-License-Identifier: GPL-3.0-or-later
// Both kinds' pages count a range of their run through the document they
// show (its countRange), never by a count of their own: a page shown by an
// observed document counts each range the user chooses through it once,
// and shows what that count gave; a page left without its document counts
// nothing.
#include "app/MemprofDocument.h"
#include "app/ProfileDocuments.h"
#include "app/SysprofDocument.h"
#include "model/services/ProfileLoadJob.h"
#include "tests/support/GuiTestData.h"
#include "tests/support/SignalWait.h"
#include "tests/support/TestSuite.h"
#include "views/ProfilePage.h"
#include "views/RangeCounter.h"
#include "views/SysprofPage.h"
#include "views/ViewState.h"

#include <QSignalSpy>
#include <QTest>

#include <memory>
#include <vector>

using namespace memprof;
using namespace memprof::services;

namespace {

// What an observed document was asked to count, and the documents it counted.
struct CountLog {
    std::vector<RunRange> ranges;
    std::vector<DocumentPtr> counted;
};

// A loaded document, observed: it shows itself as the document it wraps
// does, then gives the page itself to count with; its ranges are the
// wrapped document's, each logged.
class ObservedDocument final : public ProfileDocument {
public:
    ObservedDocument(DocumentPtr inner, std::shared_ptr<CountLog> log)
        : ProfileDocument(inner->path()), inner_(std::move(inner)), log_(std::move(log))
    {}

    DumpKind kind() const override { return inner_->kind(); }
    const DecodeStatus& status() const override { return inner_->status(); }
    RunRange range() const override { return inner_->range(); }
    QString emptyMessage() const override { return inner_->emptyMessage(); }
    QString countText() const override { return inner_->countText(); }
    std::unique_ptr<ProfileLoadJob> countRange(RunRange range) const override
    {
        log_->ranges.push_back(range);
        std::unique_ptr<ProfileLoadJob> job = inner_->countRange(range);
        // Queued before the page's own receiver: logged before it is shown.
        QObject::connect(job.get(), &ProfileLoadJob::finished, job.get(),
                         [log = log_](DocumentPtr counted) { log->counted.push_back(std::move(counted)); });
        return job;
    }
    ExportSubject exportSubject() const override { return inner_->exportSubject(); }
    QString writeExport(ExportFormat format, const QString& outPath, const ExportSettings& settings,
                        DecodeControl& control, qint64* bytes) const override
    {
        return inner_->writeExport(format, outPath, settings, control, bytes);
    }
    QWidget* makePage(const PageHooks& hooks, QWidget* parent) const override
    {
        return inner_->makePage(hooks, parent);
    }
    bool showOn(QWidget* page, const ProfileDocument* previous) const override
    {
        const bool kept = inner_->showOn(page, previous);
        page->findChild<views::RangeCounter*>()->setDocument(shared_from_this());
        return kept;
    }
    DocumentPtr shownOn(const QWidget* page) const override { return inner_->shownOn(page); }
    void setSourceFolders(QWidget* page, const QStringList& folders) const override
    {
        inner_->setSourceFolders(page, folders);
    }
    QMainWindow* compareWith(const QStringList& newPaths, QWidget* opener) const override
    {
        return inner_->compareWith(newPaths, opener);
    }

private:
    DocumentPtr inner_;
    std::shared_ptr<CountLog> log_;
};

DocumentPtr loadDocument(const QString& path)
{
    ProfileLoadJob job(path, &app::readDocument);
    QSignalSpy finished(&job, &ProfileLoadJob::finished);
    job.start();
    return testsuite::received(finished, 30000) ? finished.at(0).at(0).value<DocumentPtr>() : nullptr;
}

// The dump at `fixture` loaded, on the page of its kind shown by it
// observed: what the page counts is logged.
struct ObservedPage {
    DocumentPtr loaded;
    std::shared_ptr<CountLog> log = std::make_shared<CountLog>();
    std::unique_ptr<QWidget> page;

    explicit ObservedPage(const char* fixture) : loaded(loadDocument(test::fixture(QString::fromLatin1(fixture))))
    {
        if (!loaded)
            return;
        const auto document = std::make_shared<ObservedDocument>(loaded, log);
        page.reset(document->makePage({{}, [](const QString&) {}, [] {}}, nullptr));
        document->showOn(page.get(), nullptr);
    }
};

} // namespace

class TestPageRangeCount : public QObject {
    Q_OBJECT

private slots:
    void theMemoryPageCountsAWindowThroughItsDocument()
    {
        const ObservedPage observed("v3/growth.bin");
        auto* page = qobject_cast<views::ProfilePage*>(observed.page.get());
        QVERIFY(page);
        const std::shared_ptr<CountLog>& log = observed.log;
        QVERIFY(log->ranges.empty()); // the whole run is the document loaded

        const std::uint64_t n = page->wholeRunProfile()->totals.eventCount;
        const RunRange window{n / 5 + 1, n - n / 5};
        QSignalSpy applied(page, &views::ProfilePage::windowApplied);
        page->viewState()->setRange(window);
        QVERIFY(testsuite::received(applied, 30000));
        QCOMPARE(log->ranges.size(), std::size_t(1));
        QVERIFY(log->ranges.front() == window);
        QCOMPARE(log->counted.size(), std::size_t(1));
        // The panes show the document's count itself, as a window of the run.
        const auto& counted = static_cast<const app::MemprofDocument&>(*log->counted.front());
        QCOMPARE(page->profile(), counted.profile().get());
        QVERIFY(page->profile()->window == window);
        QCOMPARE(page->wholeRunProfile(), static_cast<const app::MemprofDocument&>(*observed.loaded).profile().get());

        // The whole run again: the loaded profile at once, nothing counted.
        page->viewState()->setRange({});
        QCOMPARE(page->profile(), page->wholeRunProfile());
        QCOMPARE(log->ranges.size(), std::size_t(1));

        // Without its document the page counts nothing: the window stays.
        page->rangeCounter()->setDocument(nullptr);
        page->viewState()->setRange(window);
        QVERIFY(!page->isRecounting());
        QCOMPARE(page->viewState()->range(), RunRange{});
        QCOMPARE(page->profile(), page->wholeRunProfile());
        QCOMPARE(log->ranges.size(), std::size_t(1));
    }

    void theCpuPageCountsARangeThroughItsDocument()
    {
        const ObservedPage observed("sysprof/coroutines-C-jitoff.bin");
        auto* page = qobject_cast<views::SysprofPage*>(observed.page.get());
        QVERIFY(page);
        const std::shared_ptr<CountLog>& log = observed.log;
        QVERIFY(log->ranges.empty());

        const RunRange range{41, 200};
        QSignalSpy counted(page, &views::SysprofPage::rangeCounted);
        page->setRange(range);
        QVERIFY(testsuite::received(counted, 30000));
        QCOMPARE(log->ranges.size(), std::size_t(1));
        QVERIFY(log->ranges.front() == range);
        QCOMPARE(log->counted.size(), std::size_t(1));
        const auto& mine = static_cast<const app::SysprofDocument&>(*log->counted.front());
        QCOMPARE(page->profile(), mine.profile());
        QCOMPARE(page->profile()->sampleCount, quint64(160));
        QCOMPARE(page->wholeRunProfile(), static_cast<const app::SysprofDocument&>(*observed.loaded).profile());

        // Without its document the page counts nothing.
        page->rangeCounter()->setDocument(nullptr);
        page->setRange({});
        page->setRange({1, 40});
        QVERIFY(!page->rangeCounter()->isCounting());
        QCOMPARE(page->profile(), page->wholeRunProfile());
        QCOMPARE(log->ranges.size(), std::size_t(1));
    }
};

MEMPROF_TEST_MAIN(TestPageRangeCount)
#include "test_page_range_count.moc"
