// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/services/ProfileDocument.h"

#include <QFileInfo>

namespace memprof::services {

ProfileDocument::ProfileDocument(QString path) : path_(std::move(path))
{}

ProfileDocument::~ProfileDocument() = default;

QString ProfileDocument::displayName() const
{
    return QFileInfo(path_).fileName();
}

} // namespace memprof::services
