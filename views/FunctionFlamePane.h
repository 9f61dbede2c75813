// SPDX-License-Identifier: GPL-3.0-or-later
// The by-function tree as a flame graph of allocated or held bytes, with a
// selector. The tree is built only while the pane is shown, so a profile
// nobody looks at as a flame costs nothing more.
#pragma once

#include "model/services/ProfilePointers.h"

#include <QWidget>

class QComboBox;

namespace memprof::views {

class FlameGraphWidget;

class FunctionFlamePane : public QWidget {
    Q_OBJECT
public:
    explicit FunctionFlamePane(QWidget* parent = nullptr);

    void setProfile(services::ProfilePtr profile);

protected:
    void showEvent(QShowEvent* event) override;

private:
    void rebuild();

    QComboBox* m_bytes;
    FlameGraphWidget* m_flame;
    services::ProfilePtr m_profile;
    bool m_stale = true;
};

} // namespace memprof::views
