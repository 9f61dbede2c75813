// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/FunctionFlamePane.h"

#include "model/flame/FunctionFlameTree.h"
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
    m_flame->buildTree([profile = m_profile, bytes] { return functionFlameTree(buildFunctionTree(*profile), bytes); });
}

} // namespace memprof::views
