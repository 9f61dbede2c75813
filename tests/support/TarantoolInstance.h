// SPDX-License-Identifier: GPL-3.0-or-later
// A real Tarantool (Debian's `tarantool`) started for one test: its admin
// console and binary port on Unix sockets in a folder of its own, a user
// with a password, and Lua of the test's own run at start (a stand-in
// profiler where the instance has none). Stopped (killed) when the object
// goes.
#pragma once

#include <QByteArray>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QTemporaryDir>
#include <QThread>

namespace memprof::test {

class TarantoolInstance {
public:
    static QString executable() { return QStandardPaths::findExecutable(QStringLiteral("tarantool")); }

    // `lua` runs after the instance is configured (box.cfg done).
    explicit TarantoolInstance(const QByteArray& lua = {})
    {
        const QByteArray init = "box.cfg{listen = 'unix/:" + binaryPath().toUtf8() + "', work_dir = '" +
                                folder_.path().toUtf8() + "', log = '" + folder_.filePath("tarantool.log").toUtf8() +
                                "'}\n"
                                "box.schema.user.create('profiler', {password = 'secret', if_not_exists = true})\n"
                                "box.schema.user.grant('profiler', 'execute', 'universe', nil, {if_not_exists = "
                                "true})\n" +
                                lua +
                                "\nrequire('console').listen('unix/:" + consolePath().toUtf8() + "')\n";
        QFile file(folder_.filePath(QStringLiteral("init.lua")));
        if (!file.open(QIODevice::WriteOnly) || file.write(init) != init.size())
            return;
        file.close();
        process_.setWorkingDirectory(folder_.path());
        process_.setProcessChannelMode(QProcess::MergedChannels);
        process_.start(executable(), {file.fileName()});
        if (!process_.waitForStarted(10000))
            return;
        // The console listens last: once its socket is there, all is.
        for (int waited = 0; waited < 15000 && !QFile::exists(consolePath()); waited += 20) {
            if (process_.waitForFinished(0) || process_.state() == QProcess::NotRunning)
                break;
            QThread::msleep(20);
        }
    }
    ~TarantoolInstance() { kill(); }
    TarantoolInstance(const TarantoolInstance&) = delete;
    TarantoolInstance& operator=(const TarantoolInstance&) = delete;

    bool ready() const { return process_.state() == QProcess::Running && QFile::exists(consolePath()); }
    // What the instance printed, for a failed start.
    QByteArray output() { return process_.readAll(); }
    void kill()
    {
        if (process_.state() != QProcess::NotRunning) {
            process_.kill();
            process_.waitForFinished(5000);
        }
    }

    QString consolePath() const { return folder_.filePath(QStringLiteral("admin.sock")); }
    QString binaryPath() const { return folder_.filePath(QStringLiteral("binary.sock")); }
    QString folder() const { return folder_.path(); }

private:
    QTemporaryDir folder_;
    QProcess process_;
};

} // namespace memprof::test
