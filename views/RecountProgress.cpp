// SPDX-License-Identifier: GPL-3.0-or-later
#include "RecountProgress.h"

#include <QHBoxLayout>
#include <QProgressBar>
#include <QPushButton>
#include <QTimer>

namespace memprof::views {

namespace {
// A re-count shorter than this shows no progress.
constexpr int kDelayMs = 300;
constexpr int kSteps = 1000;
} // namespace

RecountProgress::RecountProgress(const QString& cancelTip, QWidget* parent)
    : QWidget(parent),
      progress_(new QProgressBar(this)),
      cancel_(new QPushButton(tr("Cancel"), this)),
      delay_(new QTimer(this))
{
    progress_->setRange(0, kSteps);
    progress_->setTextVisible(false);
    progress_->setMaximumWidth(160);
    cancel_->setToolTip(cancelTip);
    cancel_->setAutoDefault(false);
    delay_->setSingleShot(true);
    delay_->setInterval(kDelayMs);
    setVisible(false);

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(progress_);
    layout->addWidget(cancel_);

    connect(cancel_, &QPushButton::clicked, this, &RecountProgress::cancelRequested);
    connect(delay_, &QTimer::timeout, this, [this] { setVisible(true); });
}

void RecountProgress::setRunning(bool running)
{
    progress_->setRange(0, kSteps);
    progress_->setValue(0);
    if (running) {
        delay_->start();
        return;
    }
    delay_->stop();
    setVisible(false);
}

void RecountProgress::setProgress(quint64 bytesRead, quint64 totalBytes)
{
    if (totalBytes > 0)
        progress_->setValue(
            static_cast<int>(kSteps * static_cast<double>(bytesRead) / static_cast<double>(totalBytes)));
    else
        progress_->setRange(0, 0);
}

} // namespace memprof::views
