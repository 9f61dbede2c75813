// SPDX-License-Identifier: GPL-3.0-or-later
// Where a Tarantool instance listens, as a user writes it, and the socket
// to it: a Unix socket (the admin console `tt` and `tarantoolctl` create,
// `unix/:/path` as box.cfg writes it, or a plain path) or host:port.
#pragma once

#include <QIODevice>
#include <QString>

#include <memory>
#include <optional>

namespace memprof::record {

struct InstanceAddress {
    QString unixPath; // set for a Unix socket
    QString host; // else host and port
    quint16 port = 0;

    // As messages show it: the path, or host:port.
    QString text() const;
};

// Reads "/run/app.control", "unix/:/run/app.sock", "./app.sock",
// "host:3301" or "3301" (this machine); nullopt with `error` set otherwise.
std::optional<InstanceAddress> parseInstanceAddress(const QString& text, QString* error);

// A connected socket to `address`, or null with `error` saying what is
// wrong in words a user acts on (no file there, nothing listening, no such
// host, no answer within `timeoutMs`).
std::unique_ptr<QIODevice> connectToInstance(const InstanceAddress& address, int timeoutMs, QString* error);

// The greeting's first line: every Tarantool port sends two lines of 64
// bytes on connect ("Tarantool 2.6.0 (Lua console)", "Tarantool 2.10.0
// (Binary) <uuid>" and a salt). Empty with `error` set when the peer sends
// something else or nothing within `timeoutMs`.
QByteArray readGreeting(QIODevice& socket, const InstanceAddress& address, int timeoutMs, QByteArray* secondLine,
                        QString* error);

// "2.6.0" from a greeting's first line; empty when it names no version.
QString versionInGreeting(const QByteArray& firstLine);

} // namespace memprof::record
