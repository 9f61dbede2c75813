// SPDX-License-Identifier: GPL-3.0-or-later
// The "Stacks:" selector of the CPU profile pages: how a sample's stack is
// read (StackView), one item per view with the view as its data.
#pragma once

class QComboBox;
class QWidget;

namespace memprof::views {

QComboBox* makeStackViewChoice(QWidget* parent);

} // namespace memprof::views
