// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/record/InstanceConnection.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QFileInfo>
#include <QLocalSocket>
#include <QRegularExpression>
#include <QTcpSocket>

namespace memprof::record {

namespace {

QString connectionTr(const char* text)
{
    return QCoreApplication::translate("InstanceConnection", text);
}

// What a peer sent, printable, for a message: at most 60 characters.
QString shownBytes(const QByteArray& bytes)
{
    QString shown;
    for (const char c : bytes.left(60))
        shown += (c >= 0x20 && c < 0x7f) ? QChar(c) : QChar(u'·');
    return shown.trimmed();
}

} // namespace

QString InstanceAddress::text() const
{
    return unixPath.isEmpty() ? QStringLiteral("%1:%2").arg(host).arg(port) : unixPath;
}

std::optional<InstanceAddress> parseInstanceAddress(const QString& text, QString* error)
{
    const QString trimmed = text.trimmed();
    InstanceAddress address;
    if (trimmed.startsWith(QStringLiteral("unix/:"))) {
        address.unixPath = trimmed.mid(6);
    } else if (trimmed.startsWith(u'/') || trimmed.startsWith(u'.') || trimmed.startsWith(u'~')) {
        address.unixPath = trimmed;
    } else {
        static const QRegularExpression hostPort(QStringLiteral(R"(^(?:(\[[^\]]+\]|[^:\s]+):)?(\d{1,5})$)"));
        const QRegularExpressionMatch match = hostPort.match(trimmed);
        const uint port = match.hasMatch() ? match.captured(2).toUInt() : 0;
        if (!match.hasMatch() || port == 0 || port > 65535) {
            *error = connectionTr("\"%1\" is not an instance's address: give the path of its console socket "
                                  "(/var/run/tarantool/app.control), unix/:PATH, or HOST:PORT.")
                         .arg(text);
            return std::nullopt;
        }
        address.host = match.captured(1).isEmpty() ? QStringLiteral("localhost") : match.captured(1);
        if (address.host.startsWith(u'['))
            address.host = address.host.mid(1, address.host.size() - 2);
        address.port = static_cast<quint16>(port);
    }
    if (address.unixPath.startsWith(u'~'))
        address.unixPath.replace(0, 1, qEnvironmentVariable("HOME"));
    // QLocalSocket reads a relative name as one in its own folder (/tmp),
    // not in the working folder the user meant.
    if (!address.unixPath.isEmpty() && QFileInfo(address.unixPath).isRelative())
        address.unixPath = QFileInfo(address.unixPath).absoluteFilePath();
    if (address.unixPath.isEmpty() && address.host.isEmpty()) {
        *error = connectionTr("No address given.");
        return std::nullopt;
    }
    return address;
}

std::unique_ptr<QIODevice> connectToInstance(const InstanceAddress& address, int timeoutMs, QString* error)
{
    if (!address.unixPath.isEmpty()) {
        const QFileInfo info(address.unixPath);
        if (!info.exists()) {
            *error = connectionTr("No console at %1: there is no such file. Is the instance running, and is this "
                                  "the path its console listens on (console.listen, or tt's run folder)?")
                         .arg(address.unixPath);
            return nullptr;
        }
        auto socket = std::make_unique<QLocalSocket>();
        socket->connectToServer(address.unixPath);
        if (!socket->waitForConnected(timeoutMs)) {
            *error = socket->error() == QLocalSocket::ConnectionRefusedError
                         ? connectionTr("Nothing listens at %1 (connection refused): the instance that made this "
                                        "socket has stopped, or it is not a socket.")
                               .arg(address.unixPath)
                         : connectionTr("Cannot connect to %1: %2").arg(address.unixPath, socket->errorString());
            return nullptr;
        }
        return socket;
    }
    auto socket = std::make_unique<QTcpSocket>();
    socket->connectToHost(address.host, address.port);
    if (!socket->waitForConnected(timeoutMs)) {
        switch (socket->error()) {
        case QAbstractSocket::ConnectionRefusedError:
            *error = connectionTr("Nothing listens at %1 (connection refused): is the instance running, and is "
                                  "this its console's or binary port's address?")
                         .arg(address.text());
            break;
        case QAbstractSocket::HostNotFoundError:
            *error = connectionTr("There is no host %1.").arg(address.host);
            break;
        case QAbstractSocket::SocketTimeoutError:
            *error = connectionTr("%1 did not answer within %2 s.").arg(address.text()).arg(timeoutMs / 1000.0);
            break;
        default:
            *error = connectionTr("Cannot connect to %1: %2").arg(address.text(), socket->errorString());
        }
        return nullptr;
    }
    return socket;
}

QByteArray readGreeting(QIODevice& socket, const InstanceAddress& address, int timeoutMs, QByteArray* secondLine,
                        QString* error)
{
    // Two lines of 64 bytes each.
    constexpr qint64 kGreetingSize = 128;
    QByteArray greeting;
    const QDeadlineTimer deadline(timeoutMs);
    while (greeting.size() < kGreetingSize) {
        if (socket.bytesAvailable() == 0 && !socket.waitForReadyRead(static_cast<int>(deadline.remainingTime())))
            break;
        greeting += socket.read(kGreetingSize - greeting.size());
    }
    if (!greeting.startsWith("Tarantool ")) {
        *error = greeting.isEmpty()
                     ? connectionTr("%1 sent nothing within %2 s: it is not a Tarantool console or port.")
                           .arg(address.text())
                           .arg(timeoutMs / 1000.0)
                     : connectionTr("%1 is not a Tarantool console or port: it greeted with \"%2\".")
                           .arg(address.text(), shownBytes(greeting));
        return {};
    }
    if (greeting.size() < kGreetingSize) {
        *error = connectionTr("%1 closed the connection during its greeting.").arg(address.text());
        return {};
    }
    if (secondLine)
        *secondLine = greeting.mid(64, 64).trimmed();
    return greeting.left(64).trimmed();
}

QString versionInGreeting(const QByteArray& firstLine)
{
    static const QRegularExpression version(QStringLiteral(R"(^Tarantool (\d+\.\d+\.\d+))"));
    const QRegularExpressionMatch match = version.match(QString::fromLatin1(firstLine));
    return match.hasMatch() ? match.captured(1) : QString();
}

} // namespace memprof::record
