// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/StackViewChoice.h"

#include "model/sysprofile/SysprofProfile.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QLabel>

namespace memprof::views {

QComboBox* makeStackViewChoice(QWidget* parent)
{
    auto* choice = new QComboBox(parent);
    const auto tr = [](const char* text) { return QCoreApplication::translate("StackViewChoice", text); };
    choice->addItem(tr("Lua call chains"), static_cast<int>(StackView::Lua));
    choice->addItem(tr("Host call chains"), static_cast<int>(StackView::Host));
    choice->addItem(tr("Reference merge (luajit -ts)"), static_cast<int>(StackView::Reference));
    choice->setToolTip(
        tr("How a sample's stack is read: its Lua functions from the root (traces under the function they "
           "started in), its host (native) frames (dumps of mode C), or the reference parser's merge of the "
           "two, as luajit -ts prints it"));
    return choice;
}

QHBoxLayout* makeStackViewBar(QWidget* page, QComboBox* choice, QWidget* filter)
{
    auto* label = new QLabel(QCoreApplication::translate("StackViewChoice", "&Stacks:"), page);
    label->setBuddy(choice);
    auto* bar = new QHBoxLayout;
    bar->addWidget(label);
    bar->addWidget(choice);
    bar->addSpacing(12);
    bar->addWidget(filter, 1);
    return bar;
}

} // namespace memprof::views
