// SPDX-License-Identifier: GPL-3.0-or-later
// A Tarantool instance's admin console (require('console').listen, the
// control socket `tt` and `tarantoolctl` create): a line of Lua in, a YAML
// document out ("---\n- value\n...\n", an error as "- error: text").
// Needs no user: whoever can open the socket is the admin.
#pragma once

#include "model/record/InstanceConnection.h"
#include "model/record/RemoteLua.h"

#include <QIODevice>

#include <memory>

namespace memprof::record {

class TarantoolConsole : public RemoteLua {
public:
    // Connected and greeted, or null with `error` saying why not (no console
    // there, a binary port instead, not Tarantool at all).
    static std::unique_ptr<TarantoolConsole> open(const InstanceAddress& address, int timeoutMs, QString* error);

    LuaReply evaluate(const QByteArray& chunk, int timeoutMs) override;
    QString serverVersion() const override { return version_; }
    QString address() const override { return address_.text(); }

private:
    TarantoolConsole(std::unique_ptr<QIODevice> socket, InstanceAddress address, QString version);

    std::unique_ptr<QIODevice> socket_;
    InstanceAddress address_;
    QString version_;
};

// The values of a console reply (the YAML document, without the terminating
// "...\n" line or with it). Exposed for tests of odd replies.
LuaReply parseConsoleReply(const QByteArray& document);

} // namespace memprof::record
