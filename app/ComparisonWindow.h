// SPDX-License-Identifier: GPL-3.0-or-later
// What a window comparing two dumps, NEW − BASE, does whatever the profiler:
// the page stack (the loading page, then the comparison page), the pair's
// documents loaded off the GUI thread with one progress and Cancel, and the
// ending of a load that failed (the window it was started from says why,
// this one closes). A subclass is the comparison of one kind of profile. A window of its own, not a mode of MainWindow: a comparison has
// no single profile, and the main window's panes are about one run.
#pragma once

#include "model/services/ProfilePairLoadJob.h"

#include <QMainWindow>
#include <QPointer>

#include <memory>

class QStackedWidget;

namespace memprof::views {
class LoadingPage;
}

namespace memprof::app {

class ComparisonWindow : public QMainWindow {
    Q_OBJECT
public:
    ~ComparisonWindow() override;

    // Loads both dumps, then shows NEW − BASE.
    void compare(const QString& basePath, const QString& newPath);
    // BASE is loaded already (the window this comparison was started from).
    void compareWith(services::DocumentPtr base, const QString& basePath, const QString& newPath);

    void cancelLoad();
    bool isLoading() const;
    // The page in front: the loading or comparison page.
    QWidget* currentPage() const;

signals:
    // Both loads ended; `shown` is true when the comparison is on screen.
    void loadFinished(bool shown);

protected:
    // `opener`: the window the comparison was started from, which shows
    // the message if a dump cannot be read (this window closes then).
    explicit ComparisonWindow(QWidget* opener);

    // The page shown once both dumps are read; set once, by the subclass.
    void setComparisonPage(QWidget* page);

    // The kind of profile compared: a dump of another kind is refused.
    virtual DumpKind kind() const = 0;
    // Puts both documents (of kind()) on the comparison page.
    virtual void showDocuments(const services::DocumentPtr& base, const services::DocumentPtr& current) = 0;
    void closeEvent(QCloseEvent* event) override;

    const QString& basePath() const { return basePath_; }
    const QString& newPath() const { return newPath_; }

private:
    // Checks both paths (BASE's not when `baseGiven`: it is loaded) and
    // shows the loading page; false when a dump cannot be read (said).
    bool beginLoad(const QString& basePath, const QString& newPath, bool baseGiven);
    void onLoaded(const services::DocumentPtr& base, const services::DocumentPtr& current);
    // `message` is empty when the load was cancelled.
    void onStopped(const QString& path, const QString& message);
    void fail(const QString& path, const QString& message);

    QPointer<QWidget> opener_;
    QString basePath_;
    QString newPath_;
    std::unique_ptr<services::ProfilePairLoadJob> job_;
    QStackedWidget* pages_;
    views::LoadingPage* loadingPage_;
    QWidget* comparisonPage_ = nullptr;
};

} // namespace memprof::app
