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

    views::SysprofComparisonPage* page() const { return page_; }
    bool exportCsv(const QString& path, QString* error = nullptr);

protected:
    DumpKind kind() const override { return DumpKind::Sysprof; }
    void showDocuments(const services::DocumentPtr& base, const services::DocumentPtr& current) override;

private:
    void createMenus();
    void chooseAndExport();

    views::SysprofComparisonPage* page_;
};

} // namespace memprof::app
