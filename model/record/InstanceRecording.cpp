// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/record/InstanceRecording.h"

#include "model/record/InstanceConnection.h"
#include "model/record/TarantoolBinaryPort.h"
#include "model/record/TarantoolConsole.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QFile>
#include <QThread>

namespace memprof::record {

namespace {

QString recordingTr(const char* text)
{
    return QCoreApplication::translate("InstanceRecording", text);
}

constexpr int kConnectTimeoutMs = 10000;

std::unique_ptr<RemoteLua> connectTo(const AttachSettings& settings, QString* error)
{
    const std::optional<InstanceAddress> address = parseInstanceAddress(settings.address, error);
    if (!address)
        return nullptr;
    if (settings.user.isEmpty())
        return TarantoolConsole::open(*address, kConnectTimeoutMs, error);
    return TarantoolBinaryPort::open(*address, settings.user, settings.password, kConnectTimeoutMs, error);
}

// How often a recording brings back what the profiler wrote so far.
constexpr qint64 kBringWhileRecordingMs = 1000;

void announce(const AttachCallbacks& callbacks, AttachPhase phase)
{
    if (callbacks.phase)
        callbacks.phase(phase);
}

} // namespace

AttachOutcome recordOnInstance(const AttachSettings& settings, const std::atomic<bool>& stopRecording,
                               const std::atomic<bool>& cancel, const AttachCallbacks& callbacks)
{
    AttachOutcome outcome;
    announce(callbacks, AttachPhase::Connecting);
    QString error;
    const std::unique_ptr<RemoteLua> instance = connectTo(settings, &error);
    if (!instance) {
        outcome.message = error;
        return outcome;
    }
    RemoteProfiler profiler(*instance, settings.kind, settings.cpu);
    if (std::optional<QString> missing = profiler.check()) {
        outcome.message = *missing;
        return outcome;
    }
    QFile out(settings.dumpPath);
    if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        outcome.message = recordingTr("The dump cannot be written to %1: %2.").arg(settings.dumpPath, out.errorString());
        return outcome;
    }
    if (std::optional<QString> refused = profiler.start()) {
        out.remove();
        outcome.message = *refused;
        return outcome;
    }
    announce(callbacks, AttachPhase::Recording);
    const QDeadlineTimer deadline = settings.stopAfterSeconds > 0
                                        ? QDeadlineTimer(static_cast<qint64>(settings.stopAfterSeconds) * 1000)
                                        : QDeadlineTimer(QDeadlineTimer::Forever);
    // What the profiler has written is brought back about once a second
    // while it records: the viewer follows the local file live, and a
    // connection lost before the end keeps what came. A failure here is
    // left to the last transfer to report.
    QElapsedTimer sinceBrought;
    sinceBrought.start();
    while (!stopRecording.load() && !cancel.load() && !deadline.hasExpired()) {
        QThread::msleep(50);
        if (sinceBrought.elapsed() >= kBringWhileRecordingMs) {
            DecodeControl whileRecording;
            whileRecording.stop = &cancel;
            (void)profiler.fetch(out, whileRecording, &outcome.bytes);
            out.flush();
            sinceBrought.restart();
        }
    }
    announce(callbacks, AttachPhase::Stopping);
    QStringList warnings;
    if (std::optional<QString> stopError = profiler.stop())
        warnings << *stopError;
    if (profiler.running()) {
        // The instance did not answer the stop: the dump cannot be trusted
        // to be finished, and the connection is likely gone. What came
        // back while it recorded is kept, as a dump cut short.
        out.close();
        outcome.dumpWritten = outcome.bytes > 0;
        if (outcome.dumpWritten)
            warnings << recordingTr("The %1 bytes brought back while it recorded are kept: the dump opens cut short.")
                            .arg(outcome.bytes);
        else
            out.remove();
        outcome.message = warnings.join(u' ');
        return outcome;
    }
    announce(callbacks, AttachPhase::Transferring);
    DecodeControl transfer;
    transfer.stop = &cancel;
    transfer.progress = callbacks.transferred;
    const std::optional<QString> fetchError = profiler.fetch(out, transfer, &outcome.bytes);
    out.close();
    outcome.dumpWritten = outcome.bytes > 0;
    outcome.complete = !fetchError;
    if (fetchError)
        warnings << *fetchError;
    if (!fetchError || !instance->evaluate("return 1", RemoteProfiler::kCallTimeoutMs).connectionLost) {
        announce(callbacks, AttachPhase::Deleting);
        if (std::optional<QString> removeError = profiler.remove())
            warnings << *removeError;
    } else {
        warnings << recordingTr("The dump stays on the instance at %1.").arg(QString::fromUtf8(profiler.remotePath()));
    }
    outcome.message = warnings.join(u' ');
    return outcome;
}

} // namespace memprof::record
