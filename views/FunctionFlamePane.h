// SPDX-License-Identifier: GPL-3.0-or-later
// The by-function tree as a flame graph of allocated or held bytes, with a
// selector. The tree is built only while the pane is shown, so a profile
// nobody looks at as a flame costs nothing more.
#pragma once

#include "model/itemmodels/FunctionLabel.h"
#include "model/memprofile/FunctionTree.h"
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
    // The names read for the dump's functions (FunctionLabel.h): the frames
    // read as the by-function tree's rows do.
    void setFunctionNames(itemmodels::FunctionNames names);

protected:
    void showEvent(QShowEvent* event) override;

private:
    void rebuild();
    void labelFrames();

    QComboBox* m_bytes;
    FlameGraphWidget* m_flame;
    services::ProfilePtr m_profile;
    bool m_stale = true;
    itemmodels::FunctionNames m_names;
    // The by-function tree of the last build (its nodes are the flame's),
    // filled by the build's worker, and of the tree shown.
    std::shared_ptr<FunctionTree> m_building;
    std::shared_ptr<const FunctionTree> m_shown;
    services::ProfilePtr m_shownProfile;
};

} // namespace memprof::views
