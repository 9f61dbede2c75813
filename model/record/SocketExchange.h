// SPDX-License-Identifier: GPL-3.0-or-later
// One request and its reply on an instance's socket within a deadline: what
// the console and the binary port both do, with the same words for a peer
// that stops reading, closes the connection or does not answer in time.
#pragma once

#include "model/record/RemoteLua.h"

#include <QByteArray>
#include <QDeadlineTimer>
#include <QIODevice>
#include <QString>

#include <functional>

namespace memprof::record {

class SocketExchange {
public:
    SocketExchange(QIODevice& socket, QString address, int timeoutMs);

    // Writes all of `bytes`; false when the socket is closed or the peer
    // stopped reading.
    bool send(const QByteArray& bytes);
    // Reads until `complete(received())` holds; false when the deadline
    // passes or the peer closes first.
    bool receiveUntil(const std::function<bool(const QByteArray&)>& complete);
    const QByteArray& received() const { return received_; }

    // The failure as a reply: why (what send or receiveUntil met, or
    // `why`), the connection lost and closed.
    LuaReply lost();
    LuaReply lost(const QString& why);

private:
    QIODevice& socket_;
    QString address_;
    int timeoutMs_;
    QDeadlineTimer deadline_;
    QByteArray received_;
    QString failure_;
};

} // namespace memprof::record
