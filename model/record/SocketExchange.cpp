// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/record/SocketExchange.h"

#include <QCoreApplication>

namespace memprof::record {

namespace {
QString exchangeTr(const char* text)
{
    return QCoreApplication::translate("SocketExchange", text);
}
} // namespace

SocketExchange::SocketExchange(QIODevice& socket, QString address, int timeoutMs)
    : socket_(socket), address_(std::move(address)), timeoutMs_(timeoutMs), deadline_(timeoutMs)
{
}

bool SocketExchange::send(const QByteArray& bytes)
{
    if (!socket_.isOpen()) {
        failure_ = exchangeTr("The connection to %1 is closed.").arg(address_);
        return false;
    }
    socket_.write(bytes);
    while (socket_.bytesToWrite() > 0)
        if (!socket_.waitForBytesWritten(static_cast<int>(deadline_.remainingTime()))) {
            failure_ = exchangeTr("%1 stopped reading: the connection is lost.").arg(address_);
            return false;
        }
    return true;
}

bool SocketExchange::receiveUntil(const std::function<bool(const QByteArray&)>& complete)
{
    while (!complete(received_)) {
        if (socket_.bytesAvailable() == 0 && !socket_.waitForReadyRead(static_cast<int>(deadline_.remainingTime()))) {
            failure_ = deadline_.hasExpired()
                           ? exchangeTr("%1 did not answer within %2 s.").arg(address_).arg(timeoutMs_ / 1000.0)
                           : exchangeTr("%1 closed the connection.").arg(address_);
            return false;
        }
        received_ += socket_.readAll();
    }
    return true;
}

LuaReply SocketExchange::lost()
{
    return lost(failure_);
}

LuaReply SocketExchange::lost(const QString& why)
{
    LuaReply reply;
    reply.error = why;
    reply.connectionLost = true;
    socket_.close();
    return reply;
}

} // namespace memprof::record
