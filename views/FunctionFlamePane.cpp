// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/FunctionFlamePane.h"

#include "model/flame/FunctionFlameTree.h"
#include "model/itemmodels/FunctionTreeModel.h"
#include "views/flamegraph/FlameGraphWidget.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace memprof::views {

FunctionFlamePane::FunctionFlamePane(QWidget* parent)
    : QWidget(parent), m_bytes(new QComboBox(this)), m_flame(new FlameGraphWidget(this))
{
    m_bytes->addItem(tr("Allocated bytes"), int(FlameBytes::Allocated));
    m_bytes->addItem(tr("Held bytes"), int(FlameBytes::Held));
    auto* selector = new QHBoxLayout;
    selector->addWidget(new QLabel(tr("Width:"), this));
    selector->addWidget(m_bytes);
    selector->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(selector);
    layout->addWidget(m_flame, 1);
    connect(m_flame, &FlameGraphWidget::treeBuilt, this, [this] {
        m_shown = m_building;
        labelFrames();
    });
    connect(m_bytes, &QComboBox::currentIndexChanged, this, [this] {
        m_stale = true;
        rebuild();
    });
}

void FunctionFlamePane::setProfile(services::ProfilePtr profile)
{
    m_profile = std::move(profile);
    m_stale = true;
    if (isVisible())
        rebuild();
}

void FunctionFlamePane::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    rebuild();
}

void FunctionFlamePane::rebuild()
{
    if (!m_stale || !m_profile || !isVisible())
        return;
    m_stale = false;
    const auto bytes = FlameBytes(m_bytes->currentData().toInt());
    m_building = std::make_shared<FunctionTree>();
    m_shownProfile = m_profile;
    // Only the worker writes the tree, before the flame is shown (treeBuilt).
    m_flame->buildTree([profile = m_profile, bytes, tree = m_building] {
        *tree = buildFunctionTree(*profile);
        return functionFlameTree(*tree, bytes);
    });
}

void FunctionFlamePane::setFunctionNames(itemmodels::FunctionNames names)
{
    m_names = std::move(names);
    if (m_shown && !m_flame->isBuilding())
        labelFrames();
}

// Node i of the flame is node i of the by-function tree (flameTreeOf).
void FunctionFlamePane::labelFrames()
{
    if (!m_shown || !m_shownProfile)
        return;
    auto names = std::make_shared<const itemmodels::LocationNames>(*m_shownProfile, m_names);
    m_flame->setFrameLabels([profile = m_shownProfile, tree = m_shown, names](int node) {
        if (node <= 0)
            return itemmodels::FunctionLabel{QStringLiteral("all"), {}, {}};
        return itemmodels::FunctionTreeModel::frameLabel(profile.get(), *names, tree->frameOf(node));
    });
}

} // namespace memprof::views
