// SPDX-License-Identifier: GPL-3.0-or-later
// Choosing the dumps a merged page shows in its Instances pane, as a click
// there does, and waiting for the page to show them (either kind's page).
#pragma once

#include "views/InstancesPane.h"

#include <QComboBox>
#include <QTest>

namespace memprof::test {

// Chooses `text` (a dump's name, or the first entry: all of them) on
// `page` (ProfilePage, SysprofPage); false if there is no such entry or
// the page did not show it.
template <class Page>
bool chooseInstance(Page* page, const QString& text)
{
    QComboBox* choice = page->instancesPane()->instanceChoice();
    const int index = choice->findText(text);
    if (index < 0)
        return false;
    choice->setCurrentIndex(index);
    emit choice->activated(index);
    const QVariant wanted = choice->itemData(index);
    return QTest::qWaitFor(
        [page, choice, wanted] {
            return choice->isEnabled() &&
                   (wanted.isValid() ? page->shownInstance() == wanted.value<InstanceId>() : !page->shownInstance());
        },
        30000);
}

} // namespace memprof::test
