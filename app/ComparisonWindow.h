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
#include <QStringList>

#include <array>

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

    // Loads both sides, then shows NEW − BASE. A side is one dump, or
    // several read as one profile (merged: the comparison is of whole
    // profiles, rows matched by name).
    void compare(const QStringList& basePaths, const QStringList& newPaths);
    void compare(const QString& basePath, const QString& newPath) { compare(QStringList{basePath}, {newPath}); }
    // BASE is loaded already (the window this comparison was started from).
    void compareWith(services::DocumentPtr base, const QStringList& newPaths);

    // A window of the class `Window` comparing `newPaths` with `base`,
    // shown beside `opener`.
    template <class Window>
    static Window* open(services::DocumentPtr base, const QStringList& newPaths, QWidget* opener)
    {
        auto* window = new Window(opener);
        placeBeside(window, opener);
        window->compareWith(std::move(base), newPaths);
        return window;
    }

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

    // Each side's first dump (its only one, unless merged).
    const QString& basePath() const { return basePath_; }
    const QString& newPath() const { return newPath_; }
    // What the window calls each side: the dump's file name (told apart
    // from the other side's), or "3 dumps merged".
    const QString& baseName() const { return baseName_; }
    const QString& newName() const { return newName_; }

private:
    static void placeBeside(QMainWindow* window, QWidget* opener);
    // Checks the paths (BASE's not when `base` is given: it is loaded) and
    // shows the loading page; false when a dump cannot be read (said).
    bool beginLoad(const QStringList& basePaths, const QStringList& newPaths, const services::DocumentPtr& base);
    void startPair(services::DocumentPtr base, const std::array<QStringList, 2>& paths);
    void onLoaded(const services::DocumentPtr& base, const services::DocumentPtr& current);
    // `message` is empty when the load was cancelled.
    void onStopped(const QString& path, const QString& message);
    void fail(const QString& path, const QString& message);

    QPointer<QWidget> opener_;
    QString basePath_;
    QString newPath_;
    QString baseName_;
    QString newName_;
    std::unique_ptr<services::ProfilePairLoadJob> job_;
    QStackedWidget* pages_;
    views::LoadingPage* loadingPage_;
    QWidget* comparisonPage_ = nullptr;
};

} // namespace memprof::app
