// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/services/LoadMessages.h"

#include "model/memprofile/ProfileLoader.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QLocale>

namespace memprof::services {

namespace {
QString tr(const char* text)
{
    return QCoreApplication::translate("memprof::services::LoadMessages", text);
}
} // namespace

QString checkDumpFile(const QString& path, EmptyDump empty)
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
    if (empty == EmptyDump::Refused && info.isFile() && info.size() == 0 &&
        !info.absoluteFilePath().startsWith(QStringLiteral("/proc/")))
        return tr(
            "The file is empty (0 bytes): the profiled process probably ended before memprof wrote "
            "anything.");
    return {};
}

QString describeFailure(const DecodeStatus& status)
{
    // A read refused before any decoding (dumps that cannot be merged, a
    // range a merge has not): the reader's own words are the whole story.
    if (status.error.kind == DecodeErrorKind::None)
        return QString::fromStdString(status.error.message);
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
    case DecodeErrorKind::StringPastEnd:
        plain = status.eventsVersion != 0
                    ? tr("The dump is damaged in the middle: a length at the byte below runs past the end of "
                         "the file while much of the file is left, so it was not simply cut short. Nothing "
                         "after that byte can be decoded.")
                    : tr("The dump is damaged: a length in its symbol table runs past the end of the file.");
        break;
    case DecodeErrorKind::IoError:
        plain = tr("The file could not be read.");
        break;
    case DecodeErrorKind::OtherProfiler:
        plain =
            tr("This dump is of the other LuaJIT profiler: a memory profile (memprof) is compared with "
               "memory profiles, a CPU profile (sysprof) with CPU profiles.");
        break;
    default:
        plain = tr("The dump is damaged: it cannot be decoded past the byte below.");
        break;
    }
    return plain + QStringLiteral("\n\n") + QString::fromStdString(describeStatus(status));
}

QString describeTruncation(const DecodeStatus& status, quint64 eventCount)
{
    const QLocale locale;
    const quint64 end = status.totalBytes ? status.totalBytes : status.bytesConsumed;
    if (status.truncatedEvent.empty() || end <= status.truncatedAt)
        return tr("The profile is cut short at byte %1: the file ends there, after a complete event, without "
                  "the epilogue, so the profiled process probably died. Showing the %2 events read.")
            .arg(locale.toString(static_cast<qulonglong>(status.truncatedAt)),
                 locale.toString(static_cast<qulonglong>(eventCount)));
    return tr("The profile is cut short at byte %1: the %2 event there is incomplete (the file ends %3 bytes "
              "into it, without the epilogue), so the profiled process probably died. Showing the %4 events "
              "read before it.")
        .arg(locale.toString(static_cast<qulonglong>(status.truncatedAt)),
             QString::fromStdString(status.truncatedEvent),
             locale.toString(static_cast<qulonglong>(end - status.truncatedAt)),
             locale.toString(static_cast<qulonglong>(eventCount)));
}

QString describeTruncationPoint(const DecodeStatus& status)
{
    return tr("truncated at byte %1").arg(QLocale().toString(static_cast<qulonglong>(status.truncatedAt)));
}

} // namespace memprof::services
