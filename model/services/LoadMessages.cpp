// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/services/LoadMessages.h"

#include "model/profile/ProfileLoader.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace memprof::qt {

namespace {
QString tr(const char* text)
{
    return QCoreApplication::translate("memprof::qt::LoadMessages", text);
}
} // namespace

QString checkDumpFile(const QString& path)
{
    const QFileInfo info(path);
    if (!info.exists())
        return tr("The file does not exist.");
    if (info.isDir())
        return tr("This is a folder, not a memprof dump.");
    if (!info.isReadable())
        return tr("The file cannot be read (permission denied).");
    // A FIFO or a device reports no size and is read as a stream; only a
    // regular file of 0 bytes is known to be empty before it is read.
    if (info.isFile() && info.size() == 0 && !info.absoluteFilePath().startsWith(QStringLiteral("/proc/")))
        return tr("The file is empty (0 bytes): the profiled process probably ended before memprof wrote "
                  "anything.");
    return {};
}

QString describeFailure(const DecodeStatus& status)
{
    QString plain;
    switch (status.error.kind) {
    case DecodeErrorKind::BadMagic:
        plain = status.error.offset == 0 ? tr("This is not a LuaJIT memprof dump (a dump starts with \"ljs\").")
                                         : tr("The event stream does not start where the symbol table ends.");
        break;
    case DecodeErrorKind::UnsupportedVersion:
        plain = tr("The dump was written in a memprof format version this viewer does not know.");
        break;
    case DecodeErrorKind::UnexpectedEnd:
        plain = status.error.offset == 0
                    ? tr("Nothing could be read: the stream is empty (a FIFO whose writer is gone, or never came, "
                         "reads as empty).")
                    : tr("The dump ends before its events start: there is nothing to show.");
        break;
    case DecodeErrorKind::IoError:
        plain = tr("The file could not be read.");
        break;
    default:
        plain = tr("The dump is damaged: it cannot be decoded past the byte below.");
        break;
    }
    return plain + QStringLiteral("\n\n") + QString::fromStdString(describeStatus(status));
}

QString describeTruncation(const DecodeStatus& status, quint64 eventCount)
{
    const quint64 end = status.totalBytes ? status.totalBytes : status.bytesConsumed;
    return tr("The profile ends at byte %1 without its epilogue: the process probably died; showing the %2 "
              "events read.")
        .arg(end)
        .arg(eventCount);
}

} // namespace memprof::qt
