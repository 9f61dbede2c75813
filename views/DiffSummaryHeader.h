// SPDX-License-Identifier: GPL-3.0-or-later
// Two dumps at a glance above the comparison: for BASE and NEW their file,
// events, bytes allocated and freed, held at the end and peak live bytes,
// and below them NEW - BASE.
#pragma once

#include "model/memprofile/Profile.h"

#include <QFrame>

#include <array>

#include <utility>

class QLabel;

namespace memprof::views {

// The two dumps' file names, with their folders' names when the file names
// alone are alike (v1/medium.bin, v3/medium.bin).
std::pair<QString, QString> distinctFileNames(const QString& basePath, const QString& newPath);

class DiffSummaryHeader : public QFrame {
    Q_OBJECT
public:
    explicit DiffSummaryHeader(QWidget* parent = nullptr);

    // `mergedNames`: BASE's and NEW's names when they are dumps merged
    // (services::mergedName), shown in place of a file's name.
    void setProfiles(const Profile& base, const QString& basePath, const Profile& current, const QString& newPath,
                     const std::array<QString, 2>& mergedNames = {});
    void setHumanReadable(bool humanReadable);
    QString text() const;

private:
    void render();

    struct Side {
        QString path;
        QString mergedName;
        DecodeStatus status;
        ProfileTotals totals;
        std::size_t locationCount = 0;
    };
    QLabel* label_;
    Side base_;
    Side new_;
    bool humanReadable_ = true;
};

} // namespace memprof::views
