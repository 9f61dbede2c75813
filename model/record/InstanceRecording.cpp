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

} // namespace

QString phaseWords(AttachPhase phase)
{
    switch (phase) {
    case AttachPhase::Connecting:
        return recordingTr("Connecting…");
    case AttachPhase::Recording:
        return recordingTr("Recording on the instance");
    case AttachPhase::Stopping:
        return recordingTr("Stopping the profiler…");
    case AttachPhase::Transferring:
        return recordingTr("Bringing the dump back…");
    case AttachPhase::Deleting:
        return recordingTr("Deleting the dump on the instance…");
    }
    return {};
}

InstanceSession::InstanceSession(AttachSettings settings, AttachCallbacks callbacks)
    : settings_(std::move(settings)), callbacks_(std::move(callbacks)), out_(settings_.dumpPath)
{}

InstanceSession::~InstanceSession() = default;

void InstanceSession::announce(AttachPhase phase) const
{
    if (callbacks_.phase)
        callbacks_.phase(phase);
}

bool InstanceSession::connect()
{
    announce(AttachPhase::Connecting);
    QString error;
    instance_ = connectTo(settings_, &error);
    if (!instance_) {
        outcome_.message = error;
        return false;
    }
    profiler_ = std::make_unique<RemoteProfiler>(*instance_, settings_.kind, settings_.cpu);
    if (std::optional<QString> missing = profiler_->check()) {
        outcome_.message = *missing;
        return false;
    }
    return true;
}

bool InstanceSession::start()
{
    if (!out_.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        outcome_.message =
            recordingTr("The dump cannot be written to %1: %2.").arg(settings_.dumpPath, out_.errorString());
        return false;
    }
    if (std::optional<QString> refused = profiler_->start()) {
        out_.remove();
        outcome_.message = *refused;
        return false;
    }
    announce(AttachPhase::Recording);
    return true;
}

void InstanceSession::record(const std::atomic<bool>& stopRecording, const std::atomic<bool>& cancel)
{
    const QDeadlineTimer deadline = settings_.stopAfterSeconds > 0
                                        ? QDeadlineTimer(static_cast<qint64>(settings_.stopAfterSeconds) * 1000)
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
            (void)profiler_->fetch(out_, whileRecording, &outcome_.bytes);
            out_.flush();
            sinceBrought.restart();
        }
    }
}

void InstanceSession::finish(const std::atomic<bool>& cancel)
{
    announce(AttachPhase::Stopping);
    QStringList warnings;
    if (std::optional<QString> stopError = profiler_->stop())
        warnings << *stopError;
    if (profiler_->running()) {
        // The instance did not answer the stop: the dump cannot be trusted
        // to be finished, and the connection is likely gone. What came
        // back while it recorded is kept, as a dump cut short.
        out_.close();
        outcome_.dumpWritten = outcome_.bytes > 0;
        if (outcome_.dumpWritten)
            warnings << recordingTr("The %1 bytes brought back while it recorded are kept: the dump opens cut short.")
                            .arg(outcome_.bytes);
        else
            out_.remove();
        outcome_.message = warnings.join(u' ');
        return;
    }
    announce(AttachPhase::Transferring);
    DecodeControl transfer;
    transfer.stop = &cancel;
    transfer.progress = callbacks_.transferred;
    const std::optional<QString> fetchError = profiler_->fetch(out_, transfer, &outcome_.bytes);
    out_.close();
    outcome_.dumpWritten = outcome_.bytes > 0;
    outcome_.complete = !fetchError;
    if (fetchError)
        warnings << *fetchError;
    if (!fetchError || !instance_->evaluate("return 1", RemoteProfiler::kCallTimeoutMs).connectionLost) {
        announce(AttachPhase::Deleting);
        if (std::optional<QString> removeError = profiler_->remove())
            warnings << *removeError;
    } else {
        warnings
            << recordingTr("The dump stays on the instance at %1.").arg(QString::fromUtf8(profiler_->remotePath()));
    }
    outcome_.message = warnings.join(u' ');
}

AttachOutcome recordOnInstance(const AttachSettings& settings, const std::atomic<bool>& stopRecording,
                               const std::atomic<bool>& cancel, const AttachCallbacks& callbacks)
{
    InstanceSession session(settings, callbacks);
    if (session.connect() && session.start()) {
        session.record(stopRecording, cancel);
        session.finish(cancel);
    }
    return session.outcome();
}

} // namespace memprof::record
