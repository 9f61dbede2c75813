// SPDX-License-Identifier: GPL-3.0-or-later
#include "StartPage.h"

#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QShortcut>
#include <QVBoxLayout>

namespace memprof::views {

StartPage::StartPage(QWidget* parent)
    : QWidget(parent),
      recent_(new QListWidget(this)),
      recentTitle_(new QLabel(tr("Recent files"), this)),
      sample_(new QPushButton(tr("Open the Sample Profile"), this))
{
    auto* title = new QLabel(tr("Memprof Viewer"), this);
    QFont big = title->font();
    big.setPointSizeF(big.pointSizeF() * 2);
    big.setBold(true);
    title->setFont(big);
    auto* subtitle = new QLabel(tr("Where your Lua program's memory and CPU time go: open a LuaJIT memprof dump "
                                   "(misc.memprof.start/stop) or sysprof dump (misc.sysprof.start/stop), or drop one "
                                   "on this window."),
                                this);
    subtitle->setWordWrap(true);

    auto* open = new QPushButton(tr("Open a Dump…"), this);
    open->setDefault(true);
    sample_->setToolTip(tr("A small real profile of a Lua web-request loop, bundled with the viewer"));
    connect(open, &QPushButton::clicked, this, &StartPage::openRequested);
    connect(sample_, &QPushButton::clicked, this, &StartPage::sampleRequested);

    QFont bold = recentTitle_->font();
    bold.setBold(true);
    recentTitle_->setFont(bold);
    recent_->setMaximumHeight(220);
    // A click, or Enter on the current item, opens it (not itemActivated:
    // a double click would open it twice).
    const auto openItem = [this](QListWidgetItem* item) {
        if (item)
            emit recentRequested(item->data(Qt::UserRole).toString());
    };
    connect(recent_, &QListWidget::itemClicked, this, openItem);
    for (const int key : {Qt::Key_Return, Qt::Key_Enter}) {
        auto* enter = new QShortcut(QKeySequence(key), recent_, nullptr, nullptr, Qt::WidgetShortcut);
        connect(enter, &QShortcut::activated, this, [this, openItem] { openItem(recent_->currentItem()); });
    }
    recent_->setObjectName(QStringLiteral("recentFiles"));
    // The default focus frame is nearly invisible in the Fusion style.
    recent_->setStyleSheet(QStringLiteral("QListWidget:focus { border: 2px solid palette(highlight); }"));

    auto* column = new QWidget(this);
    column->setFixedWidth(600);
    auto* columnLayout = new QVBoxLayout(column);
    columnLayout->addWidget(title);
    columnLayout->addWidget(subtitle);
    columnLayout->addSpacing(12);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(open);
    buttons->addWidget(sample_);
    buttons->addStretch(1);
    columnLayout->addLayout(buttons);
    columnLayout->addSpacing(12);
    columnLayout->addWidget(recentTitle_);
    columnLayout->addWidget(recent_);

    auto* layout = new QVBoxLayout(this);
    layout->addStretch(1);
    layout->addWidget(column, 0, Qt::AlignHCenter);
    layout->addStretch(2);
    setRecentFiles({});
}

void StartPage::setRecentFiles(const QStringList& paths)
{
    recent_->clear();
    for (const QString& path : paths) {
        auto* item = new QListWidgetItem(
            QStringLiteral("%1    —    %2")
                .arg(QFileInfo(path).fileName(), QDir::toNativeSeparators(QFileInfo(path).absolutePath())),
            recent_);
        item->setData(Qt::UserRole, path);
        item->setToolTip(path);
    }
    recent_->setVisible(!paths.isEmpty());
    recentTitle_->setText(paths.isEmpty() ? tr("No recent files yet.") : tr("Recent files"));
}

void StartPage::setSampleAvailable(bool available)
{
    sample_->setVisible(available);
}

} // namespace memprof::views
