// SPDX-License-Identifier: GPL-3.0-or-later
// The "Stacks:" selector of the CPU profile pages: how a sample's stack is
// read (StackView), one item per view with the view as its data; and the
// row it heads above the panes, with the page's filter.
#pragma once

class QComboBox;
class QHBoxLayout;
class QWidget;

namespace memprof::views {

QComboBox* makeStackViewChoice(QWidget* parent);
// "Stacks:" and `choice`, then `filter` taking the rest of the row.
QHBoxLayout* makeStackViewBar(QWidget* page, QComboBox* choice, QWidget* filter);

} // namespace memprof::views
