// SPDX-License-Identifier: GPL-3.0-or-later
// Two CPU profiles (sysprof dumps) compared, NEW − BASE: the menus and the
// comparison page over what every comparison window has.
#pragma once

#include "ComparisonWindow.h"

namespace memprof::views {
class SysprofComparisonPage;
}

namespace memprof::app {

class SysprofDiffWindow : public ComparisonWindow {
    Q_OBJECT
public:
    explicit SysprofDiffWindow(QWidget* opener = nullptr);
    ~SysprofDiffWindow() override;

    void compare(const QString& basePath, const QString& newPath);
    // BASE is loaded already (the window this comparison was started from).
    void compareWith(services::SysprofPtr base, const QString& basePath, const QString& newPath);

    views::SysprofComparisonPage* page() const { return page_; }
    bool exportCsv(const QString& path, QString* error = nullptr);

private:
    void createMenus();
    void onLoaded(services::SysprofPtr base, services::SysprofPtr current);
    void chooseAndExport();

    views::SysprofComparisonPage* page_;
};

} // namespace memprof::app
