// SPDX-License-Identifier: GPL-3.0-or-later
// A Tarantool instance's binary port (box.cfg{listen}), the protocol its
// connectors speak (IPROTO: MessagePack requests and replies), used for
// what a recording needs: authentication (chap-sha1) and EVAL. The user
// needs the right to execute Lua ('execute' on 'universe').
#pragma once

#include "model/record/InstanceConnection.h"
#include "model/record/RemoteLua.h"

#include <QIODevice>

#include <memory>

namespace memprof::record {

class TarantoolBinaryPort : public RemoteLua {
public:
    // Connected, greeted and, for a user other than guest, authenticated;
    // or null with `error` saying why not (a console there, a wrong
    // password, no such user).
    static std::unique_ptr<TarantoolBinaryPort> open(const InstanceAddress& address, const QString& user,
                                                     const QString& password, int timeoutMs, QString* error);

    LuaReply evaluate(const QByteArray& chunk, int timeoutMs) override;
    QString serverVersion() const override { return version_; }
    QString address() const override { return address_.text(); }

private:
    TarantoolBinaryPort(std::unique_ptr<QIODevice> socket, InstanceAddress address, QString version);
    // Sends a request of `type` with `body` (a packed map) and returns the
    // reply: its values, or the error the instance or the connection gave.
    LuaReply call(int type, const QByteArray& body, int timeoutMs);

    std::unique_ptr<QIODevice> socket_;
    InstanceAddress address_;
    QString version_;
    std::uint64_t sync_ = 0;
};

// chap-sha1's scramble: sha1(password) xor sha1(salt + sha1(sha1(password))),
// `salt` the first 20 bytes of the greeting's decoded salt.
QByteArray chapSha1Scramble(const QByteArray& salt, const QByteArray& password);

} // namespace memprof::record
