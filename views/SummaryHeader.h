// SPDX-License-Identifier: GPL-3.0-or-later
// The profile at a glance above the tables: file, format versions, events,
// bytes allocated and freed, held at the end, peak, locations, and whether
// the dump is complete. It fits any width: the folder shortens, the figures
// wrap onto more lines.
#pragma once

#include "model/memprofile/Profile.h"

#include <QFrame>

class QLabel;

namespace memprof::views {

class ElidedLabel;

class SummaryHeader : public QFrame {
    Q_OBJECT
public:
    explicit SummaryHeader(QWidget* parent = nullptr);

    void setProfile(const Profile& profile, const QString& filePath);
    // The profile shown is several dumps merged, called `title` ("3 dumps
    // merged"): no one file, and a peak that is the sum of the dumps' own
    // (MemprofMerge.h). Empty: one dump; setProfile makes it so.
    void setMerged(const QString& title);
    void setHumanReadable(bool humanReadable);
    // The file, its folder and the figures (rich text).
    QString text() const;

private:
    void render();

    ElidedLabel* fileName_;
    ElidedLabel* folder_;
    QLabel* facts_;
    QString filePath_;
    QString mergedTitle_;
    DecodeStatus status_;
    ProfileTotals totals_;
    std::size_t locationCount_ = 0;
    bool humanReadable_ = true;
};

} // namespace memprof::views
