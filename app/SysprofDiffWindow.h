// SPDX-License-Identifier: GPL-3.0-or-later
// Two CPU profiles (sysprof dumps) compared, NEW − BASE: the menus, the page
// stack (loading, comparison) and the two loads, off the GUI thread with one
// progress and Cancel. A window of its own, as the memprof comparison is.
#pragma once

#include "model/services/ProfileLoadJob.h"

#include <QMainWindow>
#include <QPointer>

#include <array>
#include <memory>

class QStackedWidget;

namespace memprof::views {
class LoadingPage;
class SysprofComparisonPage;
} // namespace memprof::views

namespace memprof::app {

class SysprofDiffWindow : public QMainWindow {
    Q_OBJECT
public:
    // `opener`: the window the comparison was started from, which shows
    // the message if a dump cannot be read (this window closes then).
    explicit SysprofDiffWindow(QWidget* opener = nullptr);
    ~SysprofDiffWindow() override;

    void compare(const QString& basePath, const QString& newPath);
    // BASE is loaded already (the window this comparison was started from).
    void compareWith(services::SysprofPtr base, const QString& basePath, const QString& newPath);
    void cancelLoad();

    bool isLoading() const;
    views::SysprofComparisonPage* page() const { return page_; }
    QWidget* currentPage() const;
    bool exportCsv(const QString& path, QString* error = nullptr);

signals:
    // Both loads ended; `shown` is true when the comparison is on screen.
    void loadFinished(bool shown);

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    enum Side { Base, New };
    void createMenus();
    void startSide(Side side);
    void onSideLoaded(Side side, services::SysprofPtr profile);
    void fail(const QString& path, const QString& message);
    void chooseAndExport();

    QPointer<QWidget> opener_;
    std::array<QString, 2> paths_;
    std::array<services::SysprofPtr, 2> profiles_;
    std::array<std::unique_ptr<services::ProfileLoadJob>, 2> jobs_;
    std::array<quint64, 2> bytesRead_{};
    std::array<quint64, 2> totalBytes_{};
    QStackedWidget* pages_;
    views::LoadingPage* loadingPage_;
    views::SysprofComparisonPage* page_;
};

} // namespace memprof::app
