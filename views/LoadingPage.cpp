// SPDX-License-Identifier: GPL-3.0-or-later
#include "LoadingPage.h"

#include "model/report/TextReport.h"

#include <QFileInfo>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

namespace memprof::views {

LoadingPage::LoadingPage(QWidget* parent)
    : QWidget(parent),
      title_(new QLabel(this)),
      bytes_(new QLabel(this)),
      bar_(new QProgressBar(this)),
      cancel_(new QPushButton(tr("Cancel"), this))
{
    bar_->setRange(0, 1000);
    bar_->setTextVisible(false);
    bar_->setMinimumWidth(420);
    title_->setAlignment(Qt::AlignCenter);
    // Two long file names wrap rather than widen the window.
    title_->setWordWrap(true);
    bytes_->setAlignment(Qt::AlignCenter);
    auto* layout = new QVBoxLayout(this);
    layout->addStretch(1);
    layout->addWidget(title_);
    layout->addWidget(bar_, 0, Qt::AlignHCenter);
    layout->addWidget(bytes_);
    layout->addWidget(cancel_, 0, Qt::AlignHCenter);
    layout->addStretch(1);
    connect(cancel_, &QPushButton::clicked, this, &LoadingPage::cancelRequested);
}

void LoadingPage::start(const QString& filePath, const QString& what)
{
    title_->setText(tr("Loading %1…").arg(what.isEmpty() ? QFileInfo(filePath).fileName() : what));
    title_->setToolTip(filePath);
    bar_->setValue(0);
    bytes_->clear();
    cancel_->setEnabled(true);
}

void LoadingPage::setProgress(quint64 bytesRead, quint64 totalBytes)
{
    auto human = [](quint64 bytes) { return QString::fromStdString(formatBytes(bytes, true)); };
    if (totalBytes > 0) {
        bar_->setValue(static_cast<int>(1000.0 * static_cast<double>(bytesRead) / static_cast<double>(totalBytes)));
        bytes_->setText(tr("%1 of %2 read").arg(human(bytesRead), human(totalBytes)));
    } else {
        bar_->setRange(0, 0);
        bytes_->setText(tr("%1 read").arg(human(bytesRead)));
    }
}

void LoadingPage::setDumpsRead(quint64 dumpsRead, quint64 dumpCount)
{
    bar_->setRange(0, 1000);
    bar_->setValue(dumpCount > 0 ? static_cast<int>(1000 * dumpsRead / dumpCount) : 0);
    bytes_->setText(tr("%L1 of %L2 dumps read").arg(dumpsRead).arg(dumpCount));
}

} // namespace memprof::views
